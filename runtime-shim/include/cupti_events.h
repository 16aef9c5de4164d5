// cucpu: cupti_events.h is not implemented; see cucpu/not_provided.h.
#define CUCPU_NOT_PROVIDED "CUPTI (cupti_events.h)"
#include "cucpu/not_provided.h"
