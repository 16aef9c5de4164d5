// cucpu: NVIDIA's crt/storage_class.h; what it declares there comes with cuda_runtime.h here.
#include "../cuda_runtime.h"
