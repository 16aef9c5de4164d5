// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// CHECK: PASS

// Multi-dimensional local arrays in device code: 2D and 3D arrays with
// dynamic indices, aggregate initialization, a per-thread 4x4 matrix
// product and transpose, a local array of structs sorted in place, local
// arrays passed to __device__ functions as T[][N] and as T(&)[N], and a
// local lookup table indexed by data.

#include <cstdio>

struct Item {
  int key;
  float val;
};

__device__ void matmul4(const float a[4][4], const float b[][4], float c[4][4]) {
  for (int r = 0; r < 4; ++r)
    for (int col = 0; col < 4; ++col) {
      float s = 0.0f;
      for (int k = 0; k < 4; ++k)
        s += a[r][k] * b[k][col];
      c[r][col] = s;
    }
}

__device__ void transposeInPlace(float (&m)[4][4]) {
  for (int r = 0; r < 4; ++r)
    for (int c = r + 1; c < 4; ++c) {
      float t = m[r][c];
      m[r][c] = m[c][r];
      m[c][r] = t;
    }
}

__device__ void sortItems(Item *items, int n) {
  for (int a = 1; a < n; ++a) {
    Item x = items[a];
    int b = a - 1;
    while (b >= 0 && (items[b].key > x.key || (items[b].key == x.key && items[b].val > x.val))) {
      items[b + 1] = items[b];
      --b;
    }
    items[b + 1] = x;
  }
}

__device__ int sum3d(int (*cube)[3][4], int d0) {
  int s = 0;
  for (int i = 0; i < d0; ++i)
    for (int j = 0; j < 3; ++j)
      for (int k = 0; k < 4; ++k)
        s += cube[i][j][k] * (i + 1);
  return s;
}

__global__ void kernel(const float *in, float *outMat, int *outInt, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= n)
    return;
  float a[4][4], b[4][4], c[4][4];
  for (int r = 0; r < 4; ++r)
    for (int k = 0; k < 4; ++k) {
      a[r][k] = in[t * 16 + r * 4 + k];
      b[r][k] = (r == k) ? 2.0f : (float)(r - k) * 0.5f;
    }
  matmul4(a, b, c);
  transposeInPlace(c);
  for (int r = 0; r < 4; ++r)
    for (int k = 0; k < 4; ++k)
      outMat[t * 16 + r * 4 + k] = c[r][k];

  Item items[8] = {};
  for (int k = 0; k < 8; ++k) {
    items[k].key = (t * 7 + k * 13) % 5;
    items[k].val = (float)((t + k * 3) % 8);
  }
  sortItems(items, 8);
  int code = 0;
  for (int k = 0; k < 8; ++k)
    code = code * 3 + items[k].key + (int)items[k].val;
  outInt[t * 4 + 0] = code;

  int cube[2][3][4] = {{{1, 2, 3, 4}, {5, 6, 7, 8}, {9, 10, 11, 12}},
                       {{t, t + 1}, {0}, {-1, -2, -3, -4}}};
  cube[t % 2][t % 3][t % 4] += 100;
  outInt[t * 4 + 1] = sum3d(cube, 2);

  int hist[5] = {};
  for (int k = 0; k < 16; ++k)
    hist[(int)(in[t * 16 + k] * 10.0f) % 5 < 0 ? 0 : (int)(in[t * 16 + k] * 10.0f) % 5]++;
  outInt[t * 4 + 2] = hist[0] + 10 * hist[1] + 100 * hist[2] + 1000 * hist[3] + 10000 * hist[4];

  const int lut[3][3] = {{1, 2, 3}, {4, 5, 6}, {7, 8, 9}};
  int dyn = 0;
  for (int k = 0; k < 9; ++k)
    dyn += lut[(t + k) % 3][(t * k) % 3] * (k + 1);
  outInt[t * 4 + 3] = dyn;
}

