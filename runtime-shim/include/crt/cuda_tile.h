// cucpu: crt/cuda_tile.h is not implemented; see cucpu/not_provided.h.
#define CUCPU_NOT_PROVIDED "tile kernels (crt/cuda_tile.h)"
#include "../cucpu/not_provided.h"
