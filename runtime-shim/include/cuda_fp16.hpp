// cucpu: NVIDIA's cuda_fp16.hpp; what it declares there comes with cuda_fp16.h here.
#include "cuda_fp16.h"
