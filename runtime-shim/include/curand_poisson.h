// cucpu: curand_poisson.h is not implemented; see cucpu/not_provided.h.
#define CUCPU_NOT_PROVIDED "cuRAND (curand_poisson.h)"
#include "cucpu/not_provided.h"
