// cucpu: curand_discrete.h is not implemented; see cucpu/not_provided.h.
#define CUCPU_NOT_PROVIDED "cuRAND (curand_discrete.h)"
#include "cucpu/not_provided.h"
