// cucpu: nvperf_host.h is not implemented; see cucpu/not_provided.h.
#define CUCPU_NOT_PROVIDED "CUPTI (nvperf_host.h)"
#include "cucpu/not_provided.h"
