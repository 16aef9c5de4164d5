// cucpu: NVIDIA's device_atomic_functions.hpp; what it declares there comes with device_atomic_functions.h here.
#include "device_atomic_functions.h"
