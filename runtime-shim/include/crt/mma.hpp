// cucpu: NVIDIA's crt/mma.hpp; what it declares there comes with mma.h here.
#include "../mma.h"
