// cucpu: Openmp/cupti_openmp.h is not implemented; see cucpu/not_provided.h.
#define CUCPU_NOT_PROVIDED "CUPTI (Openmp/cupti_openmp.h)"
#include "../cucpu/not_provided.h"
