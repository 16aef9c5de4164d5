// cucpu: curand_normal.h is not implemented; see cucpu/not_provided.h.
#define CUCPU_NOT_PROVIDED "cuRAND (curand_normal.h)"
#include "cucpu/not_provided.h"
