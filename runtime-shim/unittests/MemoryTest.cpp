//===- MemoryTest.cpp - Allocation, copy and fill tests -------------------===//

#include "TestUtil.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <algorithm>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {

TEST(Memory, MallocIsAlignedAndFreeable) {
  void *p = nullptr;
  ASSERT_EQ(cudaMalloc(&p, 1000), cudaSuccess);
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(p) % 256, 0u);
  float *f = nullptr;
  ASSERT_EQ(cudaMalloc(&f, 3 * sizeof(float)), cudaSuccess); // template
  EXPECT_EQ(reinterpret_cast<uintptr_t>(f) % 256, 0u);
  EXPECT_EQ(cudaFree(p), cudaSuccess);
  EXPECT_EQ(cudaFree(f), cudaSuccess);
  EXPECT_EQ(cudaFree(nullptr), cudaSuccess);
  EXPECT_EQ(cudaMalloc(nullptr, 16), cudaErrorInvalidValue);
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidValue);
}

TEST(Memory, FreeOfUnknownOrFreedPointerFails) {
  int local = 0;
  EXPECT_EQ(cudaFree(&local), cudaErrorInvalidValue);
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidValue);
  void *p = nullptr;
  ASSERT_EQ(cudaMalloc(&p, 64), cudaSuccess);
  EXPECT_EQ(cudaFree(static_cast<char *>(p) + 1), cudaErrorInvalidValue);
  EXPECT_EQ(cudaFree(p), cudaSuccess);
  EXPECT_EQ(cudaFree(p), cudaErrorInvalidValue);
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidValue);
  EXPECT_EQ(cudaGetLastError(), cudaSuccess);
}

TEST(Memory, HostAndManagedAllocations) {
  void *h = nullptr;
  ASSERT_EQ(cudaMallocHost(&h, 100), cudaSuccess);
  std::memset(h, 1, 100);
  // Host memory is not freed by cudaFree, nor device memory by cudaFreeHost.
  EXPECT_EQ(cudaFree(h), cudaErrorInvalidValue);
  EXPECT_EQ(cudaFreeHost(h), cudaSuccess);
  int *hi = nullptr;
  ASSERT_EQ(cudaHostAlloc(&hi, 16, cudaHostAllocMapped), cudaSuccess);
  void *dp = nullptr;
  EXPECT_EQ(cudaHostGetDevicePointer(&dp, hi, 0), cudaSuccess);
  EXPECT_EQ(dp, static_cast<void *>(hi));
  EXPECT_EQ(cudaFreeHost(hi), cudaSuccess);
  void *d = nullptr;
  ASSERT_EQ(cudaMalloc(&d, 8), cudaSuccess);
  EXPECT_EQ(cudaFreeHost(d), cudaErrorInvalidValue);
  EXPECT_EQ(cudaFree(d), cudaSuccess);
  double *m = nullptr;
  ASSERT_EQ(cudaMallocManaged(&m, 4 * sizeof(double)), cudaSuccess);
  m[3] = 1.5;
  cudaPointerAttributes attr;
  ASSERT_EQ(cudaPointerGetAttributes(&attr, m + 1), cudaSuccess);
  EXPECT_EQ(attr.type, cudaMemoryTypeManaged);
  EXPECT_EQ(cudaFree(m), cudaSuccess);
  cudaGetLastError();
}

