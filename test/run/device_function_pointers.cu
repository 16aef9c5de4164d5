// Pointers to __device__ functions, as real code passes them: a reduction
// template's `op` parameter (cg::reduce's form), a per-thread choice among
// several functions, a pointer kept in a struct and in a __device__
// variable, a non-type template parameter, a table in a __device__ array
// with an initial value, a pointer the host copies from device memory and
// passes to a kernel, and functions that return a struct, take a reference
// or read threadIdx. Every result is checked
// against the same computation on the host; a call through a pointer that
// holds no device function reports a failed device assertion.
// RUN: %cucpu -O2 %s -o %t && %t 2>&1 | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 2>&1 | FileCheck %s
// CHECK: warp reduce: 0 wrong
// CHECK: chosen per thread: 0 wrong
// CHECK: struct field: 0 wrong
// CHECK: device variable: 0 wrong
// CHECK: template parameter: 0 wrong
// CHECK: struct result: 0 wrong
// CHECK: cooperative reduce: 0 wrong
// CHECK: table: 0 wrong
// CHECK: from the host: 0 wrong
// CHECK: device_function_pointers.cu:{{[0-9]+}}: {{.*}}Assertion `call through a pointer that holds no device function of type {{.*}}` failed.
// CHECK: bad pointer: device-side assert triggered
// CHECK: PASS
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cstdio>
#include <vector>

namespace cg = cooperative_groups;

typedef float (*BinaryOp)(float, float);

__device__ float addOp(float a, float b) { return a + b; }
__device__ float maxOp(float a, float b) { return a > b ? a : b; }
__device__ float minOp(float a, float b) { return a < b ? a : b; }
// Reads the launch: only inlined into its kernel can it know threadIdx.
__device__ float laneWeighted(float a, float b) {
  return a + b * (threadIdx.x % 4);
}

float hostAdd(float a, float b) { return a + b; }
float hostMax(float a, float b) { return a > b ? a : b; }
float hostMin(float a, float b) { return a < b ? a : b; }

template <typename T>
__device__ T warpReduce(T value, T (*op)(T, T)) {
  for (int offset = 16; offset > 0; offset /= 2)
    value = op(value, __shfl_down_sync(0xffffffffu, value, offset));
  return value;
}

__global__ void warpReduceKernel(const float *in, float *sums, float *maxima) {
  float v = in[blockIdx.x * blockDim.x + threadIdx.x];
  float s = warpReduce(v, addOp);
  float m = warpReduce<float>(v, &maxOp);
  if (threadIdx.x % 32 == 0) {
    int warp = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
    sums[warp] = s;
    maxima[warp] = m;
  }
}

// The function depends on the thread: a comparison chain at run time.
__global__ void chosenKernel(const float *a, const float *b, float *out,
                             int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  BinaryOp op;
  switch (i % 4) {
  case 0: op = addOp; break;
  case 1: op = maxOp; break;
  case 2: op = minOp; break;
  default: op = laneWeighted; break;
  }
  out[i] = op(a[i], b[i]);
}

struct Stage {
  BinaryOp combine;
  float bias;
};

__device__ float applyStage(const Stage &stage, float x, float y) {
  return stage.combine(x, y) + stage.bias;
}

__global__ void structKernel(const float *a, const float *b, float *out,
                             int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  Stage stages[2];
  stages[0].combine = maxOp;
  stages[0].bias = 1.0f;
  stages[1].combine = addOp;
  stages[1].bias = -2.0f;
  out[i] = applyStage(stages[i & 1], a[i], b[i]);
}

__device__ BinaryOp chosenGlobally;

__global__ void chooseKernel(int which) {
  chosenGlobally = which == 0 ? addOp : minOp;
}

__global__ void globalKernel(const float *a, const float *b, float *out,
                             int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = chosenGlobally(a[i], b[i]);
}

template <BinaryOp F>
__global__ void templateKernel(const float *a, const float *b, float *out,
                               int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = F(a[i], b[i]);
}

struct Pair {
  float low, high;
};
__device__ Pair orderedPair(float a, float b) {
  return a < b ? Pair{a, b} : Pair{b, a};
}
__device__ Pair swappedPair(float a, float b) { return Pair{b, a}; }
__device__ void scaleInPlace(float &x, float factor) { x *= factor; }

