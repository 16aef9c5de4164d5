// cucpu: surface_indirect_functions.h is not implemented; see cucpu/not_provided.h.
#define CUCPU_NOT_PROVIDED "surface objects (surface_indirect_functions.h)"
#include "cucpu/not_provided.h"
