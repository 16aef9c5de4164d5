// cucpu: cupti_pcsampling.h is not implemented; see cucpu/not_provided.h.
#define CUCPU_NOT_PROVIDED "CUPTI (cupti_pcsampling.h)"
#include "cucpu/not_provided.h"