__global__ void structResultKernel(const float *a, const float *b, float *out,
                                   int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  Pair (*make)(float, float) = (i % 3 == 0) ? swappedPair : orderedPair;
  void (*scale)(float &, float) = scaleInPlace;
  Pair p = make(a[i], b[i]);
  scale(p.high, 2.0f);
  out[2 * i] = p.low;
  out[2 * i + 1] = p.high;
}

__device__ int maxInt(int a, int b) { return a > b ? a : b; }

__global__ void cooperativeReduceKernel(const int *in, int *out) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  int v = in[blockIdx.x * blockDim.x + threadIdx.x];
  int m = cg::reduce(warp, v, maxInt);
  if (warp.thread_rank() == 0)
    out[(blockIdx.x * blockDim.x + threadIdx.x) / 32] = m;
}

// Initialized before the program runs: the classic way to hand the host
// a device function's address (cudaMemcpyFromSymbol).
__device__ BinaryOp opTable[3] = {addOp, maxOp, minOp};
__device__ BinaryOp deviceMin = minOp;

__global__ void tableKernel(const float *a, const float *b, float *out,
                            int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = opTable[i % 3](a[i], b[i]);
}

__global__ void parameterKernel(const float *a, const float *b, float *out,
                                int n, BinaryOp op) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = op(a[i], b[i]);
}

__global__ void badPointerKernel(float *out, BinaryOp op) {
  out[threadIdx.x] = op(1.0f, 2.0f);
}

static int countWrong(const std::vector<float> &got,
                      const std::vector<float> &want) {
  int wrong = 0;
  for (size_t i = 0; i < want.size(); ++i)
    wrong += got[i] != want[i];
  return wrong;
}