TEST(Memory, CopiesInEveryDirection) {
  std::vector<int> src(64), dst(64, 0);
  for (int i = 0; i < 64; ++i)
    src[i] = i * 3;
  int *d1 = nullptr, *d2 = nullptr;
  ASSERT_EQ(cudaMalloc(&d1, 64 * sizeof(int)), cudaSuccess);
  ASSERT_EQ(cudaMalloc(&d2, 64 * sizeof(int)), cudaSuccess);
  EXPECT_EQ(cudaMemcpy(d1, src.data(), 64 * sizeof(int),
                       cudaMemcpyHostToDevice),
            cudaSuccess);
  EXPECT_EQ(cudaMemcpy(d2, d1, 64 * sizeof(int), cudaMemcpyDeviceToDevice),
            cudaSuccess);
  EXPECT_EQ(cudaMemcpy(dst.data(), d2, 64 * sizeof(int),
                       cudaMemcpyDeviceToHost),
            cudaSuccess);
  EXPECT_EQ(dst, src);
  cudaStream_t s;
  ASSERT_EQ(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking), cudaSuccess);
  std::vector<int> back(64, 0);
  EXPECT_EQ(cudaMemcpyAsync(back.data(), d1, 64 * sizeof(int),
                            cudaMemcpyDefault, s),
            cudaSuccess);
  EXPECT_EQ(cudaStreamSynchronize(s), cudaSuccess);
  EXPECT_EQ(back, src);
  EXPECT_EQ(cudaStreamDestroy(s), cudaSuccess);
  // Zero bytes is fine, even with null pointers.
  EXPECT_EQ(cudaMemcpy(nullptr, nullptr, 0, cudaMemcpyHostToDevice),
            cudaSuccess);
  EXPECT_EQ(cudaFree(d1), cudaSuccess);
  EXPECT_EQ(cudaFree(d2), cudaSuccess);
}

// A size just over a page-aligned multiple of the workers (3 in the tests):
// its share per worker truncates to whole pages, and the last bytes must
// still be copied and filled. base64e's 8388609-byte chunks lost their last
// byte to 2 workers this way.
TEST(Memory, SplitCopiesKeepTheRemainder) {
  const size_t n = 3 * (1 << 20) + 2;
  std::vector<unsigned char> src(n), dst(n, 0);
  for (size_t i = 0; i < n; ++i)
    src[i] = (unsigned char)(i * 13 + 1);
  unsigned char *d = nullptr;
  ASSERT_EQ(cudaMalloc(&d, n), cudaSuccess);
  ASSERT_EQ(cudaMemset(d, 0, n), cudaSuccess);
  EXPECT_EQ(cudaMemcpy(d, src.data(), n, cudaMemcpyHostToDevice), cudaSuccess);
  EXPECT_EQ(cudaMemcpy(dst.data(), d, n, cudaMemcpyDeviceToHost), cudaSuccess);
  EXPECT_EQ(dst, src);
  EXPECT_EQ(cudaMemset(d, 0x77, n), cudaSuccess);
  EXPECT_EQ(cudaMemcpy(dst.data(), d, n, cudaMemcpyDeviceToHost), cudaSuccess);
  EXPECT_EQ(dst, std::vector<unsigned char>(n, 0x77));
  EXPECT_EQ(cudaFree(d), cudaSuccess);
}

// Copies and fills of 1 MiB or more are split among the workers (3 in the
// tests): every byte still arrives, also with a size that is no multiple of
// the chunks, between overlapping ranges, and from an OpenMP region.
TEST(Memory, LargeCopiesAndFills) {
  const size_t n = 3 * (1 << 20) + 123;
  std::vector<unsigned char> src(n), dst(n, 0);
  for (size_t i = 0; i < n; ++i)
    src[i] = (unsigned char)(i * 7 + i / 4096);
  unsigned char *d = nullptr;
  ASSERT_EQ(cudaMalloc(&d, n + 4096), cudaSuccess);
  EXPECT_EQ(cudaMemcpy(d, src.data(), n, cudaMemcpyHostToDevice), cudaSuccess);
  EXPECT_EQ(cudaMemcpy(dst.data(), d, n, cudaMemcpyDeviceToHost), cudaSuccess);
  EXPECT_EQ(dst, src);
  // Overlapping: the bytes move up by 1000.
  EXPECT_EQ(cudaMemcpy(d + 1000, d, n, cudaMemcpyDeviceToDevice), cudaSuccess);
  EXPECT_EQ(cudaMemcpy(dst.data(), d + 1000, n, cudaMemcpyDeviceToHost),
            cudaSuccess);
  EXPECT_EQ(dst, src);
  EXPECT_EQ(cudaMemset(d, 0x5A, n), cudaSuccess);
  EXPECT_EQ(cudaMemsetAsync(d + n - 10, 0x11, 10), cudaSuccess);
  EXPECT_EQ(cudaMemcpy(dst.data(), d, n, cudaMemcpyDeviceToHost), cudaSuccess);
  std::vector<unsigned char> filled(n, 0x5A);
  std::fill(filled.end() - 10, filled.end(), 0x11);
  EXPECT_EQ(dst, filled);
  std::vector<unsigned char> inRegion(n, 0);
  cudaError_t err = cudaErrorUnknown;
#pragma omp parallel num_threads(2)
  {
#pragma omp single
    err = cudaMemcpy(inRegion.data(), src.data(), n, cudaMemcpyHostToHost);
  }
  EXPECT_EQ(err, cudaSuccess);
  EXPECT_EQ(inRegion, src);
  EXPECT_EQ(cudaFree(d), cudaSuccess);
}

