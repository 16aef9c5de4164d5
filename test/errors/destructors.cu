// RUN: not %cucpu %s -o %t 2>&1 | FileCheck %s
// Device code does not run destructors yet. Objects whose destruction does
// nothing (a trivial destructor, or empty bodies all the way down, as in a
// `virtual ~Base() {}`) are accepted; a variable or a temporary whose
// destructor has effects is an error at its location, never a destructor
// silently skipped.

struct Quiet {
  int v;
  __device__ virtual ~Quiet() {}
};
struct QuietMember {
  Quiet q[2];
  __device__ ~QuietMember() = default;
};
struct Loud {
  int *p;
  __device__ Loud(int *q) : p(q) {}
  __device__ ~Loud() { *p += 1; }
  __device__ int get() const { return *p; }
};
struct HoldsLoud {
  Loud l;
  __device__ HoldsLoud(int *q) : l(q) {}
};

__global__ void k(int *out) {
  Quiet quiet;
  QuietMember member;
  quiet.v = 1;
  out[0] = quiet.v + member.q[1].v;
  Loud loud(out);
  // CHECK-DAG: destructors.cu:[[@LINE-1]]:8: error: a variable whose destructor has effects is not supported in device code yet
  out[1] = Loud(out).get();
  // CHECK-DAG: destructors.cu:[[@LINE-1]]:12: error: a temporary whose destructor has effects is not supported in device code yet
  HoldsLoud holder(out);
  // CHECK-DAG: destructors.cu:[[@LINE-1]]:13: error: a variable whose destructor has effects is not supported in device code yet
  Loud *heap = new Loud(out);
  delete heap;
  // CHECK-DAG: destructors.cu:[[@LINE-1]]:3: error: deleting an object whose destructor has effects is not supported in device code yet
  Quiet *quietHeap = new Quiet[3];
  delete[] quietHeap;
}

int main() { return 0; }
