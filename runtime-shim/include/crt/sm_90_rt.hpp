// cucpu: NVIDIA's crt/sm_90_rt.hpp; what it declares there comes with cuda_runtime.h here.
#include "../cuda_runtime.h"
