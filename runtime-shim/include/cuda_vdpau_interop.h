// cucpu: cuda_vdpau_interop.h is not implemented; see cucpu/not_provided.h.
#define CUCPU_NOT_PROVIDED "graphics interoperability (cuda_vdpau_interop.h)"
#include "cucpu/not_provided.h"
