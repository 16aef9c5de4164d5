/* Stands in for NVIDIA's libcudart, libcuda and libnvToolsExt: linked
   instead of cucpu's runtime, cudaMalloc would fail and the program would
   say so. */
int cudaMalloc(void **p, unsigned long size) { (void)p; (void)size; return 2; }
int cudaMallocManaged(void **p, unsigned long size, unsigned flags) {
  (void)p; (void)size; (void)flags; return 2;
}
int cuInit(unsigned flags) { (void)flags; return 999; }
