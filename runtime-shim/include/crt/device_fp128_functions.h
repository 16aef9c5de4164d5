// cucpu: crt/device_fp128_functions.h is not implemented; see cucpu/not_provided.h.
#define CUCPU_NOT_PROVIDED "128-bit floating point (crt/device_fp128_functions.h)"
#include "../cucpu/not_provided.h"
