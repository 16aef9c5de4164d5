// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// CHECK: PASS

// Nested aggregates in device code: structs inside structs inside classes,
// arrays of structs as members, structs returned by value from device
// functions (small and large), large struct kernel parameters passed by
// value (with padding, mixed member types and inner arrays), and struct
// assignment / copy of nested members.

#include <cstdio>

struct Vec3 {
  float x, y, z;
};
struct Box {
  Vec3 lo, hi;
};
class Scene {
public:
  struct Light {
    Vec3 pos;
    float power;
    char kind;
  };
  Box bounds;
  Light lights[3];
  int nLights;
  double scale;
  short tags[5];
};

struct Big {
  long long ids[6];
  Vec3 pts[4];
  unsigned char flags[7];
  double d;
};

struct Stats {
  float minv, maxv;
  double sum;
  int count;
  Vec3 centroid;
};

__device__ Vec3 sub(Vec3 a, Vec3 b) { return Vec3{a.x - b.x, a.y - b.y, a.z - b.z}; }
__device__ Box grow(Box b, float m) {
  Box r = b;
  r.lo.x -= m; r.lo.y -= m; r.lo.z -= m;
  r.hi.x += m; r.hi.y += m; r.hi.z += m;
  return r;
}
__device__ Stats stats(const float *v, int n) {
  Stats s;
  s.minv = v[0];
  s.maxv = v[0];
  s.sum = 0;
  s.count = n;
  s.centroid = Vec3{0, 0, 0};
  for (int k = 0; k < n; ++k) {
    s.minv = v[k] < s.minv ? v[k] : s.minv;
    s.maxv = v[k] > s.maxv ? v[k] : s.maxv;
    s.sum += v[k];
    s.centroid.x += v[k] * (k % 3 == 0);
    s.centroid.y += v[k] * (k % 3 == 1);
    s.centroid.z += v[k] * (k % 3 == 2);
  }
  return s;
}
__device__ Big makeBig(const Big &in, int t) {
  Big b = in;
  for (int k = 0; k < 6; ++k)
    b.ids[k] += t * k;
  b.pts[t % 4].x = (float)t;
  b.flags[t % 7] ^= 0xff;
  b.d *= t;
  return b;
}

__global__ void kernel(Scene scene, Big big, const float *vals, double *out, Big *bigOut, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= n)
    return;
  Box g = grow(scene.bounds, 0.5f * t);
  Vec3 ext = sub(g.hi, g.lo);
  double acc = ext.x + 2.0 * ext.y + 3.0 * ext.z;
  for (int l = 0; l < scene.nLights; ++l) {
    const Scene::Light &L = scene.lights[l];
    Vec3 d = sub(L.pos, scene.bounds.lo);
    acc += (d.x + d.y + d.z) * L.power * (L.kind == 'p' ? 1 : -1);
  }
  acc *= scene.scale;
  acc += scene.tags[t % 5];
  Stats s = stats(vals + t * 9, 9);
  out[t * 6 + 0] = acc;
  out[t * 6 + 1] = s.minv;
  out[t * 6 + 2] = s.maxv;
  out[t * 6 + 3] = s.sum + s.count;
  out[t * 6 + 4] = s.centroid.x + 10.0 * s.centroid.y + 100.0 * s.centroid.z;
  Scene copy = scene;                 // whole-struct copy
  copy.lights[1] = copy.lights[0];
  copy.lights[0].pos.z = (float)t;
  out[t * 6 + 5] = copy.lights[1].pos.z + copy.lights[0].pos.z + copy.bounds.hi.y;
  Big nb = makeBig(big, t);         // copy-initialized from a returned struct
  Big *dst = bigOut + t;
  for (int k = 0; k < 6; ++k)
    dst->ids[k] = nb.ids[k];
  for (int k = 0; k < 4; ++k)
    dst->pts[k] = nb.pts[k];
  for (int k = 0; k < 7; ++k)
    dst->flags[k] = nb.flags[k];
  dst->d = nb.d;
}

