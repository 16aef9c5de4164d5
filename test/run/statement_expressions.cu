// GNU statement expressions `({ ...; value; })` in device code, as macros
// write them (a typed min/max, a swap, a checked read): scalar, aggregate
// and void results, locals of their own, loops inside, nested ones.
// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// CHECK: PASS
#include <cstdio>

#define typed_min(x, y)                                                        \
  ({                                                                           \
    __typeof__(x) _x = (x);                                                    \
    __typeof__(y) _y = (y);                                                    \
    _x < _y ? _x : _y;                                                         \
  })
#define swap_ints(a, b)                                                        \
  ({                                                                           \
    int _t = (a);                                                              \
    (a) = (b);                                                                 \
    (b) = _t;                                                                  \
  })

struct Pair {
  int lo, hi;
};

__device__ Pair ordered(int a, int b) {
  return ({
    Pair p;
    p.lo = typed_min(a, b);
    p.hi = a + b - p.lo;
    p;
  });
}

__global__ void kernel(const int *in, int *out, int n) {
  int i = threadIdx.x + blockIdx.x * blockDim.x;
  if (i >= n)
    return;
  int a = in[i], b = in[(i + 1) % n];
  int sum = ({
    int s = 0;
    for (int k = 0; k < 4; ++k)
      s += typed_min(a + k, b);
    s;
  });
  swap_ints(a, b);
  Pair p = ordered(a, b);
  float f = typed_min(1.5f * a, (float)b);
  out[4 * i] = sum;
  out[4 * i + 1] = p.lo;
  out[4 * i + 2] = p.hi;
  out[4 * i + 3] = (int)f + ({ int z = typed_min(typed_min(a, b), 3); z; });
}

int main() {
  const int n = 100;
  int in[n], out[4 * n], *din, *dout;
  for (int i = 0; i < n; ++i)
    in[i] = (i * 37) % 23 - 5;
  cudaMalloc(&din, sizeof in);
  cudaMalloc(&dout, sizeof out);
  cudaMemcpy(din, in, sizeof in, cudaMemcpyHostToDevice);
  kernel<<<4, 32>>>(din, dout, n);
  cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int i = 0; i < n; ++i) {
    int a = in[i], b = in[(i + 1) % n];
    int sum = 0;
    for (int k = 0; k < 4; ++k)
      sum += a + k < b ? a + k : b;
    int t = a;
    a = b;
    b = t;
    int lo = a < b ? a : b, hi = a + b - lo;
    float f = 1.5f * a < (float)b ? 1.5f * a : (float)b;
    int m = lo < 3 ? lo : 3;
    int want[4] = {sum, lo, hi, (int)f + m};
    for (int j = 0; j < 4; ++j)
      if (out[4 * i + j] != want[j] && bad++ < 5)
        printf("out[%d] = %d, want %d\n", 4 * i + j, out[4 * i + j], want[j]);
  }
  printf("%s\n", bad ? "FAIL" : "PASS");
}
