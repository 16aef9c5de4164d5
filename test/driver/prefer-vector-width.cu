// -mprefer-vector-width= sets the widest vector the vectorizers prefer on
// every function of device code (without it, see
// prefer-vector-width-short-rows*.cu).
// RUN: %cucpu -O2 -S -emit-llvm --cuda-device-only -mprefer-vector-width=256 %s -o - | FileCheck %s --check-prefix=EXPLICIT
// RUN: not %cucpu -O2 -mprefer-vector-width=300 %s -o %t 2>&1 | FileCheck %s --check-prefix=BAD

// An explicit width wins over the one for short rows: both kernels have it.
// EXPLICIT-NOT: "prefer-vector-width"="512"
// EXPLICIT: define {{.*}} @__cucpu_entry__Z8shortRowPf({{.*}} #[[SHORT:[0-9]+]]
// EXPLICIT: define {{.*}} @__cucpu_entry__Z7longRowPf({{.*}} #[[SHORT]]
// EXPLICIT: attributes #[[SHORT]] = {{.*}}"prefer-vector-width"="256"
// EXPLICIT-NOT: "prefer-vector-width"="512"
// BAD: error: invalid -mprefer-vector-width value '300' (a power of 2 number of bits, or none)

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
