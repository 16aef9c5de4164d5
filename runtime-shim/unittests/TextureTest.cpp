//===- TextureTest.cpp - CUDA arrays, texture references and objects ------===//
//
// Texture.cpp is in both runtimes: these tests run against the CPU runtime,
// and (built with CUCPU_TEST_GPU_RUNTIME) against the GPU runtime over the
// fake driver of unittests/gpu/FakeDriver.cpp, whose device memory is host
// memory that the tests can read.
//
//===----------------------------------------------------------------------===//

#include "TestUtil.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <vector>

namespace {

//===----------------------------------------------------------------------===//
// Channel formats
//===----------------------------------------------------------------------===//

bool sameDesc(const cudaChannelFormatDesc &a, const cudaChannelFormatDesc &b) {
  return a.x == b.x && a.y == b.y && a.z == b.z && a.w == b.w && a.f == b.f;
}

TEST(Texture, ChannelDescriptors) {
  cudaChannelFormatDesc d =
      cudaCreateChannelDesc(8, 8, 0, 0, cudaChannelFormatKindUnsigned);
  EXPECT_EQ(d.x, 8);
  EXPECT_EQ(d.y, 8);
  EXPECT_EQ(d.z, 0);
  EXPECT_EQ(d.w, 0);
  EXPECT_EQ(d.f, cudaChannelFormatKindUnsigned);
  EXPECT_TRUE(sameDesc(cudaCreateChannelDesc<uchar2>(), d));
  EXPECT_TRUE(sameDesc(
      cudaCreateChannelDesc<float4>(),
      cudaCreateChannelDesc(32, 32, 32, 32, cudaChannelFormatKindFloat)));
  EXPECT_TRUE(sameDesc(
      cudaCreateChannelDesc<short>(),
      cudaCreateChannelDesc(16, 0, 0, 0, cudaChannelFormatKindSigned)));
  EXPECT_TRUE(sameDesc(
      cudaCreateChannelDesc<unsigned int>(),
      cudaCreateChannelDesc(32, 0, 0, 0, cudaChannelFormatKindUnsigned)));
  EXPECT_TRUE(
      sameDesc(cudaCreateChannelDesc<char4>(),
               cudaCreateChannelDesc(8, 8, 8, 8, cudaChannelFormatKindSigned)));
  EXPECT_TRUE(sameDesc(
      cudaCreateChannelDescHalf2(),
      cudaCreateChannelDesc(16, 16, 0, 0, cudaChannelFormatKindFloat)));
  // Types without a texel format.
  EXPECT_TRUE(
      sameDesc(cudaCreateChannelDesc<double>(),
               cudaCreateChannelDesc(0, 0, 0, 0, cudaChannelFormatKindNone)));
  // texture<> starts with its element type's format and CUDA's defaults.
  texture<ushort4, 2, cudaReadModeNormalizedFloat> t;
  EXPECT_TRUE(sameDesc(t.channelDesc, cudaCreateChannelDesc<ushort4>()));
  EXPECT_EQ(t.normalized, 0);
  EXPECT_EQ(t.filterMode, cudaFilterModePoint);
  EXPECT_EQ(t.addressMode[2], cudaAddressModeClamp);
  texture<float> u(1, cudaFilterModeLinear, cudaAddressModeWrap);
  EXPECT_EQ(u.normalized, 1);
  EXPECT_EQ(u.filterMode, cudaFilterModeLinear);
  EXPECT_EQ(u.addressMode[1], cudaAddressModeWrap);
}

//===----------------------------------------------------------------------===//
// Arrays
//===----------------------------------------------------------------------===//

TEST(Texture, ArrayAllocationAndInfo) {
  cudaChannelFormatDesc desc = cudaCreateChannelDesc<float2>();
  cudaArray_t a1 = nullptr, a2 = nullptr, a3 = nullptr;
  ASSERT_EQ(cudaMallocArray(&a1, &desc, 100), cudaSuccess);
  ASSERT_EQ(cudaMallocArray(&a2, &desc, 30, 20, cudaArraySurfaceLoadStore),
            cudaSuccess);
  ASSERT_EQ(cudaMalloc3DArray(&a3, &desc, make_cudaExtent(8, 6, 4)),
            cudaSuccess);
  cudaChannelFormatDesc got;
  cudaExtent extent;
  unsigned flags = 99;
  ASSERT_EQ(cudaArrayGetInfo(&got, &extent, &flags, a1), cudaSuccess);
  EXPECT_TRUE(sameDesc(got, desc));
  EXPECT_EQ(extent.width, 100u);
  EXPECT_EQ(extent.height, 0u);
  EXPECT_EQ(extent.depth, 0u);
  EXPECT_EQ(flags, 0u);
  ASSERT_EQ(cudaArrayGetInfo(nullptr, &extent, &flags, a2), cudaSuccess);
  EXPECT_EQ(extent.width, 30u);
  EXPECT_EQ(extent.height, 20u);
  EXPECT_EQ(extent.depth, 0u);
  EXPECT_EQ(flags, unsigned(cudaArraySurfaceLoadStore));
  ASSERT_EQ(cudaArrayGetInfo(nullptr, &extent, nullptr, a3), cudaSuccess);
  EXPECT_EQ(extent.depth, 4u);
  ASSERT_EQ(cudaGetChannelDesc(&got, a3), cudaSuccess);
  EXPECT_TRUE(sameDesc(got, desc));
  EXPECT_EQ(cudaFreeArray(a1), cudaSuccess);
  EXPECT_EQ(cudaFreeArray(a2), cudaSuccess);
  EXPECT_EQ(cudaFreeArray(a3), cudaSuccess);
  // Freed arrays are unknown.
  EXPECT_EQ(cudaFreeArray(a1), cudaErrorInvalidValue);
  EXPECT_EQ(cudaGetChannelDesc(&got, a1), cudaErrorInvalidValue);
  EXPECT_EQ(cudaArrayGetInfo(&got, &extent, &flags, a2), cudaErrorInvalidValue);
  EXPECT_EQ(cudaFreeArray(nullptr), cudaSuccess);
  cudaGetLastError();
}

TEST(Texture, InvalidArrays) {
  cudaChannelFormatDesc desc = cudaCreateChannelDesc<int>();
  cudaArray_t a = nullptr;
  EXPECT_EQ(cudaMallocArray(nullptr, &desc, 4), cudaErrorInvalidValue);
  EXPECT_EQ(cudaMallocArray(&a, nullptr, 4), cudaErrorInvalidValue);
  EXPECT_EQ(cudaMallocArray(&a, &desc, 0), cudaErrorInvalidValue);
  EXPECT_EQ(cudaMallocArray(&a, &desc, 70000, 2), cudaErrorInvalidValue);
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidValue);
  // Malformed formats: odd sizes, three channels, mixed sizes, 8-bit floats,
  // channels after a missing one, no kind.
  const cudaChannelFormatDesc bad[] = {
      cudaCreateChannelDesc(7, 0, 0, 0, cudaChannelFormatKindSigned),
      cudaCreateChannelDesc(8, 8, 8, 0, cudaChannelFormatKindUnsigned),
      cudaCreateChannelDesc(16, 8, 0, 0, cudaChannelFormatKindUnsigned),
      cudaCreateChannelDesc(8, 0, 0, 0, cudaChannelFormatKindFloat),
      cudaCreateChannelDesc(32, 0, 32, 0, cudaChannelFormatKindFloat),
      cudaCreateChannelDesc(32, 0, 0, 0, cudaChannelFormatKindNone),
      cudaCreateChannelDesc(0, 0, 0, 0, cudaChannelFormatKindFloat)};
  for (const cudaChannelFormatDesc &d : bad)
    EXPECT_EQ(cudaMallocArray(&a, &d, 4), cudaErrorInvalidChannelDescriptor)
        << d.x << " " << d.y << " " << d.z << " " << d.w << " " << d.f;
  // A depth without a height, and layered arrays (no fetch functions).
  EXPECT_EQ(cudaMalloc3DArray(&a, &desc, make_cudaExtent(4, 0, 2)),
            cudaErrorInvalidValue);
  EXPECT_EQ(
      cudaMalloc3DArray(&a, &desc, make_cudaExtent(4, 4, 2), cudaArrayLayered),
      cudaErrorNotSupported);
  EXPECT_EQ(cudaMallocArray(&a, &desc, 4, 4, 0x100), cudaErrorInvalidValue);
  int local = 0;
  EXPECT_EQ(cudaFreeArray(reinterpret_cast<cudaArray_t>(&local)),
            cudaErrorInvalidValue);
  cudaGetLastError();
}

