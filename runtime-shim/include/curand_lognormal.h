// cucpu: curand_lognormal.h is not implemented; see cucpu/not_provided.h.
#define CUCPU_NOT_PROVIDED "cuRAND (curand_lognormal.h)"
#include "cucpu/not_provided.h"
