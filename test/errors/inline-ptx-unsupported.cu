// RUN: not %cucpu -c %s -o %t.o 2>&1 | FileCheck %s

// PTX that the translation does not cover is an error at its `asm`
// statement naming what is missing; none of it compiles silently wrong.

__global__ void branch(int *p) {
  // CHECK: inline-ptx-unsupported.cu:[[@LINE+1]]:3: error: the PTX control flow 'bra DONE' in inline assembly is not supported in device code yet
  asm volatile("bra DONE;");
}

__global__ void label(int *p) {
  // CHECK: inline-ptx-unsupported.cu:[[@LINE+1]]:3: error: a label in inline assembly ('DONE: mov.u32 %0, 1') is not supported in device code yet
  asm volatile("DONE: mov.u32 %0, 1;" : "=r"(*p));
}

__global__ void rounding(float *p) {
  // CHECK: inline-ptx-unsupported.cu:[[@LINE+1]]:3: error: the PTX instruction 'mul.rz.f32 %0, %1, %2' (rounding other than to nearest) in inline assembly is not supported in device code yet
  asm("mul.rz.f32 %0, %1, %2;" : "=f"(p[0]) : "f"(p[1]), "f"(p[2]));
}

__global__ void sharedWindow(int *p, unsigned offset) {
  // CHECK: inline-ptx-unsupported.cu:[[@LINE+1]]:3: error: the PTX instruction 'ld.shared.u32 %0, [%1]' (a .shared address) in inline assembly is not supported in device code yet
  asm volatile("ld.shared.u32 %0, [%1];" : "=r"(p[0]) : "r"(offset));
}

__global__ void unknown(int *p) {
  // CHECK: inline-ptx-unsupported.cu:[[@LINE+1]]:3: error: the PTX instruction 'dp4a.u32.u32 %0, %1, %2, %3' in inline assembly is not supported in device code yet
  asm("dp4a.u32.u32 %0, %1, %2, %3;" : "=r"(p[0]) : "r"(p[1]), "r"(p[2]), "r"(p[3]));
}

__global__ void namedBarrier(int *p) {
  // CHECK: inline-ptx-unsupported.cu:[[@LINE+1]]:3: error: the PTX barrier 'bar.sync 1, 64' (only a block barrier 0 of all threads) is not supported in device code yet
  asm volatile("bar.sync 1, 64;");
}

__global__ void guardedShuffle(int *p) {
  // CHECK: inline-ptx-unsupported.cu:[[@LINE+1]]:3: error: the guarded PTX instruction '@p shfl.sync.idx.b32 %0, %1, 0, 31, -1' in inline assembly is not supported in device code yet
  asm("{ .reg .pred p; setp.ne.u32 p, %1, 0; @p shfl.sync.idx.b32 %0, %1, 0, 31, -1; }" : "=r"(p[0]) : "r"(p[1]));
}

__global__ void specialRegister(int *p) {
  // CHECK: inline-ptx-unsupported.cu:[[@LINE+1]]:3: error: the PTX special register '%dynamic_smem_size' in inline assembly is not supported in device code yet
  asm("mov.u32 %0, %%dynamic_smem_size;" : "=r"(p[0]));
}

int main() { return 0; }