TEST(Texture, ArrayCopies) {
  // 6 x 4 shorts; cudaMemcpyToArray fills rows after rows.
  cudaChannelFormatDesc desc = cudaCreateChannelDesc<short>();
  cudaArray_t a = nullptr;
  ASSERT_EQ(cudaMallocArray(&a, &desc, 6, 4), cudaSuccess);
  std::vector<short> all(24);
  for (int i = 0; i < 24; ++i)
    all[i] = short(i * 11 - 100);
  ASSERT_EQ(cudaMemcpyToArray(a, 0, 0, all.data(), 48, cudaMemcpyHostToDevice),
            cudaSuccess);
  // Read back from (column 2, row 1): the rest of row 1 and row 2.
  std::vector<short> part(10, 0);
  ASSERT_EQ(cudaMemcpyFromArray(part.data(), a, 2 * sizeof(short), 1, 20,
                                cudaMemcpyDeviceToHost),
            cudaSuccess);
  for (int i = 0; i < 10; ++i)
    EXPECT_EQ(part[i], all[6 + 2 + i]);
  // A 3 x 2 block at (column 1, row 2), from a pitched source.
  short block[2][5] = {{1, 2, 3, -1, -1}, {4, 5, 6, -1, -1}};
  ASSERT_EQ(cudaMemcpy2DToArray(a, sizeof(short), 2, block, sizeof block[0],
                                3 * sizeof(short), 2, cudaMemcpyHostToDevice),
            cudaSuccess);
  short whole[4][7];
  std::memset(whole, 0, sizeof whole);
  ASSERT_EQ(cudaMemcpy2DFromArray(whole, sizeof whole[0], a, 0, 0,
                                  6 * sizeof(short), 4, cudaMemcpyDefault),
            cudaSuccess);
  for (int y = 0; y < 4; ++y)
    for (int x = 0; x < 6; ++x) {
      short want = all[y * 6 + x];
      if (y >= 2 && x >= 1 && x <= 3)
        want = block[y - 2][x - 1];
      EXPECT_EQ(whole[y][x], want) << x << "," << y;
    }
  EXPECT_EQ(whole[0][6], 0) << "past the copied width";

  // Array to array.
  cudaArray_t b = nullptr;
  ASSERT_EQ(cudaMallocArray(&b, &desc, 24), cudaSuccess);
  ASSERT_EQ(cudaMemcpyArrayToArray(b, 0, 0, a, 0, 2, 12), cudaSuccess);
  short two[6];
  ASSERT_EQ(cudaMemcpyFromArray(two, b, 0, 0, 12, cudaMemcpyDeviceToHost),
            cudaSuccess);
  for (int x = 0; x < 6; ++x)
    EXPECT_EQ(two[x], whole[2][x]);

  // Out of range, wrong directions, bad pitches, null pointers.
  EXPECT_EQ(cudaMemcpyToArray(a, 0, 0, all.data(), 50, cudaMemcpyHostToDevice),
            cudaErrorInvalidValue);
  EXPECT_EQ(cudaMemcpyToArray(a, 12, 0, all.data(), 2, cudaMemcpyHostToDevice),
            cudaErrorInvalidValue);
  EXPECT_EQ(
      cudaMemcpyFromArray(part.data(), a, 0, 4, 2, cudaMemcpyDeviceToHost),
      cudaErrorInvalidValue);
  EXPECT_EQ(
      cudaMemcpy2DToArray(a, 8, 0, block, 10, 6, 1, cudaMemcpyHostToDevice),
      cudaErrorInvalidValue);
  EXPECT_EQ(
      cudaMemcpy2DToArray(a, 0, 3, block, 10, 6, 2, cudaMemcpyHostToDevice),
      cudaErrorInvalidValue);
  EXPECT_EQ(cudaMemcpyToArray(a, 0, 0, all.data(), 2, cudaMemcpyDeviceToHost),
            cudaErrorInvalidMemcpyDirection);
  EXPECT_EQ(
      cudaMemcpyFromArray(part.data(), a, 0, 0, 2, cudaMemcpyHostToDevice),
      cudaErrorInvalidMemcpyDirection);
  EXPECT_EQ(
      cudaMemcpy2DToArray(a, 0, 0, block, 4, 6, 2, cudaMemcpyHostToDevice),
      cudaErrorInvalidPitchValue);
  EXPECT_EQ(
      cudaMemcpy2DFromArray(whole, 4, a, 0, 0, 6, 2, cudaMemcpyDeviceToHost),
      cudaErrorInvalidPitchValue);
  EXPECT_EQ(cudaMemcpyToArray(a, 0, 0, nullptr, 2, cudaMemcpyHostToDevice),
            cudaErrorInvalidValue);
  EXPECT_EQ(
      cudaMemcpyToArray(nullptr, 0, 0, all.data(), 2, cudaMemcpyHostToDevice),
      cudaErrorInvalidValue);
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidValue);
  EXPECT_EQ(cudaFreeArray(a), cudaSuccess);
  EXPECT_EQ(cudaFreeArray(b), cudaSuccess);
}

