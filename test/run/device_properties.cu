// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: env CUCPU_NUM_THREADS=5 %t | FileCheck %s --check-prefix=FIVE
// RUN: env OMP_NUM_THREADS=3 %t | FileCheck %s --check-prefix=THREE
// RUN: %cucpu -O0 %s -o %t0 && env CUCPU_NUM_THREADS=2 OMP_NUM_THREADS=7 %t0 | FileCheck %s --check-prefix=TWO

// Device queries as programs written for CUDA 5 to 11 make them (the
// deviceQuery style: fields newer CUDA removed, cudaThreadSynchronize, the
// headers they included), and a launch sized from the properties. The
// multiprocessor count is the runtime's worker count: CUCPU_NUM_THREADS, else
// OMP_NUM_THREADS, else every core.

#include <cuda.h>
#include <cuda_runtime_api.h>
#include <device_functions.h>
#include <device_launch_parameters.h>
#include <driver_functions.h>
#include <math_functions.h>
#include <sm_20_atomic_functions.h>
#include <sm_32_intrinsics.h>

#include <cstdio>
#include <cstring>
#include <unistd.h>

__global__ void countAndScale(const float *in, float *out, int n,
                              unsigned *visits) {
  // A grid-stride loop over a grid sized by the device's properties.
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x) {
    out[i] = in[i] * 3.0f - 1.0f;
    atomicAdd(visits, 1u);
  }
}

static int fail(const char *what) {
  printf("FAIL: %s\n", what);
  return 1;
}

