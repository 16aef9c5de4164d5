// cucpu: curand_uniform.h is not implemented; see cucpu/not_provided.h.
#define CUCPU_NOT_PROVIDED "cuRAND (curand_uniform.h)"
#include "cucpu/not_provided.h"
