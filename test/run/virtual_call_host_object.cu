// RUN: %cucpu -O2 %s -o %t && %t 2>&1 | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 2>&1 | FileCheck %s

// CUDA does not allow a virtual call on an object built on the host and
// copied to the device (its vtable pointer is a host address). cucpu stops
// such a call as a failed assert does, naming the function, instead of
// calling whatever the host's pointer leads to; the object built in device
// code right before it dispatches as usual.

#include <cstdio>

struct Base {
  int v;
  __host__ __device__ Base() : v(5) {}
  __host__ __device__ virtual int get() const { return v; }
};
struct Derived : Base {
  __host__ __device__ int get() const override { return v * 2; }
};

__global__ void fromDevice(int *out) {
  Derived d;
  const Base &b = d;
  out[0] = b.get();
}

__global__ void fromHost(const Base *b, int *out) { out[1] = b->get(); }

int main() {
  Derived host;
  Base *object;
  int *out;
  cudaMalloc(&object, sizeof(Derived));
  cudaMallocManaged(&out, 2 * sizeof(int));
  cudaMemcpy(object, &host, sizeof(Derived), cudaMemcpyHostToDevice);
  fromDevice<<<1, 1>>>(out);
  cudaDeviceSynchronize();
  // CHECK: device object: 10
  printf("device object: %d\n", out[0]);
  fflush(stdout);
  fromHost<<<1, 1>>>(object, out);
  // CHECK: virtual_call_host_object.cu:[[#]]: get: block: [0,0,0], thread: [0,0,0] Assertion `virtual call of Base::get on an object whose class device code did not construct (or a pure virtual function called during construction)` failed.
  // CHECK: host object: cudaErrorAssert
  printf("host object: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
  return 0;
}
