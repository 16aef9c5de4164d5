// cucpu: cudnn.h is not implemented; see cucpu/not_provided.h.
#define CUCPU_NOT_PROVIDED "cuDNN (cudnn.h)"
#include "cucpu/not_provided.h"
