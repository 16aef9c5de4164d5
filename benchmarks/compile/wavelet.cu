// A 2D discrete wavelet transform by the lifting scheme: the CDF 9/7 (lossy)
// and the CDF 5/3 (lossless, integer) filters, forward and inverse, several
// levels. Rows and columns are transformed by templated kernels that stage a
// tile with halos in shared memory and apply each lifting step between two
// barriers; the loops over lifting steps and over a thread's samples are
// unrolled. The program checks that the inverse transform restores the image.

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

// The filters: their lifting steps (predict, update, ...) and final scaling.
struct CDF97 {
  typedef float T;
  static const int kSteps = 4;
  static const int kHalo = 4;
  __host__ __device__ static float coeff(int step) {
    return step == 0   ? -1.586134342f
           : step == 1 ? -0.05298011854f
           : step == 2 ? 0.8829110762f
                       : 0.4435068522f;
  }
  __host__ __device__ static float lift(int step, float self, float left,
                                        float right) {
    return self + coeff(step) * (left + right);
  }
  __host__ __device__ static float unlift(int step, float self, float left,
                                          float right) {
    return self - coeff(step) * (left + right);
  }
  __host__ __device__ static float scaleLow(float v) { return v * 1.149604398f; }
  __host__ __device__ static float scaleHigh(float v) {
    return v * (1.0f / 1.149604398f);
  }
  __host__ __device__ static float unscaleLow(float v) {
    return v * (1.0f / 1.149604398f);
  }
  __host__ __device__ static float unscaleHigh(float v) {
    return v * 1.149604398f;
  }
};

struct CDF53 {
  typedef int T;
  static const int kSteps = 2;
  static const int kHalo = 2;
  __host__ __device__ static int lift(int step, int self, int left, int right) {
    return step == 0 ? self - ((left + right) >> 1)
                     : self + ((left + right + 2) >> 2);
  }
  __host__ __device__ static int unlift(int step, int self, int left,
                                        int right) {
    return step == 0 ? self + ((left + right) >> 1)
                     : self - ((left + right + 2) >> 2);
  }
  __host__ __device__ static int scaleLow(int v) { return v; }
  __host__ __device__ static int scaleHigh(int v) { return v; }
  __host__ __device__ static int unscaleLow(int v) { return v; }
  __host__ __device__ static int unscaleHigh(int v) { return v; }
};

// Symmetric extension of index i into [0, n).
__host__ __device__ inline int mirror(int i, int n) {
  if (i < 0)
    i = -i;
  if (i >= n)
    i = 2 * n - 2 - i;
  return i;
}

// One line of `len` samples, `stride` apart, starting at `base`; the block's
// threads own `kPer` samples each. Odd samples are high-pass, even samples
// low-pass; the output is deinterleaved (low half, then high half).
template <typename F, int kThreads, int kPer>
__device__ void forwardLine(const typename F::T *in, typename F::T *out,
                            int base, int stride, int len) {
  typedef typename F::T T;
  const int kTile = kThreads * kPer;
  __shared__ T tile[kTile + 2 * F::kHalo];
  for (int start = 0; start < len; start += kTile) {
    // Stage the tile with its halo, mirrored at the line's ends.
    for (int i = threadIdx.x; i < kTile + 2 * F::kHalo; i += kThreads) {
      int g = mirror(start + i - F::kHalo, len);
      tile[i] = in[base + g * stride];
    }
    __syncthreads();
#pragma unroll
    for (int step = 0; step < F::kSteps; ++step) {
      // Even steps update odd samples from even neighbours, odd steps the
      // reverse. The halo shrinks by one sample per step.
      int parity = (step & 1) ? 0 : 1;
      T updated[kPer];
#pragma unroll
      for (int k = 0; k < kPer; ++k) {
        int i = (threadIdx.x * kPer + k) + F::kHalo;
        updated[k] = tile[i];
        int g = start + i - F::kHalo;
        if (((g & 1) == parity) && i > 0 && i < kTile + 2 * F::kHalo - 1)
          updated[k] = F::lift(step, tile[i], tile[i - 1], tile[i + 1]);
      }
      // The halo's own samples, so that the next step reads lifted values.
      T haloVal[2];
      int hi[2] = {(int)threadIdx.x, kTile + F::kHalo + (int)threadIdx.x};
#pragma unroll
      for (int h = 0; h < 2; ++h) {
        int i = hi[h];
        bool valid = threadIdx.x < F::kHalo;
        haloVal[h] = valid ? tile[i] : T(0);
        int g = start + i - F::kHalo;
        if (valid && ((g & 1) == parity) && i > 0 &&
            i < kTile + 2 * F::kHalo - 1)
          haloVal[h] = F::lift(step, tile[i], tile[i - 1], tile[i + 1]);
      }
      __syncthreads();
#pragma unroll
      for (int k = 0; k < kPer; ++k)
        tile[(threadIdx.x * kPer + k) + F::kHalo] = updated[k];
      if (threadIdx.x < F::kHalo) {
        tile[hi[0]] = haloVal[0];
        tile[hi[1]] = haloVal[1];
      }
      __syncthreads();
    }
#pragma unroll
    for (int k = 0; k < kPer; ++k) {
      int i = threadIdx.x * kPer + k;
      int g = start + i;
      if (g < len) {
        T v = tile[i + F::kHalo];
        int half = (len + 1) / 2;
        if (g & 1)
          out[base + (half + g / 2) * stride] = F::scaleHigh(v);
        else
          out[base + (g / 2) * stride] = F::scaleLow(v);
      }
    }
    __syncthreads();
  }
}

