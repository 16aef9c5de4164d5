// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// CHECK: PASS

// Lambdas in device code: captures by value and by reference (and mixed
// [=, &x] / [&, x]), mutable lambdas with their own state, generic (auto)
// lambdas, lambdas passed to templated __device__ algorithms, lambdas
// returning lambdas, immediately invoked lambdas, and an init-capture of a
// member inside a member function.

#include <cstdio>

template <typename F> __device__ int countIf(const int *p, int n, F pred) {
  int c = 0;
  for (int k = 0; k < n; ++k)
    if (pred(p[k]))
      ++c;
  return c;
}
template <typename T, typename F> __device__ T fold(const T *p, int n, T init, F op) {
  T acc = init;
  for (int k = 0; k < n; ++k)
    acc = op(acc, p[k]);
  return acc;
}
template <typename F> __device__ void forEachIndex(int n, F body) {
  for (int k = 0; k < n; ++k)
    body(k);
}

struct Scaler {
  int factor;
  __device__ int apply(const int *p, int n) const {
    auto f = [f = factor](int v) { return v * f; };   // init-capture of a member
    int s = 0;
    for (int k = 0; k < n; ++k)
      s += f(p[k]);
    return s;
  }
};

__global__ void kernel(const int *data, int m, long long *out, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= n)
    return;
  long long *o = out + t * 9;
  const int *row = data + t * m;
  int threshold = t % 10;
  // by value: later change of threshold must not affect the lambda
  auto above = [threshold](int v) { return v > threshold; };
  threshold = 1000;
  o[0] = countIf(row, m, above);
  // by reference: the lambda accumulates into a local
  int sum = 0, evens = 0;
  forEachIndex(m, [&](int k) {
    sum += row[k];
    if (row[k] % 2 == 0)
      ++evens;
  });
  o[1] = sum * 100 + evens;
  // mixed captures
  int base = t, mult = 3;
  auto mixed = [=, &base](int v) { base += v * mult; return base; };
  mixed(1);
  mixed(2);
  o[2] = base;
  auto mixed2 = [&, mult](int v) { sum += v * mult; };
  mixed2(10);
  o[3] = sum;
  // mutable: state lives in the lambda object
  auto counter = [c = t]() mutable { return c++; };
  counter();
  counter();
  o[4] = counter() * 10 + t;
  // generic lambda with fold for int and double
  auto plus = [](auto a, auto b) { return a + b; };
  o[5] = fold(row, m, 0, plus);
  double dv[3] = {0.5 * t, 1.25, -2.0};
  o[6] = (long long)(fold(dv, 3, 0.0, plus) * 4.0);
  // lambda returning a lambda
  auto adder = [](int k) { return [k](int v) { return v + k; }; };
  auto add5 = adder(5);
  o[7] = add5(t) + adder(-t)(t);
  // immediately invoked, and `this` capture
  const int iiv = [&]() { int mx = row[0]; for (int k = 1; k < m; ++k) mx = row[k] > mx ? row[k] : mx; return mx; }();
  Scaler sc{t % 4 + 1};
  o[8] = iiv * 1000 + sc.apply(row, m);
}

int main() {
  const int n = 200, m = 12;
  static int data[n * m];
  for (int i = 0; i < n * m; ++i)
    data[i] = (i * 31 + 7) % 25 - 5;
  int *dd;
  long long *dout;
  cudaMalloc(&dd, sizeof data);
  cudaMalloc(&dout, n * 9 * sizeof(long long));
  cudaMemcpy(dd, data, sizeof data, cudaMemcpyHostToDevice);
  kernel<<<(n + 63) / 64, 64>>>(dd, m, dout, n);
  if (cudaGetLastError() != cudaSuccess || cudaDeviceSynchronize() != cudaSuccess) {
    printf("FAIL: launch\n");
    return 1;
  }
  static long long out[n * 9];
  cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
  for (int t = 0; t < n; ++t) {
    const int *row = data + t * m;
    long long ref[9];
    int c = 0, sum = 0, evens = 0, mx = row[0];
    for (int k = 0; k < m; ++k) {
      c += row[k] > t % 10;
      sum += row[k];
      evens += row[k] % 2 == 0;
      if (row[k] > mx) mx = row[k];
    }
    ref[0] = c;
    ref[1] = sum * 100 + evens;
    ref[2] = t + 3 + 6;
    ref[3] = sum + 30;
    ref[4] = (t + 2) * 10 + t;
    ref[5] = sum;
    ref[6] = (long long)((0.5 * t + 1.25 - 2.0) * 4.0);
    ref[7] = t + 5 + 0;
    ref[8] = mx * 1000LL + (long long)sum * (t % 4 + 1);
    for (int k = 0; k < 9; ++k)
      if (out[t * 9 + k] != ref[k]) {
        printf("FAIL: t=%d field %d: got %lld expected %lld\n", t, k, out[t * 9 + k], ref[k]);
        return 1;
      }
  }
  printf("PASS\n");
  return 0;
}
