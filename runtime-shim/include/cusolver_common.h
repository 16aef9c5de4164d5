// cucpu: cusolver_common.h is not implemented; see cucpu/not_provided.h.
#define CUCPU_NOT_PROVIDED "cuSOLVER (cusolver_common.h)"
#include "cucpu/not_provided.h"
