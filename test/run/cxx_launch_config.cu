// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// CHECK: PASS

// Launch configurations: <<<grid, block, dynamicShared, stream>>> with a
// user stream and with stream 0, 3D dim3 grids and blocks (every thread
// writes its linearized coordinates), extern __shared__ of several sizes,
// __launch_bounds__ kernels (one and two arguments), several kernels in one
// file launched back to back on one stream, and a launch with 1x1x1.

#include <cstdio>

__global__ void coords3d(int *out) {
  int bx = blockIdx.x, by = blockIdx.y, bz = blockIdx.z;
  int tx = threadIdx.x, ty = threadIdx.y, tz = threadIdx.z;
  int block = (bz * gridDim.y + by) * gridDim.x + bx;
  int thread = (tz * blockDim.y + ty) * blockDim.x + tx;
  int nThreads = blockDim.x * blockDim.y * blockDim.z;
  int g = block * nThreads + thread;
  out[g * 2] = bx * 1000000 + by * 10000 + bz * 100 + tx * 10000000 + ty * 100000000;
  out[g * 2 + 1] = tz + 10 * (int)gridDim.x + 100 * (int)gridDim.y + 1000 * (int)gridDim.z +
                   10000 * (int)blockDim.x + 100000 * (int)blockDim.y + 1000000 * (int)blockDim.z;
}

// reverse each block's chunk through dynamic shared memory of element type T
template <typename T> __global__ void reverseDyn(const T *in, T *out, int n) {
  extern __shared__ unsigned char smemRaw[];
  T *s = reinterpret_cast<T *>(smemRaw);
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  s[threadIdx.x] = i < n ? in[i] : T(-1);
  __syncthreads();
  int j = blockIdx.x * blockDim.x + (blockDim.x - 1 - threadIdx.x);
  if (j < n)
    out[j] = s[threadIdx.x];
}

__global__ void __launch_bounds__(256) scaleLB(float *x, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] *= a;
}
__global__ void __launch_bounds__(128, 4) addLB(float *x, float b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] += b;
}
__global__ void single(int *flag) { *flag = blockDim.x * 100 + gridDim.x * 10 + 7; }

static int check(bool ok, const char *what) {
  if (!ok)
    printf("FAIL: %s\n", what);
  return ok ? 0 : 1;
}

int main() {
  cudaStream_t st;
  if (cudaStreamCreate(&st) != cudaSuccess) {
    printf("FAIL: stream\n");
    return 1;
  }
  dim3 grid(3, 2, 4), block(4, 3, 2);
  const int total = 3 * 2 * 4 * 4 * 3 * 2;
  int *dco;
  cudaMalloc(&dco, total * 2 * sizeof(int));
  coords3d<<<grid, block, 0, st>>>(dco);
  static int co[total * 2];
  // several kernels on the same stream, in order
  const int n = 1000;
  static float x[n];
  for (int i = 0; i < n; ++i)
    x[i] = (float)i;
  float *dx;
  cudaMalloc(&dx, sizeof x);
  cudaMemcpyAsync(dx, x, sizeof x, cudaMemcpyHostToDevice, st);
  scaleLB<<<(n + 255) / 256, 256, 0, st>>>(dx, 2.0f, n);
  addLB<<<(n + 127) / 128, 128, 0, st>>>(dx, 1.0f, n);
  scaleLB<<<dim3((n + 255) / 256), dim3(256), 0, st>>>(dx, -1.0f, n);
  // dynamic shared memory of different sizes, on stream 0 and on st
  static int ii[n], io[n];
  static double di[n], dov[n];
  for (int i = 0; i < n; ++i) {
    ii[i] = i * 3;
    di[i] = i * 0.5;
  }
  int *dii, *dio;
  double *ddi, *ddo;
  cudaMalloc(&dii, sizeof ii); cudaMalloc(&dio, sizeof io);
  cudaMalloc(&ddi, sizeof di); cudaMalloc(&ddo, sizeof dov);
  cudaMemcpy(dii, ii, sizeof ii, cudaMemcpyHostToDevice);
  cudaMemcpy(ddi, di, sizeof di, cudaMemcpyHostToDevice);
  reverseDyn<int><<<(n + 99) / 100, 100, 100 * sizeof(int)>>>(dii, dio, n);
  reverseDyn<double><<<(n + 249) / 250, 250, 250 * sizeof(double), st>>>(ddi, ddo, n);
  int *dflag;
  cudaMalloc(&dflag, sizeof(int));
  single<<<1, 1, 0, st>>>(dflag);
  if (cudaGetLastError() != cudaSuccess || cudaStreamSynchronize(st) != cudaSuccess ||
      cudaDeviceSynchronize() != cudaSuccess) {
    printf("FAIL: launch\n");
    return 1;
  }
  cudaMemcpy(co, dco, sizeof co, cudaMemcpyDeviceToHost);
  cudaMemcpy(x, dx, sizeof x, cudaMemcpyDeviceToHost);
  cudaMemcpy(io, dio, sizeof io, cudaMemcpyDeviceToHost);
  cudaMemcpy(dov, ddo, sizeof dov, cudaMemcpyDeviceToHost);
  int flag;
  cudaMemcpy(&flag, dflag, sizeof flag, cudaMemcpyDeviceToHost);
  int g = 0;
  for (int bz = 0; bz < 4; ++bz)
    for (int by = 0; by < 2; ++by)
      for (int bx = 0; bx < 3; ++bx)
        for (int tz = 0; tz < 2; ++tz)
          for (int ty = 0; ty < 3; ++ty)
            for (int tx = 0; tx < 4; ++tx, ++g) {
              int e0 = bx * 1000000 + by * 10000 + bz * 100 + tx * 10000000 + ty * 100000000;
              int e1 = tz + 10 * 3 + 100 * 2 + 1000 * 4 + 10000 * 4 + 100000 * 3 + 1000000 * 2;
              if (co[g * 2] != e0 || co[g * 2 + 1] != e1) {
                printf("FAIL: coords at linear %d: got %d %d expected %d %d\n", g, co[g * 2], co[g * 2 + 1], e0, e1);
                return 1;
              }
            }
  for (int i = 0; i < n; ++i) {
    if (x[i] != -(2.0f * i + 1.0f))
      return check(false, "stream-ordered kernels");
    int b = i / 100, j = b * 100 + (99 - i % 100);
    if (io[j] != ii[i])
      return check(false, "dynamic shared int");
    int b2 = i / 250, j2 = b2 * 250 + (249 - i % 250);
    if (dov[j2] != di[i])
      return check(false, "dynamic shared double");
  }
  if (check(flag == 117, "1x1 launch"))
    return 1;
  cudaStreamDestroy(st);
  printf("PASS\n");
  return 0;
}
