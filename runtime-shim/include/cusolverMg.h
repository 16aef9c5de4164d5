// cucpu: cusolverMg.h is not implemented; see cucpu/not_provided.h.
#define CUCPU_NOT_PROVIDED "cuSOLVER (cusolverMg.h)"
#include "cucpu/not_provided.h"
