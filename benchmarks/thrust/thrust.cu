// Thrust's sort, reduce and scan, compiled by cucpu (see thrust_work.h).
#include "thrust_work.h"

int main(int argc, char **argv) { return thrustbench::run(argc, argv, "cuda"); }
