// RUN: %cucpu -std=c++17 -O2 %s -o %t 2>%t.err && %t | FileCheck %s
// RUN: FileCheck %s --check-prefix=WARN < %t.err
// RUN: %cucpu -std=c++17 -O2 -Wno-register %s -o %t.quiet 2>&1 | count 0
// CHECK: PASS

// What nvcc accepts that clang alone does not:
//  - launches written with spaces between the chevrons (what some code
//    formatters make of <<< >>>), while `>> >` closing nested templates
//    keeps its meaning;
//  - `register` in C++17 code: a warning (-Wno-register silences it);
//  - time() and clock() without <time.h>, which nvcc's runtime header brings.
// WARN: warning: ISO C++17 does not allow 'register' storage class specifier
// WARN-NOT: error

#include <cstdio>
#include <vector>

template <typename T> struct Box {
  T value;
};

__global__ void fill(int *out, int base) {
  register int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = base + i;
}

int main() {
  std::vector<std::vector<Box<int>> > nested(3);
  const int n = 64;
  int *a, *b, *c;
  cudaMallocManaged(&a, n * sizeof(int));
  cudaMallocManaged(&b, n * sizeof(int));
  cudaMallocManaged(&c, n * sizeof(int));
  fill << < 2, 32 >> > (a, 100);
  fill<< <n / 32, 32>> >(b, 200);
  fill <<   <1, n>>> (c, 300);
  cudaDeviceSynchronize();
  srand((unsigned)time(NULL));
  clock_t started = clock();
  int bad = nested.size() != 3 || clock() < started;
  for (int i = 0; i < n; ++i)
    bad += a[i] != 100 + i || b[i] != 200 + i || c[i] != 300 + i;
  printf("%s\n", bad ? "FAIL" : "PASS");
  return bad != 0;
}
