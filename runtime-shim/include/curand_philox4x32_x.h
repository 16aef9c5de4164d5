// cucpu: curand_philox4x32_x.h is not implemented; see cucpu/not_provided.h.
#define CUCPU_NOT_PROVIDED "cuRAND (curand_philox4x32_x.h)"
#include "cucpu/not_provided.h"
