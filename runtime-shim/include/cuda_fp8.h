// cucpu: cuda_fp8.h is not implemented; see cucpu/not_provided.h.
#define CUCPU_NOT_PROVIDED "8-, 6- and 4-bit floating point types (cuda_fp8.h)"
#include "cucpu/not_provided.h"
