// Thrust's sort, reduce and scan with Thrust's OpenMP system, compiled by
// clang++ -fopenmp: what a user of portable Thrust code would otherwise run.
#define THRUST_DEVICE_SYSTEM THRUST_DEVICE_SYSTEM_OMP
#include "thrust_work.h"

int main(int argc, char **argv) { return thrustbench::run(argc, argv, "omp"); }
