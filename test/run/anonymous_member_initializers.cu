// Constructor initializers of members of anonymous structs and unions,
// as vector classes write them (`union { struct { T x, y, z; }; struct
// { T r, g, b; }; }` with `vec3(T a, T b, T c) : x(a), y(b), z(c) {}`),
// bit-fields among them, in device and host code (HeCBench ssim's gdt).
// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// CHECK: PASS
#include <cstdio>

template <typename T> struct vec3 {
  __host__ __device__ vec3() {}
  __host__ __device__ vec3(T a, T b, T c) : x(a), y(b), z(c) {}
  template <typename U>
  __host__ __device__ explicit vec3(const vec3<U> &o)
      : x((T)o.x), y((T)o.y), z((T)o.z) {}
  union {
    struct {
      T x, y, z;
    };
    struct {
      T r, g, b;
    };
  };
};

struct Packed {
  __host__ __device__ Packed(unsigned k, unsigned f, int w)
      : kind(k), flags(f), weight(w) {}
  int head = 7;
  struct {
    unsigned kind : 3;
    unsigned flags : 5;
    int weight;
  };
};

__global__ void build(const float *in, float *out, int *meta) {
  int i = threadIdx.x;
  vec3<float> v(in[3 * i], in[3 * i + 1], in[3 * i + 2]);
  vec3<int> w(v);
  Packed p(i % 8, i + 1, -i);
  out[3 * i] = v.r + w.b;
  out[3 * i + 1] = v.g;
  out[3 * i + 2] = v.b * 2;
  meta[i] = p.head * 10000 + p.kind * 1000 + p.flags * 10 + p.weight;
}

int main() {
  const int n = 16;
  float in[3 * n], out[3 * n], *din, *dout;
  int meta[n], *dmeta;
  for (int i = 0; i < 3 * n; ++i)
    in[i] = 0.5f * i - 3.25f;
  cudaMalloc(&din, sizeof in);
  cudaMalloc(&dout, sizeof out);
  cudaMalloc(&dmeta, sizeof meta);
  cudaMemcpy(din, in, sizeof in, cudaMemcpyHostToDevice);
  build<<<1, n>>>(din, dout, dmeta);
  cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
  cudaMemcpy(meta, dmeta, sizeof meta, cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int i = 0; i < n; ++i) {
    vec3<float> v(in[3 * i], in[3 * i + 1], in[3 * i + 2]);
    vec3<int> w(v);
    Packed p(i % 8, i + 1, -i);
    float want[3] = {v.x + w.z, v.y, v.z * 2};
    for (int j = 0; j < 3; ++j)
      if (out[3 * i + j] != want[j] && bad++ < 5)
        printf("out[%d] = %g, want %g\n", 3 * i + j, out[3 * i + j], want[j]);
    int m = p.head * 10000 + p.kind * 1000 + p.flags * 10 + p.weight;
    if (meta[i] != m && bad++ < 5)
      printf("meta[%d] = %d, want %d\n", i, meta[i], m);
  }
  printf("%s\n", bad ? "FAIL" : "PASS");
}
