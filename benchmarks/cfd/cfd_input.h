// cfd: problem sizes, the synthetic unstructured mesh and the initial flow,
// shared by the CUDA and the OpenMP version.
//
// Mesh: a box of G x G x G cubes with a rectangular obstacle in the middle
// removed; every remaining cube is split into the 6 tetrahedra of Kuhn's
// subdivision (which match across cube faces) and the interior grid vertices
// are displaced at random, so the elements are irregular tetrahedra. Each
// element has 4 faces; a face either touches another element, the obstacle
// (a slip wall) or the outer box (far field).
//
// Layout, element index e fastest ("struct of arrays"):
//   neighbor[f * nel + e]          the element across face f, or WALL / FAR_FIELD
//   normal[(f * 3 + d) * nel + e]  component d of face f's outward normal,
//                                  scaled by the face's area
//   areaSum[e]                     sum of e's four face areas
//   variables[v * nel + e]         v = density, momentum x/y/z, energy
#ifndef CFD_INPUT_H
#define CFD_INPUT_H

#include "bench.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <utility>
#include <vector>

namespace cfd {

constexpr int NVAR = 5;  // density, momentum (3), energy
constexpr int NFACE = 4; // tetrahedra
constexpr int WALL = -1;
constexpr int FAR_FIELD = -2;
constexpr int RK = 3; // Runge-Kutta stages per iteration

constexpr float GAMMA = 1.4f;
constexpr float CFL = 0.5f;

constexpr long long SMALL_GRID = 8;    // cubes per box edge
constexpr long long DEFAULT_GRID = 28;
constexpr int SMALL_ITERATIONS = 10;
constexpr int DEFAULT_ITERATIONS = 50;

struct Mesh {
  int nel = 0;
  std::vector<int> neighbor;  // NFACE * nel
  std::vector<float> normal;  // NFACE * 3 * nel
  std::vector<float> areaSum; // nel
};

inline Mesh makeMesh(int g) {
  bench::Rng rng(0xcfdull);
  int gv = g + 1; // vertices per edge
  auto vid = [gv](int x, int y, int z) { return (x * gv + y) * gv + z; };
  // Vertex positions on a unit-spaced grid, interior ones jittered.
  std::vector<double> pos((size_t)gv * gv * gv * 3);
  for (int x = 0; x < gv; ++x)
    for (int y = 0; y < gv; ++y)
      for (int z = 0; z < gv; ++z) {
        bool interior = x > 0 && x < g && y > 0 && y < g && z > 0 && z < g;
        double *p = &pos[(size_t)vid(x, y, z) * 3];
        p[0] = x + (interior ? rng.uniform(-0.1, 0.1) : 0.0);
        p[1] = y + (interior ? rng.uniform(-0.1, 0.1) : 0.0);
        p[2] = z + (interior ? rng.uniform(-0.1, 0.1) : 0.0);
      }
  auto inObstacle = [g](int x, int y, int z) {
    return x >= 3 * g / 8 && x < g / 2 && y >= 3 * g / 8 && y < 5 * g / 8 &&
           z >= g / 4 && z < 3 * g / 4;
  };
  // Tetrahedra: for each permutation of the axes, the path from the cube's
  // low corner to its high corner along those axes.
  static const int perms[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2},
                                  {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
  std::vector<int> tets; // 4 vertex ids per element
  for (int x = 0; x < g; ++x)
    for (int y = 0; y < g; ++y)
      for (int z = 0; z < g; ++z) {
        if (inObstacle(x, y, z))
          continue;
        for (const auto &perm : perms) {
          int c[3] = {x, y, z};
          tets.push_back(vid(c[0], c[1], c[2]));
          for (int s = 0; s < 3; ++s) {
            ++c[perm[s]];
            tets.push_back(vid(c[0], c[1], c[2]));
          }
        }
      }
  Mesh m;
  int nel = (int)(tets.size() / 4);
  m.nel = nel;
  m.neighbor.assign((size_t)NFACE * nel, FAR_FIELD);
  m.normal.assign((size_t)NFACE * 3 * nel, 0.0f);
  m.areaSum.assign(nel, 0.0f);

  // Match faces: face f of element e is the triangle without local vertex f.
  std::vector<std::pair<uint64_t, int>> faces;
  faces.reserve((size_t)NFACE * nel);
  for (int e = 0; e < nel; ++e)
    for (int f = 0; f < NFACE; ++f) {
      uint64_t v[3];
      int k = 0;
      for (int l = 0; l < 4; ++l)
        if (l != f)
          v[k++] = (uint64_t)tets[(size_t)e * 4 + l];
      std::sort(v, v + 3);
      faces.push_back({(v[0] << 42) | (v[1] << 21) | v[2], e * NFACE + f});
    }
  std::sort(faces.begin(), faces.end());
  for (size_t k = 0; k < faces.size();) {
    if (k + 1 < faces.size() && faces[k].first == faces[k + 1].first) {
      int a = faces[k].second, b = faces[k + 1].second;
      m.neighbor[(size_t)(a % NFACE) * nel + a / NFACE] = b / NFACE;
      m.neighbor[(size_t)(b % NFACE) * nel + b / NFACE] = a / NFACE;
      k += 2;
    } else {
      // Unmatched: on the outer box (far field) or on the obstacle (wall).
      int a = faces[k].second;
      int e = a / NFACE, f = a % NFACE;
      bool outer = false;
      for (int d = 0; d < 3 && !outer; ++d) {
        bool allLow = true, allHigh = true;
        for (int l = 0; l < 4; ++l) {
          if (l == f)
            continue;
          int id = tets[(size_t)e * 4 + l];
          int coord = d == 0 ? id / (gv * gv) : d == 1 ? (id / gv) % gv : id % gv;
          allLow &= coord == 0;
          allHigh &= coord == g;
        }
        outer = allLow || allHigh;
      }
      m.neighbor[(size_t)f * nel + e] = outer ? FAR_FIELD : WALL;
      k += 1;
    }
  }
  // Outward area-weighted normals.
  for (int e = 0; e < nel; ++e) {
    for (int f = 0; f < NFACE; ++f) {
      const double *p[3];
      int k = 0;
      for (int l = 0; l < 4; ++l)
        if (l != f)
          p[k++] = &pos[(size_t)tets[(size_t)e * 4 + l] * 3];
      const double *opp = &pos[(size_t)tets[(size_t)e * 4 + f] * 3];
      double u[3], w[3], n[3];
      for (int d = 0; d < 3; ++d) {
        u[d] = p[1][d] - p[0][d];
        w[d] = p[2][d] - p[0][d];
      }
      n[0] = 0.5 * (u[1] * w[2] - u[2] * w[1]);
      n[1] = 0.5 * (u[2] * w[0] - u[0] * w[2]);
      n[2] = 0.5 * (u[0] * w[1] - u[1] * w[0]);
      double toOpp = 0.0;
      for (int d = 0; d < 3; ++d)
        toOpp += n[d] * (opp[d] - p[0][d]);
      double sign = toOpp > 0.0 ? -1.0 : 1.0;
      for (int d = 0; d < 3; ++d)
        m.normal[(size_t)(f * 3 + d) * nel + e] = (float)(sign * n[d]);
      m.areaSum[e] +=
          (float)std::sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
    }
  }
  return m;
}

/// The free-stream state: Mach 0.5 with a small angle of attack in x-y and
/// sideslip in x-z.
inline void freeStream(float state[NVAR]) {
  const double rho = 1.4, p = 1.0, mach = 0.5;
  const double alpha = 0.1, beta = 0.05; // radians
  double c = std::sqrt(1.4 * p / rho);
  double speed = mach * c;
  double v[3] = {speed * std::cos(alpha) * std::cos(beta),
                 speed * std::sin(alpha), speed * std::sin(beta)};
  state[0] = (float)rho;
  for (int d = 0; d < 3; ++d)
    state[1 + d] = (float)(rho * v[d]);
  state[4] = (float)(p / (1.4 - 1.0) + 0.5 * rho * speed * speed);
}

/// Initial flow: the free stream everywhere.
inline std::vector<float> initialVariables(int nel) {
  float ff[NVAR];
  freeStream(ff);
  std::vector<float> vars((size_t)NVAR * nel);
  for (int v = 0; v < NVAR; ++v)
    for (int e = 0; e < nel; ++e)
      vars[(size_t)v * nel + e] = ff[v];
  return vars;
}

} // namespace cfd

#endif
