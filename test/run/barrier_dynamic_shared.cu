// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// RUN: %cucpu -O2 --cpuify=distribute %s -o %t1 && %t1 | FileCheck %s
// RUN: %cucpu -O2 -fno-cucpu-inner-serialization %s -o %t2 && env CUCPU_NUM_THREADS=2 %t2 | FileCheck %s
// RUN: %cucpu -O2 -fno-cucpu-barrier-elimination -fno-cucpu-mem2reg -fno-cucpu-licm %s -o %t3 && %t3 | FileCheck %s
// CHECK: PASS

// extern __shared__ buffer carved into a double array (blockDim entries) and
// an int array (2*blockDim entries); launched with different block sizes and
// dynamic sizes. Each thread reads entries written by other threads after a
// barrier, then a reduction over the double part.

#include <cstdio>

extern __shared__ unsigned char smem[];

__global__ void carve(const int *in, double *outD, int *outI, int n) {
  double *dpart = (double *)smem;
  int *ipart = (int *)(dpart + blockDim.x);
  int t = threadIdx.x, nt = blockDim.x;
  int i = blockIdx.x * nt + t;
  int v = i < n ? in[i] : 0;
  dpart[t] = v * 0.5;
  ipart[t] = v;
  ipart[nt + t] = v * v;
  __syncthreads();
  int mirrored = ipart[nt - 1 - t] + ipart[nt + (t + 1) % nt];
  __syncthreads();
  // Tree reduction for any block size (not only powers of two).
  for (int active = nt; active > 1;) {
    int half = (active + 1) / 2;
    if (t < active - half)
      dpart[t] += dpart[t + half];
    active = half;
    __syncthreads();
  }
  if (i < n)
    outI[i] = mirrored;
  if (t == 0)
    outD[blockIdx.x] = dpart[0];
}

static int run(const int *in, int n, int bs) {
  int blocks = (n + bs - 1) / bs;
  int *din, *dI;
  double *dD;
  cudaMalloc(&din, n * sizeof(int));
  cudaMalloc(&dI, n * sizeof(int));
  cudaMalloc(&dD, blocks * sizeof(double));
  cudaMemcpy(din, in, n * sizeof(int), cudaMemcpyHostToDevice);
  size_t bytes = bs * sizeof(double) + 2 * bs * sizeof(int);
  carve<<<blocks, bs, bytes>>>(din, dD, dI, n);
  if (cudaGetLastError() != cudaSuccess || cudaDeviceSynchronize() != cudaSuccess) {
    printf("FAIL: launch error (bs %d)\n", bs);
    return 1;
  }
  int *gi = new int[n];
  double *gd = new double[blocks];
  cudaMemcpy(gi, dI, n * sizeof(int), cudaMemcpyDeviceToHost);
  cudaMemcpy(gd, dD, blocks * sizeof(double), cudaMemcpyDeviceToHost);
  int rc = 0;
  for (int b = 0; b < blocks && !rc; ++b) {
    double s = 0;
    for (int t = 0; t < bs; ++t) {
      int idx = b * bs + t;
      int v = idx < n ? in[idx] : 0;
      s += v * 0.5;
      if (idx < n) {
        int a = b * bs + bs - 1 - t;
        int c = b * bs + (t + 1) % bs;
        int va = a < n ? in[a] : 0, vc = c < n ? in[c] : 0;
        if (gi[idx] != va + vc * vc) {
          printf("FAIL: bs %d out[%d] = %d expected %d\n", bs, idx, gi[idx], va + vc * vc);
          rc = 1;
          break;
        }
      }
    }
    if (!rc && gd[b] != s) {
      printf("FAIL: bs %d block %d sum %f expected %f\n", bs, b, gd[b], s);
      rc = 1;
    }
  }
  delete[] gi;
  delete[] gd;
  cudaFree(din);
  cudaFree(dI);
  cudaFree(dD);
  return rc;
}

int main() {
  const int n = 1234;
  static int in[n];
  for (int i = 0; i < n; ++i)
    in[i] = (i * 17) % 89 - 40;
  int sizes[] = {1, 7, 64, 96, 250, 512};
  for (int bs : sizes)
    if (run(in, n, bs))
      return 1;
  printf("PASS\n");
  return 0;
}
