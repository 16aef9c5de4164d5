// RUN: %cucpu -O2 -Rpass=cucpu %s -o %t 2> %t.remarks && %t | FileCheck %s
// RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
// RUN: FileCheck %s --check-prefix=JAM < %t.remarks
// RUN: FileCheck %s --check-prefix=MATH < %t.remarks
// RUN: %cucpu -O2 -fcucpu-unroll-and-jam=3 %s -o %t3 && %t3 | FileCheck %s
// RUN: %cucpu -O2 -fno-cucpu-unroll-and-jam -Rpass=cucpu %s -o %t4 2> %t4.remarks && %t4 | FileCheck %s
// RUN: FileCheck %s --check-prefix=NOJAM < %t4.remarks
// RUN: not %cucpu -fcucpu-unroll-and-jam=0 %s -o %t5 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: %cucpu -O2 -fno-cucpu-loop-interchange %s -o %t0 && %t0 | FileCheck %s
// RUN: %cucpu -O2 -fno-cucpu-loop-interchange -Rpass=cucpu %s -o %t1 2>&1 | FileCheck %s --check-prefix=OFF --allow-empty
// CHECK: PASS
// REMARK-COUNT-6: remark: cucpu: loop interchanged with the thread loop
// OFF-NOT: loop interchanged
// The loops without loops inside (all but nearest's loop over centres) run
// 4 iterations per pass over the threads; dim = 37 leaves a remainder.
// JAM-COUNT-5: loop interchanged with the thread loop: {{.*}}; unrolled and jammed by 4
// MATH: uniform_loop_interchange.cu:{{[0-9]+}}:{{[0-9]+}}: remark: cucpu: loop interchanged with the thread loop: the math functions around it vectorize across threads; unrolled and jammed by 4
// NOJAM-NOT: unrolled and jammed
// BAD: error: -fcucpu-unroll-and-jam= wants a number of iterations from 1 to 16, not '0'

// Loops whose trip count every thread shares, around accesses that are
// consecutive across threads: the compiler makes the loop the outer one and
// the (serial) thread loop the inner one. These kernels check that the
// values the loops carry per thread, the guards that lead to them, values
// computed before them and used after, and nested loops all survive it, for
// block sizes that do not divide the problem.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

// Sum of each column of a dim x n matrix stored by rows.
__global__ void columnSums(const float *a, float *out, int n, int dim) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float s = 0.0f;
    for (int d = 0; d < dim; ++d)
      s += a[d * n + i];
    out[i] = s;
  }
}

// Guards on a loaded value, a value computed before the loop and used after
// it, a store after the inner guard.
__global__ void guardedSums(const float *a, const int *scale, float *out,
                            int *seen, int n, int dim) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int twice = 2 * i;
  if (i < n) {
    int k = scale[i];
    if (k > 0) {
      float s = 0.0f;
      for (int d = 0; d < dim; ++d)
        s += a[d * n + i] * k;
      out[i] = s + twice;
    }
    seen[i] = k;
  }
}

// Nearest centre (kmeans-like): two nested uniform loops, the outer one
// carrying the best distance and its index per thread.
__global__ void nearest(const float *pointsT, const float *centres, int *best,
                        float *bestDist, int n, int k, int dim) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  int which = -1;
  float closest = 3.0e38f;
  for (int c = 0; c < k; ++c) {
    float dist = 0.0f;
    for (int d = 0; d < dim; ++d) {
      float diff = pointsT[d * n + i] - centres[c * dim + d];
      dist += diff * diff;
    }
    if (dist < closest) {
      closest = dist;
      which = c;
    }
  }
  best[i] = which;
  bestDist[i] = closest;
}

// A uniform loop whose counter is used after it, stepping by a kernel
// argument, with a 2D block (the loop interchanges with both thread
// dimensions).
__global__ void strided2D(const int *a, int *out, int width, int height,
                          int steps, int stride) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < width && y < height) {
    int acc = 0, s = 0;
    for (; s < steps * stride; s += stride)
      acc += a[(s * height + y) * width + x] ^ s;
    out[y * width + x] = acc + s;
  }
}

