// cucpu: cuda_pipeline_helpers.h is not implemented; see cucpu/not_provided.h.
#define CUCPU_NOT_PROVIDED "asynchronous copies and arrive/wait barriers (cuda_pipeline_helpers.h)"
#include "cucpu/not_provided.h"