TEST(Texture, AsyncArrayCopies) {
  cudaChannelFormatDesc desc = cudaCreateChannelDesc<int>();
  cudaArray_t a = nullptr;
  ASSERT_EQ(cudaMallocArray(&a, &desc, 4, 3), cudaSuccess);
  cudaStream_t s;
  ASSERT_EQ(cudaStreamCreate(&s), cudaSuccess);
  int in[3][4] = {{1, 2, 3, 4}, {5, 6, 7, 8}, {9, 10, 11, 12}};
  int out[12] = {};
  int row[4] = {};
  int cell = 0;
  ASSERT_EQ(cudaMemcpy2DToArrayAsync(a, 0, 0, in, sizeof in[0], sizeof in[0], 3,
                                     cudaMemcpyHostToDevice, s),
            cudaSuccess);
  ASSERT_EQ(cudaMemcpyToArrayAsync(a, sizeof(int), 1, &in[2][0], sizeof(int),
                                   cudaMemcpyHostToDevice, s),
            cudaSuccess);
  ASSERT_EQ(cudaMemcpyFromArrayAsync(out, a, 0, 0, sizeof out,
                                     cudaMemcpyDeviceToHost, s),
            cudaSuccess);
  ASSERT_EQ(cudaMemcpy2DFromArrayAsync(row, sizeof row, a, 0, 2, sizeof row, 1,
                                       cudaMemcpyDeviceToHost, s),
            cudaSuccess);
  ASSERT_EQ(cudaMemcpyFromArrayAsync(&cell, a, 3 * sizeof(int), 0, sizeof(int),
                                     cudaMemcpyDeviceToHost),
            cudaSuccess);
  ASSERT_EQ(cudaStreamSynchronize(s), cudaSuccess);
  ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  for (int i = 0; i < 12; ++i)
    EXPECT_EQ(out[i], i == 5 ? 9 : i + 1);
  for (int i = 0; i < 4; ++i)
    EXPECT_EQ(row[i], 9 + i);
  EXPECT_EQ(cell, 4);
  // A destroyed stream is refused before anything is queued.
  ASSERT_EQ(cudaStreamDestroy(s), cudaSuccess);
  EXPECT_EQ(cudaMemcpyToArrayAsync(a, 0, 0, in, 4, cudaMemcpyHostToDevice, s),
            cudaErrorInvalidResourceHandle);
  EXPECT_EQ(cudaMemcpy2DFromArrayAsync(row, 16, a, 0, 0, 16, 1,
                                       cudaMemcpyDeviceToHost, s),
            cudaErrorInvalidResourceHandle);
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidResourceHandle);
  EXPECT_EQ(cudaFreeArray(a), cudaSuccess);
}