int main() {
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess || count != 1)
    return fail("one device");
  int driver = 0, runtime = 0;
  cudaDriverGetVersion(&driver);
  cudaRuntimeGetVersion(&runtime);
  // CHECK: CUDA Driver Version / Runtime Version 12.8 / 12.8
  printf("CUDA Driver Version / Runtime Version %d.%d / %d.%d\n",
         driver / 1000, (driver % 100) / 10, runtime / 1000,
         (runtime % 100) / 10);

  for (int dev = 0; dev < count; ++dev) {
    cudaSetDevice(dev);
    cudaDeviceProp prop;
    if (cudaGetDeviceProperties(&prop, dev) != cudaSuccess)
      return fail("cudaGetDeviceProperties");
    printf("Device %d: \"%s\"\n", dev, prop.name);
    printf("  CUDA Capability Major/Minor version number: %d.%d\n",
           prop.major, prop.minor);
    printf("  Total amount of global memory: %.0f MBytes\n",
           (float)prop.totalGlobalMem / 1048576.0f);
    printf("  Multiprocessors: %d\n", prop.multiProcessorCount);
    printf("  GPU Max Clock rate: %.0f MHz\n", prop.clockRate * 1e-3f);
    printf("  Memory Clock rate: %.0f Mhz\n", prop.memoryClockRate * 1e-3f);
    printf("  Memory Bus Width: %d-bit\n", prop.memoryBusWidth);
    printf("  L2 Cache Size: %d bytes\n", prop.l2CacheSize);
    printf("  Maximum Texture Dimension Size (x,y,z) 1D=(%d), 2D=(%d, %d), "
           "3D=(%d, %d, %d)\n",
           prop.maxTexture1D, prop.maxTexture2D[0], prop.maxTexture2D[1],
           prop.maxTexture3D[0], prop.maxTexture3D[1], prop.maxTexture3D[2]);
    printf("  Total amount of constant memory: %zu bytes\n",
           prop.totalConstMem);
    printf("  Total amount of shared memory per block: %zu bytes\n",
           prop.sharedMemPerBlock);
    printf("  Warp size: %d\n", prop.warpSize);
    printf("  Maximum number of threads per block: %d\n",
           prop.maxThreadsPerBlock);
    printf("  Max dimension size of a thread block (x,y,z): (%d, %d, %d)\n",
           prop.maxThreadsDim[0], prop.maxThreadsDim[1], prop.maxThreadsDim[2]);
    printf("  Max dimension size of a grid size (x,y,z): (%d, %d, %d)\n",
           prop.maxGridSize[0], prop.maxGridSize[1], prop.maxGridSize[2]);
    printf("  Concurrent copy and kernel execution: %s with %d copy "
           "engine(s)\n",
           prop.deviceOverlap ? "Yes" : "No", prop.asyncEngineCount);
    printf("  Run time limit on kernels: %s\n",
           prop.kernelExecTimeoutEnabled ? "Yes" : "No");
    printf("  Integrated GPU sharing Host Memory: %s\n",
           prop.integrated ? "Yes" : "No");
    printf("  Support host page-locked memory mapping: %s\n",
           prop.canMapHostMemory ? "Yes" : "No");
    printf("  Device supports Unified Addressing (UVA): %s\n",
           prop.unifiedAddressing ? "Yes" : "No");
    printf("  Compute Mode: %s\n", prop.computeMode == cudaComputeModeDefault
                                       ? "Default"
                                       : "Other");

    // The machine's own numbers. The CPU is an integrated device whose
    // memory is the RAM; a GPU (--cuda-gpu-arch) has memory of its own.
    long pages = sysconf(_SC_PHYS_PAGES), pageSize = sysconf(_SC_PAGESIZE);
    if (prop.integrated &&
        prop.totalGlobalMem != (size_t)pages * (size_t)pageSize)
      return fail("totalGlobalMem is not the RAM");
    size_t freeMem = 0, totalMem = 0;
    if (cudaMemGetInfo(&freeMem, &totalMem) != cudaSuccess ||
        totalMem != prop.totalGlobalMem || freeMem == 0 || freeMem > totalMem)
      return fail("cudaMemGetInfo");
    int sms = 0, warp = 0;
    cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev);
    cudaDeviceGetAttribute(&warp, cudaDevAttrWarpSize, dev);
    if (sms != prop.multiProcessorCount || warp != prop.warpSize)
      return fail("attributes differ from the properties");

    // Size a launch from the properties, as old programs do.
    int threads = prop.maxThreadsPerBlock < 256 ? prop.maxThreadsPerBlock : 256;
    int blocks = prop.multiProcessorCount *
                 (prop.maxThreadsPerMultiProcessor / threads);
    const int n = 100003;
    float *in, *out;
    unsigned *visits;
    cudaMalloc(&in, n * sizeof(float));
    cudaMalloc(&out, n * sizeof(float));
    cudaMalloc(&visits, sizeof(unsigned));
    cudaMemset(visits, 0, sizeof(unsigned));
    float *h = new float[n];
    for (int i = 0; i < n; ++i)
      h[i] = (float)(i % 1000) * 0.5f;
    cudaMemcpy(in, h, n * sizeof(float), cudaMemcpyHostToDevice);
    countAndScale<<<blocks, threads>>>(in, out, n, visits);
    if (cudaGetLastError() != cudaSuccess ||
        cudaThreadSynchronize() != cudaSuccess)
      return fail("launch");
    float *r = new float[n];
    unsigned v = 0;
    cudaMemcpy(r, out, n * sizeof(float), cudaMemcpyDeviceToHost);
    cudaMemcpy(&v, visits, sizeof v, cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; ++i)
      if (r[i] != h[i] * 3.0f - 1.0f)
        return fail("result");
    if (v != (unsigned)n)
      return fail("visits");

    // The occupancy calculator agrees with the properties.
    int minGrid = 0, bestBlock = 0;
    if (cudaOccupancyMaxPotentialBlockSize(&minGrid, &bestBlock,
                                           countAndScale) != cudaSuccess ||
        bestBlock <= 0 || bestBlock > prop.maxThreadsPerBlock ||
        minGrid % prop.multiProcessorCount != 0)
      return fail("occupancy");
    cudaFuncAttributes fa;
    if (cudaFuncGetAttributes(&fa, countAndScale) != cudaSuccess ||
        fa.maxThreadsPerBlock != prop.maxThreadsPerBlock)
      return fail("cudaFuncGetAttributes");
    cudaFree(in);
    cudaFree(out);
    cudaFree(visits);
    delete[] h;
    delete[] r;
  }
  cudaThreadExit();
  printf("PASS\n");
  return 0;
}

// CHECK: Warp size: 32
// CHECK: Maximum number of threads per block: 1024
// CHECK: Max dimension size of a thread block (x,y,z): (1024, 1024, 64)
// CHECK: Max dimension size of a grid size (x,y,z): (2147483647, 65535, 65535)
// CHECK: Compute Mode: Default
// CHECK: PASS
// FIVE: Multiprocessors: 5
// FIVE: PASS
// THREE: Multiprocessors: 3
// THREE: PASS
// TWO: Multiprocessors: 2
// TWO: PASS
