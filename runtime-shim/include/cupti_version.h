// cucpu: cupti_version.h is not implemented; see cucpu/not_provided.h.
#define CUCPU_NOT_PROVIDED "CUPTI (cupti_version.h)"
#include "cucpu/not_provided.h"