TEST(Memory, CopyErrors) {
  int *d = nullptr;
  ASSERT_EQ(cudaMalloc(&d, 16 * sizeof(int)), cudaSuccess);
  int h[32] = {};
  EXPECT_EQ(cudaMemcpy(d, h, sizeof(int), static_cast<cudaMemcpyKind>(7)),
            cudaErrorInvalidMemcpyDirection);
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidMemcpyDirection);
  // Past the end of the allocation.
  EXPECT_EQ(cudaMemcpy(d, h, 17 * sizeof(int), cudaMemcpyHostToDevice),
            cudaErrorInvalidValue);
  EXPECT_EQ(cudaMemcpy(h, d + 8, 9 * sizeof(int), cudaMemcpyDeviceToHost),
            cudaErrorInvalidValue);
  EXPECT_EQ(cudaMemcpy(nullptr, h, 4, cudaMemcpyHostToDevice),
            cudaErrorInvalidValue);
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidValue);
  EXPECT_EQ(cudaMemcpyAsync(d, h, 4, cudaMemcpyHostToDevice,
                            reinterpret_cast<cudaStream_t>(0x1234)),
            cudaErrorInvalidResourceHandle);
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidResourceHandle);
  EXPECT_EQ(cudaFree(d), cudaSuccess);
}

TEST(Memory, Memset) {
  unsigned char *d = nullptr;
  ASSERT_EQ(cudaMalloc(&d, 100), cudaSuccess);
  EXPECT_EQ(cudaMemset(d, 0xAB, 100), cudaSuccess);
  EXPECT_EQ(d[0], 0xAB);
  EXPECT_EQ(d[99], 0xAB);
  EXPECT_EQ(cudaMemsetAsync(d + 10, 0, 5), cudaSuccess);
  // The fill is ordered on the legacy stream.
  EXPECT_EQ(cudaStreamSynchronize(0), cudaSuccess);
  EXPECT_EQ(d[9], 0xAB);
  EXPECT_EQ(d[10], 0);
  EXPECT_EQ(d[14], 0);
  EXPECT_EQ(d[15], 0xAB);
  EXPECT_EQ(cudaMemset(d + 50, 0, 51), cudaErrorInvalidValue);
  EXPECT_EQ(d[99], 0xAB);
  EXPECT_EQ(cudaMemset(nullptr, 0, 4), cudaErrorInvalidValue);
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidValue);
  EXPECT_EQ(cudaFree(d), cudaSuccess);
}