TEST(Texture, Memcpy3D) {
  cudaChannelFormatDesc desc = cudaCreateChannelDesc<float>();
  cudaArray_t a = nullptr;
  ASSERT_EQ(cudaMalloc3DArray(&a, &desc, make_cudaExtent(5, 4, 3)),
            cudaSuccess);
  // Source: 5 x 4 x 3 floats in rows of 8 (pitch 32 bytes).
  std::vector<float> src(8 * 4 * 3, -1.0f);
  for (int z = 0; z < 3; ++z)
    for (int y = 0; y < 4; ++y)
      for (int x = 0; x < 5; ++x)
        src[(z * 4 + y) * 8 + x] = float(100 * z + 10 * y + x);
  cudaMemcpy3DParms p;
  std::memset(&p, 0, sizeof p);
  p.srcPtr = make_cudaPitchedPtr(src.data(), 8 * sizeof(float), 5, 4);
  p.dstArray = a;
  p.extent = make_cudaExtent(5, 4, 3);
  p.kind = cudaMemcpyHostToDevice;
  ASSERT_EQ(cudaMemcpy3D(&p), cudaSuccess);
  // A 2 x 2 x 2 box at (1, 2, 1) of the array into pitched memory at byte
  // 4 of row 1.
  std::vector<float> dst(3 * 3 * 2, 0.0f);
  std::memset(&p, 0, sizeof p);
  p.srcArray = a;
  p.srcPos = make_cudaPos(1, 2, 1);
  p.dstPtr = make_cudaPitchedPtr(dst.data(), 3 * sizeof(float), 3, 3);
  p.dstPos = make_cudaPos(sizeof(float), 1, 0);
  p.extent = make_cudaExtent(2, 2, 2);
  p.kind = cudaMemcpyDeviceToHost;
  ASSERT_EQ(cudaMemcpy3DAsync(&p, 0), cudaSuccess);
  ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  for (int z = 0; z < 2; ++z)
    for (int y = 0; y < 3; ++y)
      for (int x = 0; x < 3; ++x) {
        float want = 0.0f;
        if (y >= 1 && x >= 1)
          want = float(100 * (z + 1) + 10 * (y - 1 + 2) + (x - 1 + 1));
        EXPECT_EQ(dst[(z * 3 + y) * 3 + x], want) << x << y << z;
      }
  // Both an array and a pointer, neither, out of range, bad direction.
  p.srcPtr = make_cudaPitchedPtr(src.data(), 32, 5, 4);
  EXPECT_EQ(cudaMemcpy3D(&p), cudaErrorInvalidValue);
  p.srcPtr = make_cudaPitchedPtr(nullptr, 0, 0, 0);
  p.srcArray = nullptr;
  EXPECT_EQ(cudaMemcpy3D(&p), cudaErrorInvalidValue);
  p.srcArray = a;
  p.srcPos = make_cudaPos(4, 0, 0);
  EXPECT_EQ(cudaMemcpy3D(&p), cudaErrorInvalidValue);
  p.srcPos = make_cudaPos(0, 0, 2);
  EXPECT_EQ(cudaMemcpy3D(&p), cudaErrorInvalidValue);
  p.srcPos = make_cudaPos(0, 0, 0);
  p.kind = static_cast<cudaMemcpyKind>(9);
  EXPECT_EQ(cudaMemcpy3D(&p), cudaErrorInvalidMemcpyDirection);
  EXPECT_EQ(cudaMemcpy3D(nullptr), cudaErrorInvalidValue);
  cudaGetLastError();
  EXPECT_EQ(cudaFreeArray(a), cudaSuccess);
}

//===----------------------------------------------------------------------===//
// Texture references
//===----------------------------------------------------------------------===//

#ifdef CUCPU_TEST_GPU_RUNTIME
/// The fake driver's module global `name` (every name has one).
extern "C" void *fakeCudaGlobal(const char *name);
#endif

// A texture reference as a host object and a device object see it: the host
// shadow (registered with __cudaRegisterTexture) and the device storage
// (registered with __cucpu_register_var under the same name on the CPU; on
// the GPU, the loaded module's variable of that name).
template <class T, int dim, cudaTextureReadMode mode> struct FakeReference {
  texture<T, dim, mode> shadow;
  texture<T, dim, mode> &storage;
  FakeReference(const char *name, bool withStorage = true)
      : storage(storageFor(name)) {
    static void **handle = __cudaRegisterFatBinary(nullptr);
    __cudaRegisterTexture(
        handle, &shadow,
        reinterpret_cast<const void **>(const_cast<char *>(name)), name, dim,
        mode, 0);
#ifndef CUCPU_TEST_GPU_RUNTIME
    if (withStorage)
      __cucpu_register_var(name, &storage, sizeof storage);
#endif
  }
  const __cucpu_texture &bound() const { return storage.__cucpuTex; }

  static texture<T, dim, mode> &storageFor(const char *name) {
#ifdef CUCPU_TEST_GPU_RUNTIME
    return *static_cast<texture<T, dim, mode> *>(fakeCudaGlobal(name));
#else
    (void)name;
    return *new texture<T, dim, mode>;
#endif
  }
};

