// cucpu: curand.h is not implemented; see cucpu/not_provided.h.
#define CUCPU_NOT_PROVIDED "cuRAND (curand.h)"
#include "cucpu/not_provided.h"
