// RUN: not %cucpu %s -o %t 2>&1 | FileCheck %s

// C++ constructs the frontend does not translate yet: each is an error at its
// own location, none is a crash or silently wrong code. (Pointers to
// ordinary __device__ functions work: test/run/device_function_pointers.cu.)

__device__ int sum(int n, ...) { return n; }

struct Counter {
  int value;
  __device__ int get() const { return value; }
};

__global__ void other(int *a) { a[0] = 1; }

__global__ void k(int *a, int n) {
  a[3] = sum(2, 3, 4);
  // CHECK-DAG: unsupported-cxx.cu:[[@LINE-1]]:10: error: a call to a variadic function is not supported in device code yet
  int (*variadic)(int, ...) = sum;
  // CHECK-DAG: unsupported-cxx.cu:[[@LINE-1]]:31: error: the address of a variadic function is not supported in device code yet
  a[4] = variadic(1, 2);
  // CHECK-DAG: unsupported-cxx.cu:[[@LINE-1]]:10: error: a call through a pointer to a variadic function is not supported in device code yet
  int (Counter::*getter)() const = &Counter::get;
  // CHECK-DAG: unsupported-cxx.cu:[[@LINE-1]]:37: error: a pointer to a member function is not supported in device code yet
  Counter c{n};
  a[5] = (c.*getter)();
  // CHECK-DAG: unsupported-cxx.cu:[[@LINE-1]]:10: error: a call through a pointer to a member function is not supported in device code yet
  void (*kernel)(int *) = other;
  // CHECK-DAG: unsupported-cxx.cu:[[@LINE-1]]:27: error: taking the address of a kernel is not supported in device code yet
  (void)kernel;
}

int main() { return 0; }