TEST(Texture, BindLinearMemory) {
  static FakeReference<float, 1, cudaReadModeElementType> ref("texBindLinear");
  float *d = nullptr;
  ASSERT_EQ(cudaMalloc(&d, 100 * sizeof(float)), cudaSuccess);
  size_t offset = 77;
  ASSERT_EQ(cudaBindTexture(&offset, ref.shadow, d, 40 * sizeof(float)),
            cudaSuccess);
  EXPECT_EQ(offset, 0u);
  const __cucpu_texture &t = ref.bound();
  EXPECT_EQ(t.data, reinterpret_cast<const char *>(d));
  EXPECT_EQ(t.width, 40);
  EXPECT_EQ(t.height, 1);
  EXPECT_EQ(t.texelSize, 4);
  EXPECT_EQ(t.format, __cucpu_texel_f32);
  EXPECT_EQ(t.channels, 1);
  EXPECT_EQ(t.readNormalized, 0);
  EXPECT_EQ(t.fastCode, __cucpu_texel_f32 | 1 << 4);
  // The shadow is not the device's copy.
  EXPECT_EQ(ref.shadow.__cucpuTex.data, nullptr);

  // A misaligned pointer: the texture starts at the aligned address before
  // it, and the default size reaches the end of the allocation.
  ASSERT_EQ(cudaBindTexture(&offset, ref.shadow, d + 5), cudaSuccess);
  EXPECT_EQ(offset, 5 * sizeof(float));
  EXPECT_EQ(t.data, reinterpret_cast<const char *>(d));
  EXPECT_EQ(t.width, 100);
  size_t queried = 0;
  ASSERT_EQ(cudaGetTextureAlignmentOffset(&queried, ref.shadow), cudaSuccess);
  EXPECT_EQ(queried, offset);
  EXPECT_EQ(cudaBindTexture(nullptr, ref.shadow, d + 5, 4),
            cudaErrorInvalidValue)
      << "a misaligned pointer needs the offset out-parameter";
  EXPECT_EQ(
      cudaBindTexture(&offset, ref.shadow, reinterpret_cast<char *>(d) + 2, 4),
      cudaErrorInvalidValue)
      << "the offset must be whole texels";

  // Unbinding clears the device's copy; the offset is then unknown.
  ASSERT_EQ(cudaUnbindTexture(ref.shadow), cudaSuccess);
  EXPECT_EQ(t.data, nullptr);
  EXPECT_EQ(t.width, 0);
  EXPECT_EQ(cudaGetTextureAlignmentOffset(&queried, ref.shadow),
            cudaErrorInvalidTextureBinding);
  EXPECT_EQ(cudaGetTextureAlignmentOffset(nullptr, ref.shadow),
            cudaErrorInvalidValue);
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidValue);
  EXPECT_EQ(cudaFree(d), cudaSuccess);
}

TEST(Texture, BindAttributesAndFormats) {
  static FakeReference<uchar4, 2, cudaReadModeNormalizedFloat> ref(
      "texBindAttributes");
  uchar4 *d = nullptr;
  size_t pitch = 0;
  ASSERT_EQ(cudaMallocPitch(&d, &pitch, 10 * sizeof(uchar4), 6), cudaSuccess);
  // Attributes set on the shadow before binding are the binding's. Wrap and
  // mirror need normalized coordinates (clamp otherwise).
  ref.shadow.filterMode = cudaFilterModeLinear;
  ref.shadow.addressMode[0] = cudaAddressModeWrap;
  ref.shadow.addressMode[1] = cudaAddressModeBorder;
  ASSERT_EQ(cudaBindTexture2D(nullptr, ref.shadow, d, 10, 6, pitch),
            cudaSuccess);
  const __cucpu_texture &t = ref.bound();
  EXPECT_EQ(t.width, 10);
  EXPECT_EQ(t.height, 6);
  EXPECT_EQ(t.pitch, pitch);
  EXPECT_EQ(t.format, __cucpu_texel_u8);
  EXPECT_EQ(t.channels, 4);
  EXPECT_EQ(t.texelSize, 4);
  EXPECT_EQ(t.readNormalized, 1);
  EXPECT_EQ(t.linearFilter, 1);
  EXPECT_EQ(t.normalizedCoords, 0);
  EXPECT_EQ(t.addressMode[0], cudaAddressModeClamp);
  EXPECT_EQ(t.addressMode[1], cudaAddressModeBorder);
  // The public attributes reach the device's copy too.
  EXPECT_EQ(ref.storage.filterMode, cudaFilterModeLinear);
  ref.shadow.normalized = 1;
  ASSERT_EQ(cudaBindTexture2D(nullptr, ref.shadow, d, 10, 6, pitch),
            cudaSuccess);
  EXPECT_EQ(t.normalizedCoords, 1);
  EXPECT_EQ(t.addressMode[0], cudaAddressModeWrap);
  EXPECT_EQ(ref.storage.normalized, 1);

  // Bad 2D bindings: a pitch that is not a multiple of 32 or too small for
  // the width, no height.
  EXPECT_EQ(cudaBindTexture2D(nullptr, ref.shadow, d, 10, 6, 40),
            cudaErrorInvalidValue);
  EXPECT_EQ(cudaBindTexture2D(nullptr, ref.shadow, d, 10, 6, 32),
            cudaErrorInvalidValue);
  EXPECT_EQ(cudaBindTexture2D(nullptr, ref.shadow, d, 10, 0, pitch),
            cudaErrorInvalidValue);
  EXPECT_EQ(cudaBindTexture2D(nullptr, ref.shadow, nullptr, 10, 6, pitch),
            cudaErrorInvalidValue);
  // Bad channel formats.
  cudaChannelFormatDesc bad =
      cudaCreateChannelDesc(8, 8, 8, 0, cudaChannelFormatKindUnsigned);
  EXPECT_EQ(cudaBindTexture2D(nullptr, ref.shadow, d, bad, 10, 6, pitch),
            cudaErrorInvalidChannelDescriptor);
  EXPECT_EQ(cudaBindTexture(nullptr, &ref.shadow, d, nullptr, 16),
            cudaErrorInvalidValue);
  cudaGetLastError();
  EXPECT_EQ(cudaFree(d), cudaSuccess);
}

