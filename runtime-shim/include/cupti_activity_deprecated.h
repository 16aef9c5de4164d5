// cucpu: cupti_activity_deprecated.h is not implemented; see cucpu/not_provided.h.
#define CUCPU_NOT_PROVIDED "CUPTI (cupti_activity_deprecated.h)"
#include "cucpu/not_provided.h"
