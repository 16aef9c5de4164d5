// cucpu: cufftw.h is not implemented; see cucpu/not_provided.h.
#define CUCPU_NOT_PROVIDED "cuFFT (cufftw.h)"
#include "cucpu/not_provided.h"