TEST(Texture, FilterAndReadModeRestrictions) {
  // Linear filtering needs float results; 32-bit integers cannot be read as
  // normalized floats.
  static FakeReference<int, 1, cudaReadModeElementType> ints("texIntRef");
  static FakeReference<int, 1, cudaReadModeNormalizedFloat> normInts(
      "texNormIntRef");
  static FakeReference<short, 1, cudaReadModeNormalizedFloat> normShorts(
      "texNormShortRef");
  void *d = nullptr;
  ASSERT_EQ(cudaMalloc(&d, 256), cudaSuccess);
  ints.shadow.filterMode = cudaFilterModeLinear;
  EXPECT_EQ(cudaBindTexture(nullptr, ints.shadow, d, 256),
            cudaErrorInvalidFilterSetting);
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidFilterSetting);
  EXPECT_EQ(cudaBindTexture(nullptr, normInts.shadow, d, 256),
            cudaErrorInvalidNormSetting);
  normShorts.shadow.filterMode = cudaFilterModeLinear;
  EXPECT_EQ(cudaBindTexture(nullptr, normShorts.shadow, d, 256), cudaSuccess);
  EXPECT_EQ(normShorts.bound().format, __cucpu_texel_s16);
  EXPECT_EQ(normShorts.bound().readNormalized, 1);
  ints.shadow.filterMode = cudaFilterModePoint;
  ints.shadow.addressMode[0] = static_cast<cudaTextureAddressMode>(7);
  EXPECT_EQ(cudaBindTexture(nullptr, ints.shadow, d, 256),
            cudaErrorInvalidValue);
  cudaGetLastError();
  EXPECT_EQ(cudaFree(d), cudaSuccess);
}

TEST(Texture, BindArray) {
  static FakeReference<float, 2, cudaReadModeElementType> ref("texBindArray");
  cudaChannelFormatDesc desc = cudaCreateChannelDesc<float>();
  cudaArray_t a = nullptr;
  ASSERT_EQ(cudaMallocArray(&a, &desc, 7, 5), cudaSuccess);
  ASSERT_EQ(cudaBindTextureToArray(ref.shadow, a), cudaSuccess);
  const __cucpu_texture &t = ref.bound();
  EXPECT_NE(t.data, nullptr);
  EXPECT_EQ(t.width, 7);
  EXPECT_EQ(t.height, 5);
  EXPECT_EQ(t.depth, 1);
  EXPECT_EQ(t.pitch, 7 * sizeof(float));
  size_t offset = 1;
  EXPECT_EQ(cudaGetTextureAlignmentOffset(&offset, ref.shadow), cudaSuccess);
  EXPECT_EQ(offset, 0u);
  // The format must describe the array's texels.
  cudaChannelFormatDesc other = cudaCreateChannelDesc<float2>();
  EXPECT_EQ(cudaBindTextureToArray(ref.shadow, a, other),
            cudaErrorInvalidChannelDescriptor);
  EXPECT_EQ(cudaFreeArray(a), cudaSuccess);
  EXPECT_EQ(cudaBindTextureToArray(ref.shadow, a), cudaErrorInvalidValue);
  cudaGetLastError();
}

TEST(Texture, UnregisteredReferences) {
  // A texture<> the host object did not register is no texture.
  texture<float> stray;
  float *d = nullptr;
  ASSERT_EQ(cudaMalloc(&d, 64), cudaSuccess);
  EXPECT_EQ(cudaBindTexture(nullptr, stray, d, 64), cudaErrorInvalidTexture);
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidTexture);
  EXPECT_EQ(cudaUnbindTexture(stray), cudaErrorInvalidTexture);
  EXPECT_EQ(cudaUnbindTexture(nullptr), cudaErrorInvalidTexture);
  size_t offset;
  EXPECT_EQ(cudaGetTextureAlignmentOffset(&offset, stray),
            cudaErrorInvalidTexture);
  const textureReference *found = nullptr;
  EXPECT_EQ(cudaGetTextureReference(&found, &stray), cudaErrorInvalidTexture);
  // A registered one without device storage (no kernel uses it) binds.
  static FakeReference<float, 1, cudaReadModeElementType> unused(
      "texUnused", /*withStorage=*/false);
  EXPECT_EQ(cudaBindTexture(nullptr, unused.shadow, d, 64), cudaSuccess);
  EXPECT_EQ(cudaGetTextureReference(&found, &unused.shadow), cudaSuccess);
  EXPECT_EQ(found, &unused.shadow);
  cudaGetLastError();
  EXPECT_EQ(cudaFree(d), cudaSuccess);
}

//===----------------------------------------------------------------------===//
// Texture objects
//===----------------------------------------------------------------------===//

const __cucpu_texture &descriptorOf(cudaTextureObject_t t) {
  return *reinterpret_cast<const __cucpu_texture *>(static_cast<uintptr_t>(t));
}

cudaTextureDesc pointClamp() {
  cudaTextureDesc td;
  std::memset(&td, 0, sizeof td);
  td.addressMode[0] = td.addressMode[1] = td.addressMode[2] =
      cudaAddressModeClamp;
  return td;
}

