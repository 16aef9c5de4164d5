// cucpu: cudnn_adv.h is not implemented; see cucpu/not_provided.h.
#define CUCPU_NOT_PROVIDED "cuDNN (cudnn_adv.h)"
#include "cucpu/not_provided.h"
