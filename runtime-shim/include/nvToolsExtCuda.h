// cucpu: the NVTX header under its pre-NVTX-3 name.
#include "nvtx3/nvToolsExtCuda.h"
