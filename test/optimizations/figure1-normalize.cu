// The paper's Figure 1: every thread sums the whole input. The sum reads
// memory that nothing in the kernel writes before it, so it leaves the
// thread loop and the block loop. Unconditional: it moves in front of both
// loops. Under `if (tid < n)`: it is computed by the first thread that needs
// it, once per OpenMP worker.
//
// RUN: %cucpu -O2 -Rpass=cucpu --emit-mlir=optimized -c %s -o %t.mlir 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s --check-prefix=IR < %t.mlir
// RUN: %cucpu -O2 --emit-mlir=cpu -c %s -o - | FileCheck %s --check-prefix=CPU
// RUN: %cucpu -O2 -fno-cucpu-licm --emit-mlir=optimized -c %s -o - | FileCheck %s --check-prefix=OFF

__device__ float sum(const float *data, int n) {
  float total = 0;
  // REMARK-DAG: figure1-normalize.cu:[[@LINE+1]]:3: remark: cucpu: hoisted out of the block's thread loop
  for (int i = 0; i < n; i++)
    total += data[i];
  return total;
}

__global__ void normalize(float *out, const float *in, int n) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  float val = sum(in, n);
  if (tid < n)
    out[tid] = in[tid] / val;
}

__global__ void normalize_guarded(float *out, const float *in, int n) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  if (tid < n)
    out[tid] = in[tid] / sum(in, n);
}
// REMARK-DAG: remark: cucpu: hoisted out of the grid's block loop
// REMARK-DAG: remark: cucpu: hoisted out of the kernel's grid (computed by the first thread that needs it, once per worker)

// The unconditional sum runs before the block loop.
// IR-LABEL: func.func @__cucpu_entry__Z9normalizePfPKfi
// IR: %[[SUM:.*]]:2 = scf.while
// IR: scf.parallel
// IR: scf.parallel
// IR: arith.divf %{{.*}}, %[[SUM]]#0
// IR: } {cucpu.loop = "thread"}

// The guarded one is memoized per worker.
// IR-LABEL: func.func @__cucpu_entry__Z17normalize_guardedPfPKfi
// IR: llvm.alloca {{.*}} x i1 {cucpu.memo, cucpu.per_worker}
// IR: scf.parallel
// IR: scf.parallel
// IR: scf.while

// CPU-LABEL: func.func @__cucpu_entry__Z17normalize_guardedPfPKfi
// CPU: omp.parallel {
// CPU-NEXT: llvm.alloca {{.*}} x i1 {cucpu.memo, cucpu.per_worker}

// OFF-LABEL: func.func @__cucpu_entry__Z9normalizePfPKfi
// OFF: scf.parallel
// OFF: scf.parallel
// OFF: scf.while
