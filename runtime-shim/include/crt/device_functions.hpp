// cucpu: NVIDIA's crt/device_functions.hpp; what it declares there comes with device_functions.h here.
#include "../device_functions.h"
