// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// RUN: %cucpu -O2 --cpuify=distribute %s -o %t1 && %t1 | FileCheck %s
// CHECK: PASS

// Struct-typed, double, long long, bool, char and short locals alive across
// barriers, and a shared array of structs exchanged between threads.

#include <cstdio>

struct Particle {
  double pos;
  float vel;
  long long id;
  bool alive;
  Particle() = default; // trivial, so __shared__ arrays of it are allowed
  __device__ __host__ Particle(double p, float v, long long i)
      : pos(p), vel(v), id(i), alive(i % 3 != 0) {}
  __device__ __host__ void step(double dt) {
    if (alive)
      pos += vel * dt;
  }
};

#define BS 64

__global__ void simulate(const double *pos, const float *vel, long long *ids,
                         double *outPos, int n) {
  __shared__ Particle ps[BS];
  int t = threadIdx.x;
  int i = blockIdx.x * BS + t;
  Particle mine = i < n ? Particle(pos[i], vel[i], (long long)i * 1000000007LL)
                        : Particle();
  double energy = 0.0;
  long long checksum = mine.id;
  bool sawDead = false;
  char tag = (char)(t & 0x7f);
  short count = 0;
  for (int s = 0; s < 4; ++s) {
    ps[t] = mine;
    __syncthreads();
    Particle other = ps[(t + 7 * (s + 1)) % BS];
    __syncthreads();
    mine.step(0.25);
    energy += 0.5 * (double)mine.vel * mine.vel + other.pos * 0.125;
    checksum ^= other.id + s;
    sawDead = sawDead || !other.alive;
    if (other.alive)
      ++count;
  }
  if (i < n) {
    outPos[2 * i] = mine.pos + energy;
    outPos[2 * i + 1] = (double)count + (sawDead ? 0.5 : 0.0);
    ids[i] = checksum + tag;
  }
}

int main() {
  const int n = 200, blocks = (n + BS - 1) / BS;
  static double pos[n], outPos[2 * n];
  static float vel[n];
  static long long ids[n];
  for (int i = 0; i < n; ++i) {
    pos[i] = i * 1.5 - 20.0;
    vel[i] = (float)((i % 9) - 4) * 0.5f;
  }
  double *dpos, *dout;
  float *dvel;
  long long *dids;
  cudaMalloc(&dpos, sizeof pos);
  cudaMalloc(&dvel, sizeof vel);
  cudaMalloc(&dout, sizeof outPos);
  cudaMalloc(&dids, sizeof ids);
  cudaMemcpy(dpos, pos, sizeof pos, cudaMemcpyHostToDevice);
  cudaMemcpy(dvel, vel, sizeof vel, cudaMemcpyHostToDevice);
  simulate<<<blocks, BS>>>(dpos, dvel, dids, dout, n);
  if (cudaGetLastError() != cudaSuccess || cudaDeviceSynchronize() != cudaSuccess) {
    printf("FAIL: launch error\n");
    return 1;
  }
  cudaMemcpy(outPos, dout, sizeof outPos, cudaMemcpyDeviceToHost);
  cudaMemcpy(ids, dids, sizeof ids, cudaMemcpyDeviceToHost);
  for (int b = 0; b < blocks; ++b) {
    Particle p[BS];
    double en[BS] = {0};
    long long cs[BS];
    bool dead[BS];
    int cnt[BS];
    for (int t = 0; t < BS; ++t) {
      int i = b * BS + t;
      p[t] = i < n ? Particle(pos[i], vel[i], (long long)i * 1000000007LL) : Particle();
      cs[t] = p[t].id;
      dead[t] = false;
      cnt[t] = 0;
    }
    for (int s = 0; s < 4; ++s) {
      Particle snap[BS];
      for (int t = 0; t < BS; ++t)
        snap[t] = p[t];
      for (int t = 0; t < BS; ++t) {
        const Particle &o = snap[(t + 7 * (s + 1)) % BS];
        p[t].step(0.25);
        en[t] += 0.5 * (double)p[t].vel * p[t].vel + o.pos * 0.125;
        cs[t] ^= o.id + s;
        dead[t] = dead[t] || !o.alive;
        cnt[t] += o.alive;
      }
    }
    for (int t = 0; t < BS && b * BS + t < n; ++t) {
      int i = b * BS + t;
      double e0 = p[t].pos + en[t], e1 = cnt[t] + (dead[t] ? 0.5 : 0.0);
      long long e2 = cs[t] + (t & 0x7f);
      if (outPos[2 * i] != e0 || outPos[2 * i + 1] != e1 || ids[i] != e2) {
        printf("FAIL: particle %d: %f %f %lld expected %f %f %lld\n", i,
               outPos[2 * i], outPos[2 * i + 1], ids[i], e0, e1, e2);
        return 1;
      }
    }
  }
  printf("PASS\n");
  return 0;
}
