// cucpu: curand_mrg32k3a.h is not implemented; see cucpu/not_provided.h.
#define CUCPU_NOT_PROVIDED "cuRAND (curand_mrg32k3a.h)"
#include "cucpu/not_provided.h"