int main() {
  const int n = 200;
  static float in[n * 16], outMat[n * 16];
  static int outInt[n * 4];
  for (int i = 0; i < n * 16; ++i)
    in[i] = (float)((i * 7919) % 97) * 0.125f - 3.0f;
  float *din, *dmat;
  int *dint;
  cudaMalloc(&din, sizeof in);
  cudaMalloc(&dmat, sizeof outMat);
  cudaMalloc(&dint, sizeof outInt);
  cudaMemcpy(din, in, sizeof in, cudaMemcpyHostToDevice);
  kernel<<<(n + 63) / 64, 64>>>(din, dmat, dint, n);
  if (cudaGetLastError() != cudaSuccess || cudaDeviceSynchronize() != cudaSuccess) {
    printf("FAIL: launch\n");
    return 1;
  }
  cudaMemcpy(outMat, dmat, sizeof outMat, cudaMemcpyDeviceToHost);
  cudaMemcpy(outInt, dint, sizeof outInt, cudaMemcpyDeviceToHost);
  for (int t = 0; t < n; ++t) {
    // matrix: c = a*b, then transposed; all values are exact in float
    for (int r = 0; r < 4; ++r)
      for (int k = 0; k < 4; ++k) {
        float s = 0.0f;
        for (int m = 0; m < 4; ++m) {
          float bv = (m == r) ? 2.0f : (float)(m - r) * 0.5f;
          s += in[t * 16 + k * 4 + m] * bv;
        }
        if (outMat[t * 16 + r * 4 + k] != s) {
          printf("FAIL: mat t=%d [%d][%d] = %g expected %g\n", t, r, k, outMat[t * 16 + r * 4 + k], s);
          return 1;
        }
      }
    int keys[8], vals[8];
    for (int k = 0; k < 8; ++k) {
      keys[k] = (t * 7 + k * 13) % 5;
      vals[k] = (t + k * 3) % 8;
    }
    for (int a = 0; a < 8; ++a)
      for (int b = a + 1; b < 8; ++b)
        if (keys[b] < keys[a] || (keys[b] == keys[a] && vals[b] < vals[a])) {
          int x = keys[a]; keys[a] = keys[b]; keys[b] = x;
          x = vals[a]; vals[a] = vals[b]; vals[b] = x;
        }
    int code = 0;
    for (int k = 0; k < 8; ++k)
      code = code * 3 + keys[k] + vals[k];
    int cube[2][3][4] = {{{1, 2, 3, 4}, {5, 6, 7, 8}, {9, 10, 11, 12}},
                         {{t, t + 1, 0, 0}, {0, 0, 0, 0}, {-1, -2, -3, -4}}};
    cube[t % 2][t % 3][t % 4] += 100;
    int s3 = 0;
    for (int i = 0; i < 2; ++i)
      for (int j = 0; j < 3; ++j)
        for (int k = 0; k < 4; ++k)
          s3 += cube[i][j][k] * (i + 1);
    int hist[5] = {0, 0, 0, 0, 0};
    for (int k = 0; k < 16; ++k) {
      int v = (int)(in[t * 16 + k] * 10.0f) % 5;
      hist[v < 0 ? 0 : v]++;
    }
    int h = hist[0] + 10 * hist[1] + 100 * hist[2] + 1000 * hist[3] + 10000 * hist[4];
    const int lut[3][3] = {{1, 2, 3}, {4, 5, 6}, {7, 8, 9}};
    int dyn = 0;
    for (int k = 0; k < 9; ++k)
      dyn += lut[(t + k) % 3][(t * k) % 3] * (k + 1);
    int exp[4] = {code, s3, h, dyn};
    for (int k = 0; k < 4; ++k)
      if (outInt[t * 4 + k] != exp[k]) {
        printf("FAIL: t=%d int field %d: got %d expected %d\n", t, k, outInt[t * 4 + k], exp[k]);
        return 1;
      }
  }
  printf("PASS\n");
  return 0;
}
