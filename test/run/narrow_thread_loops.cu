// RUN: %cucpu -O2 -Rpass=cucpu -fno-cucpu-masked-rows %s -o %t 2> %t.remarks && %t | FileCheck %s
// RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
// RUN: %cucpu -O2 -fno-cucpu-narrow-thread-loops %s -o %t0 && %t0 | FileCheck %s
// RUN: %cucpu -O2 -Rpass=cucpu %s -o %t1 2> %t1.remarks && %t1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=MASKED < %t1.remarks
// CHECK: PASS
// With the default masked rows, the kernels launched with at most 32 threads
// along x keep their comparisons of x in the guard: rect (16x8) runs 8 blocks
// a phase instead (its rows are narrowed only in the copy for other block
// sizes, which is not optimized), wrapping (32) is not narrowed at all;
// diagonal's equality still narrows.
// MASKED-DAG: narrow_thread_loops.cu:[[# @LINE + 49]]:{{.*}} 1 comparison(s) of x kept as a mask
// MASKED-DAG: narrow_thread_loops.cu:[[# @LINE + 45]]:17: remark: cucpu: 8 neighbouring blocks along x run each phase together
// MASKED-DAG: narrow_thread_loops.cu:[[# @LINE + 55]]:{{.*}} 1 comparison(s) of x kept as a mask
// MASKED-DAG: narrow_thread_loops.cu:[[# @LINE + 70]]:{{.*}} innermost thread index narrowed per value of the other thread indices
// REMARK-DAG: narrow_thread_loops.cu:[[# @LINE + 20]]:{{.*}} thread loop narrowed
// REMARK-DAG: narrow_thread_loops.cu:[[# @LINE + 27]]:{{.*}} thread loop narrowed
// REMARK-DAG: narrow_thread_loops.cu:[[# @LINE + 35]]:{{.*}} thread loop narrowed
// REMARK-DAG: narrow_thread_loops.cu:[[# @LINE + 42]]:{{.*}} thread loop narrowed
// REMARK-DAG: narrow_thread_loops.cu:[[# @LINE + 49]]:{{.*}} thread loop narrowed
// REMARK-DAG: narrow_thread_loops.cu:[[# @LINE + 56]]:{{.*}} thread loop narrowed
// REMARK-DAG: narrow_thread_loops.cu:[[# @LINE + 63]]:{{.*}} innermost thread index narrowed per value of the other thread indices

// Guards on the thread index that become the bounds of the serial thread
// loop: each kernel writes every element (a marker where the guard is false)
// so that a thread that runs when it should not, or does not run when it
// should, shows. Sizes leave partial blocks, empty ranges and offsets that
// are negative; one launch makes an unsigned index wrap, where the original
// loop must run.
#include <cstdio>
#include <vector>

// The common `if (i < n)`, in unsigned arithmetic converted to int.
__global__ void below(float *out, const float *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = 2.0f * in[i];
}

// A window that starts left of the block (negative for block 0) and is cut
// on both sides, with a short-circuit &&.
__global__ void window(int *out, int n, int lo, int hi) {
  int col = (int)(blockIdx.x * 60) - 2 + (int)threadIdx.x;
  if (col >= 0 && col < n && threadIdx.x > (unsigned)lo &&
      threadIdx.x <= (unsigned)hi)
    out[col] += 1;
}

// One thread per block (`tx == 0`), and an early return.
__global__ void firstThread(int *out, int n) {
  if (threadIdx.x != 0)
    return;
  if ((int)blockIdx.x < n)
    out[blockIdx.x] = 7;
}

// Two dimensions: rows and columns of a 2D block, 64-bit index arithmetic.
__global__ void rect(float *out, long long rows, long long cols) {
  long long r = (long long)blockIdx.y * blockDim.y + threadIdx.y;
  long long c = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (r < rows && c < cols)
    out[r * cols + c] = (float)(r - c);
}

