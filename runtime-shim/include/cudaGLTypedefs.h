// cucpu: cudaGLTypedefs.h is not implemented; see cucpu/not_provided.h.
#define CUCPU_NOT_PROVIDED "the driver API's typed entry points (cudaGLTypedefs.h)"
#include "cucpu/not_provided.h"
