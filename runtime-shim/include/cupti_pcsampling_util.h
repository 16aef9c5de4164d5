// cucpu: cupti_pcsampling_util.h is not implemented; see cucpu/not_provided.h.
#define CUCPU_NOT_PROVIDED "CUPTI (cupti_pcsampling_util.h)"
#include "cucpu/not_provided.h"
