// cucpu: cusparse.h is not implemented; see cucpu/not_provided.h.
#define CUCPU_NOT_PROVIDED "cuSPARSE (cusparse.h)"
#include "cucpu/not_provided.h"
