// cucpu: cublas_api.h is not implemented; see cucpu/not_provided.h.
#define CUCPU_NOT_PROVIDED "cuBLAS (cublas_api.h)"
#include "cucpu/not_provided.h"
