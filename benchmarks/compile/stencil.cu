// The viscous right-hand side of the compressible Navier-Stokes equations on
// a 3D curvilinear grid, with 4th-order central differences in the
// computational coordinates (xi, eta, zeta) and the grid metrics (the
// Jacobian and the nine derivatives of xi, eta and zeta by x, y, z). Each
// point's update is a few hundred terms: the velocity gradient by the chain
// rule, the stress tensor, the heat flux, and the divergence of the fluxes
// in conservative form. The host computes the same update at a few points
// and compares.

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define NX 40
#define NY 36
#define NZ 32
#define HALO 2
#define PX (NX + 2 * HALO)
#define PY (NY + 2 * HALO)
#define PZ (NZ + 2 * HALO)
#define IDX(i, j, k) (((k) * PY + (j)) * PX + (i))

struct Fields {
  const double *rho, *u, *v, *w, *T;
  // Metrics: xi_x xi_y xi_z eta_x eta_y eta_z zeta_x zeta_y zeta_z, and J.
  const double *m[9];
  const double *jac;
};

struct Coeffs {
  double mu, kappa, dxi, deta, dzeta;
};

// 4th-order first derivatives along each computational direction.
#define D4(f, p, s) ((8.0 * ((f)[(p) + (s)] - (f)[(p) - (s)]) -              \
                      ((f)[(p) + 2 * (s)] - (f)[(p) - 2 * (s)])) * (1.0 / 12.0))

__host__ __device__ inline void gradient(const double *f, const double *const *m,
                                         int p, const Coeffs &c, double g[3]) {
  const int sx = 1, sy = PX, sz = PX * PY;
  double fxi = D4(f, p, sx) / c.dxi;
  double feta = D4(f, p, sy) / c.deta;
  double fzeta = D4(f, p, sz) / c.dzeta;
  g[0] = m[0][p] * fxi + m[3][p] * feta + m[6][p] * fzeta;
  g[1] = m[1][p] * fxi + m[4][p] * feta + m[7][p] * fzeta;
  g[2] = m[2][p] * fxi + m[5][p] * feta + m[8][p] * fzeta;
}

// The viscous fluxes at point p in the physical directions: F[dir][eq] for
// the momentum equations (eq 0..2) and the energy equation (eq 3).
__host__ __device__ inline void viscousFlux(const Fields &f, int p,
                                            const Coeffs &c, double F[3][4]) {
  double gu[3], gv[3], gw[3], gT[3];
  gradient(f.u, f.m, p, c, gu);
  gradient(f.v, f.m, p, c, gv);
  gradient(f.w, f.m, p, c, gw);
  gradient(f.T, f.m, p, c, gT);
  double div = gu[0] + gv[1] + gw[2];
  double tau[3][3];
  tau[0][0] = c.mu * (2.0 * gu[0] - (2.0 / 3.0) * div);
  tau[1][1] = c.mu * (2.0 * gv[1] - (2.0 / 3.0) * div);
  tau[2][2] = c.mu * (2.0 * gw[2] - (2.0 / 3.0) * div);
  tau[0][1] = tau[1][0] = c.mu * (gu[1] + gv[0]);
  tau[0][2] = tau[2][0] = c.mu * (gu[2] + gw[0]);
  tau[1][2] = tau[2][1] = c.mu * (gv[2] + gw[1]);
  double vel[3] = {f.u[p], f.v[p], f.w[p]};
  for (int d = 0; d < 3; ++d) {
    F[d][0] = tau[d][0];
    F[d][1] = tau[d][1];
    F[d][2] = tau[d][2];
    F[d][3] = vel[0] * tau[d][0] + vel[1] * tau[d][1] + vel[2] * tau[d][2] +
              c.kappa * gT[d];
  }
}

// The contravariant flux along computational direction `dir` at point p:
// (1/J) (m_dir . F), for each equation.
__host__ __device__ inline void contravariant(const Fields &f, int p, int dir,
                                              const Coeffs &c, double G[4]) {
  double F[3][4];
  viscousFlux(f, p, c, F);
  double inv = 1.0 / f.jac[p];
  const double *mx = f.m[3 * dir], *my = f.m[3 * dir + 1],
               *mz = f.m[3 * dir + 2];
  for (int e = 0; e < 4; ++e)
    G[e] = inv * (mx[p] * F[0][e] + my[p] * F[1][e] + mz[p] * F[2][e]);
}

// rhs = J * sum over directions of the 4th-order derivative of the
// contravariant fluxes; each of the 3 x 4 flux evaluations is a full
// viscous-flux computation at a neighbour.
__host__ __device__ inline void rhsAt(const Fields &f, int p, const Coeffs &c,
                                      double out[4]) {
  const int strides[3] = {1, PX, PX * PY};
  const double h[3] = {c.dxi, c.deta, c.dzeta};
  double acc[4] = {0, 0, 0, 0};
#pragma unroll
  for (int dir = 0; dir < 3; ++dir) {
    int s = strides[dir];
    double Gp1[4], Gm1[4], Gp2[4], Gm2[4];
    contravariant(f, p + s, dir, c, Gp1);
    contravariant(f, p - s, dir, c, Gm1);
    contravariant(f, p + 2 * s, dir, c, Gp2);
    contravariant(f, p - 2 * s, dir, c, Gm2);
#pragma unroll
    for (int e = 0; e < 4; ++e)
      acc[e] += (8.0 * (Gp1[e] - Gm1[e]) - (Gp2[e] - Gm2[e])) /
                (12.0 * h[dir]);
  }
  for (int e = 0; e < 4; ++e)
    out[e] = f.jac[p] * acc[e] / f.rho[p];
}

