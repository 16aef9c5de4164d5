// RUN: %cucpu -Rpass=cucpu --emit-mlir=optimized %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=CPU
// RUN: %cucpu --cuda-gpu-arch=sm_80 -Rpass=cucpu -S %s -o %t.ptx 2>&1 | FileCheck %s --allow-empty --check-prefix=GPU
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx

// The paper's normalize: the sum under the condition is the same for every
// thread. On the CPU, parallel LICM memoizes it (the first thread computes
// it, the others read the memo), which relies on threads running one after
// another. On the GPU they run together, so the loop stays in each thread
// and the kernel compiles.

// CPU: remark: cucpu: {{.*}}computed by the first thread that needs it
// GPU-NOT: first thread that needs it
// GPU-NOT: error
// PTX: .visible .entry _Z9normalizePfPKfi(

__device__ float sum(const float *in, int n) {
  float s = 0;
  for (int i = 0; i < n; ++i)
    s += in[i];
  return s;
}

__global__ void normalize(float *out, const float *in, int n) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  if (tid < n)
    out[tid] = in[tid] / sum(in, n);
}
