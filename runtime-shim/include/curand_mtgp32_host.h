// cucpu: curand_mtgp32_host.h is not implemented; see cucpu/not_provided.h.
#define CUCPU_NOT_PROVIDED "cuRAND (curand_mtgp32_host.h)"
#include "cucpu/not_provided.h"
