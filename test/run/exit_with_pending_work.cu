// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s

// A program that returns from main with work still queued on streams: the
// work completes before the process ends, without a crash.

#include <chrono>
#include <cstdio>
#include <thread>

__global__ void hello(int tag) {
  if (threadIdx.x == 0 && blockIdx.x == 0)
    printf("kernel %d ran\n", tag);
}

static void slowCallback(void *) {
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  printf("callback ran\n");
}

int main() {
  cudaStream_t s;
  cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
  cudaLaunchHostFunc(s, slowCallback, nullptr);
  hello<<<4, 32, 0, s>>>(1);
  // A destroyed stream still finishes its work.
  cudaStream_t t;
  cudaStreamCreate(&t);
  cudaLaunchHostFunc(t, slowCallback, nullptr);
  hello<<<1, 1, 0, t>>>(2);
  cudaStreamDestroy(t);
  printf("main done\n");
  return 0;
}

// CHECK: main done
// CHECK-DAG: callback ran
// CHECK-DAG: callback ran
// CHECK-DAG: kernel 1 ran
// CHECK-DAG: kernel 2 ran