// A loop of gathers through a table of offsets (neither consecutive across
// threads nor along the loop) inside an if whose value the thread uses
// after it, with exp of the loop's result: interchanged so that the exp
// vectorizes across threads.
__global__ void offsetScores(const int *offsets, const unsigned char *image,
                             float *out, int n, int count) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float w = -1.0f;
  if (i < n) {
    int score = 0;
    for (int k = 0; k < count; ++k)
      score += image[(i + offsets[k]) % n];
    w = expf(score * -0.0001f);
  }
  if (i < n + 5)
    out[i] = w;
}

static bool close(float a, float b) {
  float d = a > b ? a - b : b - a;
  float m = (a > 0 ? a : -a) + 1.0f;
  return d <= 1e-4f * m;
}

int main() {
  const int n = 1000, dim = 37, k = 7;
  std::vector<float> a((size_t)dim * n), centres((size_t)k * dim);
  std::vector<int> scale(n);
  srand(7);
  for (float &v : a)
    v = (float)(rand() % 1000) / 100.0f;
  for (float &v : centres)
    v = (float)(rand() % 1000) / 100.0f;
  for (int &v : scale)
    v = rand() % 5 - 1;

  float *dA, *dOut, *dCentres, *dDist;
  int *dScale, *dSeen, *dBest;
  cudaMalloc(&dA, a.size() * sizeof(float));
  cudaMalloc(&dCentres, centres.size() * sizeof(float));
  cudaMalloc(&dOut, n * sizeof(float));
  cudaMalloc(&dDist, n * sizeof(float));
  cudaMalloc(&dScale, n * sizeof(int));
  cudaMalloc(&dSeen, n * sizeof(int));
  cudaMalloc(&dBest, n * sizeof(int));
  cudaMemcpy(dA, a.data(), a.size() * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(dCentres, centres.data(), centres.size() * sizeof(float),
             cudaMemcpyHostToDevice);
  cudaMemcpy(dScale, scale.data(), n * sizeof(int), cudaMemcpyHostToDevice);
  int failures = 0;

  // columnSums
  columnSums<<<(n + 127) / 128, 128>>>(dA, dOut, n, dim);
  std::vector<float> out(n);
  cudaMemcpy(out.data(), dOut, n * sizeof(float), cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; ++i) {
    float s = 0.0f;
    for (int d = 0; d < dim; ++d)
      s += a[(size_t)d * n + i];
    if (!close(out[i], s) && failures++ < 5)
      printf("columnSums[%d] = %f, expected %f\n", i, out[i], s);
  }

  // guardedSums: out keeps its old value where k <= 0.
  std::vector<float> before(n, -1.0f);
  cudaMemcpy(dOut, before.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemset(dSeen, 0xff, n * sizeof(int));
  guardedSums<<<(n + 63) / 64, 64>>>(dA, dScale, dOut, dSeen, n - 3, dim);
  std::vector<int> seen(n);
  cudaMemcpy(out.data(), dOut, n * sizeof(float), cudaMemcpyDeviceToHost);
  cudaMemcpy(seen.data(), dSeen, n * sizeof(int), cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; ++i) {
    float expected = -1.0f;
    int expectedSeen = -1;
    if (i < n - 3) {
      expectedSeen = scale[i];
      if (scale[i] > 0) {
        float s = 0.0f;
        for (int d = 0; d < dim; ++d)
          s += a[(size_t)d * (n - 3) + i] * scale[i];
        expected = s + 2 * i;
      }
    }
    if ((!close(out[i], expected) || seen[i] != expectedSeen) &&
        failures++ < 5)
      printf("guardedSums[%d] = %f/%d, expected %f/%d\n", i, out[i], seen[i],
             expected, expectedSeen);
  }

  // nearest
  nearest<<<(n + 255) / 256, 256>>>(dA, dCentres, dBest, dDist, n, k, dim);
  std::vector<int> best(n);
  std::vector<float> dist(n);
  cudaMemcpy(best.data(), dBest, n * sizeof(int), cudaMemcpyDeviceToHost);
  cudaMemcpy(dist.data(), dDist, n * sizeof(float), cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; ++i) {
    int which = -1;
    float closest = 3.0e38f;
    for (int c = 0; c < k; ++c) {
      float d2 = 0.0f;
      for (int d = 0; d < dim; ++d) {
        float diff = a[(size_t)d * n + i] - centres[(size_t)c * dim + d];
        d2 += diff * diff;
      }
      if (d2 < closest) {
        closest = d2;
        which = c;
      }
    }
    if ((best[i] != which || !close(dist[i], closest)) && failures++ < 5)
      printf("nearest[%d] = %d/%f, expected %d/%f\n", i, best[i], dist[i],
             which, closest);
  }

  // strided2D
  const int width = 45, height = 29, steps = 6, stride = 3;
  std::vector<int> grid((size_t)steps * stride * height * width);
  for (size_t j = 0; j < grid.size(); ++j)
    grid[j] = (int)(j * 2654435761u % 1000);
  int *dGrid, *dGridOut;
  cudaMalloc(&dGrid, grid.size() * sizeof(int));
  cudaMalloc(&dGridOut, width * height * sizeof(int));
  cudaMemcpy(dGrid, grid.data(), grid.size() * sizeof(int),
             cudaMemcpyHostToDevice);
  strided2D<<<dim3((width + 15) / 16, (height + 7) / 8), dim3(16, 8)>>>(
      dGrid, dGridOut, width, height, steps, stride);
  std::vector<int> gridOut(width * height);
  cudaMemcpy(gridOut.data(), dGridOut, gridOut.size() * sizeof(int),
             cudaMemcpyDeviceToHost);
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) {
      int acc = 0, s = 0;
      for (; s < steps * stride; s += stride)
        acc += grid[((size_t)s * height + y) * width + x] ^ s;
      if (gridOut[y * width + x] != acc + s && failures++ < 5)
        printf("strided2D[%d][%d] = %d, expected %d\n", y, x,
               gridOut[y * width + x], acc + s);
    }

  // offsetScores: 2 threads past n write the value from before the if.
  const int count = 23;
  std::vector<int> offsets(count);
  std::vector<unsigned char> image(n);
  for (int j = 0; j < count; ++j)
    offsets[j] = (j * 37) % 101;
  for (int j = 0; j < n; ++j)
    image[j] = (unsigned char)(j * 7 % 251);
  int *dOffsets;
  unsigned char *dImage;
  float *dScores;
  cudaMalloc(&dOffsets, count * sizeof(int));
  cudaMalloc(&dImage, n);
  cudaMalloc(&dScores, (n + 5) * sizeof(float));
  cudaMemcpy(dOffsets, offsets.data(), count * sizeof(int),
             cudaMemcpyHostToDevice);
  cudaMemcpy(dImage, image.data(), n, cudaMemcpyHostToDevice);
  offsetScores<<<(n + 5 + 63) / 64, 64>>>(dOffsets, dImage, dScores, n, count);
  std::vector<float> scores(n + 5);
  cudaMemcpy(scores.data(), dScores, scores.size() * sizeof(float),
             cudaMemcpyDeviceToHost);
  for (int i = 0; i < n + 5; ++i) {
    float w = -1.0f;
    if (i < n) {
      int score = 0;
      for (int k = 0; k < count; ++k)
        score += image[(i + offsets[k]) % n];
      w = expf(score * -0.0001f);
    }
    // The vectorized expf may differ from the host's in the last bits.
    if (!close(scores[i], w) && failures++ < 5)
      printf("offsetScores[%d] = %g, expected %g\n", i, scores[i], w);
  }

  if (cudaGetLastError() != cudaSuccess)
    failures++;
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
