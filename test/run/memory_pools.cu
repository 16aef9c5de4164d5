// The stream-ordered allocator's memory pools and CUDA 12.2's location
// forms of prefetch and advice: the default pool and a created one, their
// attributes and accounting, cudaMallocAsync through the device's current
// pool, cudaMallocFromPoolAsync, and cudaMemPrefetchAsync to a
// cudaMemLocation (HeCBench streamOrderedAllocation and prefetch).
// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// CHECK: used 4096 then 0, high 4096
// CHECK: created pool used 1024
// CHECK: PASS
#include <cstdint>
#include <cstdio>

#define CHECK(call)                                                            \
  do {                                                                         \
    cudaError_t e = (call);                                                    \
    if (e != cudaSuccess) {                                                    \
      printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e));        \
      return 1;                                                                \
    }                                                                          \
  } while (0)

__global__ void fill(float *a, int n, float v) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    a[i] = v + i;
}

int main() {
  const int n = 1024;
  cudaStream_t stream;
  CHECK(cudaStreamCreate(&stream));

  cudaMemPool_t pool, current;
  CHECK(cudaDeviceGetDefaultMemPool(&pool, 0));
  CHECK(cudaDeviceGetMemPool(&current, 0));
  uint64_t threshold = UINT64_MAX, read = 0;
  CHECK(cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold,
                                &threshold));
  CHECK(cudaMemPoolGetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &read));

  float *a = nullptr;
  CHECK(cudaMallocAsync(&a, n * sizeof(float), stream));
  fill<<<(n + 255) / 256, 256, 0, stream>>>(a, n, 1.0f);
  float host[n];
  CHECK(cudaMemcpyAsync(host, a, sizeof host, cudaMemcpyDeviceToHost, stream));
  CHECK(cudaStreamSynchronize(stream));
  uint64_t used = 0, after = 0, high = 0;
  CHECK(cudaMemPoolGetAttribute(pool, cudaMemPoolAttrUsedMemCurrent, &used));
  CHECK(cudaFreeAsync(a, stream));
  CHECK(cudaStreamSynchronize(stream));
  CHECK(cudaMemPoolGetAttribute(pool, cudaMemPoolAttrUsedMemCurrent, &after));
  CHECK(cudaMemPoolGetAttribute(pool, cudaMemPoolAttrUsedMemHigh, &high));
  printf("used %llu then %llu, high %llu\n", (unsigned long long)used,
         (unsigned long long)after, (unsigned long long)high);
  CHECK(cudaMemPoolTrimTo(pool, 0));

  cudaMemPoolProps props = {};
  props.allocType = cudaMemAllocationTypePinned;
  props.location.type = cudaMemLocationTypeDevice;
  props.location.id = 0;
  cudaMemPool_t mine;
  CHECK(cudaMemPoolCreate(&mine, &props));
  int *b = nullptr;
  CHECK(cudaMallocFromPoolAsync(&b, 256 * sizeof(int), mine, stream));
  uint64_t mineUsed = 0;
  CHECK(
      cudaMemPoolGetAttribute(mine, cudaMemPoolAttrUsedMemCurrent, &mineUsed));
  printf("created pool used %llu\n", (unsigned long long)mineUsed);
  CHECK(cudaDeviceSetMemPool(0, mine));
  float *c = nullptr;
  CHECK(cudaMallocAsync(&c, n * sizeof(float), stream));
  CHECK(
      cudaMemPoolGetAttribute(mine, cudaMemPoolAttrUsedMemCurrent, &mineUsed));
  bool ok = mineUsed == 256 * sizeof(int) + n * sizeof(float);
  CHECK(cudaFreeAsync(b, stream));
  CHECK(cudaFreeAsync(c, stream));
  CHECK(cudaStreamSynchronize(stream));
  CHECK(cudaMemPoolDestroy(mine));
  CHECK(cudaDeviceGetMemPool(&current, 0));
  ok = ok && current == pool;
  // A destroyed pool is no pool.
  ok = ok &&
       cudaMallocFromPoolAsync(&b, 16, mine, stream) == cudaErrorInvalidValue;
  cudaGetLastError();

  float *m = nullptr;
  CHECK(cudaMallocManaged(&m, n * sizeof(float)));
  cudaMemLocation device = {cudaMemLocationTypeDevice, 0};
  cudaMemLocation hostLoc = {cudaMemLocationTypeHost, 0};
  CHECK(cudaMemPrefetchAsync(m, n * sizeof(float), device, 0, stream));
  CHECK(cudaMemAdvise(m, n * sizeof(float), cudaMemAdviseSetPreferredLocation,
                      device));
  fill<<<(n + 255) / 256, 256, 0, stream>>>(m, n, 2.0f);
  CHECK(cudaMemPrefetchAsync(m, n * sizeof(float), hostLoc, 0, stream));
  CHECK(cudaStreamSynchronize(stream));
  for (int i = 0; i < n; ++i)
    ok = ok && host[i] == 1.0f + i && m[i] == 2.0f + i;
  ok = ok && read == UINT64_MAX && current == pool && used == 4096 &&
       after == 0 && high == 4096;
  CHECK(cudaFree(m));
  CHECK(cudaStreamDestroy(stream));
  printf("%s\n", ok ? "PASS" : "FAIL");
}
