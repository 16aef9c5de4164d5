// cucpu: nccl.h is not implemented; see cucpu/not_provided.h.
#define CUCPU_NOT_PROVIDED "NCCL (nccl.h)"
#include "cucpu/not_provided.h"
