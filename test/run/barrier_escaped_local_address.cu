// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// RUN: %cucpu -O2 -fno-cucpu-mem2reg %s -o %t1 && %t1 | FileCheck %s
// RUN: %cucpu -O2 %s -o %t2 && %t2 | FileCheck %s
// CHECK: PASS

// A thread's local whose address is kept in memory before a loop with a
// barrier and used through it inside the loop: a pointer variable at -O0
// (`int *p = &v`), and a reference parameter of a device function (its
// address kept in the callee's own local at -O0). Splitting the thread loop
// at the loop must give the local storage per thread that outlives the
// first part; found by the differential tester, where every thread read
// the value the first thread had already overwritten.

#include <cstdio>

enum { kThreads = 96, kRounds = 3 };

__device__ void roundsByReference(int *out, int t, int &value) {
  for (int round = 0; round < kRounds; ++round) {
    out[round * kThreads + t] = value;
    value = value * 2 + round;
    __syncthreads();
  }
}

__global__ void throughReference(int *out) {
  int t = threadIdx.x;
  int value = t + 1;
  roundsByReference(out, t, value);
}

__global__ void throughPointer(int *out) {
  int t = threadIdx.x;
  int value = 3 * t;
  int *p = &value;
  int round = 0;
  while (round < kRounds) {
    out[round * kThreads + t] = *p;
    *p = *p + t + round;
    __syncthreads();
    ++round;
  }
}

int main() {
  int *out;
  cudaMallocManaged(&out, 2 * kRounds * kThreads * sizeof(int));
  throughReference<<<1, kThreads>>>(out);
  throughPointer<<<1, kThreads>>>(out + kRounds * kThreads);
  cudaDeviceSynchronize();
  int failures = 0;
  for (int t = 0; t < kThreads; ++t) {
    int byReference = t + 1, byPointer = 3 * t;
    for (int round = 0; round < kRounds; ++round) {
      int gotReference = out[round * kThreads + t];
      int gotPointer = out[(kRounds + round) * kThreads + t];
      if (gotReference != byReference || gotPointer != byPointer) {
        if (failures++ < 5)
          printf("thread %d round %d: %d %d, expected %d %d\n", t, round,
                 gotReference, gotPointer, byReference, byPointer);
      }
      byReference = byReference * 2 + round;
      byPointer = byPointer + t + round;
    }
  }
  cudaFree(out);
  printf(failures ? "FAIL\n" : "PASS\n");
  return failures != 0;
}
