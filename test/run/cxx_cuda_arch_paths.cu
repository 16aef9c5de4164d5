// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// CHECK: PASS

// __CUDA_ARCH__ code paths: __host__ __device__ functions that compute
// different things on the device and on the host, a device-only constant
// chosen by the preprocessor, a __host__ __device__ class whose method
// differs by side, and the same function called from a kernel and from
// host code in one program.

#include <cstdio>

__host__ __device__ int whereAmI() {
#ifdef __CUDA_ARCH__
  return 1;
#else
  return 2;
#endif
}

__host__ __device__ int archValue() {
#if defined(__CUDA_ARCH__)
  return __CUDA_ARCH__ >= 100 ? 1000 : -1;   // any positive architecture number
#else
  return 0;
#endif
}

__host__ __device__ long long mix(int x) {
  long long r = x * 3;
#ifdef __CUDA_ARCH__
  r += 100000;                 // device adds this
  r += threadIdx.x % 2;        // device-only built-in variable
#else
  r -= 100000;                 // host subtracts it
#endif
  return r;
}

struct Side {
  int base;
  __host__ __device__ int tag() const {
#ifdef __CUDA_ARCH__
    return base * 10 + 1;
#else
    return base * 10 + 2;
#endif
  }
};

#ifdef __CUDA_ARCH__
#define SIDE_SCALE 7
#else
#define SIDE_SCALE 5
#endif

__host__ __device__ int scaled(int v) { return v * SIDE_SCALE; }

__global__ void kernel(long long *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  Side s{i};
  out[i * 5 + 0] = whereAmI();
  out[i * 5 + 1] = archValue();
  out[i * 5 + 2] = mix(i);
  out[i * 5 + 3] = s.tag();
  out[i * 5 + 4] = scaled(i);
}

int main() {
  const int n = 128;
  long long *dout;
  cudaMalloc(&dout, n * 5 * sizeof(long long));
  kernel<<<2, 64>>>(dout, n);
  if (cudaGetLastError() != cudaSuccess || cudaDeviceSynchronize() != cudaSuccess) {
    printf("FAIL: launch\n");
    return 1;
  }
  static long long out[n * 5];
  cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
  if (whereAmI() != 2 || archValue() != 0 || mix(5) != 15 - 100000 || Side{3}.tag() != 32 ||
      scaled(3) != 15) {
    printf("FAIL: host side took a device path\n");
    return 1;
  }
  for (int i = 0; i < n; ++i) {
    long long ref[5] = {1, 1000, 3LL * i + 100000 + (i % 64) % 2, i * 10LL + 1, 7LL * i};
    for (int k = 0; k < 5; ++k)
      if (out[i * 5 + k] != ref[k]) {
        printf("FAIL: i=%d field %d: got %lld expected %lld\n", i, k, out[i * 5 + k], ref[k]);
        return 1;
      }
  }
  printf("PASS\n");
  return 0;
}
