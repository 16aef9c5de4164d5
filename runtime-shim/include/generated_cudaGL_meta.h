// cucpu: generated_cudaGL_meta.h is not implemented; see cucpu/not_provided.h.
#define CUCPU_NOT_PROVIDED "the driver API's typed entry points (generated_cudaGL_meta.h)"
#include "cucpu/not_provided.h"
