// -ftime-report prints where the device compilation's time goes: the
// frontend, the MLIR passes of each stage, LLVM's passes and code
// generation (clang, given the flag too, reports the host compilation's).
// RUN: %cucpu -O2 -ftime-report --cuda-device-only -c %s -o %t.o 2>&1 | FileCheck %s
// CHECK-DAG: Pass execution timing report
// CHECK-DAG: Execution time report
// CHECK-DAG: frontend (clang AST to MLIR)
// CHECK-DAG: optimized
// CHECK-DAG: LowerBarriers
// CHECK-DAG: LLVM IR: translation and optimization
// CHECK-DAG: LLVM code generation

__global__ void scale(float *a, float s, int n) {
  __shared__ float tile[128];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  tile[threadIdx.x] = i < n ? a[i] : 0.0f;
  __syncthreads();
  if (i < n)
    a[i] = s * tile[(threadIdx.x + 1) % 128];
}
