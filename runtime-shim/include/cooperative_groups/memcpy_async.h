// cucpu: cooperative_groups/memcpy_async.h is not implemented; see cucpu/not_provided.h.
#define CUCPU_NOT_PROVIDED "asynchronous copies and arrive/wait barriers (cooperative_groups/memcpy_async.h)"
#include "../cucpu/not_provided.h"
