// cucpu: cupti_metrics.h is not implemented; see cucpu/not_provided.h.
#define CUCPU_NOT_PROVIDED "CUPTI (cupti_metrics.h)"
#include "cucpu/not_provided.h"
