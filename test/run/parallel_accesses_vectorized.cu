// RUN: %cucpu -O3 --fmad=false %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O3 --fmad=false -fno-cucpu-parallel-accesses %s -o %t1 && %t1 | FileCheck %s
// CHECK: PASS
// --fmad=false: the C++ reference rounds each multiply and add, and
// elimination's zeros are compared with a relative tolerance.

// The serial thread loops tell LLVM that the threads' plain accesses are
// independent (llvm.loop.parallel_accesses), so it vectorizes across threads
// without checks. These kernels have the shapes where that claim must not
// cover too much: a thread's local array (one slot reused by every thread
// once the alloca leaves the loop), a store that one thread makes to an
// address all threads share (gaussian's b[i] update), a shared tile read
// after a barrier, and block sizes that are no multiple of the vector width.

#include <cstdio>
#include <vector>

#define TILE 16

// Row update like gaussian's fan2: rowMult/pivotRow staged in shared memory,
// then every thread updates one element; the thread in column t also updates
// b[i], an address every thread of the row computes.
__global__ void rowUpdate(float *a, float *b, const float *mult, int n, int t) {
  __shared__ float rowMult[TILE];
  __shared__ float pivotRow[TILE];
  int tx = threadIdx.x, ty = threadIdx.y;
  int i = t + 1 + blockIdx.y * TILE + ty;
  int j = t + blockIdx.x * TILE + tx;
  if (tx == 0 && i < n)
    rowMult[ty] = mult[i];
  if (ty == 0 && j < n)
    pivotRow[tx] = a[(size_t)t * n + j];
  __syncthreads();
  if (i < n && j < n) {
    a[(size_t)i * n + j] -= rowMult[ty] * pivotRow[tx];
    if (j == t)
      b[i] -= rowMult[ty] * b[t];
  }
}

// A local array indexed by data: each thread's values must stay its own.
__global__ void localArray(const int *in, int *out, int n) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  if (x >= n)
    return;
  int hist[5] = {0, 0, 0, 0, 0};
  for (int k = 0; k < 3; ++k)
    hist[(in[x] + k * x) % 5] += k + 1;
  int pick = hist[in[x] % 5];
  out[x] = pick * 10 + hist[(x + 2) % 5];
}

// Straight-line accesses to a local array at data-dependent indices: with
// the array's slot shared by the serial loop's iterations, vectorizing across
// threads would let one thread read another's element.
__global__ void localScatter(const int *in, int *out, int n) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  if (x >= n)
    return;
  int loc[4];
  loc[0] = loc[1] = loc[2] = loc[3] = x;
  loc[in[x] & 3] = 3 * x + 1;
  loc[(in[x] >> 2) & 3] += 5;
  out[x] = loc[(in[x] >> 4) & 3] * 7 + loc[in[x] & 3];
}

// Every thread adds into a scalar local, then one thread publishes.
__global__ void sharedScalar(const float *in, float *out, int n) {
  __shared__ float last;
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  float v = x < n ? in[x] * 2.0f : 0.0f;
  if (threadIdx.x == blockDim.x - 1)
    last = v;
  __syncthreads();
  if (x < n)
    out[x] = v + last;
}

static bool close(float a, float b) {
  float d = a > b ? a - b : b - a;
  float m = (a > 0 ? a : -a) + 1.0f;
  return d <= 1e-4f * m;
}

