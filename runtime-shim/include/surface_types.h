// cucpu: surface_types.h is not implemented; see cucpu/not_provided.h.
#define CUCPU_NOT_PROVIDED "surface objects (surface_types.h)"
#include "cucpu/not_provided.h"
