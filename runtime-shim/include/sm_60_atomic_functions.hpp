// cucpu: NVIDIA's sm_60_atomic_functions.hpp; what it declares there comes with sm_60_atomic_functions.h here.
#include "sm_60_atomic_functions.h"
