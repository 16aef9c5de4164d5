// cucpu: Openacc/cupti_openacc.h is not implemented; see cucpu/not_provided.h.
#define CUCPU_NOT_PROVIDED "CUPTI (Openacc/cupti_openacc.h)"
#include "../cucpu/not_provided.h"
