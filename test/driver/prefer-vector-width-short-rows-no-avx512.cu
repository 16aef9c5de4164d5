// Without AVX-512 on the host no kernel gets a preferred vector width: the
// CPU's default stays (see prefer-vector-width-short-rows.cu).
// UNSUPPORTED: avx512f
// RUN: %cucpu -O2 -S -emit-llvm --cuda-device-only %s -o - | FileCheck %s

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
