// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// CHECK: PASS

// Recursive __device__ functions: factorial, naive Fibonacci, Euclid's gcd,
// Ackermann for small arguments, mutual recursion (isEven/isOdd), a
// divide-and-conquer sum over an array (tree-shaped recursion), recursive
// binary search, power by squaring, and a recursive template-free merge
// count. Each thread recurses on its own data.

#include <cstdio>

__device__ unsigned long long fact(int n) { return n <= 1 ? 1ull : n * fact(n - 1); }
__device__ int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
__device__ long long gcdRec(long long a, long long b) { return b == 0 ? (a < 0 ? -a : a) : gcdRec(b, a % b); }
__device__ int ack(int m, int n) {
  if (m == 0) return n + 1;
  if (n == 0) return ack(m - 1, 1);
  return ack(m - 1, ack(m, n - 1));
}
__device__ bool isOdd(unsigned n);
__device__ bool isEven(unsigned n) { return n == 0 ? true : isOdd(n - 1); }
__device__ bool isOdd(unsigned n) { return n == 0 ? false : isEven(n - 1); }
__device__ long long treeSum(const int *a, int lo, int hi) {
  if (hi - lo == 1) return a[lo];
  if (hi <= lo) return 0;
  int mid = lo + (hi - lo) / 2;
  return treeSum(a, lo, mid) + treeSum(a, mid, hi);
}
__device__ int treeMax(const int *a, int lo, int hi, int depth, int *maxDepth) {
  if (depth > *maxDepth) *maxDepth = depth;
  if (hi - lo == 1) return a[lo];
  int mid = (lo + hi) / 2;
  int l = treeMax(a, lo, mid, depth + 1, maxDepth);
  int r = treeMax(a, mid, hi, depth + 1, maxDepth);
  return l > r ? l : r;
}
__device__ int bsearch(const int *a, int lo, int hi, int key) {
  if (lo > hi) return -1;
  int mid = (lo + hi) / 2;
  if (a[mid] == key) return mid;
  return a[mid] < key ? bsearch(a, mid + 1, hi, key) : bsearch(a, lo, mid - 1, key);
}
__device__ double powRec(double x, int e) {
  if (e == 0) return 1.0;
  if (e < 0) return 1.0 / powRec(x, -e);
  double h = powRec(x, e / 2);
  return (e % 2) ? h * h * x : h * h;
}
// number of ways to write n as ordered sums of 1, 2 and 3
__device__ int compositions(int n) {
  if (n < 0) return 0;
  if (n == 0) return 1;
  return compositions(n - 1) + compositions(n - 2) + compositions(n - 3);
}

__global__ void kernel(const int *arr, const int *sorted, int m, long long *out, double *dout, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= n)
    return;
  long long *o = out + t * 10;
  o[0] = (long long)fact(t % 21);
  o[1] = fib(t % 20);
  o[2] = gcdRec((long long)t * 462 - 1000, (long long)(t % 17 + 1) * 1071);
  o[3] = ack(t % 3, t % 5);
  o[4] = isEven(t * 3) * 10 + isOdd(t + 7);
  int len = 1 + t % m;
  o[5] = treeSum(arr, t % 7, t % 7 + len - (t % 7 + len > m ? t % 7 : 0));
  int md = 0;
  o[6] = treeMax(arr, 0, len, 0, &md) * 100 + md;
  o[7] = bsearch(sorted, 0, m - 1, sorted[t % m]) * 2 + (bsearch(sorted, 0, m - 1, -12345) == -1);
  o[8] = compositions(t % 16);
  o[9] = gcdRec(fact(t % 12 + 1), fact(t % 7 + 1) * 7);
  dout[t] = powRec(1.0 + 0.01 * (t % 50), t % 41 - 20);
}

static long long rfact(int n) { long long r = 1; for (int k = 2; k <= n; ++k) r *= k; return r; }
static int rfib(int n) { int a = 0, b = 1; for (int k = 0; k < n; ++k) { int c = a + b; a = b; b = c; } return a; }
static long long rgcd(long long a, long long b) {
  a = a < 0 ? -a : a; b = b < 0 ? -b : b;
  while (b) { long long c = a % b; a = b; b = c; }
  return a;
}
static int rack(int m, int n) {   // closed forms for m <= 2
  if (m == 0) return n + 1;
  if (m == 1) return n + 2;
  return 2 * n + 3;
}

int main() {
  const int n = 256, m = 64;
  static int arr[m], sorted[m];
  for (int k = 0; k < m; ++k) {
    arr[k] = (k * 73) % 101 - 50;
    sorted[k] = k * 3 - 40;
  }
  int *darr, *dsorted;
  long long *dout;
  double *ddout;
  cudaMalloc(&darr, sizeof arr);
  cudaMalloc(&dsorted, sizeof sorted);
  cudaMalloc(&dout, n * 10 * sizeof(long long));
  cudaMalloc(&ddout, n * sizeof(double));
  cudaMemcpy(darr, arr, sizeof arr, cudaMemcpyHostToDevice);
  cudaMemcpy(dsorted, sorted, sizeof sorted, cudaMemcpyHostToDevice);
  kernel<<<n / 64, 64>>>(darr, dsorted, m, dout, ddout, n);
  if (cudaGetLastError() != cudaSuccess || cudaDeviceSynchronize() != cudaSuccess) {
    printf("FAIL: launch\n");
    return 1;
  }
  static long long out[n * 10];
  static double dres[n];
  cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
  cudaMemcpy(dres, ddout, sizeof dres, cudaMemcpyDeviceToHost);
  int comp[17] = {1};
  for (int k = 1; k <= 16; ++k)
    comp[k] = comp[k - 1] + (k >= 2 ? comp[k - 2] : 0) + (k >= 3 ? comp[k - 3] : 0);
  for (int t = 0; t < n; ++t) {
    long long ref[10];
    ref[0] = rfact(t % 21);
    ref[1] = rfib(t % 20);
    ref[2] = rgcd((long long)t * 462 - 1000, (long long)(t % 17 + 1) * 1071);
    ref[3] = rack(t % 3, t % 5);
    ref[4] = ((t * 3) % 2 == 0) * 10 + ((t + 7) % 2 == 1);
    int len = 1 + t % m, lo = t % 7, hi = lo + len - (lo + len > m ? lo : 0);
    long long s = 0;
    for (int k = lo; k < hi; ++k) s += arr[k];
    ref[5] = s;
    int mx = arr[0], depth = 0;
    for (int k = 1; k < len; ++k) if (arr[k] > mx) mx = arr[k];
    while ((1 << depth) < len) ++depth;
    ref[6] = mx * 100 + depth;
    ref[7] = (t % m) * 2 + 1;
    ref[8] = comp[t % 16];
    ref[9] = rgcd(rfact(t % 12 + 1), rfact(t % 7 + 1) * 7);
    for (int k = 0; k < 10; ++k)
      if (out[t * 10 + k] != ref[k]) {
        printf("FAIL: t=%d field %d: got %lld expected %lld\n", t, k, out[t * 10 + k], ref[k]);
        return 1;
      }
    double p = 1.0, x = 1.0 + 0.01 * (t % 50);
    int e = t % 41 - 20;
    for (int k = 0; k < (e < 0 ? -e : e); ++k) p *= x;
    if (e < 0) p = 1.0 / p;
    double d = dres[t] - p;
    if ((d < 0 ? -d : d) > 1e-12 * p) {
      printf("FAIL: pow t=%d got %.17g expected %.17g\n", t, dres[t], p);
      return 1;
    }
  }
  printf("PASS\n");
  return 0;
}
