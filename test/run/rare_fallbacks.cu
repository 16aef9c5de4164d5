// RUN: %cucpu -O2 %s -o %t && timeout 300 %t | FileCheck %s
// RUN: %cucpu -O2 -S -emit-llvm %s -o - | FileCheck %s --check-prefix=IR
// CHECK: written size: PASS
// CHECK: other size: PASS
// CHECK: large grid: PASS

// A kernel is compiled in versions: one for the block size its launches
// are written with, the original for other block sizes, and copies for
// grids too large for 32-bit index arithmetic. The last two are rare
// fallbacks, whose OpenMP regions LLVM compiles without optimizing them
// (optnone). Each launch here runs one version; all must give the host's
// answer.
// IR: define internal void @__cucpu_entry__Z4fillPii..omp_par{{.*}} #[[HOT:[0-9]+]] {
// IR: define internal void @__cucpu_entry__Z4fillPii..omp_par{{.*}} #[[RARE:[0-9]+]] {
// IR: define internal void @__cucpu_entry__Z4fillPii..omp_par{{.*}} #[[RARE]] {
// IR-DAG: attributes #[[HOT]] = { nounwind "
// IR-DAG: attributes #[[RARE]] = { noinline nounwind optnone

#include <cstdio>

__global__ void fill(int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = 3 * i + 1;
}

static bool check(const char *what, const int *out, int n) {
  bool ok = true;
  for (int i = 0; i < n; ++i)
    ok &= out[i] == 3 * i + 1;
  printf("%s: %s\n", what, ok ? "PASS" : "FAIL");
  return ok;
}

int main() {
  int n = 1000;
  int *out;
  cudaMallocManaged(&out, n * sizeof(int));

  cudaMemset(out, 0, n * sizeof(int));
  fill<<<(n + 127) / 128, 128>>>(out, n);
  cudaDeviceSynchronize();
  check("written size", out, n);

  // A launch the frontend does not see: another block size.
  cudaMemset(out, 0, n * sizeof(int));
  void *args[] = {&out, &n};
  cudaLaunchKernel((const void *)fill, dim3((n + 63) / 64), dim3(64), args, 0,
                   0);
  cudaDeviceSynchronize();
  check("other size", out, n);

  // 2^21 + 5 blocks of 128 threads: more than the 2^28 threads along x for
  // which the specialized copy's index arithmetic is proven not to wrap.
  cudaMemset(out, 0, n * sizeof(int));
  fill<<<(1u << 21) + 5, 128>>>(out, n);
  cudaDeviceSynchronize();
  check("large grid", out, n);
  return 0;
}
