#!/usr/bin/env python3
"""Generates the compile-time scaling files of benchmarks/compile.

  gen.py barriers N OUT.cu    one kernel with N __syncthreads(), each
                              separated from the next by shared-memory work
  gen.py kernels N OUT.cu     N trivial kernels in one file
  gen.py statements N OUT.cu  one kernel of N straight-line statements

Every file is a complete CUDA program with a main() that launches what it
defines, so that it also links and runs."""

import sys


def barriers(n):
    out = ["#include <cstdio>", "", "#define TILE 128", "",
           "__global__ void manyBarriers(float *data) {",
           "  __shared__ float s[TILE];",
           "  int t = threadIdx.x;",
           "  int g = blockIdx.x * TILE + t;",
           "  s[t] = data[g];",
           "  float acc = 0.0f;"]
    for i in range(n):
        # Exactly n barriers; the reads of a neighbour's slot and the writes
        # of one's own alternate between them, so the program is race-free.
        out.append("  __syncthreads();")
        if i % 2 == 0:
            out.append("  acc += s[(t + %d) %% TILE] * 0.0%d5f;" % (i % 7 + 1,
                                                                 i % 5))
        else:
            out.append("  s[t] = acc - s[t] * 0.25f;")
    out += ["  data[g] = s[t] + acc;",
            "}", "",
            "int main() {",
            "  const int n = 4 * TILE;",
            "  float *d, h[4 * TILE];",
            "  for (int i = 0; i < n; ++i)",
            "    h[i] = (i % 17) * 0.001f;",
            "  cudaMalloc(&d, n * sizeof(float));",
            "  cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);",
            "  manyBarriers<<<n / TILE, TILE>>>(d);",
            "  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);",
            "  double sum = 0;",
            "  for (int i = 0; i < n; ++i)",
            "    sum += h[i];",
            "  printf(\"%g\\n\", sum);",
            "  cudaFree(d);",
            "  return 0;",
            "}"]
    return "\n".join(out) + "\n"


def kernels(n):
    out = ["#include <cstdio>", ""]
    for i in range(n):
        out += ["__global__ void k%d(int *a, int n) {" % i,
                "  int i = blockIdx.x * blockDim.x + threadIdx.x;",
                "  if (i < n)",
                "    a[i] = a[i] * %d + %d;" % (i % 13 + 2, i),
                "}", ""]
    out += ["int main() {",
            "  const int n = 256;",
            "  int *d;",
            "  cudaMalloc(&d, n * sizeof(int));",
            "  cudaMemset(d, 0, n * sizeof(int));"]
    out += ["  k%d<<<2, 128>>>(d, n);" % i for i in range(n)]
    out += ["  int h[256];",
            "  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);",
            "  printf(\"%d\\n\", h[0]);",
            "  cudaFree(d);",
            "  return 0;",
            "}"]
    return "\n".join(out) + "\n"


def statements(n):
    # A chain of scalar updates over a few rotating variables, with a load
    # or store to global memory every so often.
    out = ["#include <cstdio>", "",
           "__global__ void longKernel(float *a, const float *b, int n) {",
           "  int i = blockIdx.x * blockDim.x + threadIdx.x;",
           "  if (i >= n)",
           "    return;",
           "  float x0 = b[i], x1 = x0 * 0.5f, x2 = x0 + 1.0f, x3 = x0 - 2.0f;"]
    for k in range(n):
        d, s1, s2 = k % 4, (k + 1) % 4, (k + 2) % 4
        c = (k % 97) * 0.01 + 0.5
        if k % 16 == 15:
            out.append("  a[(i + %d) %% n] += x%d;" % (k % 31, d))
        elif k % 16 == 7:
            out.append("  x%d += b[(i + %d) %% n];" % (d, k % 29))
        elif k % 3 == 0:
            out.append("  x%d = x%d * %.2ff + x%d;" % (d, s1, c, s2))
        elif k % 3 == 1:
            out.append("  x%d = x%d - x%d * %.2ff;" % (d, d, s1, c))
        else:
            out.append("  x%d = (x%d > x%d) ? x%d : x%d + %.2ff;" %
                       (d, s1, s2, s1, s2, c))
    out += ["  a[i] = x0 + x1 + x2 + x3;",
            "}", "",
            "int main() {",
            "  const int n = 256;",
            "  float *a, *b;",
            "  cudaMalloc(&a, n * sizeof(float));",
            "  cudaMalloc(&b, n * sizeof(float));",
            "  cudaMemset(a, 0, n * sizeof(float));",
            "  cudaMemset(b, 0, n * sizeof(float));",
            "  longKernel<<<2, 128>>>(a, b, n);",
            "  float h[256];",
            "  cudaMemcpy(h, a, sizeof h, cudaMemcpyDeviceToHost);",
            "  printf(\"%f\\n\", h[0]);",
            "  cudaFree(a);",
            "  cudaFree(b);",
            "  return 0;",
            "}"]
    return "\n".join(out) + "\n"


GENERATORS = {"barriers": barriers, "kernels": kernels,
              "statements": statements}


def main(argv):
    if len(argv) != 4 or argv[1] not in GENERATORS:
        sys.stderr.write(__doc__)
        return 2
    text = GENERATORS[argv[1]](int(argv[2]))
    with open(argv[3], "w") as f:
        f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