// The inverse: interleaves the halves, undoes the steps in reverse order.
template <typename F, int kThreads, int kPer>
__device__ void inverseLine(const typename F::T *in, typename F::T *out,
                            int base, int stride, int len) {
  typedef typename F::T T;
  const int kTile = kThreads * kPer;
  __shared__ T tile[kTile + 2 * F::kHalo];
  int half = (len + 1) / 2;
  for (int start = 0; start < len; start += kTile) {
    for (int i = threadIdx.x; i < kTile + 2 * F::kHalo; i += kThreads) {
      int g = mirror(start + i - F::kHalo, len);
      T v = (g & 1) ? F::unscaleHigh(in[base + (half + g / 2) * stride])
                    : F::unscaleLow(in[base + (g / 2) * stride]);
      tile[i] = v;
    }
    __syncthreads();
#pragma unroll
    for (int s = 0; s < F::kSteps; ++s) {
      int step = F::kSteps - 1 - s;
      int parity = (step & 1) ? 0 : 1;
      T updated[kPer];
#pragma unroll
      for (int k = 0; k < kPer; ++k) {
        int i = (threadIdx.x * kPer + k) + F::kHalo;
        updated[k] = tile[i];
        int g = start + i - F::kHalo;
        if (((g & 1) == parity) && i > 0 && i < kTile + 2 * F::kHalo - 1)
          updated[k] = F::unlift(step, tile[i], tile[i - 1], tile[i + 1]);
      }
      T haloVal[2];
      int hi[2] = {(int)threadIdx.x, kTile + F::kHalo + (int)threadIdx.x};
#pragma unroll
      for (int h = 0; h < 2; ++h) {
        int i = hi[h];
        bool valid = threadIdx.x < F::kHalo;
        haloVal[h] = valid ? tile[i] : T(0);
        int g = start + i - F::kHalo;
        if (valid && ((g & 1) == parity) && i > 0 &&
            i < kTile + 2 * F::kHalo - 1)
          haloVal[h] = F::unlift(step, tile[i], tile[i - 1], tile[i + 1]);
      }
      __syncthreads();
#pragma unroll
      for (int k = 0; k < kPer; ++k)
        tile[(threadIdx.x * kPer + k) + F::kHalo] = updated[k];
      if (threadIdx.x < F::kHalo) {
        tile[hi[0]] = haloVal[0];
        tile[hi[1]] = haloVal[1];
      }
      __syncthreads();
    }
#pragma unroll
    for (int k = 0; k < kPer; ++k) {
      int i = threadIdx.x * kPer + k;
      if (start + i < len)
        out[base + (start + i) * stride] = tile[i + F::kHalo];
    }
    __syncthreads();
  }
}

