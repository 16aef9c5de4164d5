// cucpu: NVIDIA's sm_20_intrinsics.hpp; what it declares there comes with sm_20_intrinsics.h here.
#include "sm_20_intrinsics.h"