int main() {
  const int n = 1000, threads = 128, blocks = (n + threads - 1) / threads;
  std::vector<float> a(n), b(n);
  for (int i = 0; i < n; ++i) {
    a[i] = float((i * 37) % 101) - 50.0f;
    b[i] = float((i * 53) % 89) - 40.0f;
  }
  float *da, *db, *dout;
  cudaMalloc(&da, n * sizeof(float));
  cudaMalloc(&db, n * sizeof(float));
  cudaMalloc(&dout, 2 * n * sizeof(float));
  cudaMemcpy(da, a.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(db, b.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  std::vector<float> got(2 * n), want(n);

  {
    const int total = 8 * 128, warps = total / 32;
    std::vector<float> in(total);
    for (int i = 0; i < total; ++i)
      in[i] = float((i * 29) % 61);
    float *din, *dsums, *dmax;
    cudaMalloc(&din, total * sizeof(float));
    cudaMalloc(&dsums, warps * sizeof(float));
    cudaMalloc(&dmax, warps * sizeof(float));
    cudaMemcpy(din, in.data(), total * sizeof(float), cudaMemcpyHostToDevice);
    warpReduceKernel<<<8, 128>>>(din, dsums, dmax);
    std::vector<float> sums(warps), maxima(warps), wantSums(warps),
        wantMax(warps);
    cudaMemcpy(sums.data(), dsums, warps * sizeof(float),
               cudaMemcpyDeviceToHost);
    cudaMemcpy(maxima.data(), dmax, warps * sizeof(float),
               cudaMemcpyDeviceToHost);
    for (int w = 0; w < warps; ++w) {
      // The same order of additions as the shuffle tree.
      float lanes[32];
      for (int l = 0; l < 32; ++l)
        lanes[l] = in[w * 32 + l];
      std::vector<float> maxLanes(lanes, lanes + 32);
      for (int offset = 16; offset > 0; offset /= 2)
        for (int l = 0; l + offset < 32; ++l) {
          lanes[l] = hostAdd(lanes[l], lanes[l + offset]);
          maxLanes[l] = hostMax(maxLanes[l], maxLanes[l + offset]);
        }
      wantSums[w] = lanes[0];
      wantMax[w] = maxLanes[0];
    }
    printf("warp reduce: %d wrong\n",
           countWrong(sums, wantSums) + countWrong(maxima, wantMax));
    cudaFree(din);
    cudaFree(dsums);
    cudaFree(dmax);
  }

  chosenKernel<<<blocks, threads>>>(da, db, dout, n);
  cudaMemcpy(got.data(), dout, n * sizeof(float), cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; ++i) {
    int lane = (i % threads) % 4;
    switch (i % 4) {
    case 0: want[i] = hostAdd(a[i], b[i]); break;
    case 1: want[i] = hostMax(a[i], b[i]); break;
    case 2: want[i] = hostMin(a[i], b[i]); break;
    default: want[i] = a[i] + b[i] * lane; break;
    }
  }
  printf("chosen per thread: %d wrong\n", countWrong(got, want));

  structKernel<<<blocks, threads>>>(da, db, dout, n);
  cudaMemcpy(got.data(), dout, n * sizeof(float), cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; ++i)
    want[i] = (i & 1) ? hostAdd(a[i], b[i]) - 2.0f : hostMax(a[i], b[i]) + 1.0f;
  printf("struct field: %d wrong\n", countWrong(got, want));

  int wrong = 0;
  for (int which = 0; which < 2; ++which) {
    chooseKernel<<<1, 1>>>(which);
    globalKernel<<<blocks, threads>>>(da, db, dout, n);
    cudaMemcpy(got.data(), dout, n * sizeof(float), cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; ++i)
      want[i] = which == 0 ? hostAdd(a[i], b[i]) : hostMin(a[i], b[i]);
    wrong += countWrong(got, want);
  }
  printf("device variable: %d wrong\n", wrong);

  templateKernel<minOp><<<blocks, threads>>>(da, db, dout, n);
  cudaMemcpy(got.data(), dout, n * sizeof(float), cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; ++i)
    want[i] = hostMin(a[i], b[i]);
  wrong = countWrong(got, want);
  templateKernel<&addOp><<<blocks, threads>>>(da, db, dout, n);
  cudaMemcpy(got.data(), dout, n * sizeof(float), cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; ++i)
    want[i] = hostAdd(a[i], b[i]);
  wrong += countWrong(got, want);
  printf("template parameter: %d wrong\n", wrong);

  structResultKernel<<<blocks, threads>>>(da, db, dout, n);
  cudaMemcpy(got.data(), dout, 2 * n * sizeof(float), cudaMemcpyDeviceToHost);
  std::vector<float> wantPairs(2 * n);
  for (int i = 0; i < n; ++i) {
    float low = a[i] < b[i] ? a[i] : b[i], high = a[i] < b[i] ? b[i] : a[i];
    if (i % 3 == 0) {
      low = b[i];
      high = a[i];
    }
    wantPairs[2 * i] = low;
    wantPairs[2 * i + 1] = high * 2.0f;
  }
  printf("struct result: %d wrong\n", countWrong(got, wantPairs));

  {
    const int total = 4 * 64, warps = total / 32;
    std::vector<int> in(total), out(warps);
    for (int i = 0; i < total; ++i)
      in[i] = (i * 7919) % 1009 - 500;
    int *din, *dres;
    cudaMalloc(&din, total * sizeof(int));
    cudaMalloc(&dres, warps * sizeof(int));
    cudaMemcpy(din, in.data(), total * sizeof(int), cudaMemcpyHostToDevice);
    cooperativeReduceKernel<<<4, 64>>>(din, dres);
    cudaMemcpy(out.data(), dres, warps * sizeof(int), cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int w = 0; w < warps; ++w) {
      int m = in[w * 32];
      for (int l = 1; l < 32; ++l)
        m = in[w * 32 + l] > m ? in[w * 32 + l] : m;
      bad += out[w] != m;
    }
    printf("cooperative reduce: %d wrong\n", bad);
    cudaFree(din);
    cudaFree(dres);
  }

  tableKernel<<<blocks, threads>>>(da, db, dout, n);
  cudaMemcpy(got.data(), dout, n * sizeof(float), cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; ++i)
    want[i] = i % 3 == 0   ? hostAdd(a[i], b[i])
              : i % 3 == 1 ? hostMax(a[i], b[i])
                           : hostMin(a[i], b[i]);
  printf("table: %d wrong\n", countWrong(got, want));

  BinaryOp fromDevice = nullptr;
  cudaMemcpyFromSymbol(&fromDevice, deviceMin, sizeof(BinaryOp));
  parameterKernel<<<blocks, threads>>>(da, db, dout, n, fromDevice);
  cudaMemcpy(got.data(), dout, n * sizeof(float), cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; ++i)
    want[i] = hostMin(a[i], b[i]);
  printf("from the host: %d wrong\n", countWrong(got, want));

  // A host function's address is no device function.
  badPointerKernel<<<1, 1>>>(dout, hostAdd);
  cudaError_t status = cudaDeviceSynchronize();
  printf("bad pointer: %s\n", cudaGetErrorString(status));

  cudaFree(da);
  cudaFree(db);
  cudaFree(dout);
  printf("PASS\n");
  return 0;
}
