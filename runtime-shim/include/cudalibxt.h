// cucpu: cudalibxt.h is not implemented; see cucpu/not_provided.h.
#define CUCPU_NOT_PROVIDED "the CUDA library extension API (cudalibxt.h)"
#include "cucpu/not_provided.h"
