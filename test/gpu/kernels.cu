// RUN: %cucpu --cuda-gpu-arch=sm_80 -S %s -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: FileCheck %s --check-prefix=SHARED < %t.ptx

// The GPU target keeps the kernels' parallelism: one .entry per kernel under
// its mangled name, the block and thread loops as %ctaid/%tid, __syncthreads
// as bar.sync, __shared__ variables in the shared state space (static ones
// sized, extern ones as one unsized .extern array), atomics as atom.

// CHECK: .target sm_80
// CHECK: .address_size 64
// SHARED-DAG: .extern .shared .align 16 .b8 __cucpu_dynamic_shared[];

struct Pair {
  int a;
  double b;
};

// CHECK-LABEL: .visible .entry _Z6reducePKfPfi(
// CHECK-NEXT: .param .u64 {{.*}}_Z6reducePKfPfi_param_0,
// CHECK-NEXT: .param .u64 {{.*}}_Z6reducePKfPfi_param_1,
// CHECK-NEXT: .param .u32 _Z6reducePKfPfi_param_2
// CHECK: .shared .align 16 .b8 {{.*}}[1024];
// CHECK: mov.u32 {{.*}}%ctaid.x;
// CHECK: mov.u32 {{.*}}%tid.x;
// CHECK: bar.sync 0;
// CHECK: atom.global.add.f32
__global__ void reduce(const float *in, float *out, int n) {
  __shared__ float partial[256];
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x + t;
  partial[t] = i < n ? in[i] : 0.0f;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s /= 2) {
    if (t < s)
      partial[t] += partial[t + s];
    __syncthreads();
  }
  if (t == 0)
    atomicAdd(out, partial[0]);
}

// CHECK-LABEL: .visible .entry _Z13dynamicSharedPii(
// CHECK: __cucpu_dynamic_shared
// CHECK: bar.sync 0;
__global__ void dynamicShared(int *data, int n) {
  extern __shared__ int buffer[];
  int t = threadIdx.x;
  buffer[t] = data[t];
  __syncthreads();
  data[t] = buffer[(t + 1) % blockDim.x];
}

// A struct argument is passed by value in parameter space.
// CHECK-LABEL: .visible .entry _Z7byValue4PairPd(
// CHECK-NEXT: .param .align 8 .b8 _Z7byValue4PairPd_param_0[16],
// CHECK: atom.{{.*}}global.cas.b32
// CHECK: atom.global.max.s32
__global__ void byValue(Pair p, double *out) {
  out[threadIdx.x] = p.a + p.b;
  int *bits = reinterpret_cast<int *>(out);
  atomicCAS(bits, 0, 1);
  atomicMax(bits + 1, p.a);
}

// __syncwarp synchronizes the warp only: the rest of the block does not
// reach it.
// CHECK-LABEL: .visible .entry _Z8warpSyncPi(
// CHECK: bar.warp.sync -1;
// CHECK-NOT: bar.sync
// CHECK: ret;
__global__ void warpSync(int *data) {
  int t = threadIdx.x;
  if (t < 32) {
    int v = data[t + 1];
    __syncwarp();
    data[t] = v;
  }
}

// A shuffle in the first warp: the value passes through the shared warp
// exchange area between two warp barriers, never a block barrier.
// CHECK-LABEL: .visible .entry _Z8warpShflPf(
// CHECK: .shared .align {{[0-9]+}} .b8 __cucpu_shared_{{.*}}[8192];
// CHECK: st.shared.b32
// CHECK: bar.warp.sync -1;
// CHECK: ld.shared.b32
// CHECK: bar.warp.sync -1;
// CHECK-NOT: bar.sync
// CHECK: ret;
__global__ void warpShfl(float *data) {
  int t = threadIdx.x;
  if (t < 32) {
    float v = data[t];
    for (int offset = 16; offset > 0; offset /= 2)
      v += __shfl_down_sync(0xffffffffu, v, offset);
    data[t] = v;
  }
}

// clock64() reads the SM's cycle counter.
// CHECK-LABEL: .visible .entry _Z6cyclesPx(
// CHECK: mov.u64 %rd{{[0-9]+}}, %clock64;
__global__ void cycles(long long *out) { out[threadIdx.x] = clock64(); }

// Device printf is the PTX system call vprintf.
// CHECK-LABEL: .visible .entry _Z5printi(
// CHECK: call.uni (retval0), vprintf,
__global__ void print(int x) { printf("x=%d %f\n", x, 1.5); }
