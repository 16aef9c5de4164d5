// cucpu: cupti_activity.h is not implemented; see cucpu/not_provided.h.
#define CUCPU_NOT_PROVIDED "CUPTI (cupti_activity.h)"
#include "cucpu/not_provided.h"
