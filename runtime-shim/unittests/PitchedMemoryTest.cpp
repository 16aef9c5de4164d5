//===- PitchedMemoryTest.cpp - 2D and 3D allocations, copies, fills -------===//

#include "TestUtil.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <vector>

namespace {

TEST(Pitched, MakeHelpers) {
  int x = 0;
  cudaPitchedPtr p = make_cudaPitchedPtr(&x, 512, 100, 7);
  EXPECT_EQ(p.ptr, &x);
  EXPECT_EQ(p.pitch, 512u);
  EXPECT_EQ(p.xsize, 100u);
  EXPECT_EQ(p.ysize, 7u);
  cudaExtent e = make_cudaExtent(3, 4, 5);
  EXPECT_EQ(e.width, 3u);
  EXPECT_EQ(e.height, 4u);
  EXPECT_EQ(e.depth, 5u);
  cudaPos pos = make_cudaPos(6, 7, 8);
  EXPECT_EQ(pos.x, 6u);
  EXPECT_EQ(pos.y, 7u);
  EXPECT_EQ(pos.z, 8u);
}

TEST(Pitched, MallocPitchErrors) {
  size_t pitch = 0;
  void *p = nullptr;
  EXPECT_EQ(cudaMallocPitch(&p, nullptr, 16, 16), cudaErrorInvalidValue);
  EXPECT_EQ(cudaMallocPitch(nullptr, &pitch, 16, 16), cudaErrorInvalidValue);
  EXPECT_EQ(cudaMallocPitch(&p, &pitch, 1 << 20, SIZE_MAX / 1024),
            cudaErrorMemoryAllocation);
  EXPECT_EQ(cudaGetLastError(), cudaErrorMemoryAllocation);
  ASSERT_EQ(cudaMallocPitch(&p, &pitch, 300, 2), cudaSuccess);
  EXPECT_EQ(pitch, 512u);
  EXPECT_EQ(cudaFree(p), cudaSuccess);
}

TEST(Pitched, Malloc3DCopyAndFill) {
  const size_t w = 10, h = 4, d = 3; // floats
  cudaExtent extent = make_cudaExtent(w * sizeof(float), h, d);
  cudaPitchedPtr dev;
  ASSERT_EQ(cudaMalloc3D(&dev, extent), cudaSuccess);
  EXPECT_GE(dev.pitch, w * sizeof(float));
  EXPECT_EQ(dev.pitch % 256, 0u);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(dev.ptr) % 256, 0u);
  EXPECT_EQ(dev.xsize, w * sizeof(float));
  EXPECT_EQ(dev.ysize, h);

  std::vector<float> host(w * h * d), back(w * h * d, -1.0f);
  for (size_t i = 0; i < host.size(); ++i)
    host[i] = static_cast<float>(i) * 0.5f;
  cudaMemcpy3DParms up = {};
  up.srcPtr = make_cudaPitchedPtr(host.data(), w * sizeof(float), w, h);
  up.dstPtr = dev;
  up.extent = extent;
  up.kind = cudaMemcpyHostToDevice;
  ASSERT_EQ(cudaMemcpy3D(&up), cudaSuccess);
  // The rows landed at the pitch.
  for (size_t z = 0; z < d; ++z)
    for (size_t y = 0; y < h; ++y) {
      const float *row = reinterpret_cast<const float *>(
          static_cast<char *>(dev.ptr) + (z * h + y) * dev.pitch);
      for (size_t x = 0; x < w; ++x)
        ASSERT_EQ(row[x], host[(z * h + y) * w + x]);
    }

  // Zero one 2x2x2 box starting at (x=1, y=1, z=1) elements.
  cudaPitchedPtr boxStart = dev;
  boxStart.ptr = static_cast<char *>(dev.ptr) + 1 * h * dev.pitch +
                 1 * dev.pitch + 1 * sizeof(float);
  ASSERT_EQ(cudaMemset3D(boxStart, 0, make_cudaExtent(2 * sizeof(float), 2, 2)),
            cudaSuccess);

  cudaMemcpy3DParms down = {};
  down.srcPtr = dev;
  down.dstPtr = make_cudaPitchedPtr(back.data(), w * sizeof(float), w, h);
  down.extent = extent;
  down.kind = cudaMemcpyDeviceToHost;
  ASSERT_EQ(cudaMemcpy3DAsync(&down, nullptr), cudaSuccess);
  ASSERT_EQ(cudaStreamSynchronize(nullptr), cudaSuccess);
  for (size_t z = 0; z < d; ++z)
    for (size_t y = 0; y < h; ++y)
      for (size_t x = 0; x < w; ++x) {
        bool inBox = z >= 1 && z < 3 && y >= 1 && y < 3 && x >= 1 && x < 3;
        float expect = inBox ? 0.0f : host[(z * h + y) * w + x];
        ASSERT_EQ(back[(z * h + y) * w + x], expect) << x << y << z;
      }
  EXPECT_EQ(cudaFree(dev.ptr), cudaSuccess);
}

