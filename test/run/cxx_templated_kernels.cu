// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// CHECK: PASS

// Templated kernels launched for int, float and double (and a non-type
// block-size parameter), a kernel templated on a functor type, class
// templates used in device code (a fixed-capacity stack and a pair type with
// member templates), static members of class templates, and one template
// kernel launched with several instantiations in the same program.

#include <cstdio>

template <typename T, int CAP> class Stack {
  T data[CAP];
  int top = 0;
public:
  __device__ bool push(T v) { if (top == CAP) return false; data[top++] = v; return true; }
  __device__ T pop() { return data[--top]; }
  __device__ int size() const { return top; }
  static constexpr int capacity = CAP;
};

template <typename A, typename B> struct PairT {
  A first;
  B second;
  template <typename C> __device__ C combine(C w) const { return (C)first * w + (C)second; }
};

struct Triple {
  template <typename T> __device__ T operator()(T x) const { return x * (T)3; }
};
struct Halve {
  template <typename T> __device__ T operator()(T x) const { return x / (T)2; }
};

template <typename T> __global__ void axpb(const T *x, T *y, T a, T b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + b;
}

template <typename T, int BLOCK> __global__ void blockSum(const T *x, T *out, int n) {
  __shared__ T buf[BLOCK];
  int i = blockIdx.x * BLOCK + threadIdx.x;
  buf[threadIdx.x] = i < n ? x[i] : T(0);
  __syncthreads();
  for (int s = BLOCK / 2; s > 0; s >>= 1) {
    if ((int)threadIdx.x < s)
      buf[threadIdx.x] += buf[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    out[blockIdx.x] = buf[0];
}

template <typename F, typename T> __global__ void mapKernel(F f, const T *x, T *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = f(x[i]);
}

template <typename T> __global__ void stackKernel(const T *x, T *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  Stack<T, 6> st;
  for (int k = 0; k < 8; ++k)
    st.push(x[(i + k) % n]);           // last two pushes fail
  T acc = T(0);
  int w = 1;
  while (st.size() > 0)
    acc += st.pop() * (T)(w++);
  PairT<T, int> p{x[i], i};
  y[i] = acc + p.template combine<T>((T)2) + (T)Stack<T, 6>::capacity;
}

template <typename T> static bool run(const char *name) {
  const int n = 300;
  static T x[n], y[n];
  for (int i = 0; i < n; ++i)
    x[i] = (T)((i * 7) % 23) - (T)11;
  T *dx, *dy, *dsum;
  cudaMalloc(&dx, sizeof x);
  cudaMalloc(&dy, sizeof y);
  cudaMalloc(&dsum, 8 * sizeof(T));
  cudaMemcpy(dx, x, sizeof x, cudaMemcpyHostToDevice);
  T ys[4][n];
  axpb<T><<<(n + 127) / 128, 128>>>(dx, dy, (T)3, (T)-2, n);
  cudaMemcpy(ys[0], dy, sizeof y, cudaMemcpyDeviceToHost);
  mapKernel<<<(n + 63) / 64, 64>>>(Triple(), dx, dy, n);
  cudaMemcpy(ys[1], dy, sizeof y, cudaMemcpyDeviceToHost);
  mapKernel<Halve, T><<<(n + 63) / 64, 64>>>(Halve(), dx, dy, n);
  cudaMemcpy(ys[2], dy, sizeof y, cudaMemcpyDeviceToHost);
  stackKernel<T><<<(n + 63) / 64, 64>>>(dx, dy, n);
  cudaMemcpy(ys[3], dy, sizeof y, cudaMemcpyDeviceToHost);
  T sums[5];
  blockSum<T, 64><<<5, 64>>>(dx, dsum, n);
  if (cudaGetLastError() != cudaSuccess || cudaDeviceSynchronize() != cudaSuccess) {
    printf("FAIL: launch (%s)\n", name);
    return false;
  }
  cudaMemcpy(sums, dsum, sizeof sums, cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; ++i) {
    T acc = 0;
    for (int k = 5, w = 1; k >= 0; --k, ++w)
      acc += x[(i + k) % n] * (T)w;
    T ref[4] = {(T)3 * x[i] + (T)-2, x[i] * (T)3, x[i] / (T)2, acc + x[i] * (T)2 + (T)i + (T)6};
    for (int k = 0; k < 4; ++k)
      if (ys[k][i] != ref[k]) {
        printf("FAIL: %s kernel %d at %d: got %g expected %g\n", name, k, i, (double)ys[k][i], (double)ref[k]);
        return false;
      }
  }
  for (int b = 0; b < 5; ++b) {
    T s = 0;
    for (int i = b * 64; i < b * 64 + 64 && i < n; ++i)
      s += x[i];
    if (sums[b] != s) {
      printf("FAIL: %s blockSum %d: got %g expected %g\n", name, b, (double)sums[b], (double)s);
      return false;
    }
  }
  cudaFree(dx); cudaFree(dy); cudaFree(dsum);
  return true;
}

int main() {
  if (!run<int>("int") || !run<float>("float") || !run<double>("double") ||
      !run<long long>("long long"))
    return 1;
  printf("PASS\n");
  return 0;
}