// One block per row (dir 0) or column (dir 1) of the top-left w x h region
// of a pitch-wide image.
template <typename F, int kThreads, int kPer>
__global__ void forwardPass(const typename F::T *in, typename F::T *out,
                            int pitch, int w, int h, int dir) {
  int line = blockIdx.x;
  if (dir == 0) {
    if (line < h)
      forwardLine<F, kThreads, kPer>(in, out, line * pitch, 1, w);
  } else if (line < w) {
    forwardLine<F, kThreads, kPer>(in, out, line, pitch, h);
  }
}

template <typename F, int kThreads, int kPer>
__global__ void inversePass(const typename F::T *in, typename F::T *out,
                            int pitch, int w, int h, int dir) {
  int line = blockIdx.x;
  if (dir == 0) {
    if (line < h)
      inverseLine<F, kThreads, kPer>(in, out, line * pitch, 1, w);
  } else if (line < w) {
    inverseLine<F, kThreads, kPer>(in, out, line, pitch, h);
  }
}

// Copies the w x h region between two pitch-wide images.
template <typename T>
__global__ void copyRegion(const T *in, T *out, int pitch, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y;
  if (x < w && y < h)
    out[y * pitch + x] = in[y * pitch + x];
}

template <typename F, int kThreads, int kPer>
static double roundTrip(int n, int levels) {
  typedef typename F::T T;
  std::vector<T> img(n * n), back(n * n);
  for (int y = 0; y < n; ++y)
    for (int x = 0; x < n; ++x)
      img[y * n + x] = T((x * 7 + y * 13) % 255) + T((x ^ y) & 3);
  size_t bytes = n * n * sizeof(T);
  T *a, *b;
  cudaMalloc(&a, bytes);
  cudaMalloc(&b, bytes);
  cudaMemcpy(a, img.data(), bytes, cudaMemcpyHostToDevice);
  int w = n, h = n;
  for (int l = 0; l < levels; ++l) {
    forwardPass<F, kThreads, kPer><<<h, kThreads>>>(a, b, n, w, h, 0);
    forwardPass<F, kThreads, kPer><<<w, kThreads>>>(b, a, n, w, h, 1);
    w = (w + 1) / 2;
    h = (h + 1) / 2;
  }
  for (int l = levels - 1; l >= 0; --l) {
    w = n >> l;
    h = n >> l;
    inversePass<F, kThreads, kPer><<<w, kThreads>>>(a, b, n, w, h, 1);
    inversePass<F, kThreads, kPer><<<h, kThreads>>>(b, a, n, w, h, 0);
  }
  cudaMemcpy(back.data(), a, bytes, cudaMemcpyDeviceToHost);
  cudaFree(a);
  cudaFree(b);
  double err = 0;
  for (int i = 0; i < n * n; ++i)
    err = std::fmax(err, std::fabs(double(back[i]) - double(img[i])));
  return err;
}

int main() {
  bool ok = true;
  double e;
  e = roundTrip<CDF97, 64, 4>(256, 3);
  printf("9/7 64x4:  max error %g\n", e);
  ok &= e < 1e-2;
  e = roundTrip<CDF97, 128, 2>(256, 2);
  printf("9/7 128x2: max error %g\n", e);
  ok &= e < 1e-2;
  e = roundTrip<CDF97, 32, 8>(128, 3);
  printf("9/7 32x8:  max error %g\n", e);
  ok &= e < 1e-2;
  e = roundTrip<CDF53, 64, 4>(256, 3);
  printf("5/3 64x4:  max error %g\n", e);
  ok &= e == 0;
  e = roundTrip<CDF53, 128, 8>(256, 4);
  printf("5/3 128x8: max error %g\n", e);
  ok &= e == 0;
  // The copy kernels for both sample types.
  float *fa, *fb;
  int *ia, *ib;
  cudaMalloc(&fa, 64 * 64 * sizeof(float));
  cudaMalloc(&fb, 64 * 64 * sizeof(float));
  cudaMalloc(&ia, 64 * 64 * sizeof(int));
  cudaMalloc(&ib, 64 * 64 * sizeof(int));
  copyRegion<<<dim3(1, 64), 64>>>(fa, fb, 64, 64, 64);
  copyRegion<<<dim3(1, 64), 64>>>(ia, ib, 64, 64, 64);
  cudaDeviceSynchronize();
  cudaFree(fa);
  cudaFree(fb);
  cudaFree(ia);
  cudaFree(ib);
  printf(ok ? "PASS\n" : "FAIL\n");
  return ok ? 0 : 1;
}
