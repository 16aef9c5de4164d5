// cucpu: NVIDIA's sm_20_atomic_functions.hpp; what it declares there comes with sm_20_atomic_functions.h here.
#include "sm_20_atomic_functions.h"
