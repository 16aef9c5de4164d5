// cucpu: cupti_range_profiler.h is not implemented; see cucpu/not_provided.h.
#define CUCPU_NOT_PROVIDED "CUPTI (cupti_range_profiler.h)"
#include "cucpu/not_provided.h"
