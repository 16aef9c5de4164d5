// A launch of a kernel that is no template, inside a function template
// whose block size comes from a member of a dependent type (`dim3
// block(param.size / 4, param.heads, 3)`): the frontend guesses launch
// shapes from constants, and evaluating the template's pattern crashed it
// (HeCBench addBiasQKV).
// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// CHECK: PASS
#include <cstdio>

template <typename T> struct Param {
  T *out;
  int size, heads;
};

template <typename T> __device__ void store(Param<T> p) {
  int i = (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
  p.out[blockIdx.x * blockDim.x * blockDim.y * blockDim.z + i] = T(i);
}
__global__ void fill(Param<float> p) { store(p); }

template <typename T> bool run(int size, int heads) {
  Param<T> param{nullptr, size, heads};
  int n = 2 * (size / 4) * heads * 3;
  cudaMalloc(&param.out, n * sizeof(T));
  dim3 grid(2);
  dim3 block(param.size / 4, param.heads, 3);
  fill<<<grid, block>>>(param);
  T *host = new T[n];
  cudaMemcpy(host, param.out, n * sizeof(T), cudaMemcpyDeviceToHost);
  bool ok = true;
  for (int i = 0; i < n; ++i)
    ok = ok && host[i] == T(i % (n / 2));
  delete[] host;
  cudaFree(param.out);
  return ok;
}

int main() {
  bool ok = run<float>(32, 4) && run<float>(16, 2);
  printf("%s\n", ok ? "PASS" : "FAIL");
}
