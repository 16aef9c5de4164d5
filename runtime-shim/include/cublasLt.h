// cucpu: cublasLt.h is not implemented; see cucpu/not_provided.h.
#define CUCPU_NOT_PROVIDED "cuBLAS (cublasLt.h)"
#include "cucpu/not_provided.h"