TEST(Texture, ObjectsOverEveryResource) {
  float *d = nullptr;
  ASSERT_EQ(cudaMalloc(&d, 4096), cudaSuccess);
  cudaResourceDesc rd;
  std::memset(&rd, 0, sizeof rd);
  rd.resType = cudaResourceTypeLinear;
  rd.res.linear.devPtr = d;
  rd.res.linear.desc = cudaCreateChannelDesc<float2>();
  rd.res.linear.sizeInBytes = 1000;
  cudaTextureDesc td = pointClamp();
  td.borderColor[0] = 0.5f;
  cudaTextureObject_t linear = 0;
  ASSERT_EQ(cudaCreateTextureObject(&linear, &rd, &td, nullptr), cudaSuccess);
  ASSERT_NE(linear, 0u);
  EXPECT_EQ(descriptorOf(linear).data, reinterpret_cast<const char *>(d));
  EXPECT_EQ(descriptorOf(linear).width, 125);
  EXPECT_EQ(descriptorOf(linear).channels, 2);
  // The border color matters only in border mode.
  EXPECT_EQ(descriptorOf(linear).borderColor[0], 0.0f);

  rd.resType = cudaResourceTypePitch2D;
  rd.res.pitch2D.devPtr = d;
  rd.res.pitch2D.desc = cudaCreateChannelDesc<unsigned short>();
  rd.res.pitch2D.width = 20;
  rd.res.pitch2D.height = 10;
  rd.res.pitch2D.pitchInBytes = 64;
  td.readMode = cudaReadModeNormalizedFloat;
  td.filterMode = cudaFilterModeLinear;
  td.normalizedCoords = 1;
  td.addressMode[0] = cudaAddressModeMirror;
  td.addressMode[1] = cudaAddressModeBorder;
  cudaTextureObject_t pitched = 0;
  ASSERT_EQ(cudaCreateTextureObject(&pitched, &rd, &td, nullptr), cudaSuccess);
  const __cucpu_texture &p = descriptorOf(pitched);
  EXPECT_EQ(p.width, 20);
  EXPECT_EQ(p.height, 10);
  EXPECT_EQ(p.pitch, 64u);
  EXPECT_EQ(p.format, __cucpu_texel_u16);
  EXPECT_EQ(p.readNormalized, 1);
  EXPECT_EQ(p.linearFilter, 1);
  EXPECT_EQ(p.normalizedCoords, 1);
  EXPECT_EQ(p.addressMode[0], cudaAddressModeMirror);
  EXPECT_EQ(p.addressMode[1], cudaAddressModeBorder);
  EXPECT_EQ(p.borderColor[0], 0.5f);
  EXPECT_EQ(p.fastCode, __cucpu_texel_u16 | 1 << 4 | 1 << 8);

  cudaChannelFormatDesc halfDesc = cudaCreateChannelDescHalf4();
  cudaArray_t a = nullptr;
  ASSERT_EQ(cudaMalloc3DArray(&a, &halfDesc, make_cudaExtent(4, 3, 2)),
            cudaSuccess);
  std::memset(&rd, 0, sizeof rd);
  rd.resType = cudaResourceTypeArray;
  rd.res.array.array = a;
  // Float texels ignore the normalized read mode.
  cudaTextureObject_t volume = 0;
  ASSERT_EQ(cudaCreateTextureObject(&volume, &rd, &td, nullptr), cudaSuccess);
  const __cucpu_texture &v = descriptorOf(volume);
  EXPECT_EQ(v.depth, 2);
  EXPECT_EQ(v.pitch, 4u * 8);
  EXPECT_EQ(v.slicePitch, 4u * 8 * 3);
  EXPECT_EQ(v.format, __cucpu_texel_f16);
  EXPECT_EQ(v.readNormalized, 0);

  // The descriptors come back as given.
  cudaResourceDesc rback;
  cudaTextureDesc tback;
  ASSERT_EQ(cudaGetTextureObjectResourceDesc(&rback, volume), cudaSuccess);
  EXPECT_EQ(rback.resType, cudaResourceTypeArray);
  EXPECT_EQ(rback.res.array.array, a);
  ASSERT_EQ(cudaGetTextureObjectTextureDesc(&tback, pitched), cudaSuccess);
  EXPECT_EQ(std::memcmp(&tback, &td, sizeof td), 0);
  cudaResourceViewDesc view;
  EXPECT_EQ(cudaGetTextureObjectResourceViewDesc(&view, pitched),
            cudaErrorInvalidValue)
      << "created without a view";

  for (cudaTextureObject_t t : {linear, pitched, volume})
    EXPECT_EQ(cudaDestroyTextureObject(t), cudaSuccess);
  // Destroyed objects are unknown.
  EXPECT_EQ(cudaDestroyTextureObject(linear), cudaErrorInvalidValue);
  EXPECT_EQ(cudaGetTextureObjectResourceDesc(&rback, pitched),
            cudaErrorInvalidValue);
  EXPECT_EQ(cudaGetTextureObjectTextureDesc(&tback, volume),
            cudaErrorInvalidValue);
  EXPECT_EQ(cudaDestroyTextureObject(0), cudaErrorInvalidValue);
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidValue);
  EXPECT_EQ(cudaFreeArray(a), cudaSuccess);
  EXPECT_EQ(cudaFree(d), cudaSuccess);
}

