// cucpu: NVIDIA's crt/cudacc_ext.h; what it declares there comes with cuda_runtime.h here.
#include "../cuda_runtime.h"
