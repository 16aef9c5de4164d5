// cucpu: cufftXt.h is not implemented; see cucpu/not_provided.h.
#define CUCPU_NOT_PROVIDED "cuFFT (cufftXt.h)"
#include "cucpu/not_provided.h"
