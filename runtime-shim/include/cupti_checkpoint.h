// cucpu: cupti_checkpoint.h is not implemented; see cucpu/not_provided.h.
#define CUCPU_NOT_PROVIDED "CUPTI (cupti_checkpoint.h)"
#include "cucpu/not_provided.h"
