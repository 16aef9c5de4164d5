// cucpu: cudnn_graph.h is not implemented; see cucpu/not_provided.h.
#define CUCPU_NOT_PROVIDED "cuDNN (cudnn_graph.h)"
#include "cucpu/not_provided.h"
