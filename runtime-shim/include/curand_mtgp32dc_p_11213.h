// cucpu: curand_mtgp32dc_p_11213.h is not implemented; see cucpu/not_provided.h.
#define CUCPU_NOT_PROVIDED "cuRAND (curand_mtgp32dc_p_11213.h)"
#include "cucpu/not_provided.h"
