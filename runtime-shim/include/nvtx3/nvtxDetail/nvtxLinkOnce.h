// cucpu: an internal header of NVIDIA's NVTX; its declarations come with
// nvtx3/nvToolsExt.h here.
#include "../nvToolsExt.h"
