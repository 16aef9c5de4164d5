// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// CHECK: PASS

// References in device code: output parameters by reference, references
// returned from functions (to array elements, struct members, the larger of
// two locals) and assigned through, const references bound to temporaries
// (lifetime extension), references to pointers, references to arrays,
// rvalue references, and a reference into global memory that is updated.

#include <cstdio>

struct Pair {
  int a, b;
  __device__ int &bigger() { return a > b ? a : b; }
  __device__ const int &smaller() const { return a > b ? b : a; }
};

__device__ void divmod(int x, int y, int &q, int &r) {
  q = x / y;
  r = x % y;
}
__device__ int &at(int *arr, int k) { return arr[k]; }
__device__ int &maxRef(int &x, int &y) { return x >= y ? x : y; }
__device__ float sumArr(const float (&a)[4]) { return a[0] + a[1] + a[2] + a[3]; }
__device__ void bump(int *&p) { ++p; }
__device__ int consume(int &&v) { v *= 3; return v; }
__device__ int viaConst(const int &v) { return v + 1; }
__device__ const Pair &pick(const Pair &x, const Pair &y, bool first) { return first ? x : y; }

__global__ void kernel(int *g, int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  int *o = out + i * 10;
  int q, r;
  divmod(i * 37 - 500, 7, q, r);
  o[0] = q;
  o[1] = r;
  int local[5] = {i, i + 1, i + 2, i + 3, i + 4};
  at(local, 2) = -1;
  at(local, i % 5) += 100;
  o[2] = local[0] + local[1] * 10 + local[2] * 100 + local[3] * 1000 + local[4] * 10000;
  int x = i % 17, y = i % 13;
  maxRef(x, y) = 0;                 // zero the bigger one
  o[3] = x * 100 + y;
  Pair p{i % 9, i % 4};
  p.bigger() += 50;
  o[4] = p.a * 1000 + p.b + p.smaller() * 1000000;
  const int &tmp = i * 2 + 1;       // lifetime-extended temporary
  const Pair &tp = Pair{tmp, -tmp}; // temporary struct
  o[5] = tmp + tp.smaller() + viaConst(i * 4) + viaConst(tmp);
  float arr[4] = {0.5f * i, 1.0f, 2.0f, -3.0f};
  o[6] = (int)(sumArr(arr) * 2.0f);
  int *cursor = local;
  bump(cursor);
  bump(cursor);
  o[7] = *cursor + (int)(cursor - local);
  o[8] = consume(i + 5) + consume(static_cast<int &&>(x));
  Pair p1{1, 2}, p2{3, 4};
  const Pair &sel = pick(p1, p2, i % 2 == 0);
  int &gi = g[i];                   // reference into global memory
  gi = gi * 2 + sel.a;
  o[9] = gi;
}

int main() {
  const int n = 200;
  static int g[n], out[n * 10];
  for (int i = 0; i < n; ++i)
    g[i] = i * 11 - 300;
  int *dg, *dout;
  cudaMalloc(&dg, sizeof g);
  cudaMalloc(&dout, sizeof out);
  cudaMemcpy(dg, g, sizeof g, cudaMemcpyHostToDevice);
  kernel<<<(n + 63) / 64, 64>>>(dg, dout, n);
  if (cudaGetLastError() != cudaSuccess || cudaDeviceSynchronize() != cudaSuccess) {
    printf("FAIL: launch\n");
    return 1;
  }
  static int g2[n];
  cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
  cudaMemcpy(g2, dg, sizeof g2, cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; ++i) {
    int ref[10];
    int v = i * 37 - 500;
    ref[0] = v / 7;
    ref[1] = v % 7;
    int l[5] = {i, i + 1, -1, i + 3, i + 4};
    l[i % 5] += 100;
    ref[2] = l[0] + l[1] * 10 + l[2] * 100 + l[3] * 1000 + l[4] * 10000;
    int x = i % 17, y = i % 13;
    if (x >= y) x = 0; else y = 0;
    ref[3] = x * 100 + y;
    int a = i % 9, b = i % 4;
    if (a > b) a += 50; else b += 50;
    ref[4] = a * 1000 + b + (a > b ? b : a) * 1000000;
    int t = 2 * i + 1;
    ref[5] = t - t + 4 * i + 1 + t + 1;
    ref[6] = (int)((0.5f * i + 1.0f + 2.0f - 3.0f) * 2.0f);
    ref[7] = l[2] + 2;
    ref[8] = 3 * (i + 5) + 3 * x;
    ref[9] = g[i] * 2 + (i % 2 == 0 ? 1 : 3);
    for (int k = 0; k < 10; ++k)
      if (out[i * 10 + k] != ref[k]) {
        printf("FAIL: i=%d field %d: got %d expected %d\n", i, k, out[i * 10 + k], ref[k]);
        return 1;
      }
    if (g2[i] != ref[9]) {
      printf("FAIL: g[%d] = %d expected %d\n", i, g2[i], ref[9]);
      return 1;
    }
  }
  printf("PASS\n");
  return 0;
}
