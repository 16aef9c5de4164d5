// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// CHECK: PASS

// Several streams, each copying its chunk in from pinned memory, running a
// kernel and copying the result back, all asynchronously. A second stage
// combines each chunk with its neighbour's: every stream waits (with
// cudaStreamWaitEvent) for the event its neighbour recorded after the first
// stage. Host callbacks check, in stream order, that the copies before them
// are done. Results are compared with a C++ reference.

#include <atomic>
#include <cstdio>
#include <vector>

constexpr int kStreams = 4;
constexpr int kChunk = 1 << 14;

__global__ void stage1(const float *x, float *y, int n, int rounds) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float v = x[i];
  // Chunks get different amounts of work, so streams finish out of order.
  for (int r = 0; r < rounds; ++r)
    v = v * 0.5f + 1.0f;
  y[i] = v;
}

__global__ void stage2(const float *mine, const float *neighbour, float *z,
                       int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    z[i] = mine[i] * 2.0f - neighbour[n - 1 - i];
}

static float reference1(float v, int rounds) {
  for (int r = 0; r < rounds; ++r)
    v = v * 0.5f + 1.0f;
  return v;
}

struct Check {
  const float *z;
  float expected0;
  std::atomic<int> *okCount;
};

static void checkChunk(void *p) {
  Check *c = static_cast<Check *>(p);
  // The copy back queued before this callback is done.
  if (c->z[0] == c->expected0)
    ++*c->okCount;
}

static bool ok(cudaError_t e, const char *what) {
  if (e != cudaSuccess) {
    printf("FAIL: %s: %s\n", what, cudaGetErrorString(e));
    return false;
  }
  return true;
}

int main() {
  const int n = kStreams * kChunk;
  float *hx, *hz;
  if (!ok(cudaMallocHost(&hx, n * sizeof(float)), "host alloc") ||
      !ok(cudaHostAlloc(&hz, n * sizeof(float), cudaHostAllocDefault),
          "host alloc"))
    return 1;
  for (int i = 0; i < n; ++i) {
    hx[i] = (i % 1000) * 0.25f - 50.0f;
    hz[i] = -1.0f;
  }
  float *dx, *dy, *dz;
  cudaMalloc(&dx, n * sizeof(float));
  cudaMalloc(&dy, n * sizeof(float));
  cudaMalloc(&dz, n * sizeof(float));

  cudaStream_t streams[kStreams];
  cudaEvent_t stage1Done[kStreams];
  for (int s = 0; s < kStreams; ++s) {
    if (!ok(cudaStreamCreateWithFlags(&streams[s], s % 2 ? cudaStreamNonBlocking
                                                         : cudaStreamDefault),
            "stream") ||
        !ok(cudaEventCreateWithFlags(&stage1Done[s], cudaEventDisableTiming),
            "event"))
      return 1;
  }

  int rounds[kStreams];
  for (int s = 0; s < kStreams; ++s)
    rounds[s] = 1 + (kStreams - s) * 200;
  const int block = 256, grid = (kChunk + block - 1) / block;
  for (int s = 0; s < kStreams; ++s) {
    size_t off = size_t(s) * kChunk;
    cudaMemcpyAsync(dx + off, hx + off, kChunk * sizeof(float),
                    cudaMemcpyHostToDevice, streams[s]);
    stage1<<<grid, block, 0, streams[s]>>>(dx + off, dy + off, kChunk,
                                           rounds[s]);
    cudaEventRecord(stage1Done[s], streams[s]);
  }
  // Stage 2 reads the neighbour's stage-1 output.
  for (int s = 0; s < kStreams; ++s) {
    int next = (s + 1) % kStreams;
    cudaStreamWaitEvent(streams[s], stage1Done[next], 0);
    size_t off = size_t(s) * kChunk, noff = size_t(next) * kChunk;
    stage2<<<grid, block, 0, streams[s]>>>(dy + off, dy + noff, dz + off,
                                           kChunk);
    cudaMemcpyAsync(hz + off, dz + off, kChunk * sizeof(float),
                    cudaMemcpyDeviceToHost, streams[s]);
  }
  if (!ok(cudaGetLastError(), "launches"))
    return 1;

  // Reference.
  std::vector<float> y(n), z(n);
  for (int s = 0; s < kStreams; ++s)
    for (int i = 0; i < kChunk; ++i)
      y[s * kChunk + i] = reference1(hx[s * kChunk + i], rounds[s]);
  for (int s = 0; s < kStreams; ++s) {
    int next = (s + 1) % kStreams;
    for (int i = 0; i < kChunk; ++i)
      z[s * kChunk + i] =
          y[s * kChunk + i] * 2.0f - y[next * kChunk + kChunk - 1 - i];
  }

  std::atomic<int> okCount{0};
  Check checks[kStreams];
  for (int s = 0; s < kStreams; ++s) {
    checks[s] = {hz + size_t(s) * kChunk, z[s * kChunk], &okCount};
    if (!ok(cudaLaunchHostFunc(streams[s], checkChunk, &checks[s]),
            "host func"))
      return 1;
  }

  for (int s = 0; s < kStreams; ++s)
    if (!ok(cudaStreamSynchronize(streams[s]), "stream sync") ||
        !ok(cudaStreamQuery(streams[s]), "stream query"))
      return 1;
  for (int i = 0; i < n; ++i)
    if (hz[i] != z[i]) {
      printf("FAIL: z[%d] = %f, expected %f\n", i, hz[i], z[i]);
      return 1;
    }
  if (okCount.load() != kStreams) {
    printf("FAIL: %d of %d callbacks saw their chunk\n", okCount.load(),
           kStreams);
    return 1;
  }

  for (int s = 0; s < kStreams; ++s) {
    cudaEventDestroy(stage1Done[s]);
    cudaStreamDestroy(streams[s]);
  }
  cudaFree(dx);
  cudaFree(dy);
  cudaFree(dz);
  cudaFreeHost(hx);
  cudaFreeHost(hz);
  if (!ok(cudaGetLastError(), "cleanup"))
    return 1;
  printf("PASS\n");
  return 0;
}
