// cucpu: cudnn_ops_v9.h is not implemented; see cucpu/not_provided.h.
#define CUCPU_NOT_PROVIDED "cuDNN (cudnn_ops_v9.h)"
#include "cucpu/not_provided.h"
