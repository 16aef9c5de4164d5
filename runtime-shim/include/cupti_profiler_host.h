// cucpu: cupti_profiler_host.h is not implemented; see cucpu/not_provided.h.
#define CUCPU_NOT_PROVIDED "CUPTI (cupti_profiler_host.h)"
#include "cucpu/not_provided.h"
