// cucpu: cudaGL.h is not implemented; see cucpu/not_provided.h.
#define CUCPU_NOT_PROVIDED "graphics interoperability (cudaGL.h)"
#include "cucpu/not_provided.h"
