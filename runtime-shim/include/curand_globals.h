// cucpu: curand_globals.h is not implemented; see cucpu/not_provided.h.
#define CUCPU_NOT_PROVIDED "cuRAND (curand_globals.h)"
#include "cucpu/not_provided.h"
