// RUN: not %cucpu --cuda-gpu-arch=gfx90a -S %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=BADARCH
// RUN: not %cucpu --cuda-gpu-arch=sm_80 --emit-mlir=cpu %s 2>&1 | FileCheck %s --check-prefix=NOCPU
// RUN: %cucpu --cuda-gpu-arch=sm_80 --emit-mlir=llvm %s | FileCheck %s --check-prefix=MLIR
// RUN: %cucpu --cuda-gpu-arch=sm_80 -S -emit-llvm %s -o - | FileCheck %s --check-prefix=LL
// RUN: %cucpu --cuda-gpu-arch=sm_80 -S %s -o - | FileCheck %s --check-prefix=PTX
// RUN: %cucpu --cuda-gpu-arch=sm_80 -c %s -o %t.gpu.o
// RUN: llvm-nm %t.gpu.o | FileCheck %s --check-prefix=GPUOBJ
// RUN: %cucpu -c %s -o %t.cpu.o
// RUN: llvm-nm %t.cpu.o | FileCheck %s --check-prefix=CPUOBJ

// --cuda-gpu-arch selects the GPU target; without it the CPU target stays
// the default.

// BADARCH: error: invalid GPU architecture 'gfx90a' in --cuda-gpu-arch
// NOCPU: error: there is no 'cpu' stage with --cuda-gpu-arch

// The NVVM module: the kernel is an llvm.func marked nvvm.kernel, indices
// are special registers, the shared array is in address space 3 and the
// device variable is visible under its name.
// MLIR-DAG: llvm.mlir.global internal @{{.*}}() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<128 x i8>
// MLIR-DAG: llvm.mlir.global external @counter(
// MLIR-DAG: llvm.func @_Z4tickPi(%{{.*}}: !llvm.ptr) attributes {nvvm.kernel}
// MLIR-DAG: nvvm.read.ptx.sreg.tid.x
// MLIR-DAG: nvvm.barrier0

// LL: target triple = "nvptx64-nvidia-cuda"
// LL: define ptx_kernel void @_Z4tickPi(

// PTX: .visible .global .align 16 .b8 counter[4];
// PTX: .visible .entry _Z4tickPi(
// __CUDA_ARCH__ is the architecture compiled for.
// PTX-LABEL: .visible .entry _Z4archPi(
// PTX: st.global.b32 [{{.*}}], 800;

// The device object of a GPU build carries the PTX and registers it; the
// CPU build registers CPU entries.
// GPUOBJ: U __cucpu_register_ptx
// GPUOBJ-NOT: __cucpu_register_kernel
// CPUOBJ-NOT: __cucpu_register_ptx
// CPUOBJ: U __cucpu_register_kernel
// CPUOBJ-NOT: __cucpu_register_ptx

__device__ int counter;

__global__ void tick(int *out) {
  __shared__ int seen[32];
  seen[threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = seen[31 - threadIdx.x] + atomicAdd(&counter, 1);
}

__global__ void arch(int *out) {
#ifdef __CUDA_ARCH__
  *out = __CUDA_ARCH__;
#endif
}
