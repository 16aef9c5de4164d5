// cucpu: NVIDIA's vector_functions.hpp; what it declares there comes with vector_functions.h here.
#include "vector_functions.h"
