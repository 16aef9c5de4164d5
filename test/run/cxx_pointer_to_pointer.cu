// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// CHECK: PASS

// Double indirection in device code: a device array of device pointers
// (jagged rows of different lengths) passed to a kernel, writing through
// int**, a struct holding a pointer table, local arrays of pointers,
// pointer-to-pointer parameters of device functions that retarget a pointer,
// and triple indirection.

#include <cstdio>

struct Table {
  float **rows;
  const int *lengths;
  int nrows;
};

__device__ void advance(const float **pp, int k) { *pp += k; }

__device__ float rowSum(float *const *rows, int r, int len) {
  float s = 0.0f;
  for (int k = 0; k < len; ++k)
    s += rows[r][k];
  return s;
}

__global__ void sumRows(Table t, float *sums) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= t.nrows)
    return;
  sums[r] = rowSum(t.rows, r, t.lengths[r]);
  // scale the row in place through double indirection
  float **rowp = t.rows + r;
  for (int k = 0; k < t.lengths[r]; ++k)
    (*rowp)[k] *= 2.0f;
}

__global__ void pickKernel(int **bufs, int nbufs, int n, int ***triple, int *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  // local array of pointers choosing among buffers
  int *choice[3] = {bufs[i % nbufs], bufs[(i + 1) % nbufs], bufs[(i + 2) % nbufs]};
  int v = choice[0][i] + 10 * choice[1][i] + 100 * choice[2][i];
  const float *fp = nullptr;
  (void)fp;
  int **pp = &choice[i % 3];
  int ***ppp = &pp;
  v += 1000 * (**ppp)[i];
  v += 10000 * (*triple)[1][i];
  out[i] = v;
}

__global__ void advanceKernel(const float *base, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  const float *p = base;
  advance(&p, i);
  advance(&p, 1);
  out[i] = *p;
}

int main() {
  const int nrows = 50;
  static int lengths[nrows];
  float *hostRows[nrows];
  float *devRows[nrows];
  for (int r = 0; r < nrows; ++r) {
    lengths[r] = 1 + (r * 7) % 23;
    hostRows[r] = new float[lengths[r]];
    for (int k = 0; k < lengths[r]; ++k)
      hostRows[r][k] = 0.5f * r - 0.25f * k;
    cudaMalloc(&devRows[r], lengths[r] * sizeof(float));
    cudaMemcpy(devRows[r], hostRows[r], lengths[r] * sizeof(float), cudaMemcpyHostToDevice);
  }
  float **dRows;
  int *dLengths;
  float *dSums;
  cudaMalloc(&dRows, sizeof devRows);
  cudaMalloc(&dLengths, sizeof lengths);
  cudaMalloc(&dSums, nrows * sizeof(float));
  cudaMemcpy(dRows, devRows, sizeof devRows, cudaMemcpyHostToDevice);
  cudaMemcpy(dLengths, lengths, sizeof lengths, cudaMemcpyHostToDevice);
  Table t{dRows, dLengths, nrows};
  sumRows<<<2, 32>>>(t, dSums);
  if (cudaGetLastError() != cudaSuccess || cudaDeviceSynchronize() != cudaSuccess) {
    printf("FAIL: launch sumRows\n");
    return 1;
  }
  float sums[nrows];
  cudaMemcpy(sums, dSums, sizeof sums, cudaMemcpyDeviceToHost);
  for (int r = 0; r < nrows; ++r) {
    float s = 0.0f;
    for (int k = 0; k < lengths[r]; ++k)
      s += hostRows[r][k];
    if (sums[r] != s) {
      printf("FAIL: row %d sum %g expected %g\n", r, sums[r], s);
      return 1;
    }
    float back[32];
    cudaMemcpy(back, devRows[r], lengths[r] * sizeof(float), cudaMemcpyDeviceToHost);
    for (int k = 0; k < lengths[r]; ++k)
      if (back[k] != 2.0f * hostRows[r][k]) {
        printf("FAIL: row %d elem %d = %g expected %g\n", r, k, back[k], 2.0f * hostRows[r][k]);
        return 1;
      }
  }

  const int n = 200, nb = 4;
  int *hbufs[nb], *dbufs[nb];
  for (int b = 0; b < nb; ++b) {
    hbufs[b] = new int[n];
    for (int i = 0; i < n; ++i)
      hbufs[b][i] = (i * (b + 3) + b) % 10;
    cudaMalloc(&dbufs[b], n * sizeof(int));
    cudaMemcpy(dbufs[b], hbufs[b], n * sizeof(int), cudaMemcpyHostToDevice);
  }
  int **dbufTable, ***dtriple, *dout;
  cudaMalloc(&dbufTable, sizeof dbufs);
  cudaMemcpy(dbufTable, dbufs, sizeof dbufs, cudaMemcpyHostToDevice);
  cudaMalloc(&dtriple, sizeof(int **));
  cudaMemcpy(dtriple, &dbufTable, sizeof(int **), cudaMemcpyHostToDevice);
  cudaMalloc(&dout, n * sizeof(int));
  pickKernel<<<(n + 63) / 64, 64>>>(dbufTable, nb, n, dtriple, dout);
  float *dbase, *dadv;
  cudaMalloc(&dbase, (n + 1) * sizeof(float));
  cudaMalloc(&dadv, n * sizeof(float));
  static float base[n + 1];
  for (int i = 0; i <= n; ++i)
    base[i] = i * 1.5f;
  cudaMemcpy(dbase, base, sizeof base, cudaMemcpyHostToDevice);
  advanceKernel<<<(n + 63) / 64, 64>>>(dbase, dadv, n);
  if (cudaGetLastError() != cudaSuccess || cudaDeviceSynchronize() != cudaSuccess) {
    printf("FAIL: launch pick/advance\n");
    return 1;
  }
  static int out[n];
  static float adv[n];
  cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
  cudaMemcpy(adv, dadv, sizeof adv, cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; ++i) {
    int c0 = hbufs[i % nb][i], c1 = hbufs[(i + 1) % nb][i], c2 = hbufs[(i + 2) % nb][i];
    int sel = (i % 3 == 0) ? c0 : (i % 3 == 1 ? c1 : c2);
    int exp = c0 + 10 * c1 + 100 * c2 + 1000 * sel + 10000 * hbufs[1][i];
    if (out[i] != exp) {
      printf("FAIL: pick[%d] = %d expected %d\n", i, out[i], exp);
      return 1;
    }
    if (adv[i] != base[i + 1]) {
      printf("FAIL: advance[%d] = %g expected %g\n", i, adv[i], base[i + 1]);
      return 1;
    }
  }
  printf("PASS\n");
  return 0;
}