TEST(Texture, InvalidObjects) {
  float *d = nullptr;
  ASSERT_EQ(cudaMalloc(&d, 4096), cudaSuccess);
  cudaResourceDesc rd;
  std::memset(&rd, 0, sizeof rd);
  rd.resType = cudaResourceTypeLinear;
  rd.res.linear.devPtr = d;
  rd.res.linear.desc = cudaCreateChannelDesc<int>();
  rd.res.linear.sizeInBytes = 256;
  cudaTextureDesc td = pointClamp();
  cudaTextureObject_t t = 0;
  ASSERT_EQ(cudaCreateTextureObject(&t, &rd, &td, nullptr), cudaSuccess);
  EXPECT_EQ(cudaDestroyTextureObject(t), cudaSuccess);

  EXPECT_EQ(cudaCreateTextureObject(nullptr, &rd, &td, nullptr),
            cudaErrorInvalidValue);
  EXPECT_EQ(cudaCreateTextureObject(&t, nullptr, &td, nullptr),
            cudaErrorInvalidValue);
  EXPECT_EQ(cudaCreateTextureObject(&t, &rd, nullptr, nullptr),
            cudaErrorInvalidValue);
  // Integer texels cannot be filtered, nor 32-bit ones normalized.
  td.filterMode = cudaFilterModeLinear;
  EXPECT_EQ(cudaCreateTextureObject(&t, &rd, &td, nullptr),
            cudaErrorInvalidValue);
  td.filterMode = cudaFilterModePoint;
  td.readMode = cudaReadModeNormalizedFloat;
  EXPECT_EQ(cudaCreateTextureObject(&t, &rd, &td, nullptr),
            cudaErrorInvalidValue);
  td.readMode = cudaReadModeElementType;
  td.addressMode[2] = static_cast<cudaTextureAddressMode>(4);
  EXPECT_EQ(cudaCreateTextureObject(&t, &rd, &td, nullptr),
            cudaErrorInvalidValue);
  td = pointClamp();
  // Linear resources: misaligned, empty, no pointer, bad format.
  rd.res.linear.devPtr = d + 1;
  EXPECT_EQ(cudaCreateTextureObject(&t, &rd, &td, nullptr),
            cudaErrorInvalidValue);
  rd.res.linear.devPtr = d;
  rd.res.linear.sizeInBytes = 2;
  EXPECT_EQ(cudaCreateTextureObject(&t, &rd, &td, nullptr),
            cudaErrorInvalidValue);
  rd.res.linear.sizeInBytes = 256;
  rd.res.linear.devPtr = nullptr;
  EXPECT_EQ(cudaCreateTextureObject(&t, &rd, &td, nullptr),
            cudaErrorInvalidValue);
  rd.res.linear.devPtr = d;
  rd.res.linear.desc = cudaCreateChannelDesc<double>();
  EXPECT_EQ(cudaCreateTextureObject(&t, &rd, &td, nullptr),
            cudaErrorInvalidChannelDescriptor);
  // Pitched resources: a pitch not a multiple of 32, or below the width.
  rd.resType = cudaResourceTypePitch2D;
  rd.res.pitch2D.devPtr = d;
  rd.res.pitch2D.desc = cudaCreateChannelDesc<float>();
  rd.res.pitch2D.width = 16;
  rd.res.pitch2D.height = 4;
  rd.res.pitch2D.pitchInBytes = 80;
  EXPECT_EQ(cudaCreateTextureObject(&t, &rd, &td, nullptr),
            cudaErrorInvalidValue);
  rd.res.pitch2D.pitchInBytes = 32;
  EXPECT_EQ(cudaCreateTextureObject(&t, &rd, &td, nullptr),
            cudaErrorInvalidValue);
  // Arrays that do not exist, mipmapped arrays, unknown resource types,
  // resource views.
  rd.resType = cudaResourceTypeArray;
  rd.res.array.array = reinterpret_cast<cudaArray_t>(d);
  EXPECT_EQ(cudaCreateTextureObject(&t, &rd, &td, nullptr),
            cudaErrorInvalidValue);
  rd.resType = cudaResourceTypeMipmappedArray;
  EXPECT_EQ(cudaCreateTextureObject(&t, &rd, &td, nullptr),
            cudaErrorNotSupported);
  rd.resType = static_cast<cudaResourceType>(9);
  EXPECT_EQ(cudaCreateTextureObject(&t, &rd, &td, nullptr),
            cudaErrorInvalidValue);
  rd.resType = cudaResourceTypeLinear;
  rd.res.linear.devPtr = d;
  rd.res.linear.desc = cudaCreateChannelDesc<float>();
  rd.res.linear.sizeInBytes = 256;
  cudaResourceViewDesc view;
  std::memset(&view, 0, sizeof view);
  view.format = cudaResViewFormatFloat1;
  EXPECT_EQ(cudaCreateTextureObject(&t, &rd, &td, &view),
            cudaErrorNotSupported);
  // An identity view is kept.
  view.format = cudaResViewFormatNone;
  view.width = 64;
  ASSERT_EQ(cudaCreateTextureObject(&t, &rd, &td, &view), cudaSuccess);
  cudaResourceViewDesc got;
  ASSERT_EQ(cudaGetTextureObjectResourceViewDesc(&got, t), cudaSuccess);
  EXPECT_EQ(got.width, 64u);
  EXPECT_EQ(cudaDestroyTextureObject(t), cudaSuccess);
  // Handles that were never objects.
  int local = 0;
  EXPECT_EQ(cudaDestroyTextureObject(reinterpret_cast<uintptr_t>(&local)),
            cudaErrorInvalidValue);
  cudaGetLastError();
  EXPECT_EQ(cudaFree(d), cudaSuccess);
}

} // namespace
