// cucpu: NVIDIA's crt/mma.h; what it declares there comes with mma.h here.
#include "../mma.h"
