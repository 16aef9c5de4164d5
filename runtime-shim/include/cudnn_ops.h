// cucpu: cudnn_ops.h is not implemented; see cucpu/not_provided.h.
#define CUCPU_NOT_PROVIDED "cuDNN (cudnn_ops.h)"
#include "cucpu/not_provided.h"
