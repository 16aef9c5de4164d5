// RUN: %cucpu -O2 %s -o %t
// RUN: %t | FileCheck %s
// RUN: env OMP_NUM_THREADS=1 %t | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: PASS

// CUB's device-wide reductions, scans, segmented reductions and histograms
// (Debian's CUB, unmodified, compiled by cucpu) with the two-call
// temporary-storage idiom, on a created stream after a user kernel, each
// checked against plain C++. CUB sizes its grids on the host by the
// kernels' PTX version and tiles them on the device by __CUDA_ARCH__: the
// two must agree (DeviceReduce counted some elements twice when they did
// not).
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
  // DeviceReduce.
  long ref = std::accumulate(h.begin(), h.end(), 0L);
  long long *sum64;
  cudaMalloc(&sum64, sizeof(long long));
  long long *in64;
  cudaMalloc(&in64, n * sizeof(long long));
  std::vector<long long> h64(h.begin(), h.end());
  cudaMemcpyAsync(in64, h64.data(), n * sizeof(long long), cudaMemcpyHostToDevice, s);
  run([&](void *t, size_t &b) { cub::DeviceReduce::Sum(t, b, in64, sum64, n, s); }, s);
  long long got64;
  cudaMemcpyAsync(&got64, sum64, sizeof(got64), cudaMemcpyDeviceToHost, s);
  cudaStreamSynchronize(s);
  CHECK(got64 == ref, "DeviceReduce::Sum");
  run([&](void *t, size_t &b) { cub::DeviceReduce::Max(t, b, in, count, n, s); }, s);
  cudaMemcpyAsync(&got, count, sizeof(int), cudaMemcpyDeviceToHost, s);
  cudaStreamSynchronize(s);
  CHECK(got == *std::max_element(h.begin(), h.end()), "DeviceReduce::Max");
  cub::KeyValuePair<int, int> *arg;
  cudaMalloc(&arg, sizeof(*arg));
  run([&](void *t, size_t &b) { cub::DeviceReduce::ArgMin(t, b, in, arg, n, s); }, s);
  cub::KeyValuePair<int, int> hArg;
  cudaMemcpyAsync(&hArg, arg, sizeof(hArg), cudaMemcpyDeviceToHost, s);
  cudaStreamSynchronize(s);
  CHECK(hArg.key == std::min_element(h.begin(), h.end()) - h.begin(), "DeviceReduce::ArgMin");

  // DeviceScan.
  run([&](void *t, size_t &b) { cub::DeviceScan::ExclusiveSum(t, b, in64, in64, n, s); }, s);
  std::vector<long long> scanned(n);
  cudaMemcpyAsync(scanned.data(), in64, n * sizeof(long long), cudaMemcpyDeviceToHost, s);
  cudaStreamSynchronize(s);
  long long acc = 0;
  ok = true;
  for (int i = 0; i < n; ++i) { ok &= scanned[i] == acc; acc += h[i]; }
  CHECK(ok, "DeviceScan::ExclusiveSum (in place)");
  run([&](void *t, size_t &b) { cub::DeviceScan::InclusiveScan(t, b, in, out, cub::Max(), n, s); }, s);
  cudaMemcpyAsync(o.data(), out, n * sizeof(int), cudaMemcpyDeviceToHost, s);
  cudaStreamSynchronize(s);
  int mx = h[0];
  ok = true;
  for (int i = 0; i < n; ++i) { mx = std::max(mx, h[i]); ok &= o[i] == mx; }
  CHECK(ok, "DeviceScan::InclusiveScan(Max)");

  // DeviceSegmentedReduce over 1000 segments of varying length.
  const int segments = 1000;
  int *offsets;
  cudaMallocManaged(&offsets, (segments + 1) * sizeof(int));
  cudaStreamSynchronize(s);
  for (int i = 0; i <= segments; ++i) offsets[i] = (int)((long)i * i * n / ((long)segments * segments));
  run([&](void *t, size_t &b) {
    cub::DeviceSegmentedReduce::Sum(t, b, in, out, segments, offsets, offsets + 1, s);
  }, s);
  cudaMemcpyAsync(o.data(), out, segments * sizeof(int), cudaMemcpyDeviceToHost, s);
  cudaStreamSynchronize(s);
  ok = true;
  for (int i = 0; i < segments; ++i)
    ok &= o[i] == std::accumulate(h.begin() + offsets[i], h.begin() + offsets[i + 1], 0);
  CHECK(ok, "DeviceSegmentedReduce::Sum");

  // DeviceHistogram: 50 even bins over [0, 100000); larger samples count
  // in none.
  const int bins = 50;
  int *hist;
  cudaMalloc(&hist, bins * sizeof(int));
  run([&](void *t, size_t &b) {
    cub::DeviceHistogram::HistogramEven(t, b, in, hist, bins + 1, 0, 100000, n, s);
  }, s);
  cudaMemcpyAsync(o.data(), hist, bins * sizeof(int), cudaMemcpyDeviceToHost, s);
  cudaStreamSynchronize(s);
  std::vector<int> refHist(bins, 0);
  for (int x : h)
    if (x < 100000)
      refHist[x / 2000]++;
  CHECK(std::equal(refHist.begin(), refHist.end(), o.begin()), "DeviceHistogram::HistogramEven");

  printf(failures ? "FAILED\n" : "PASS\n");
  return failures != 0;
}
