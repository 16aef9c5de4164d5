// cucpu: cudnn_cnn_v9.h is not implemented; see cucpu/not_provided.h.
#define CUCPU_NOT_PROVIDED "cuDNN (cudnn_cnn_v9.h)"
#include "cucpu/not_provided.h"
