// cucpu: NVIDIA's fixed-width integer types header; the C library's here.
#include <stdint.h>
