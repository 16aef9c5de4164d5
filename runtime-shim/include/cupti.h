// cucpu: cupti.h is not implemented; see cucpu/not_provided.h.
#define CUCPU_NOT_PROVIDED "CUPTI (cupti.h)"
#include "cucpu/not_provided.h"
