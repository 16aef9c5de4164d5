// cucpu: cudnn_cnn.h is not implemented; see cucpu/not_provided.h.
#define CUCPU_NOT_PROVIDED "cuDNN (cudnn_cnn.h)"
#include "cucpu/not_provided.h"
