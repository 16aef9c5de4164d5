// RUN: not %cucpu %s -o %t 2>&1 | FileCheck %s

// long double is 8 bytes on the device and 16 on the host: code that depends
// on its layout is refused rather than given the wrong layout.

struct Wide {
  long double value;
  int tag;
};

__global__ void k(Wide *w, unsigned long *size) {
  size[0] = sizeof(Wide);
  // CHECK-DAG: long-double.cu:[[@LINE-1]]:13: error: long double (the device and the host lay it out differently) is not supported in device code yet
  w->tag = 1;
  // CHECK-DAG: long-double.cu:[[@LINE-1]]:6: error: long double (the device and the host lay it out differently) is not supported in device code yet
}

int main() { return 0; }
