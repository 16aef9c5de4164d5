// cucpu: cufft.h is not implemented; see cucpu/not_provided.h.
#define CUCPU_NOT_PROVIDED "cuFFT (cufft.h)"
#include "cucpu/not_provided.h"
