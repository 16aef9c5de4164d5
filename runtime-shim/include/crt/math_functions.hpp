// cucpu: NVIDIA's crt/math_functions.hpp; what it declares there comes with math_functions.h here.
#include "../math_functions.h"