int main() {
  bool ok = true;

  // Gaussian-like update for sizes around the tile and the vector width.
  for (int n : {1, 3, 9, 16, 17, 33}) {
    std::vector<float> a(n * n), b(n), mult(n);
    for (int k = 0; k < n * n; ++k)
      a[k] = (float)((k * 7) % 13) + 1.0f + (k % (n + 1) == 0 ? 20.0f : 0.0f);
    for (int k = 0; k < n; ++k)
      b[k] = (float)(k % 5) - 2.0f;
    std::vector<float> ra = a, rb = b;
    float *dA, *dB, *dM;
    cudaMalloc(&dA, n * n * sizeof(float));
    cudaMalloc(&dB, n * sizeof(float));
    cudaMalloc(&dM, n * sizeof(float));
    cudaMemcpy(dA, a.data(), n * n * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemcpy(dB, b.data(), n * sizeof(float), cudaMemcpyHostToDevice);
    for (int t = 0; t + 1 < n; ++t) {
      // Multipliers on the host, from the reference matrix (same values).
      for (int i = t + 1; i < n; ++i)
        mult[i] = ra[i * n + t] / ra[t * n + t];
      cudaMemcpy(dM, mult.data(), n * sizeof(float), cudaMemcpyHostToDevice);
      int rows = n - 1 - t, cols = n - t;
      dim3 grid((cols + TILE - 1) / TILE, (rows + TILE - 1) / TILE);
      rowUpdate<<<grid, dim3(TILE, TILE)>>>(dA, dB, dM, n, t);
      cudaDeviceSynchronize();
      for (int i = t + 1; i < n; ++i) {
        for (int j = t; j < n; ++j)
          ra[i * n + j] -= mult[i] * ra[t * n + j];
        rb[i] -= mult[i] * rb[t];
      }
    }
    cudaMemcpy(a.data(), dA, n * n * sizeof(float), cudaMemcpyDeviceToHost);
    cudaMemcpy(b.data(), dB, n * sizeof(float), cudaMemcpyDeviceToHost);
    for (int k = 0; k < n * n; ++k)
      if (!close(a[k], ra[k])) {
        printf("rowUpdate n=%d a[%d] = %f, expected %f\n", n, k, a[k], ra[k]);
        ok = false;
        break;
      }
    for (int k = 0; k < n; ++k)
      if (!close(b[k], rb[k])) {
        printf("rowUpdate n=%d b[%d] = %f, expected %f\n", n, k, b[k], rb[k]);
        ok = false;
        break;
      }
    cudaFree(dA);
    cudaFree(dB);
    cudaFree(dM);
  }

  // Local arrays and a shared scalar, block sizes 1, 7, 8, 13, 64.
  for (int bs : {1, 7, 8, 13, 64}) {
    const int n = 301;
    std::vector<int> in(n), out(n, -1);
    std::vector<float> fin(n), fout(n, -1.0f);
    for (int k = 0; k < n; ++k) {
      in[k] = (k * 31 + 7) % 97;
      fin[k] = (float)(k % 11) * 0.5f;
    }
    int *dIn, *dOut;
    float *dFin, *dFout;
    cudaMalloc(&dIn, n * sizeof(int));
    cudaMalloc(&dOut, n * sizeof(int));
    cudaMalloc(&dFin, n * sizeof(float));
    cudaMalloc(&dFout, n * sizeof(float));
    cudaMemcpy(dIn, in.data(), n * sizeof(int), cudaMemcpyHostToDevice);
    cudaMemcpy(dFin, fin.data(), n * sizeof(float), cudaMemcpyHostToDevice);
    int blocks = (n + bs - 1) / bs;
    localScatter<<<blocks, bs>>>(dIn, dOut, n);
    cudaMemcpy(out.data(), dOut, n * sizeof(int), cudaMemcpyDeviceToHost);
    for (int x = 0; x < n; ++x) {
      int loc[4] = {x, x, x, x};
      loc[in[x] & 3] = 3 * x + 1;
      loc[(in[x] >> 2) & 3] += 5;
      int want = loc[(in[x] >> 4) & 3] * 7 + loc[in[x] & 3];
      if (out[x] != want) {
        printf("localScatter bs=%d out[%d] = %d, expected %d\n", bs, x,
               out[x], want);
        ok = false;
        break;
      }
    }
    localArray<<<blocks, bs>>>(dIn, dOut, n);
    sharedScalar<<<blocks, bs>>>(dFin, dFout, n);
    cudaMemcpy(out.data(), dOut, n * sizeof(int), cudaMemcpyDeviceToHost);
    cudaMemcpy(fout.data(), dFout, n * sizeof(float), cudaMemcpyDeviceToHost);
    for (int x = 0; x < n; ++x) {
      int hist[5] = {0, 0, 0, 0, 0};
      for (int k = 0; k < 3; ++k)
        hist[(in[x] + k * x) % 5] += k + 1;
      int want = hist[in[x] % 5] * 10 + hist[(x + 2) % 5];
      if (out[x] != want) {
        printf("localArray bs=%d out[%d] = %d, expected %d\n", bs, x, out[x],
               want);
        ok = false;
        break;
      }
    }
    for (int x = 0; x < n; ++x) {
      int blockLast = (x / bs) * bs + bs - 1;
      float last = blockLast < n ? fin[blockLast] * 2.0f : 0.0f;
      float want = fin[x] * 2.0f + last;
      if (!close(fout[x], want)) {
        printf("sharedScalar bs=%d out[%d] = %f, expected %f\n", bs, x,
               fout[x], want);
        ok = false;
        break;
      }
    }
    cudaFree(dIn);
    cudaFree(dOut);
    cudaFree(dFin);
    cudaFree(dFout);
  }

  printf(ok ? "PASS\n" : "FAIL\n");
  return ok ? 0 : 1;
}
