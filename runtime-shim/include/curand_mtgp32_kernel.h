// cucpu: curand_mtgp32_kernel.h is not implemented; see cucpu/not_provided.h.
#define CUCPU_NOT_PROVIDED "cuRAND (curand_mtgp32_kernel.h)"
#include "cucpu/not_provided.h"
