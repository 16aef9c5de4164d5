// cucpu: cupti_result.h is not implemented; see cucpu/not_provided.h.
#define CUCPU_NOT_PROVIDED "CUPTI (cupti_result.h)"
#include "cucpu/not_provided.h"
