// Calls a device function defined in no file of the link.
__device__ float missing(float x);
__global__ void rotateScale(float *a, int n) { a[0] = missing(a[1]); }