TEST(Memory, PitchedAllocationAndCopy2D) {
  float *d = nullptr;
  size_t pitch = 0;
  ASSERT_EQ(cudaMallocPitch(&d, &pitch, 10 * sizeof(float), 4), cudaSuccess);
  EXPECT_GE(pitch, 10 * sizeof(float));
  EXPECT_EQ(pitch % 256, 0u);
  float h[4][10], back[4][10] = {};
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 10; ++c)
      h[r][c] = r * 10.0f + c;
  ASSERT_EQ(cudaMemcpy2D(d, pitch, h, sizeof(h[0]), sizeof(h[0]), 4,
                         cudaMemcpyHostToDevice),
            cudaSuccess);
  ASSERT_EQ(cudaMemcpy2D(back, sizeof(back[0]), d, pitch, sizeof(h[0]), 4,
                         cudaMemcpyDeviceToHost),
            cudaSuccess);
  EXPECT_EQ(std::memcmp(h, back, sizeof(h)), 0);
  EXPECT_EQ(cudaMemcpy2D(d, 8, h, sizeof(h[0]), sizeof(h[0]), 4,
                         cudaMemcpyHostToDevice),
            cudaErrorInvalidPitchValue);
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidPitchValue);
  EXPECT_EQ(cudaFree(d), cudaSuccess);
}

// Where device memory is host memory (the CPU runtime; the GPU runtime's
// tests run over a fake driver whose allocations are its own).
#ifndef CUCPU_TEST_GPU_RUNTIME
/// The THPeligible field of /proc/self/smaps for the mapping holding `p`
/// (-1 when not found).
int hugePageEligibility(const void *p) {
  std::ifstream smaps("/proc/self/smaps");
  uintptr_t addr = reinterpret_cast<uintptr_t>(p);
  bool inside = false;
  for (std::string line; std::getline(smaps, line);) {
    uintptr_t begin, end;
    char dash;
    std::istringstream header(line);
    if (header >> std::hex >> begin >> dash >> end && dash == '-') {
      inside = begin <= addr && addr < end;
      continue;
    }
    if (inside && line.rfind("THPeligible:", 0) == 0)
      return std::stoi(line.substr(12));
  }
  return -1;
}

TEST(Memory, LargeAllocationsStartOnHugePagesAndAskForThem) {
  // cudaMalloc of a huge page (2 MiB) or more is aligned to it and advised
  // for transparent huge pages, as GPU memory is mapped with large pages.
  constexpr size_t kHugePage = size_t(2) << 20;
  void *big = nullptr, *managed = nullptr, *small = nullptr;
  ASSERT_EQ(cudaMalloc(&big, 5 * kHugePage + 100), cudaSuccess);
  ASSERT_EQ(cudaMallocManaged(&managed, kHugePage), cudaSuccess);
  ASSERT_EQ(cudaMalloc(&small, kHugePage - 4096), cudaSuccess);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(big) % kHugePage, 0u);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(managed) % kHugePage, 0u);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(small) % 256, 0u);
  // Every byte asked for is usable.
  std::memset(big, 0x5a, 5 * kHugePage + 100);
  EXPECT_EQ(static_cast<unsigned char *>(big)[5 * kHugePage + 99], 0x5a);

  std::ifstream mode("/sys/kernel/mm/transparent_hugepage/enabled");
  std::string modes;
  std::getline(mode, modes);
  bool adviseOnly = modes.find("[madvise]") != std::string::npos;
  if (adviseOnly) {
    // Only advised mappings may get huge pages in this mode.
    EXPECT_EQ(hugePageEligibility(big), 1);
    EXPECT_EQ(hugePageEligibility(managed), 1);
    // The last huge page, of which 100 bytes are used, stays small: the
    // rounding costs no memory.
    EXPECT_EQ(hugePageEligibility(static_cast<char *>(big) + 5 * kHugePage),
              0);
  }
  EXPECT_EQ(cudaFree(big), cudaSuccess);
  EXPECT_EQ(cudaFree(managed), cudaSuccess);
  EXPECT_EQ(cudaFree(small), cudaSuccess);
  if (!adviseOnly)
    GTEST_SKIP() << "transparent huge pages are '" << modes
                 << "', not madvise: the advice is not observable";
}
#endif // CUCPU_TEST_GPU_RUNTIME

} // namespace
