// Plain C++ linked into a CUDA program.
int hostHelper(int x) { return 3 * x; }
