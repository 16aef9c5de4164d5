// cucpu: nvvm.h is not implemented; see cucpu/not_provided.h.
#define CUCPU_NOT_PROVIDED "NVVM (nvvm.h)"
#include "cucpu/not_provided.h"
