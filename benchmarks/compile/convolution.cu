// A separable 2D convolution: the row pass reads the image through a 2D
// texture reference (clamped addressing), the column pass through a texture
// object over pitched memory; both are templated on the filter radius, with
// the taps in constant memory and the loops unrolled. The column pass also
// accumulates each block's sum, and the last block to finish (counted with an
// atomic after a __threadfence()) adds the blocks' sums into the total. The
// host checks the image and the total.

#include <cmath>
#include <cstdio>
#include <cstring>
#include <vector>

#define MAX_RADIUS 8
#define BX 16
#define BY 16

__constant__ float cTaps[2 * MAX_RADIUS + 1];

texture<float, cudaTextureType2D, cudaReadModeElementType> texRows;

template <int R>
__global__ void convolveRows(float *out, size_t pitch, int w, int h) {
  int x = blockIdx.x * BX + threadIdx.x;
  int y = blockIdx.y * BY + threadIdx.y;
  if (x >= w || y >= h)
    return;
  float sum = 0.0f;
#pragma unroll
  for (int k = -R; k <= R; ++k)
    sum += cTaps[R - k] * tex2D(texRows, x + k + 0.5f, y + 0.5f);
  out[y * (pitch / sizeof(float)) + x] = sum;
}

__device__ unsigned int blocksDone = 0;

// The column pass with a shared tile: each block stages BY + 2R rows of its
// BX columns, then convolves, then reduces its outputs.
template <int R>
__global__ void convolveColumns(cudaTextureObject_t src, float *out,
                                size_t pitch, int w, int h,
                                float *blockSums, float *total) {
  __shared__ float tile[BY + 2 * MAX_RADIUS][BX];
  __shared__ float partial[BX * BY];
  __shared__ bool isLast;
  int tx = threadIdx.x, ty = threadIdx.y;
  int x = blockIdx.x * BX + tx;
  int y0 = blockIdx.y * BY;
  for (int r = ty; r < BY + 2 * R; r += BY)
    tile[r][tx] = tex2D<float>(src, x + 0.5f, y0 + r - R + 0.5f);
  __syncthreads();
  float sum = 0.0f;
#pragma unroll
  for (int k = -R; k <= R; ++k)
    sum += cTaps[R - k] * tile[ty + R + k][tx];
  int y = y0 + ty;
  bool inside = x < w && y < h;
  if (inside)
    out[y * (pitch / sizeof(float)) + x] = sum;
  int t = ty * BX + tx;
  partial[t] = inside ? sum : 0.0f;
  __syncthreads();
#pragma unroll
  for (int s = BX * BY / 2; s > 0; s >>= 1) {
    if (t < s)
      partial[t] += partial[t + s];
    __syncthreads();
  }
  int block = blockIdx.y * gridDim.x + blockIdx.x;
  if (t == 0) {
    blockSums[block] = partial[0];
    // Make the sum visible before counting this block as done.
    __threadfence();
    unsigned ticket = atomicInc(&blocksDone, gridDim.x * gridDim.y);
    isLast = ticket == gridDim.x * gridDim.y - 1;
  }
  __syncthreads();
  if (isLast) {
    int n = gridDim.x * gridDim.y;
    float s = 0.0f;
    for (int i = t; i < n; i += BX * BY)
      s += ((volatile float *)blockSums)[i];
    partial[t] = s;
    __syncthreads();
    for (int k = BX * BY / 2; k > 0; k >>= 1) {
      if (t < k)
        partial[t] += partial[t + k];
      __syncthreads();
    }
    if (t == 0) {
      *total = partial[0];
      blocksDone = 0;
    }
  }
}

