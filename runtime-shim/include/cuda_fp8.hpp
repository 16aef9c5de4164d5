// cucpu: NVIDIA's cuda_fp8.hpp; what it declares there comes with cuda_fp8.h here.
#include "cuda_fp8.h"
