// Without -mprefer-vector-width=, a kernel whose launches all have at most 16
// threads along x prefers 512-bit vectors when the CPU has AVX-512 (a row of
// 16 floats is one vector); the function that runs its blocks (the OpenMP
// outlining's) inherits the attribute. Other kernels keep the CPU's default.
// REQUIRES: avx512f
// RUN: %cucpu -O2 -S -emit-llvm --cuda-device-only %s -o - | FileCheck %s

// CHECK: define {{.*}} @__cucpu_entry__Z8shortRowPf({{.*}} #[[SHORT:[0-9]+]]
// CHECK: define {{.*}} @__cucpu_entry__Z8shortRowPf..omp_par({{.*}} #[[SHORT]]
// CHECK: define {{.*}} @__cucpu_entry__Z7longRowPf({{.*}} #[[LONG:[0-9]+]]
// CHECK-DAG: attributes #[[SHORT]] = {{.*}}"prefer-vector-width"="512"
// CHECK-DAG: attributes #[[LONG]] = {
// CHECK-NOT: "prefer-vector-width"

__global__ void shortRow(float *a) {
  a[(blockIdx.x * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x] *= 2.0f;
}

__global__ void longRow(float *a) {
  a[blockIdx.x * blockDim.x + threadIdx.x] += 1.0f;
}

void launch(float *a) {
  shortRow<<<4, dim3(16, 16)>>>(a);
  longRow<<<4, 256>>>(a);
}