// Unsigned arithmetic that wraps: base + x crosses 2^32 within the block, so
// `i < limit` (unsigned) holds for the threads past the wrap only.
__global__ void wrapping(int *out, unsigned base, unsigned limit) {
  unsigned i = base + threadIdx.x;
  if (i < limit)
    out[threadIdx.x] = (int)i;
}

// A guard mixed with a condition on loaded data: the index part narrows,
// the data part stays a branch.
__global__ void mixed(int *out, const int *flags, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && flags[i] != 0)
    out[i] = i;
}

// A tile's anti-diagonal, as in a wavefront: x runs over the one cell of
// each row on the diagonal, and only the rows that have one.
__global__ void diagonal(int *out, int d) {
  int tx = threadIdx.x, ty = threadIdx.y;
  if (tx + ty == d)
    out[(blockIdx.x * blockDim.y + ty) * blockDim.x + tx] += d + 1;
}

static int failures = 0;
static void expect(bool ok, const char *what, int at) {
  if (!ok && failures++ < 10)
    printf("mismatch in %s at %d\n", what, at);
}

int main() {
  // below: 1000 elements, blocks of 128 (the last block partial); n = 0 too.
  {
    const int n = 1000, cap = 1024;
    std::vector<float> in(cap), out(cap, -1.0f);
    for (int i = 0; i < cap; ++i)
      in[i] = (float)i;
    float *dIn, *dOut;
    cudaMalloc(&dIn, cap * sizeof(float));
    cudaMalloc(&dOut, cap * sizeof(float));
    cudaMemcpy(dIn, in.data(), cap * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemcpy(dOut, out.data(), cap * sizeof(float), cudaMemcpyHostToDevice);
    below<<<8, 128>>>(dOut, dIn, n);
    below<<<8, 128>>>(dOut + cap - 1, dIn, 0); // nobody writes
    cudaMemcpy(out.data(), dOut, cap * sizeof(float), cudaMemcpyDeviceToHost);
    for (int i = 0; i < cap; ++i)
      expect(out[i] == (i < n ? 2.0f * i : -1.0f), "below", i);
    cudaFree(dIn);
    cudaFree(dOut);
  }
  // window: blocks of 64 threads cover columns from -2 on, 60 per block.
  for (int lo : {-1, 3, 70})
    for (int hi : {63, 40, 2}) {
      const int n = 250, blocks = 5;
      std::vector<int> out(n, 0), want(n, 0);
      for (int b = 0; b < blocks; ++b)
        for (int t = 0; t < 64; ++t) {
          int col = b * 60 - 2 + t;
          if (col >= 0 && col < n && (unsigned)t > (unsigned)lo &&
              (unsigned)t <= (unsigned)hi)
            want[col] += 1;
        }
      int *dOut;
      cudaMalloc(&dOut, n * sizeof(int));
      cudaMemset(dOut, 0, n * sizeof(int));
      window<<<blocks, 64>>>(dOut, n, lo, hi);
      cudaMemcpy(out.data(), dOut, n * sizeof(int), cudaMemcpyDeviceToHost);
      for (int i = 0; i < n; ++i)
        expect(out[i] == want[i], "window", i);
      cudaFree(dOut);
    }
  // firstThread: 10 blocks of 96, 8 of them in range.
  {
    std::vector<int> out(10, 0);
    int *dOut;
    cudaMalloc(&dOut, 10 * sizeof(int));
    cudaMemset(dOut, 0, 10 * sizeof(int));
    firstThread<<<10, 96>>>(dOut, 8);
    cudaMemcpy(out.data(), dOut, 10 * sizeof(int), cudaMemcpyDeviceToHost);
    for (int i = 0; i < 10; ++i)
      expect(out[i] == (i < 8 ? 7 : 0), "firstThread", i);
    cudaFree(dOut);
  }
  // rect: 37 x 53 elements in 8 x 16 blocks.
  {
    const long long rows = 37, cols = 53;
    std::vector<float> out(rows * cols, 0.5f);
    float *dOut;
    cudaMalloc(&dOut, rows * cols * sizeof(float));
    cudaMemcpy(dOut, out.data(), rows * cols * sizeof(float),
               cudaMemcpyHostToDevice);
    rect<<<dim3(4, 5), dim3(16, 8)>>>(dOut, rows, cols);
    cudaMemcpy(out.data(), dOut, rows * cols * sizeof(float),
               cudaMemcpyDeviceToHost);
    for (long long r = 0; r < rows; ++r)
      for (long long c = 0; c < cols; ++c)
        expect(out[r * cols + c] == (float)(r - c), "rect", (int)(r * cols + c));
    cudaFree(dOut);
  }
  // wrapping: base = 2^32 - 10, so i wraps to 0 at thread 10.
  for (unsigned limit : {5u, 20u, 0xFFFFFFF8u}) {
    const unsigned base = 0xFFFFFFF6u;
    std::vector<int> out(32, -1);
    int *dOut;
    cudaMalloc(&dOut, 32 * sizeof(int));
    cudaMemcpy(dOut, out.data(), 32 * sizeof(int), cudaMemcpyHostToDevice);
    wrapping<<<1, 32>>>(dOut, base, limit);
    cudaMemcpy(out.data(), dOut, 32 * sizeof(int), cudaMemcpyDeviceToHost);
    for (unsigned t = 0; t < 32; ++t) {
      unsigned i = base + t;
      expect(out[t] == (i < limit ? (int)i : -1), "wrapping", (int)t);
    }
    cudaFree(dOut);
  }
  // mixed: every third flag set.
  {
    const int n = 300;
    std::vector<int> flags(320), out(320, -1);
    for (int i = 0; i < 320; ++i)
      flags[i] = i % 3 == 0;
    int *dFlags, *dOut;
    cudaMalloc(&dFlags, 320 * sizeof(int));
    cudaMalloc(&dOut, 320 * sizeof(int));
    cudaMemcpy(dFlags, flags.data(), 320 * sizeof(int), cudaMemcpyHostToDevice);
    cudaMemcpy(dOut, out.data(), 320 * sizeof(int), cudaMemcpyHostToDevice);
    mixed<<<5, 64>>>(dOut, dFlags, n);
    cudaMemcpy(out.data(), dOut, 320 * sizeof(int), cudaMemcpyDeviceToHost);
    for (int i = 0; i < 320; ++i)
      expect(out[i] == (i < n && flags[i] ? i : -1), "mixed", i);
    cudaFree(dFlags);
    cudaFree(dOut);
  }
  // diagonal: non-square blocks, diagonals before, across and after them.
  for (dim3 block : {dim3(7, 5), dim3(4, 9), dim3(1, 3)}) {
    const int blocks = 3, cells = blocks * block.x * block.y;
    std::vector<int> out(cells), want(cells, 0);
    int *dOut;
    cudaMalloc(&dOut, cells * sizeof(int));
    cudaMemset(dOut, 0, cells * sizeof(int));
    for (int d = -2; d < (int)(block.x + block.y) + 1; ++d) {
      diagonal<<<blocks, block>>>(dOut, d);
      for (int b = 0; b < blocks; ++b)
        for (int y = 0; y < (int)block.y; ++y)
          for (int x = 0; x < (int)block.x; ++x)
            if (x + y == d)
              want[(b * block.y + y) * block.x + x] += d + 1;
    }
    cudaMemcpy(out.data(), dOut, cells * sizeof(int), cudaMemcpyDeviceToHost);
    for (int i = 0; i < cells; ++i)
      expect(out[i] == want[i], "diagonal", i);
    cudaFree(dOut);
  }
  printf(failures ? "FAIL (%d)\n" : "PASS\n", failures);
  return failures != 0;
}
