// RUN: %cucpu -O2 %s -o %t
// RUN: %t | FileCheck %s
// RUN: env OMP_NUM_THREADS=1 %t | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: PASS

// CUB's device-wide radix sorts and selections (Debian's CUB, unmodified,
// compiled by cucpu) with the two-call temporary-storage idiom, on a
// created stream after user kernels, each checked against plain C++.
#include "Inputs/cub_device_common.h"

int main() {
  Input input;
  const int n = Input::n;
  cudaStream_t s = input.s;
  int *in = input.in, *out = input.out, *vals = input.vals,
      *valsOut = input.valsOut, *count = input.count;
  std::vector<int> &h = input.h, &o = input.o;
  int got;
  bool ok;
  // DeviceRadixSort.
  std::vector<int> sorted = h;
  std::sort(sorted.begin(), sorted.end());
  run([&](void *t, size_t &b) { cub::DeviceRadixSort::SortKeys(t, b, in, out, n, 0, 32, s); }, s);
  cudaMemcpyAsync(o.data(), out, n * sizeof(int), cudaMemcpyDeviceToHost, s);
  cudaStreamSynchronize(s);
  CHECK(o == sorted, "DeviceRadixSort::SortKeys");
  fill<<<(n + 255) / 256, 256, 0, s>>>(vals, n, 99);
  run([&](void *t, size_t &b) {
    cub::DeviceRadixSort::SortPairsDescending(t, b, in, out, vals, valsOut, n, 0, 32, s);
  }, s);
  std::vector<int> ov(n);
  cudaMemcpyAsync(o.data(), out, n * sizeof(int), cudaMemcpyDeviceToHost, s);
  cudaMemcpyAsync(ov.data(), valsOut, n * sizeof(int), cudaMemcpyDeviceToHost, s);
  cudaStreamSynchronize(s);
  ok = std::equal(sorted.rbegin(), sorted.rend(), o.begin());
  // Stable: equal keys keep their values' input order.
  std::vector<int> order(n);
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return h[a] > h[b]; });
  for (int i = 0; i < n && ok; ++i)
    ok &= ov[i] == (int)((order[i] * 2654435761u + 99) % 100003);
  CHECK(ok, "DeviceRadixSort::SortPairsDescending");

  // DeviceSelect.
  run([&](void *t, size_t &b) { cub::DeviceSelect::If(t, b, in, out, count, n, IsMultipleOf3(), s); }, s);
  cudaMemcpyAsync(&got, count, sizeof(int), cudaMemcpyDeviceToHost, s);
  cudaMemcpyAsync(o.data(), out, n * sizeof(int), cudaMemcpyDeviceToHost, s);
  cudaStreamSynchronize(s);
  std::vector<int> picked;
  std::copy_if(h.begin(), h.end(), std::back_inserter(picked), IsMultipleOf3());
  CHECK(got == (int)picked.size() && std::equal(picked.begin(), picked.end(), o.begin()),
        "DeviceSelect::If");
  char *flags;
  cudaMallocManaged(&flags, n);
  cudaStreamSynchronize(s);
  for (int i = 0; i < n; ++i) flags[i] = h[i] % 2;
  run([&](void *t, size_t &b) { cub::DeviceSelect::Flagged(t, b, in, flags, out, count, n, s); }, s);
  cudaMemcpyAsync(&got, count, sizeof(int), cudaMemcpyDeviceToHost, s);
  cudaStreamSynchronize(s);
  CHECK(got == (int)std::count_if(h.begin(), h.end(), [](int x) { return x % 2; }), "DeviceSelect::Flagged");
  int *sortedDev;
  cudaMalloc(&sortedDev, n * sizeof(int));
  std::vector<int> dup(n);
  for (int i = 0; i < n; ++i) dup[i] = sorted[i] / 10;
  cudaMemcpyAsync(sortedDev, dup.data(), n * sizeof(int), cudaMemcpyHostToDevice, s);
  run([&](void *t, size_t &b) { cub::DeviceSelect::Unique(t, b, sortedDev, out, count, n, s); }, s);
  cudaMemcpyAsync(&got, count, sizeof(int), cudaMemcpyDeviceToHost, s);
  cudaStreamSynchronize(s);
  CHECK(got == (int)(std::unique(dup.begin(), dup.end()) - dup.begin()), "DeviceSelect::Unique");

  printf(failures ? "FAILED\n" : "PASS\n");
  return failures != 0;
}
