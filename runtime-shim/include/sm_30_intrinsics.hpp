// cucpu: NVIDIA's sm_30_intrinsics.hpp; what it declares there comes with sm_30_intrinsics.h here.
#include "sm_30_intrinsics.h"
