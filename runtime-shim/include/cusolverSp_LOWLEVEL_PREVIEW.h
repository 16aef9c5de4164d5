// cucpu: cusolverSp_LOWLEVEL_PREVIEW.h is not implemented; see cucpu/not_provided.h.
#define CUCPU_NOT_PROVIDED "cuSOLVER (cusolverSp_LOWLEVEL_PREVIEW.h)"
#include "cucpu/not_provided.h"
