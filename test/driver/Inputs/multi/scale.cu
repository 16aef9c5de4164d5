// A device function that other files call: it uses the thread index, shared
// memory and a barrier, so it must become part of each kernel that calls it.
__device__ float rotateAndScale(float x) {
  __shared__ float tile[1024];
  tile[threadIdx.x] = x;
  __syncthreads();
  return tile[(threadIdx.x + 1) % blockDim.x] * 2.0f + float(threadIdx.x);
}
