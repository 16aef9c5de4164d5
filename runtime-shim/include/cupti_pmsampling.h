// cucpu: cupti_pmsampling.h is not implemented; see cucpu/not_provided.h.
#define CUCPU_NOT_PROVIDED "CUPTI (cupti_pmsampling.h)"
#include "cucpu/not_provided.h"
