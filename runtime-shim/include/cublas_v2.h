// cucpu: cublas_v2.h is not implemented; see cucpu/not_provided.h.
#define CUCPU_NOT_PROVIDED "cuBLAS (cublas_v2.h)"
#include "cucpu/not_provided.h"
