#include <cstdio>
#if defined(__NVCC__)
#define HOST_DEVICE __host__ __device__
#else
#define HOST_DEVICE
#endif

struct Vec {
  float x;
  HOST_DEVICE Vec operator+(const Vec &o) const { return {x + o.x}; }
};

__global__ void add(const Vec *a, const Vec *b, Vec *c) {
  c[threadIdx.x] = a[threadIdx.x] + b[threadIdx.x];
}

int fromCpp();

int main() {
  Vec a[2] = {{1.0f}, {2.0f}}, b[2] = {{0.5f}, {1.5f}}, c[2];
  Vec *da, *db, *dc;
  cudaMalloc(&da, sizeof a);
  cudaMalloc(&db, sizeof b);
  cudaMalloc(&dc, sizeof c);
  cudaMemcpy(da, a, sizeof a, cudaMemcpyHostToDevice);
  cudaMemcpy(db, b, sizeof b, cudaMemcpyHostToDevice);
  add<<<1, 2>>>(da, db, dc);
  cudaMemcpy(c, dc, sizeof c, cudaMemcpyDeviceToHost);
  Vec host = a[1] + b[1];
  printf("sum %g %d\n", host.x, fromCpp());
  printf("%s\n", c[0].x == 1.5f && c[1].x == 3.5f ? "PASS" : "FAIL");
}