// Interior points need two halo layers for the fluxes' own derivatives:
// those are evaluated 2 away, so the update covers points 4 from the edge.
__global__ void viscousRHS(Fields f, Coeffs c, double *du, double *dv,
                           double *dw, double *dE) {
  int i = blockIdx.x * blockDim.x + threadIdx.x + 2 * HALO;
  int j = blockIdx.y * blockDim.y + threadIdx.y + 2 * HALO;
  int k = blockIdx.z + 2 * HALO;
  if (i >= PX - 2 * HALO || j >= PY - 2 * HALO || k >= PZ - 2 * HALO)
    return;
  int p = IDX(i, j, k);
  double r[4];
  rhsAt(f, p, c, r);
  du[p] = r[0];
  dv[p] = r[1];
  dw[p] = r[2];
  dE[p] = r[3];
}

// A second, hand-expanded variant: the derivative of the flux in each
// direction from the metrics and gradients at the stencil's points, with
// cross terms written out, as generated code would have it.
#define TERM(a, b, q) (f.m[a][q] * f.m[b][q] / f.jac[q])
__global__ void crossTerms(Fields f, Coeffs c, double *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x + 2 * HALO;
  int j = blockIdx.y * blockDim.y + threadIdx.y + 2 * HALO;
  int k = blockIdx.z + 2 * HALO;
  if (i >= PX - 2 * HALO || j >= PY - 2 * HALO || k >= PZ - 2 * HALO)
    return;
  int p = IDX(i, j, k);
  const int s[3] = {1, PX, PX * PY};
  const double *fld[5] = {f.u, f.v, f.w, f.T, f.rho};
  double sum = 0;
#pragma unroll
  for (int q = 0; q < 5; ++q) {
    const double *g = fld[q];
#pragma unroll
    for (int a = 0; a < 3; ++a) {
#pragma unroll
      for (int b = 0; b < 3; ++b) {
        // d/da (M_ab d g / db), 4th order in both.
        int sa = s[a], sb = s[b];
        double t = 0;
#pragma unroll
        for (int o = -2; o <= 2; ++o) {
          if (o == 0)
            continue;
          double w = (o == 1 || o == -1) ? 8.0 * o : -0.5 * o;
          int q0 = p + o * sa;
          double inner = 8.0 * (g[q0 + sb] - g[q0 - sb]) -
                         (g[q0 + 2 * sb] - g[q0 - 2 * sb]);
          t += w * TERM(3 * a, 3 * b + 1, q0) * inner;
        }
        sum += t * c.mu / (144.0 * c.dxi * c.deta);
      }
    }
  }
  out[p] = sum;
}

static double hostRand(unsigned &s) {
  s = s * 1103515245u + 12345u;
  return ((s >> 8) & 0xffff) / 65536.0;
}

int main() {
  const int n = PX * PY * PZ;
  const size_t bytes = n * sizeof(double);
  unsigned seed = 7;
  std::vector<std::vector<double>> host(15, std::vector<double>(n));
  for (int a = 0; a < 15; ++a)
    for (int q = 0; q < n; ++q)
      host[a][q] = (a == 0 || a == 14) ? 1.0 + 0.1 * hostRand(seed)
                                      : hostRand(seed) - 0.5;
  double *dev[15];
  for (int a = 0; a < 15; ++a) {
    cudaMalloc(&dev[a], bytes);
    cudaMemcpy(dev[a], host[a].data(), bytes, cudaMemcpyHostToDevice);
  }
  Fields f{dev[0], dev[1], dev[2], dev[3], dev[4], {}, dev[14]};
  Fields hf{host[0].data(), host[1].data(), host[2].data(), host[3].data(),
            host[4].data(), {}, host[14].data()};
  for (int a = 0; a < 9; ++a) {
    f.m[a] = dev[5 + a];
    hf.m[a] = host[5 + a].data();
  }
  Coeffs c{1.8e-5, 2.5e-2, 0.1, 0.12, 0.15};
  double *out[5];
  for (int a = 0; a < 5; ++a) {
    cudaMalloc(&out[a], bytes);
    cudaMemset(out[a], 0, bytes);
  }
  dim3 block(16, 8);
  dim3 grid((NX - 2 * HALO + 15) / 16, (NY - 2 * HALO + 7) / 8, NZ - 2 * HALO);
  viscousRHS<<<grid, block>>>(f, c, out[0], out[1], out[2], out[3]);
  crossTerms<<<grid, block>>>(f, c, out[4]);
  std::vector<double> res(n);
  cudaMemcpy(res.data(), out[3], bytes, cudaMemcpyDeviceToHost);
  bool ok = true;
  int pts[3][3] = {{4, 4, 4}, {20, 17, 15}, {PX - 5, PY - 5, PZ - 5}};
  for (auto &q : pts) {
    int p = IDX(q[0], q[1], q[2]);
    double r[4];
    rhsAt(hf, p, c, r);
    if (std::fabs(r[3] - res[p]) > 1e-9 * (1 + std::fabs(r[3])))
      ok = false;
  }
  for (int a = 0; a < 15; ++a)
    cudaFree(dev[a]);
  for (int a = 0; a < 5; ++a)
    cudaFree(out[a]);
  printf(ok ? "PASS\n" : "FAIL\n");
  return ok ? 0 : 1;
}
