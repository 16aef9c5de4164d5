// cucpu: NVIDIA's cuda_fp6.hpp; what it declares there comes with cuda_fp6.h here.
#include "cuda_fp6.h"
