// cucpu: nvJitLink.h is not implemented; see cucpu/not_provided.h.
#define CUCPU_NOT_PROVIDED "nvJitLink (nvJitLink.h)"
#include "cucpu/not_provided.h"
