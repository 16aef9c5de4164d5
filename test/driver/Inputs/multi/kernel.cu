// The kernel; the device function it calls is defined in scale.cu (so this
// file needs relocatable device code: -rdc=true or -dc).
__device__ float rotateAndScale(float x);

__global__ void rotateScale(float *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = i < n ? a[i] : 0.0f;
  float r = rotateAndScale(v);
  if (i < n)
    a[i] = r;
}
