// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// CHECK: PASS

// Pitched memory: cudaMallocPitch + cudaMemcpy2D + a kernel that finds its
// rows through the pitch; cudaMalloc3D + cudaMemset3D + cudaMemcpy3D (whole
// volumes and a sub-box at an offset) + a kernel over the pitched volume.
// Results are compared with the same computation done on the host.

#include <cstdio>
#include <cstring>
#include <vector>

__global__ void scaleRows(float *base, size_t pitch, int width, int height) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= width || y >= height)
    return;
  float *row = (float *)((char *)base + y * pitch);
  row[x] = row[x] * 2.0f + y;
}

__global__ void volumeStep(cudaPitchedPtr vol, int width, int height,
                           int depth) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  int z = blockIdx.z;
  if (x >= width || y >= height || z >= depth)
    return;
  char *slice = (char *)vol.ptr + z * vol.pitch * vol.ysize;
  int *row = (int *)(slice + y * vol.pitch);
  row[x] += x + 10 * y + 100 * z;
}

static int fail(const char *what) {
  printf("FAIL: %s\n", what);
  return 1;
}

#define CHECK(call)                                                            \
  do {                                                                         \
    cudaError_t err_ = (call);                                                 \
    if (err_ != cudaSuccess) {                                                 \
      printf("FAIL: %s: %s\n", #call, cudaGetErrorString(err_));               \
      return 1;                                                                \
    }                                                                          \
  } while (0)

static int test2D() {
  const int w = 37, h = 23;
  std::vector<float> host(w * h), back(w * h), ref(w * h);
  for (int i = 0; i < w * h; ++i)
    host[i] = (i % 17) * 0.25f - 1.0f;
  float *dev;
  size_t pitch;
  CHECK(cudaMallocPitch((void **)&dev, &pitch, w * sizeof(float), h));
  if (pitch < w * sizeof(float))
    return fail("pitch narrower than a row");
  CHECK(cudaMemcpy2D(dev, pitch, host.data(), w * sizeof(float),
                     w * sizeof(float), h, cudaMemcpyHostToDevice));
  dim3 block(16, 8);
  dim3 grid((w + block.x - 1) / block.x, (h + block.y - 1) / block.y);
  scaleRows<<<grid, block>>>(dev, pitch, w, h);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy2D(back.data(), w * sizeof(float), dev, pitch,
                     w * sizeof(float), h, cudaMemcpyDeviceToHost));
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x)
      ref[y * w + x] = host[y * w + x] * 2.0f + y;
  if (memcmp(ref.data(), back.data(), ref.size() * sizeof(float)) != 0)
    return fail("2D kernel result");
  // The padding between rows was not touched by a narrower copy.
  CHECK(cudaMemset2D(dev, pitch, 0, pitch, h));
  CHECK(cudaMemcpy2D(dev, pitch, host.data(), w * sizeof(float),
                     5 * sizeof(float), h, cudaMemcpyHostToDevice));
  std::vector<float> row(pitch / sizeof(float));
  CHECK(cudaMemcpy(row.data(), (char *)dev + 3 * pitch, pitch,
                   cudaMemcpyDeviceToHost));
  if (row[4] != host[3 * w + 4] || row[5] != 0.0f)
    return fail("narrow 2D copy");
  CHECK(cudaFree(dev));
  return 0;
}

static int test3D() {
  const int w = 19, h = 7, d = 5;
  cudaExtent extent = make_cudaExtent(w * sizeof(int), h, d);
  cudaPitchedPtr vol;
  CHECK(cudaMalloc3D(&vol, extent));
  if (vol.pitch < w * sizeof(int) || vol.xsize != w * sizeof(int) ||
      vol.ysize != h)
    return fail("cudaMalloc3D pitched pointer");
  // Every byte 0x01, so each int starts at 0x01010101.
  CHECK(cudaMemset3D(vol, 1, extent));

  std::vector<int> host(w * h * d);
  for (int i = 0; i < w * h * d; ++i)
    host[i] = i * 3 - 50;
  // Copy a 4x3x2 box of the host volume to (2,1,2) of the device volume.
  cudaMemcpy3DParms in = {0};
  in.srcPtr = make_cudaPitchedPtr(host.data(), w * sizeof(int), w, h);
  in.srcPos = make_cudaPos(1 * sizeof(int), 2, 0);
  in.dstPtr = vol;
  in.dstPos = make_cudaPos(2 * sizeof(int), 1, 2);
  in.extent = make_cudaExtent(4 * sizeof(int), 3, 2);
  in.kind = cudaMemcpyHostToDevice;
  CHECK(cudaMemcpy3D(&in));

  dim3 block(8, 4, 1);
  dim3 grid((w + 7) / 8, (h + 3) / 4, d);
  volumeStep<<<grid, block>>>(vol, w, h, d);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());

  std::vector<int> back(w * h * d, 0);
  cudaMemcpy3DParms out = {0};
  out.srcPtr = vol;
  out.dstPtr = make_cudaPitchedPtr(back.data(), w * sizeof(int), w, h);
  out.extent = extent;
  out.kind = cudaMemcpyDeviceToHost;
  CHECK(cudaMemcpy3D(&out));

  for (int z = 0; z < d; ++z)
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x) {
        int v = 0x01010101;
        bool inBox = x >= 2 && x < 6 && y >= 1 && y < 4 && z >= 2 && z < 4;
        if (inBox)
          v = host[((z - 2) * h + (y - 1 + 2)) * w + (x - 2 + 1)];
        v += x + 10 * y + 100 * z;
        if (back[(z * h + y) * w + x] != v) {
          printf("FAIL: volume (%d,%d,%d) = %d, expected %d\n", x, y, z,
                 back[(z * h + y) * w + x], v);
          return 1;
        }
      }
  CHECK(cudaFree(vol.ptr));
  return 0;
}

int main() {
  if (test2D() || test3D())
    return 1;
  printf("PASS\n");
  return 0;
}
