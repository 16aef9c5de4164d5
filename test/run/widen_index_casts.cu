// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O2 -fno-cucpu-widen-index-casts %s -o %t0 && %t0 | FileCheck %s
// RUN: %cucpu -O2 -S -emit-llvm --cuda-device-only %s -o - | FileCheck %s --check-prefix=IR
// CHECK: stencil: PASS
// CHECK: offsets: PASS
// CHECK: PASS

// Index arithmetic on thread and block indices in `int`, done in 64 bits
// by cucpu: a 2D stencil whose neighbour indices go below zero at the
// tile's edges (ty - 1, tx - 1, guarded), and a 1D kernel whose int offsets
// from the global index are negative for the first threads and whose
// products mix indices with run-time sizes. Both are checked against plain
// C++ computing the same values.
//
// The stencil's thread loops compute their addresses without re-extending
// a truncated index (no `shl` by 32 and `ashr` pair):
// IR-LABEL: define {{.*}} @__cucpu_entry__Z7stencilPKfPfii..omp_par
// IR-NOT: ashr
// IR: ret void
#include <cstdio>
#include <vector>

constexpr int kTile = 16;

__global__ void stencil(const float *in, float *out, int rows, int cols) {
  __shared__ float tile[kTile][kTile];
  int tx = threadIdx.x, ty = threadIdx.y;
  int r = (int)blockIdx.y * kTile + ty;
  int c = (int)blockIdx.x * kTile + tx;
  bool inside = r < rows && c < cols;
  if (inside)
    tile[ty][tx] = in[r * cols + c];
  __syncthreads();
  if (!inside)
    return;
  // Neighbours inside the tile come from shared memory, the others from
  // global memory.
  float sum = 2.0f * tile[ty][tx];
  if (r - 1 >= 0)
    sum += ty - 1 >= 0 ? tile[ty - 1][tx] : in[(r - 1) * cols + c];
  if (c - 1 >= 0)
    sum += tx - 1 >= 0 ? tile[ty][tx - 1] : in[r * cols + c - 1];
  if (r + 1 < rows)
    sum += ty + 1 < kTile ? tile[ty + 1][tx] : in[(r + 1) * cols + c];
  if (c + 1 < cols)
    sum += tx + 1 < kTile ? tile[ty][tx + 1] : in[r * cols + (c + 1)];
  out[r * cols + c] = sum;
}

__global__ void offsets(const int *in, int *out, int n, int shift,
                        int stride) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int j = i - shift; // negative for the first `shift` threads
  if (i < n)
    out[i] = j >= 0 ? in[j] * 3 + (j * stride) % 7 : -1 - (j * stride);
}

static bool checkStencil() {
  const int rows = 37, cols = 53;
  std::vector<float> in(rows * cols), out(rows * cols), ref(rows * cols);
  for (int i = 0; i < rows * cols; ++i)
    in[i] = (float)((i * 7919) % 101) * 0.25f;
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      float sum = 2.0f * in[r * cols + c];
      if (r > 0)
        sum += in[(r - 1) * cols + c];
      if (c > 0)
        sum += in[r * cols + c - 1];
      if (r + 1 < rows)
        sum += in[(r + 1) * cols + c];
      if (c + 1 < cols)
        sum += in[r * cols + c + 1];
      ref[r * cols + c] = sum;
    }
  float *dIn, *dOut;
  cudaMalloc(&dIn, in.size() * sizeof(float));
  cudaMalloc(&dOut, out.size() * sizeof(float));
  cudaMemcpy(dIn, in.data(), in.size() * sizeof(float),
             cudaMemcpyHostToDevice);
  dim3 block(kTile, kTile);
  dim3 grid((cols + kTile - 1) / kTile, (rows + kTile - 1) / kTile);
  stencil<<<grid, block>>>(dIn, dOut, rows, cols);
  cudaMemcpy(out.data(), dOut, out.size() * sizeof(float),
             cudaMemcpyDeviceToHost);
  cudaFree(dIn);
  cudaFree(dOut);
  for (int i = 0; i < rows * cols; ++i)
    if (out[i] != ref[i]) {
      std::printf("stencil: FAIL at %d: %f, expected %f\n", i, out[i],
                  ref[i]);
      return false;
    }
  std::printf("stencil: PASS\n");
  return true;
}

static bool checkOffsets() {
  const int n = 1000, shift = 77, stride = -13;
  std::vector<int> in(n), out(n), ref(n);
  for (int i = 0; i < n; ++i)
    in[i] = (i * 31) % 1009 - 500;
  for (int i = 0; i < n; ++i) {
    int j = i - shift;
    ref[i] = j >= 0 ? in[j] * 3 + (j * stride) % 7 : -1 - (j * stride);
  }
  int *dIn, *dOut;
  cudaMalloc(&dIn, n * sizeof(int));
  cudaMalloc(&dOut, n * sizeof(int));
  cudaMemcpy(dIn, in.data(), n * sizeof(int), cudaMemcpyHostToDevice);
  offsets<<<(n + 127) / 128, 128>>>(dIn, dOut, n, shift, stride);
  cudaMemcpy(out.data(), dOut, n * sizeof(int), cudaMemcpyDeviceToHost);
  cudaFree(dIn);
  cudaFree(dOut);
  for (int i = 0; i < n; ++i)
    if (out[i] != ref[i]) {
      std::printf("offsets: FAIL at %d: %d, expected %d\n", i, out[i],
                  ref[i]);
      return false;
    }
  std::printf("offsets: PASS\n");
  return true;
}

int main() {
  bool ok = checkStencil();
  ok = checkOffsets() && ok;
  std::printf(ok ? "PASS\n" : "FAIL\n");
  return ok ? 0 : 1;
}
