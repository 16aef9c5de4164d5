// The cache-hinted loads and stores (__ldcg, __ldca, __ldcs, __ldlu,
// __ldcv, __stwb, __stcg, __stcs, __stwt) are plain loads and stores, for
// scalars and vector types (HeCBench layernorm uses __stcs on float4).
// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// CHECK: PASS
#include <cstdio>

__global__ void copy(const float4 *in, float4 *out, const int *n, int *m) {
  int i = threadIdx.x;
  float4 v = __ldcs(&in[i]);
  v.x += __ldcg(&in[i]).y;
  v.y += __ldca(&in[i]).z;
  v.z += __ldlu(&in[i]).w;
  v.w += __ldcv(&in[i]).x;
  __stcs(&out[i], v);
  int k = __ldcg(&n[i]);
  __stwb(&m[4 * i], k);
  __stcg(&m[4 * i + 1], k + 1);
  __stcs(&m[4 * i + 2], k + 2);
  __stwt(&m[4 * i + 3], k + 3);
}

int main() {
  const int n = 64;
  float4 hostIn[n], hostOut[n];
  int hostN[n], hostM[4 * n];
  for (int i = 0; i < n; ++i) {
    hostIn[i] = make_float4(i, 2 * i, 3 * i, 4 * i);
    hostN[i] = 10 * i;
  }
  float4 *in, *out;
  int *dn, *dm;
  cudaMalloc(&in, sizeof hostIn);
  cudaMalloc(&out, sizeof hostOut);
  cudaMalloc(&dn, sizeof hostN);
  cudaMalloc(&dm, sizeof hostM);
  cudaMemcpy(in, hostIn, sizeof hostIn, cudaMemcpyHostToDevice);
  cudaMemcpy(dn, hostN, sizeof hostN, cudaMemcpyHostToDevice);
  copy<<<1, n>>>(in, out, dn, dm);
  cudaMemcpy(hostOut, out, sizeof hostOut, cudaMemcpyDeviceToHost);
  cudaMemcpy(hostM, dm, sizeof hostM, cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int i = 0; i < n; ++i) {
    float4 a = hostIn[i], o = hostOut[i];
    bad += o.x != a.x + a.y || o.y != a.y + a.z || o.z != a.z + a.w ||
           o.w != a.w + a.x;
    for (int k = 0; k < 4; ++k)
      bad += hostM[4 * i + k] != hostN[i] + k;
  }
  printf(bad ? "FAIL\n" : "PASS\n");
  return bad != 0;
}
