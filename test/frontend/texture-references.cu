// RUN: cucpu --emit-mlir %s | FileCheck %s

// A texture<> variable (a type clang marks device_builtin_texture_type) is
// usable in device code without __device__ and gets device storage under its
// name, like a __device__ variable, with the bytes of its constant
// initializer. Initializers of classes with base classes are constants too.

struct Base {
  int a;
  float b;
};
struct Derived : Base {
  constexpr Derived() : Base{7, 1.5f}, c(3) {}
  int c;
};
__device__ Derived derived;

texture<float, cudaTextureType2D, cudaReadModeElementType>
    tex(1, cudaFilterModeLinear);
namespace ns {
texture<uchar4, 1, cudaReadModeNormalizedFloat> tex4;
}

__global__ void k(float *out, float4 *out4) {
  out[0] = tex2D(tex, 0.5f, 0.5f) + derived.c;
  out4[0] = tex1Dfetch(ns::tex4, 0);
}

int main() { return 0; }

// uchar4: channelDesc {8, 8, 8, 8, cudaChannelFormatKindUnsigned}.
// CHECK-DAG: llvm.mlir.global internal @_ZN2ns4tex4E("\00\00\00\00\00\00\00\00\01\00\00\00\01\00\00\00\01\00\00\00\08\00\00\00\08\00\00\00\08\00\00\00\08\00\00\00\01\00\00\00{{.*}}") {{.*}}cucpu.device_var = "_ZN2ns4tex4E"
// The base's fields, then the derived class's.
// CHECK-DAG: llvm.mlir.global internal @derived("\07\00\00\00\00\00\C0?\03\00\00\00") {{.*}}cucpu.device_var = "derived"
// normalized = 1, filterMode = linear, clamp x3, 32-bit float channel.
// CHECK-DAG: llvm.mlir.global internal @tex("\01\00\00\00\01\00\00\00\01\00\00\00\01\00\00\00\01\00\00\00 \00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\02\00\00\00{{.*}}") {{.*}}cucpu.device_var = "tex"
// CHECK: func.func private @_Z1kPfP6float4
// CHECK: llvm.mlir.addressof @tex
// CHECK: llvm.mlir.addressof @_ZN2ns4tex4E
