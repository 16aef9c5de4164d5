// The same kernel with its device function in one translation unit, by
// including the other .cu file (as some projects do); needs no -rdc.
#include "scale.cu"
#include "kernel.cu"
