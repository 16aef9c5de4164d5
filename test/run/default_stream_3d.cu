// RUN: %cucpu -O2 --default-stream per-thread %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O2 %s -o %t1 && %t1 | FileCheck %s
// CHECK: PASS

// 3D and 2D fills and a 3D copy on the default stream, with the legacy and
// the per-thread default stream: the later work sees the earlier work.

#include <cstdio>
int main() {
  cudaPitchedPtr p; cudaExtent e = make_cudaExtent(16, 4, 2);
  if (cudaMalloc3D(&p, e) != cudaSuccess) return 1;
  if (cudaMemset3DAsync(p, 7, e) != cudaSuccess) return 2;
  if (cudaMemset2DAsync(p.ptr, p.pitch, 9, 16, 1) != cudaSuccess) return 3;
  unsigned char h[2][4][16];
  cudaMemcpy3DParms c = {};
  c.srcPtr = p; c.dstPtr = make_cudaPitchedPtr(h, 16, 16, 4); c.extent = e; c.kind = cudaMemcpyDeviceToHost;
  if (cudaMemcpy3D(&c) != cudaSuccess) return 4;
  int bad = 0;
  for (int z = 0; z < 2; ++z) for (int y = 0; y < 4; ++y) for (int x = 0; x < 16; ++x)
    bad += h[z][y][x] != ((z == 0 && y == 0) ? 9 : 7);
  printf(bad ? "FAIL\n" : "PASS\n");
  return bad != 0;
}
