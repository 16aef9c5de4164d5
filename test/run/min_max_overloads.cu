// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// CHECK: PASS

// CUDA's min and max, in host and device code alike: mixed signed and
// unsigned arguments convert to the unsigned type (a launch written
// `k<<<min(perLaunch, blocks - j), threads>>>` with an int and an
// unsigned), and the float and double forms behave like fminf/fmin (a NaN
// gives the other argument). Each result is compared with the same
// expression written out in plain C++.

#include <cmath>
#include <cstdio>

enum { kResults = 16 };

// Every overload once, on arguments where the conversion matters.
__host__ __device__ void minMaxAll(long long *out, int i, unsigned u, long l,
                                   unsigned long ul, long long ll,
                                   unsigned long long ull, float f, double d) {
  out[0] = min(i, u);
  out[1] = max(u, i);
  out[2] = min(i, i + 1);
  out[3] = max(u, u + 1);
  out[4] = (long long)min(l, ul);
  out[5] = (long long)max(ul, l);
  out[6] = min(ll, ll - 1);
  out[7] = (long long)min(ll, ull);
  out[8] = (long long)max(ull, ll);
  out[9] = (long long)(min(f, 0.25f) * 4);
  out[10] = (long long)(max(d, 8.0) * 4);
  out[11] = (long long)(min(f, d) * 4);
  out[12] = (long long)(max(d, f) * 4);
  out[13] = (long long)(min(NAN, f) * 4);
  out[14] = (long long)(max(d, (double)NAN) * 4);
  out[15] = max(l, l * 2);
}

__global__ void onDevice(long long *out, int i, unsigned u, long l,
                         unsigned long ul, long long ll,
                         unsigned long long ull, float f, double d) {
  minMaxAll(out, i, u, l, ul, ll, ull, f, d);
}

// What each of minMaxAll's lines must give, written without min and max.
void reference(long long *out, int i, unsigned u, long l, unsigned long ul,
               long long ll, unsigned long long ull, float f, double d) {
  unsigned ui = (unsigned)i;
  out[0] = ui < u ? ui : u;
  out[1] = u > ui ? u : ui;
  out[2] = i;
  out[3] = u + 1;
  unsigned long ull_ = (unsigned long)l;
  out[4] = (long long)(ull_ < ul ? ull_ : ul);
  out[5] = (long long)(ul > ull_ ? ul : ull_);
  out[6] = ll - 1;
  unsigned long long ulll = (unsigned long long)ll;
  out[7] = (long long)(ulll < ull ? ulll : ull);
  out[8] = (long long)(ull > ulll ? ull : ulll);
  out[9] = (long long)((f < 0.25f ? f : 0.25f) * 4);
  out[10] = (long long)((d > 8.0 ? d : 8.0) * 4);
  out[11] = (long long)(((double)f < d ? (double)f : d) * 4);
  out[12] = (long long)((d > (double)f ? d : (double)f) * 4);
  out[13] = (long long)(f * 4);
  out[14] = (long long)(d * 4);
  out[15] = l > l * 2 ? l : l * 2;
}

int main() {
  // Negative signed values meet unsigned ones: converted, they are large.
  const int i = -5;
  const unsigned u = 7;
  const long l = -9;
  const unsigned long ul = 11;
  const long long ll = -13;
  const unsigned long long ull = 15;
  const float f = 1.5f;
  const double d = 2.75;

  long long expected[kResults], host[kResults], *device;
  reference(expected, i, u, l, ul, ll, ull, f, d);
  minMaxAll(host, i, u, l, ul, ll, ull, f, d);
  cudaMallocManaged(&device, sizeof host);
  // The launch's shape uses them too: min(int, unsigned) is unsigned.
  unsigned blocks = 3;
  onDevice<<<min(1, blocks), max(1u, 0)>>>(device, i, u, l, ul, ll, ull, f, d);
  cudaDeviceSynchronize();

  int failures = 0;
  for (int k = 0; k < kResults; ++k)
    if (host[k] != expected[k] || device[k] != expected[k]) {
      printf("result %d: host %lld device %lld expected %lld\n", k, host[k],
             device[k], expected[k]);
      ++failures;
    }
  cudaFree(device);
  printf(failures ? "FAIL\n" : "PASS\n");
  return failures != 0;
}