TEST(Pitched, Copy3DWithPositions) {
  // Copy a 3x2x2 box from (1,2,1) of one host volume to (0,0,2) of another.
  const size_t w = 5, h = 4, d = 4;
  std::vector<unsigned char> src(w * h * d), dst(w * h * d, 0xEE);
  for (size_t i = 0; i < src.size(); ++i)
    src[i] = static_cast<unsigned char>(i);
  cudaMemcpy3DParms p = {};
  p.srcPtr = make_cudaPitchedPtr(src.data(), w, w, h);
  p.srcPos = make_cudaPos(1, 2, 1);
  p.dstPtr = make_cudaPitchedPtr(dst.data(), w, w, h);
  p.dstPos = make_cudaPos(0, 0, 2);
  p.extent = make_cudaExtent(3, 2, 2);
  p.kind = cudaMemcpyHostToHost;
  ASSERT_EQ(cudaMemcpy3D(&p), cudaSuccess);
  for (size_t z = 0; z < d; ++z)
    for (size_t y = 0; y < h; ++y)
      for (size_t x = 0; x < w; ++x) {
        bool inBox = z >= 2 && y < 2 && x < 3;
        unsigned char expect =
            inBox ? src[((z - 1) * h + (y + 2)) * w + (x + 1)] : 0xEE;
        ASSERT_EQ(dst[(z * h + y) * w + x], expect) << x << y << z;
      }
}

TEST(Pitched, Copy3DErrors) {
  cudaPitchedPtr dev;
  ASSERT_EQ(cudaMalloc3D(&dev, make_cudaExtent(64, 4, 4)), cudaSuccess);
  std::vector<char> host(64 * 4 * 4);
  cudaMemcpy3DParms p = {};
  p.srcPtr = make_cudaPitchedPtr(host.data(), 64, 64, 4);
  p.dstPtr = dev;
  p.extent = make_cudaExtent(64, 4, 4);
  p.kind = cudaMemcpyHostToDevice;
  ASSERT_EQ(cudaMemcpy3D(&p), cudaSuccess);

  EXPECT_EQ(cudaMemcpy3D(nullptr), cudaErrorInvalidValue);
  cudaMemcpy3DParms q = p;
  q.kind = static_cast<cudaMemcpyKind>(9);
  EXPECT_EQ(cudaMemcpy3D(&q), cudaErrorInvalidMemcpyDirection);
  // CUDA arrays are the texture support's; not taken here.
  q = p;
  q.dstArray = reinterpret_cast<cudaArray_t>(&host[0]);
  EXPECT_EQ(cudaMemcpy3D(&q), cudaErrorInvalidValue);
  // A row wider than the source pitch, or reaching past it from srcPos.x.
  q = p;
  q.srcPtr.pitch = 32;
  EXPECT_EQ(cudaMemcpy3D(&q), cudaErrorInvalidPitchValue);
  q = p;
  q.srcPos = make_cudaPos(1, 0, 0);
  EXPECT_EQ(cudaMemcpy3D(&q), cudaErrorInvalidPitchValue);
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidPitchValue);
  // More rows than a slice holds.
  q = p;
  q.srcPtr.ysize = 2;
  EXPECT_EQ(cudaMemcpy3D(&q), cudaErrorInvalidValue);
  // Past the end of the device allocation.
  q = p;
  q.dstPos = make_cudaPos(0, 0, 1);
  q.srcPtr = make_cudaPitchedPtr(host.data(), 64, 64, 4);
  EXPECT_EQ(cudaMemcpy3D(&q), cudaErrorInvalidValue);
  // Null pointers with a non-empty extent; an empty extent is fine.
  q = p;
  q.srcPtr.ptr = nullptr;
  EXPECT_EQ(cudaMemcpy3D(&q), cudaErrorInvalidValue);
  q.extent = make_cudaExtent(0, 4, 4);
  EXPECT_EQ(cudaMemcpy3D(&q), cudaSuccess);
  // Async: a bad stream is an invalid handle.
  EXPECT_EQ(cudaMemcpy3DAsync(&p, reinterpret_cast<cudaStream_t>(0x5678)),
            cudaErrorInvalidResourceHandle);
#ifndef CUCPU_TEST_GPU_RUNTIME
  // Device memory named as such must be device memory (on a GPU, with
  // unified addressing, the driver copies whatever the kind says).
  q = p;
  q.kind = cudaMemcpyDeviceToDevice;
  EXPECT_EQ(cudaMemcpy3D(&q), cudaErrorInvalidValue);
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidValue);
#endif
  EXPECT_EQ(cudaFree(dev.ptr), cudaSuccess);
}

