// cucpu: NVTX extension header; its annotations do nothing here, as the
// core ones do not (nvtx3/nvToolsExt.h).
#include "nvToolsExt.h"
