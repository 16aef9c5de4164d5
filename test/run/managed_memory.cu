// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// CHECK: PASS

// Unified memory: cudaMallocManaged buffers written by the host, advised and
// prefetched, updated by kernels, read by the host after
// cudaDeviceSynchronize; a struct holding managed pointers passed by value;
// cudaPointerGetAttributes and cudaMemset on managed memory. Compared with
// the same computation on the host.

#include <cmath>
#include <cstdio>

struct Particles {
  float *x;
  float *v;
  int n;
};

__global__ void step(Particles p, float dt) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < p.n) {
    p.v[i] += -0.5f * p.x[i] * dt;
    p.x[i] += p.v[i] * dt;
  }
}

__global__ void histogram(const float *x, int n, unsigned *bins, int nbins) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    int b = (int)((x[i] + 4.0f) * nbins / 8.0f);
    b = b < 0 ? 0 : (b >= nbins ? nbins - 1 : b);
    atomicAdd(&bins[b], 1u);
  }
}

static int fail(const char *what) {
  printf("FAIL: %s\n", what);
  return 1;
}

int main() {
  const int n = 5000, nbins = 16, steps = 10;
  const float dt = 0.05f;
  Particles p;
  p.n = n;
  unsigned *bins;
  if (cudaMallocManaged(&p.x, n * sizeof(float)) != cudaSuccess ||
      cudaMallocManaged(&p.v, n * sizeof(float)) != cudaSuccess ||
      cudaMallocManaged(&bins, nbins * sizeof(unsigned),
                        cudaMemAttachGlobal) != cudaSuccess)
    return fail("cudaMallocManaged");
  cudaPointerAttributes attr;
  if (cudaPointerGetAttributes(&attr, p.x + 10) != cudaSuccess ||
      attr.type != cudaMemoryTypeManaged || attr.hostPointer != p.x + 10 ||
      attr.devicePointer != p.x + 10)
    return fail("pointer attributes");

  float *rx = new float[n], *rv = new float[n];
  for (int i = 0; i < n; ++i) {
    p.x[i] = rx[i] = (i % 97) * 0.08f - 3.9f;
    p.v[i] = rv[i] = (i % 13) * 0.01f;
  }
  int device = 0;
  cudaGetDevice(&device);
  if (cudaMemAdvise(p.x, n * sizeof(float), cudaMemAdviseSetPreferredLocation,
                    device) != cudaSuccess ||
      cudaMemAdvise(p.v, n * sizeof(float), cudaMemAdviseSetAccessedBy,
                    cudaCpuDeviceId) != cudaSuccess ||
      cudaMemAdvise(p.x, n * sizeof(float), cudaMemAdviseSetReadMostly,
                    device) != cudaSuccess)
    return fail("cudaMemAdvise");
  cudaStream_t s;
  cudaStreamCreate(&s);
  if (cudaMemPrefetchAsync(p.x, n * sizeof(float), device, s) != cudaSuccess ||
      cudaMemPrefetchAsync(p.v, n * sizeof(float), device, s) != cudaSuccess)
    return fail("cudaMemPrefetchAsync");
  if (cudaMemset(bins, 0, nbins * sizeof(unsigned)) != cudaSuccess)
    return fail("cudaMemset");

  for (int t = 0; t < steps; ++t)
    step<<<(n + 127) / 128, 128, 0, s>>>(p, dt);
  histogram<<<(n + 255) / 256, 256, 0, s>>>(p.x, n, bins, nbins);
  if (cudaGetLastError() != cudaSuccess)
    return fail("launch");
  if (cudaMemPrefetchAsync(bins, nbins * sizeof(unsigned), cudaCpuDeviceId,
                           s) != cudaSuccess)
    return fail("prefetch to the host");
  if (cudaDeviceSynchronize() != cudaSuccess)
    return fail("cudaDeviceSynchronize");

  unsigned ref[nbins] = {0};
  for (int t = 0; t < steps; ++t)
    for (int i = 0; i < n; ++i) {
      rv[i] += -0.5f * rx[i] * dt;
      rx[i] += rv[i] * dt;
    }
  for (int i = 0; i < n; ++i) {
    // Contracted multiply-adds may round differently on either side.
    if (fabsf(p.x[i] - rx[i]) > 1e-4f || fabsf(p.v[i] - rv[i]) > 1e-4f) {
      printf("FAIL: particle %d: %f %f, expected %f %f\n", i, p.x[i], p.v[i],
             rx[i], rv[i]);
      return 1;
    }
    // The bins of the values the device computed.
    int b = (int)((p.x[i] + 4.0f) * nbins / 8.0f);
    b = b < 0 ? 0 : (b >= nbins ? nbins - 1 : b);
    ++ref[b];
  }
  unsigned total = 0;
  for (int b = 0; b < nbins; ++b) {
    if (bins[b] != ref[b]) {
      printf("FAIL: bin %d = %u, expected %u\n", b, bins[b], ref[b]);
      return 1;
    }
    total += bins[b];
  }
  if (total != (unsigned)n)
    return fail("histogram total");
  cudaStreamDestroy(s);
  if (cudaFree(p.x) != cudaSuccess || cudaFree(p.v) != cudaSuccess ||
      cudaFree(bins) != cudaSuccess)
    return fail("cudaFree");
  delete[] rx;
  delete[] rv;
  printf("PASS\n");
  return 0;
}
