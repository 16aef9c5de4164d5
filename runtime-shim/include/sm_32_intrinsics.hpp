// cucpu: NVIDIA's sm_32_intrinsics.hpp; what it declares there comes with sm_32_intrinsics.h here.
#include "sm_32_intrinsics.h"
