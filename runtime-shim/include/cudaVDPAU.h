// cucpu: cudaVDPAU.h is not implemented; see cucpu/not_provided.h.
#define CUCPU_NOT_PROVIDED "graphics interoperability (cudaVDPAU.h)"
#include "cucpu/not_provided.h"
