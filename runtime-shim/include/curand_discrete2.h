// cucpu: curand_discrete2.h is not implemented; see cucpu/not_provided.h.
#define CUCPU_NOT_PROVIDED "cuRAND (curand_discrete2.h)"
#include "cucpu/not_provided.h"
