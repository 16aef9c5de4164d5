// cucpu: cupti_runtime_cbid.h is not implemented; see cucpu/not_provided.h.
#define CUCPU_NOT_PROVIDED "CUPTI (cupti_runtime_cbid.h)"
#include "cucpu/not_provided.h"