int main() {
  const int n = 130;
  Scene scene;
  scene.bounds = Box{{-1, -2, -3}, {4, 5, 6}};
  scene.lights[0] = Scene::Light{{1, 1, 1}, 2.5f, 'p'};
  scene.lights[1] = Scene::Light{{0, 3, -2}, 1.25f, 's'};
  scene.lights[2] = Scene::Light{{7, -1, 0.5f}, 0.75f, 'p'};
  scene.nLights = 3;
  scene.scale = 1.5;
  for (int k = 0; k < 5; ++k)
    scene.tags[k] = (short)(k * 100 - 250);
  Big big;
  for (int k = 0; k < 6; ++k)
    big.ids[k] = 1000000000000LL * k + 7;
  for (int k = 0; k < 4; ++k)
    big.pts[k] = Vec3{(float)k, -(float)k, 0.5f * k};
  for (int k = 0; k < 7; ++k)
    big.flags[k] = (unsigned char)(k * 31);
  big.d = 3.25;
  static float vals[n * 9];
  for (int i = 0; i < n * 9; ++i)
    vals[i] = (float)((i * 37) % 101) * 0.25f - 10.0f;
  float *dvals;
  double *dout;
  Big *dbig;
  cudaMalloc(&dvals, sizeof vals);
  cudaMalloc(&dout, n * 6 * sizeof(double));
  cudaMalloc(&dbig, n * sizeof(Big));
  cudaMemcpy(dvals, vals, sizeof vals, cudaMemcpyHostToDevice);
  kernel<<<(n + 31) / 32, 32>>>(scene, big, dvals, dout, dbig, n);
  if (cudaGetLastError() != cudaSuccess || cudaDeviceSynchronize() != cudaSuccess) {
    printf("FAIL: launch\n");
    return 1;
  }
  static double out[n * 6];
  static Big bigOut[n];
  cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
  cudaMemcpy(bigOut, dbig, sizeof bigOut, cudaMemcpyDeviceToHost);
  for (int t = 0; t < n; ++t) {
    double ref[6];
    float m = 0.5f * t;
    float ex = (4 + m) - (-1 - m), ey = (5 + m) - (-2 - m), ez = (6 + m) - (-3 - m);
    double acc = ex + 2.0 * ey + 3.0 * ez;
    acc += ((1 + 1) + (1 + 2) + (1 + 3)) * 2.5f;
    acc -= ((0 + 1) + (3 + 2) + (-2 + 3)) * 1.25f;
    acc += ((7 + 1) + (-1 + 2) + (0.5f + 3)) * 0.75f;
    acc *= 1.5;
    acc += t % 5 * 100 - 250;
    ref[0] = acc;
    float mn = vals[t * 9], mx = vals[t * 9];
    double sum = 0, cx = 0, cy = 0, cz = 0;
    for (int k = 0; k < 9; ++k) {
      float v = vals[t * 9 + k];
      if (v < mn) mn = v;
      if (v > mx) mx = v;
      sum += v;
      if (k % 3 == 0) cx += v; else if (k % 3 == 1) cy += v; else cz += v;
    }
    ref[1] = mn; ref[2] = mx; ref[3] = sum + 9; ref[4] = cx + 10.0 * cy + 100.0 * cz;
    ref[5] = 1.0 + t + 5.0;
    for (int k = 0; k < 6; ++k) {
      double d = out[t * 6 + k] - ref[k];
      if (d < 0) d = -d;
      if (d > 1e-6 * (1 + (ref[k] < 0 ? -ref[k] : ref[k]))) {
        printf("FAIL: t=%d field %d: got %.10g expected %.10g\n", t, k, out[t * 6 + k], ref[k]);
        return 1;
      }
    }
    const Big &b = bigOut[t];
    bool ok = b.d == 3.25 * t;
    for (int k = 0; k < 6; ++k)
      ok = ok && b.ids[k] == 1000000000000LL * k + 7 + (long long)t * k;
    for (int k = 0; k < 4; ++k) {
      float x = (k == t % 4) ? (float)t : (float)k;
      ok = ok && b.pts[k].x == x && b.pts[k].y == -(float)k && b.pts[k].z == 0.5f * k;
    }
    for (int k = 0; k < 7; ++k)
      ok = ok && b.flags[k] == (unsigned char)((k * 31) ^ (k == t % 7 ? 0xff : 0));
    if (!ok) {
      printf("FAIL: Big returned by value wrong for t=%d\n", t);
      return 1;
    }
  }
  printf("PASS\n");
  return 0;
}
