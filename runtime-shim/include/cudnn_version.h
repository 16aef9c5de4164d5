// cucpu: cudnn_version.h is not implemented; see cucpu/not_provided.h.
#define CUCPU_NOT_PROVIDED "cuDNN (cudnn_version.h)"
#include "cucpu/not_provided.h"
