// cucpu: nvrtc.h is not implemented; see cucpu/not_provided.h.
#define CUCPU_NOT_PROVIDED "NVRTC (nvrtc.h)"
#include "cucpu/not_provided.h"