TEST(Pitched, Copy3DPeer) {
  cudaPitchedPtr a, b;
  ASSERT_EQ(cudaMalloc3D(&a, make_cudaExtent(16, 2, 2)), cudaSuccess);
  ASSERT_EQ(cudaMalloc3D(&b, make_cudaExtent(16, 2, 2)), cudaSuccess);
  ASSERT_EQ(cudaMemset3D(a, 7, make_cudaExtent(16, 2, 2)), cudaSuccess);
  ASSERT_EQ(cudaMemset3D(b, 0, make_cudaExtent(16, 2, 2)), cudaSuccess);
  cudaMemcpy3DPeerParms p = {};
  p.srcPtr = a;
  p.dstPtr = b;
  p.extent = make_cudaExtent(16, 2, 2);
  p.dstDevice = 1;
  EXPECT_EQ(cudaMemcpy3DPeer(&p), cudaErrorInvalidDevice);
  p.dstDevice = 0;
  ASSERT_EQ(cudaMemcpy3DPeerAsync(&p), cudaSuccess);
  ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  const char *row = static_cast<const char *>(b.ptr) + 3 * b.pitch;
  EXPECT_EQ(row[15], 7);
  EXPECT_EQ(cudaFree(a.ptr), cudaSuccess);
  EXPECT_EQ(cudaFree(b.ptr), cudaSuccess);
  cudaGetLastError();
}

TEST(Pitched, Memset2DAndErrors) {
  unsigned char *d = nullptr;
  size_t pitch = 0;
  ASSERT_EQ(cudaMallocPitch(&d, &pitch, 20, 3), cudaSuccess);
  ASSERT_EQ(cudaMemset(d, 0, pitch * 3), cudaSuccess);
  ASSERT_EQ(cudaMemset2D(d, pitch, 0x11, 20, 3), cudaSuccess);
  ASSERT_EQ(cudaMemset2DAsync(d + 5, pitch, 0x22, 3, 2, nullptr),
            cudaSuccess);
  ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  for (size_t y = 0; y < 3; ++y)
    for (size_t x = 0; x < pitch; ++x) {
      unsigned char expect = 0;
      if (x < 20)
        expect = (y < 2 && x >= 5 && x < 8) ? 0x22 : 0x11;
      ASSERT_EQ(d[y * pitch + x], expect) << x << "," << y;
    }
  // Fills report bad pitches as invalid values; one row needs no pitch.
  EXPECT_EQ(cudaMemset2D(d, 8, 0, 20, 2), cudaErrorInvalidValue);
  EXPECT_EQ(cudaMemset2D(d, 8, 0x33, 20, 1), cudaSuccess);
  EXPECT_EQ(d[19], 0x33);
  EXPECT_EQ(cudaMemset2D(d, pitch, 0, 20, 4), cudaErrorInvalidValue);
  EXPECT_EQ(cudaMemset2D(nullptr, pitch, 0, 20, 1), cudaErrorInvalidValue);
  EXPECT_EQ(cudaMemset3D(make_cudaPitchedPtr(d, 8, 20, 3), 0,
                         make_cudaExtent(20, 2, 1)),
            cudaErrorInvalidValue);
  EXPECT_EQ(cudaMemset3D(make_cudaPitchedPtr(d, pitch, 20, 1), 0,
                         make_cudaExtent(20, 2, 2)),
            cudaErrorInvalidValue);
  EXPECT_EQ(cudaMemset2DAsync(d, pitch, 0, 20, 1,
                              reinterpret_cast<cudaStream_t>(0x77)),
            cudaErrorInvalidResourceHandle);
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidResourceHandle);
  EXPECT_EQ(cudaFree(d), cudaSuccess);
}

TEST(Pitched, Copy2DPitchLimits) {
  char a[64], b[64];
  EXPECT_EQ(cudaMemcpy2D(a, 8, b, 4, 8, 2, cudaMemcpyHostToHost),
            cudaErrorInvalidPitchValue);
  EXPECT_EQ(cudaMemcpy2D(a, size_t(1) << 32, b, 8, 8, 1,
                         cudaMemcpyHostToHost),
            cudaErrorInvalidPitchValue);
  EXPECT_EQ(cudaMemcpy2D(a, 8, b, 8, 8, 2, static_cast<cudaMemcpyKind>(-1)),
            cudaErrorInvalidMemcpyDirection);
  EXPECT_EQ(cudaMemcpy2DAsync(a, 8, b, 8, 8, 2, cudaMemcpyHostToHost,
                              reinterpret_cast<cudaStream_t>(0x99)),
            cudaErrorInvalidResourceHandle);
  for (int i = 0; i < 64; ++i)
    b[i] = static_cast<char>(i);
  std::memset(a, 0, sizeof a);
  ASSERT_EQ(cudaMemcpy2D(a, 16, b, 8, 4, 3, cudaMemcpyHostToHost),
            cudaSuccess);
  EXPECT_EQ(a[16], 8);
  EXPECT_EQ(a[35], 19);
  EXPECT_EQ(a[4], 0);
  cudaGetLastError();
}

} // namespace