template <int R>
static bool run(int w, int h) {
  std::vector<float> img(w * h), taps(2 * R + 1);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x)
      img[y * w + x] = float((x * 3 + y * 5) % 17) * 0.125f;
  float norm = 0;
  for (int k = -R; k <= R; ++k)
    norm += taps[k + R] = std::exp(-0.5f * k * k / (0.5f * R * R + 1.0f));
  for (float &t : taps)
    t /= norm;
  cudaMemcpyToSymbol(cTaps, taps.data(), taps.size() * sizeof(float));

  float *src, *mid, *dst;
  size_t pitch;
  cudaMallocPitch(&src, &pitch, w * sizeof(float), h);
  cudaMallocPitch(&mid, &pitch, w * sizeof(float), h);
  cudaMallocPitch(&dst, &pitch, w * sizeof(float), h);
  cudaMemcpy2D(src, pitch, img.data(), w * sizeof(float), w * sizeof(float), h,
               cudaMemcpyHostToDevice);

  texRows.addressMode[0] = cudaAddressModeClamp;
  texRows.addressMode[1] = cudaAddressModeClamp;
  texRows.filterMode = cudaFilterModePoint;
  texRows.normalized = false;
  cudaChannelFormatDesc desc = cudaCreateChannelDesc<float>();
  cudaBindTexture2D(nullptr, texRows, src, desc, w, h, pitch);

  cudaResourceDesc rd;
  std::memset(&rd, 0, sizeof rd);
  rd.resType = cudaResourceTypePitch2D;
  rd.res.pitch2D.devPtr = mid;
  rd.res.pitch2D.desc = desc;
  rd.res.pitch2D.width = w;
  rd.res.pitch2D.height = h;
  rd.res.pitch2D.pitchInBytes = pitch;
  cudaTextureDesc td;
  std::memset(&td, 0, sizeof td);
  td.addressMode[0] = td.addressMode[1] = cudaAddressModeClamp;
  td.filterMode = cudaFilterModePoint;
  td.readMode = cudaReadModeElementType;
  cudaTextureObject_t midTex;
  cudaCreateTextureObject(&midTex, &rd, &td, nullptr);

  dim3 block(BX, BY), grid((w + BX - 1) / BX, (h + BY - 1) / BY);
  float *sums, *total;
  cudaMalloc(&sums, grid.x * grid.y * sizeof(float));
  cudaMalloc(&total, sizeof(float));
  convolveRows<R><<<grid, block>>>(mid, pitch, w, h);
  convolveColumns<R><<<grid, block>>>(midTex, dst, pitch, w, h, sums, total);

  std::vector<float> out(w * h);
  float gpuTotal;
  cudaMemcpy2D(out.data(), w * sizeof(float), dst, pitch, w * sizeof(float), h,
               cudaMemcpyDeviceToHost);
  cudaMemcpy(&gpuTotal, total, sizeof(float), cudaMemcpyDeviceToHost);
  cudaDestroyTextureObject(midTex);
  cudaUnbindTexture(texRows);
  cudaFree(src);
  cudaFree(mid);
  cudaFree(dst);
  cudaFree(sums);
  cudaFree(total);

  // The reference, with the same clamping.
  auto at = [&](const std::vector<float> &v, int x, int y) {
    x = x < 0 ? 0 : (x >= w ? w - 1 : x);
    y = y < 0 ? 0 : (y >= h ? h - 1 : y);
    return v[y * w + x];
  };
  std::vector<float> rows(w * h), ref(w * h);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      float s = 0;
      for (int k = -R; k <= R; ++k)
        s += taps[R - k] * at(img, x + k, y);
      rows[y * w + x] = s;
    }
  double refTotal = 0;
  bool ok = true;
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      float s = 0;
      for (int k = -R; k <= R; ++k)
        s += taps[R - k] * at(rows, x, y + k);
      ref[y * w + x] = s;
      refTotal += s;
      if (std::fabs(s - out[y * w + x]) > 1e-4f)
        ok = false;
    }
  if (std::fabs(refTotal - gpuTotal) > 1e-3 * std::fabs(refTotal) + 1e-3)
    ok = false;
  printf("radius %d: %s (total %g, expected %g)\n", R, ok ? "ok" : "wrong",
         gpuTotal, refTotal);
  return ok;
}

int main() {
  bool ok = true;
  ok &= run<1>(100, 70);
  ok &= run<2>(128, 128);
  ok &= run<4>(200, 90);
  ok &= run<8>(96, 160);
  printf(ok ? "PASS\n" : "FAIL\n");
  return ok ? 0 : 1;
}
