// cucpu: mma.h is not implemented; see cucpu/not_provided.h.
#define CUCPU_NOT_PROVIDED "warp matrix functions (WMMA) (mma.h)"
#include "cucpu/not_provided.h"
