// cucpu: NVIDIA's crt/device_double_functions.hpp; what it declares there comes with device_double_functions.h here.
#include "../device_double_functions.h"
