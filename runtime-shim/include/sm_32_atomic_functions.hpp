// cucpu: NVIDIA's sm_32_atomic_functions.hpp; what it declares there comes with sm_32_atomic_functions.h here.
#include "sm_32_atomic_functions.h"
