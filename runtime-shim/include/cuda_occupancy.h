// cucpu: cuda_occupancy.h is not implemented; see cucpu/not_provided.h.
#define CUCPU_NOT_PROVIDED "the occupancy calculator (cuda_occupancy.h)"
#include "cucpu/not_provided.h"
