// cucpu: fatbinary_section.h is not implemented; see cucpu/not_provided.h.
#define CUCPU_NOT_PROVIDED "fat binaries (fatbinary_section.h)"
#include "cucpu/not_provided.h"
