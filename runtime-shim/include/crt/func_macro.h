// cucpu: NVIDIA's crt/func_macro.h; what it declares there comes with cuda_runtime.h here.
#include "../cuda_runtime.h"
