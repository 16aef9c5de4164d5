// cucpu: cusolverDn.h is not implemented; see cucpu/not_provided.h.
#define CUCPU_NOT_PROVIDED "cuSOLVER (cusolverDn.h)"
#include "cucpu/not_provided.h"
