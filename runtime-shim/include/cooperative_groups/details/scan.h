// cucpu: NVIDIA's cooperative_groups/details/scan.h; what it declares there comes with cooperative_groups.h here.
#include "../../cooperative_groups.h"
