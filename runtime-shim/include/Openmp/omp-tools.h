// cucpu: Openmp/omp-tools.h is not implemented; see cucpu/not_provided.h.
#define CUCPU_NOT_PROVIDED "CUPTI (Openmp/omp-tools.h)"
#include "../cucpu/not_provided.h"
