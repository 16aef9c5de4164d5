// cucpu: NVIDIA's crt/host_runtime.h; what it declares there comes with cuda_runtime.h here.
#include "../cuda_runtime.h"
