// cucpu: cupti_sass_metrics.h is not implemented; see cucpu/not_provided.h.
#define CUCPU_NOT_PROVIDED "CUPTI (cupti_sass_metrics.h)"
#include "cucpu/not_provided.h"
