// cucpu: nvperf_common.h is not implemented; see cucpu/not_provided.h.
#define CUCPU_NOT_PROVIDED "CUPTI (nvperf_common.h)"
#include "cucpu/not_provided.h"
