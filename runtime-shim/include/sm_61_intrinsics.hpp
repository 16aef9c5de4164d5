// cucpu: NVIDIA's sm_61_intrinsics.hpp; what it declares there comes with sm_61_intrinsics.h here.
#include "sm_61_intrinsics.h"
