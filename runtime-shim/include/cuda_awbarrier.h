// cucpu: cuda_awbarrier.h is not implemented; see cucpu/not_provided.h.
#define CUCPU_NOT_PROVIDED "asynchronous copies and arrive/wait barriers (cuda_awbarrier.h)"
#include "cucpu/not_provided.h"
