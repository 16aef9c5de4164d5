// cucpu: curand_normal_static.h is not implemented; see cucpu/not_provided.h.
#define CUCPU_NOT_PROVIDED "cuRAND (curand_normal_static.h)"
#include "cucpu/not_provided.h"
