// RUN: not %cucpu %s -o %t 2>&1 | FileCheck %s --implicit-check-not=sm_52 --implicit-check-not=launches

// A device-code error is reported at the user's file and line, also when
// the driver compiled a respelled copy of it (the launch below is written
// `<< <`, as nvcc allows), and the summary names no GPU architecture: none
// is compiled for.

__global__ void k(int *a) {
  int i = 0;
again:
  // CHECK: device-diagnostic-locations.cu:[[@LINE-1]]:1: error: goto is not supported in device code yet
  if (++i < 3)
    goto again;
  a[0] = i;
}

int main() {
  int *a = nullptr;
  k << < 1, 1 >> > (a);
  return 0;
}
