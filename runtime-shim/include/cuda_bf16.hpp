// cucpu: NVIDIA's cuda_bf16.hpp; what it declares there comes with cuda_bf16.h here.
#include "cuda_bf16.h"
