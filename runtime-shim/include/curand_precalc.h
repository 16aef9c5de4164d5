// cucpu: curand_precalc.h is not implemented; see cucpu/not_provided.h.
#define CUCPU_NOT_PROVIDED "cuRAND (curand_precalc.h)"
#include "cucpu/not_provided.h"
