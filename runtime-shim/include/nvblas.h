// cucpu: nvblas.h is not implemented; see cucpu/not_provided.h.
#define CUCPU_NOT_PROVIDED "cuBLAS (nvblas.h)"
#include "cucpu/not_provided.h"
