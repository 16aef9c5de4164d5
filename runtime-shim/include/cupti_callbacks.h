// cucpu: cupti_callbacks.h is not implemented; see cucpu/not_provided.h.
#define CUCPU_NOT_PROVIDED "CUPTI (cupti_callbacks.h)"
#include "cucpu/not_provided.h"
