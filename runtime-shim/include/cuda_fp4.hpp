// cucpu: NVIDIA's cuda_fp4.hpp; what it declares there comes with cuda_fp4.h here.
#include "cuda_fp4.h"
