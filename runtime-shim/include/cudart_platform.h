// cucpu: NVIDIA's cudart_platform.h; what it declares there comes with cuda_runtime.h here.
#include "cuda_runtime.h"
