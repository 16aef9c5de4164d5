// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// CHECK: PASS

// Function templates in device code: type parameters deduced and given
// explicitly, several parameters, non-type template parameters (int, bool,
// unsigned) driving unrolled loops and compile-time branches, recursive
// templates (compile-time power), full specialization, overloads of a
// template with a non-template, default template arguments, variadic
// templates with fold-like recursion, and explicit instantiation.

#include <cstdint>
#include <cstdio>

template <typename T> __host__ __device__ T square(T x) { return x * x; }

template <typename T, typename U> __host__ __device__ auto mulAdd(T a, U b, T c) -> decltype(a * b + c) {
  return a * b + c;
}

template <int N, typename T> __device__ T sumN(const T *p) {
  T s = T(0);
#pragma unroll
  for (int k = 0; k < N; ++k)
    s += p[k];
  return s;
}

template <unsigned E, typename T> struct Pow {
  __device__ static T of(T x) { return x * Pow<E - 1, T>::of(x); }
};
template <typename T> struct Pow<0, T> {
  __device__ static T of(T) { return T(1); }
};

template <bool Neg, typename T> __device__ T maybeNeg(T x) {
  if (Neg)
    return -x;
  return x;
}

template <typename T> __device__ int kindOf(T) { return 0; }
template <> __device__ int kindOf<float>(float) { return 1; }
template <> __device__ int kindOf<double>(double) { return 2; }
__device__ int kindOf(int) { return 3; }     // non-template overload preferred

template <typename T = int, int Scale = 10> __device__ T scaled(T v) { return v * (T)Scale; }

template <typename T> __device__ T vmax(T a) { return a; }
template <typename T, typename... Rest> __device__ T vmax(T a, Rest... rest) {
  T m = vmax(rest...);
  return a > m ? a : m;
}

template <typename T> __device__ T clampT(T v, T lo, T hi) { return v < lo ? lo : (v > hi ? hi : v); }
template __device__ int clampT<int>(int, int, int);          // explicit instantiations
template __device__ double clampT<double>(double, double, double);

__global__ void kernel(const int *ii, const float *ff, const double *dd, long long *lo, double *fo, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= n)
    return;
  int i = ii[t];
  float f = ff[t];
  double d = dd[t];
  long long *L = lo + t * 10;
  double *F = fo + t * 8;
  L[0] = square(i);
  L[1] = square<long long>((long long)i * 1000);
  L[2] = sumN<4>(ii + (t / 4) * 4);
  L[3] = Pow<5, long long>::of(i % 20);
  L[4] = maybeNeg<true>(i) * 10 + maybeNeg<false>(i % 7);
  L[5] = kindOf(i) * 1000 + kindOf(f) * 100 + kindOf(d) * 10 + kindOf((short)i);
  L[6] = scaled(i) + scaled<long long, 3>(i) + scaled<>(7);
  L[7] = vmax(i, 5, -i, i % 13 * 20);
  L[8] = clampT(i, -50, 50);
  L[9] = (long long)mulAdd(i, 3u, i) + sizeof(mulAdd(i, 2.0, i)) * 1000000;
  F[0] = square(f);
  F[1] = square(d);
  F[2] = mulAdd(d, f, 1.5);
  F[3] = Pow<3, double>::of(d);
  F[4] = sumN<3, float>(ff + (t / 3) * 3);
  F[5] = vmax(d, (double)f, 0.25);
  F[6] = clampT(d, -1.0, 1.0);
  F[7] = scaled<float, -2>(f);
}

int main() {
  const int n = 240;
  static int ii[n];
  static float ff[n];
  static double dd[n];
  for (int t = 0; t < n; ++t) {
    ii[t] = (t * 37) % 201 - 100;
    ff[t] = 0.125f * ((t * 13) % 64) - 4.0f;
    dd[t] = 0.0625 * ((t * 29) % 97) - 3.0;
  }
  int *dii;
  float *dff;
  double *ddd, *dfo;
  long long *dlo;
  cudaMalloc(&dii, sizeof ii); cudaMalloc(&dff, sizeof ff); cudaMalloc(&ddd, sizeof dd);
  cudaMalloc(&dlo, n * 10 * sizeof(long long)); cudaMalloc(&dfo, n * 8 * sizeof(double));
  cudaMemcpy(dii, ii, sizeof ii, cudaMemcpyHostToDevice);
  cudaMemcpy(dff, ff, sizeof ff, cudaMemcpyHostToDevice);
  cudaMemcpy(ddd, dd, sizeof dd, cudaMemcpyHostToDevice);
  kernel<<<(n + 63) / 64, 64>>>(dii, dff, ddd, dlo, dfo, n);
  if (cudaGetLastError() != cudaSuccess || cudaDeviceSynchronize() != cudaSuccess) {
    printf("FAIL: launch\n");
    return 1;
  }
  static long long lo[n * 10];
  static double fo[n * 8];
  cudaMemcpy(lo, dlo, sizeof lo, cudaMemcpyDeviceToHost);
  cudaMemcpy(fo, dfo, sizeof fo, cudaMemcpyDeviceToHost);
  for (int t = 0; t < n; ++t) {
    long long i = ii[t];
    float f = ff[t];
    double d = dd[t];
    long long L[10];
    L[0] = i * i;
    L[1] = i * 1000 * i * 1000;
    L[2] = 0;
    for (int k = 0; k < 4; ++k) L[2] += ii[(t / 4) * 4 + k];
    long long b = i % 20;
    L[3] = b * b * b * b * b;
    L[4] = -i * 10 + i % 7;
    L[5] = 3000 + 100 + 20 + 0;
    L[6] = i * 10 + i * 3 + 70;
    long long m = i;
    if (5 > m) m = 5;
    if (-i > m) m = -i;
    if (i % 13 * 20 > m) m = i % 13 * 20;
    L[7] = m;
    L[8] = i < -50 ? -50 : (i > 50 ? 50 : i);
    L[9] = (long long)(unsigned)((unsigned)i * 3u + (unsigned)i) + 8 * 1000000;
    for (int k = 0; k < 10; ++k)
      if (lo[t * 10 + k] != L[k]) {
        printf("FAIL: t=%d int field %d: got %lld expected %lld\n", t, k, lo[t * 10 + k], L[k]);
        return 1;
      }
    double F[8];
    F[0] = f * f;
    F[1] = d * d;
    F[2] = d * f + 1.5;
    F[3] = d * d * d;
    F[4] = (double)(ff[(t / 3) * 3] + ff[(t / 3) * 3 + 1] + ff[(t / 3) * 3 + 2]);
    double mx = 0.25;
    if ((double)f > mx) mx = f;
    if (d > mx) mx = d;
    F[5] = mx;
    F[6] = d < -1 ? -1 : (d > 1 ? 1 : d);
    F[7] = f * -2.0f;
    for (int k = 0; k < 8; ++k) {
      double diff = fo[t * 8 + k] - F[k];
      if (diff < 0) diff = -diff;
      if (diff > 1e-12 * (1 + (F[k] < 0 ? -F[k] : F[k]))) {
        printf("FAIL: t=%d fp field %d: got %.17g expected %.17g\n", t, k, fo[t * 8 + k], F[k]);
        return 1;
      }
    }
  }
  printf("PASS\n");
  return 0;
}
