// cucpu: nccl_device.h is not implemented; see cucpu/not_provided.h.
#define CUCPU_NOT_PROVIDED "NCCL (nccl_device.h)"
#include "cucpu/not_provided.h"
