// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// RUN: %cucpu -O2 -c %s -o %t.o && %cucpu %t.o -o %t.linked && %t.linked | FileCheck %s
// CHECK: PASS

// Recursive __host__ __device__ functions, called from host code and from a
// kernel. Inlining cannot remove a recursive function, so its device copy
// survives into the device object under the host copy's mangled name; it
// must stay local to that object (before, the link failed with "multiple
// definition of gcd(int, int)"). The kernel's results are compared with the
// same functions run on the host, and with closed forms.

#include <cstdio>

__host__ __device__ int gcd(int a, int b) { return b ? gcd(b, a % b) : a; }

__host__ __device__ long long fibonacci(int n) {
  return n < 2 ? n : fibonacci(n - 1) + fibonacci(n - 2);
}

// Mutual recursion, declared before it is defined.
__host__ __device__ bool isOdd(int n);
__host__ __device__ bool isEven(int n) { return n == 0 ? true : isOdd(n - 1); }
__host__ __device__ bool isOdd(int n) { return n == 0 ? false : isEven(n - 1); }

__global__ void evaluate(long long *out, int count) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= count)
    return;
  out[3 * i] = gcd(36 * (i + 1), 24 * (i + 3));
  out[3 * i + 1] = fibonacci(i % 20);
  out[3 * i + 2] = isEven(i) + 2 * isOdd(i);
}

int main() {
  const int count = 100;
  long long *out;
  cudaMallocManaged(&out, 3 * count * sizeof(long long));
  evaluate<<<(count + 31) / 32, 32>>>(out, count);
  cudaDeviceSynchronize();
  int bad = 0;
  long long fib[20] = {0, 1};
  for (int n = 2; n < 20; ++n)
    fib[n] = fib[n - 1] + fib[n - 2];
  for (int i = 0; i < count; ++i) {
    long long a = 36 * (i + 1), b = 24 * (i + 3);
    while (b) {
      long long t = a % b;
      a = b;
      b = t;
    }
    long long parity = i % 2 == 0 ? 1 : 2;
    if (out[3 * i] != a || out[3 * i] != gcd(36 * (i + 1), 24 * (i + 3)) ||
        out[3 * i + 1] != fib[i % 20] || out[3 * i + 1] != fibonacci(i % 20) ||
        out[3 * i + 2] != parity) {
      if (++bad < 5)
        printf("mismatch at %d: %lld %lld %lld\n", i, out[3 * i],
               out[3 * i + 1], out[3 * i + 2]);
    }
  }
  cudaFree(out);
  printf("%s\n", bad ? "FAIL" : "PASS");
  return bad != 0;
}
