// cucpu: cudnn_backend.h is not implemented; see cucpu/not_provided.h.
#define CUCPU_NOT_PROVIDED "cuDNN (cudnn_backend.h)"
#include "cucpu/not_provided.h"
