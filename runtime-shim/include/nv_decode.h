// cucpu: nv_decode.h is not implemented; see cucpu/not_provided.h.
#define CUCPU_NOT_PROVIDED "NVIDIA's video decoder (nv_decode.h)"
#include "cucpu/not_provided.h"
