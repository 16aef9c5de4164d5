// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// CHECK: PASS

// More control flow in device code: a switch with fall-through inside a
// loop, do-while with break and continue, continue
// and break in nested loops, early return from deep inside nested loops,
// loop exits through flags, the comma operator, every compound assignment operator, pre/post
// increment and decrement inside expressions, short-circuit && || and ?:
// with side effects, and loops with several induction variables. The same
// __host__ __device__ functions run on the host as the reference and a
// separately written plain C++ version checks a few.

#include <cstdio>

__host__ __device__ int fallLoop(const int *src, int count) {
  // switch with fall-through inside a loop (a case label may not sit inside
  // a nested statement of the switch, so this is not Duff's device)
  int sum = 0, k = 0;
  while (k < count) {
    switch ((count - k) % 4) {
    case 0: sum += src[k++];
            // fall through
    case 3: sum += src[k++] * 2;
            // fall through
    case 2: sum += src[k++] * 3;
            // fall through
    case 1: sum += src[k++] * 4;
    }
  }
  return sum * 1000 + k;
}

__host__ __device__ int doWhile(int x) {
  int steps = 0;
  do {
    ++steps;
    if (x % 5 == 0) { x += 3; continue; }
    if (x > 1000) break;
    x = (x % 2) ? 3 * x + 1 : x / 2;
  } while (x != 1 && steps < 200);
  return steps * 10000 + x;
}

__host__ __device__ int nested(int t) {
  int acc = 0;
  for (int i = 0; i < 10; ++i) {
    if (i == t % 10) continue;
    for (int j = 0; j < 10; ++j) {
      if (j > i) break;
      if ((i + j) % 3 == 0) continue;
      for (int k = 0; k < 5; ++k) {
        if (k == 3) break;
        acc += i * j + k;
        if (acc > 50 + t * 3)
          return acc * 100 + i * 10 + j;      // early return from 3 levels deep
      }
    }
  }
  return -acc;
}

__host__ __device__ int loopExit(int t) {
  // several exits from one loop: break from a switch-in-loop by flag,
  // return from the middle, and the normal exit
  int i = 0, s = 0;
  bool done = false;
  for (;;) {
    s += i * t;
    switch (i) {
    case 6: done = true; break;
    default: break;
    }
    ++i;
    if (done) break;
  }
  if (s % 2)
    return -s;
  return s;
}

__host__ __device__ long long compound(int t) {
  long long a = t + 1;
  a += 7; a -= 3; a *= 5; a /= 3; a %= 1000;
  a <<= 4; a >>= 2; a |= 0x100; a &= 0x7ff; a ^= 0x55;
  unsigned u = (unsigned)t * 2654435761u;
  u >>= 3; u *= 7u; u -= 12345u; u ^= u >> 11;
  double d = t; d += 0.5; d *= 3; d /= 4; d -= 1;
  return a * 1000000000LL + u % 1000000 + (long long)(d * 8);
}

__host__ __device__ int incdec(int t) {
  int i = t, j = t * 2;
  int a = i++;
  a += ++i;
  a = a * 3 + i++;
  int b = j--;
  b -= --j;
  b += j-- * 2;
  int arr[6] = {1, 2, 3, 4, 5, 6};
  int p = 0;
  arr[p++] += 10;
  arr[++p] *= 3;
  int c = arr[p--];
  c += arr[p];
  return a * 100000 + b * 1000 + c * 10 + p + i - j;
}

__host__ __device__ int shortCircuit(int t, int *sideOut) {
  int calls = 0;
  auto f = [&](int v) { ++calls; return v; };
  int r = 0;
  if (f(t % 2) && f(t % 3)) r += 1;
  if (f(t % 5) || f(t % 7)) r += 2;
  r += (t % 4 == 0) ? f(10) : (f(t % 3) ? 20 : f(30));
  bool z = (t > 100) && (f(1) > 0);
  bool y = (t < 1000) || (f(1) > 0);
  r += z * 1000 + y * 10000;
  *sideOut = calls;
  return r;
}

__host__ __device__ int commaAndMulti(int t) {
  int s = 0;
  for (int i = 0, j = t % 20; i < j; ++i, j -= 2)
    s += i * 10 + j;
  int x = (s++, s += 3, s * 2);
  int y;
  y = 1, y += t;                 // y = 1, then y += t
  return x * 1000 + y + s;
}

__global__ void kernel(const int *src, int *out, long long *lout, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= n)
    return;
  int *o = out + t * 9;
  o[0] = fallLoop(src, t % 23);
  o[1] = doWhile(t + 1);
  o[2] = nested(t);
  o[3] = loopExit(t);
  o[4] = incdec(t);
  int calls;
  o[5] = shortCircuit(t, &calls);
  o[6] = calls;
  o[7] = commaAndMulti(t);
  int w = 0;
  while (true) {
    ++w;
    if (w * w > t) break;
  }
  o[8] = w;
  lout[t] = compound(t);
}

int main() {
  const int n = 300;
  static int src[32];
  for (int k = 0; k < 32; ++k)
    src[k] = k * 7 - 50;
  int *dsrc, *dout;
  long long *dl;
  cudaMalloc(&dsrc, sizeof src);
  cudaMalloc(&dout, n * 9 * sizeof(int));
  cudaMalloc(&dl, n * sizeof(long long));
  cudaMemcpy(dsrc, src, sizeof src, cudaMemcpyHostToDevice);
  kernel<<<(n + 127) / 128, 128>>>(dsrc, dout, dl, n);
  if (cudaGetLastError() != cudaSuccess || cudaDeviceSynchronize() != cudaSuccess) {
    printf("FAIL: launch\n");
    return 1;
  }
  static int out[n * 9];
  static long long lout[n];
  cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
  cudaMemcpy(lout, dl, sizeof lout, cudaMemcpyDeviceToHost);
  for (int t = 0; t < n; ++t) {
    int ref[9], calls;
    ref[0] = fallLoop(src, t % 23);
    ref[1] = doWhile(t + 1);
    ref[2] = nested(t);
    ref[3] = loopExit(t);
    ref[4] = incdec(t);
    ref[5] = shortCircuit(t, &calls);
    ref[6] = calls;
    ref[7] = commaAndMulti(t);
    int w = 1;
    while (w * w <= t) ++w;
    ref[8] = w;
    // independent plain versions of a few
    int c = t % 23, s = 0;
    for (int k = 0; k < c; ++k) s += src[k] * (4 - ((c - k) % 4 == 0 ? 3 : (c - k) % 4 - 1));
    int plainFall = c ? s * 1000 + c : 0;
    int plainExit = (21 * t) % 2 ? -21 * t : 21 * t;
    if (plainFall != ref[0] || plainExit != ref[3]) {
      printf("FAIL: host reference self-check at t=%d (%d vs %d, %d vs %d)\n", t, plainFall, ref[0], plainExit, ref[3]);
      return 1;
    }
    for (int k = 0; k < 9; ++k)
      if (out[t * 9 + k] != ref[k]) {
        printf("FAIL: t=%d field %d: got %d expected %d\n", t, k, out[t * 9 + k], ref[k]);
        return 1;
      }
    if (lout[t] != compound(t)) {
      printf("FAIL: compound t=%d got %lld expected %lld\n", t, lout[t], compound(t));
      return 1;
    }
  }
  printf("PASS\n");
  return 0;
}
