// cucpu: cublasXt.h is not implemented; see cucpu/not_provided.h.
#define CUCPU_NOT_PROVIDED "cuBLAS (cublasXt.h)"
#include "cucpu/not_provided.h"
