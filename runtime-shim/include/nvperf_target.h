// cucpu: nvperf_target.h is not implemented; see cucpu/not_provided.h.
#define CUCPU_NOT_PROVIDED "CUPTI (nvperf_target.h)"
#include "cucpu/not_provided.h"
