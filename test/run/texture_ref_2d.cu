// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// CHECK: PASS

// 2D texture references: bound to pitched memory (cudaBindTexture2D) and to
// CUDA arrays (cudaMallocArray, cudaMemcpy2DToArray, cudaBindTextureToArray),
// with point and linear filtering, unnormalized and normalized coordinates,
// clamp, border, wrap and mirror addressing, and 8-bit texels read as
// normalized floats. Each fetch is compared with the documented semantics
// (Inputs/texture_reference.h); linear filtering must show the 1/256
// quantization of the hardware's weights.

#include "Inputs/texture_reference.h"

#include <cstdio>
#include <vector>

texture<float, cudaTextureType2D, cudaReadModeElementType> texP;
texture<float, 2> texA;
texture<unsigned char, 2, cudaReadModeNormalizedFloat> texU;
texture<unsigned char, 2> texRaw;

__global__ void sampleP(const float *xs, const float *ys, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = tex2D(texP, xs[i], ys[i]);
}

__global__ void sampleA(const float *xs, const float *ys, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = tex2D(texA, xs[i], ys[i]);
}

__global__ void sampleU(const float *xs, const float *ys, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = tex2D(texU, xs[i], ys[i]);
}

// A grid of 2D image reads: each thread reads its pixel's center.
__global__ void copyImage(float *out, int width, int height) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < width && y < height)
    out[y * width + x] = tex2D(texP, x + 0.5f, y + 0.5f);
}

static unsigned seed = 12345;
static float uniform(float lo, float hi) {
  seed = seed * 1664525u + 1013904223u;
  return lo + (hi - lo) * ((seed >> 8) / 16777216.0f);
}

struct Samples {
  std::vector<float> xs, ys, out;
  float *dx = nullptr, *dy = nullptr, *dout = nullptr;
  explicit Samples(int n) : xs(n), ys(n), out(n) {
    cudaMalloc(&dx, n * sizeof(float));
    cudaMalloc(&dy, n * sizeof(float));
    cudaMalloc(&dout, n * sizeof(float));
  }
  int size() const { return (int)xs.size(); }
  void upload() {
    cudaMemcpy(dx, xs.data(), size() * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemcpy(dy, ys.data(), size() * sizeof(float), cudaMemcpyHostToDevice);
  }
  void download() {
    cudaMemcpy(out.data(), dout, size() * sizeof(float),
               cudaMemcpyDeviceToHost);
  }
};

// Compares the fetched values with the reference; for linear filtering also
// checks that unquantized weights would have been caught.
static bool check(const char *what, const Samples &s, ref::Sampler r) {
  int quantizationVisible = 0;
  for (int i = 0; i < s.size(); ++i) {
    float want = r.sample(s.xs[i], s.ys[i], 0, 0);
    bool ok = r.linear ? ref::close(s.out[i], want) : s.out[i] == want;
    if (!ok) {
      printf("FAIL: %s: fetch at (%f, %f) = %.9g, expected %.9g\n", what,
             s.xs[i], s.ys[i], s.out[i], want);
      return false;
    }
    if (r.linear) {
      ref::Sampler exact = r;
      exact.quantize = false;
      if (!ref::close(s.out[i], exact.sample(s.xs[i], s.ys[i], 0, 0)))
        ++quantizationVisible;
    }
  }
  if (r.linear && quantizationVisible == 0) {
    printf("FAIL: %s: no fetch shows the weight quantization\n", what);
    return false;
  }
  return true;
}

int main() {
  const int W = 37, H = 23, n = 4096;
  std::vector<float> img(W * H);
  for (int y = 0; y < H; ++y)
    for (int x = 0; x < W; ++x)
      img[y * W + x] = (float)((x * 37 + y * 101) % 97) - 40.0f + 0.125f * x;

  // Pitched memory.
  float *dImg;
  size_t pitch;
  cudaMallocPitch(&dImg, &pitch, W * sizeof(float), H);
  cudaMemcpy2D(dImg, pitch, img.data(), W * sizeof(float), W * sizeof(float), H,
               cudaMemcpyHostToDevice);

  ref::Sampler r;
  r.dims = 2;
  r.size[0] = W;
  r.size[1] = H;
  r.texel = [&](int i, int j, int, int) { return img[j * W + i]; };

  Samples s(n);
  for (int i = 0; i < n; ++i) {
    s.xs[i] = uniform(-5.0f, W + 5.0f);
    s.ys[i] = uniform(-5.0f, H + 5.0f);
  }
  s.upload();

  // Point sampling, clamp (the defaults of texture<>).
  size_t offset = 1;
  if (cudaBindTexture2D(&offset, texP, dImg, W, H, pitch) != cudaSuccess ||
      offset != 0)
    return printf("FAIL: cudaBindTexture2D\n"), 1;
  sampleP<<<n / 128, 128>>>(s.dx, s.dy, s.dout, n);
  s.download();
  if (!check("pitched point clamp", s, r))
    return 1;

  // Whole-image copy through the texture.
  float *dCopy;
  cudaMalloc(&dCopy, W * H * sizeof(float));
  copyImage<<<dim3((W + 15) / 16, (H + 15) / 16), dim3(16, 16)>>>(dCopy, W, H);
  std::vector<float> copy(W * H);
  cudaMemcpy(copy.data(), dCopy, W * H * sizeof(float), cudaMemcpyDeviceToHost);
  if (copy != img)
    return printf("FAIL: image copy\n"), 1;

  // Linear filtering, clamp; then border. The attributes are read when
  // binding.
  texP.filterMode = cudaFilterModeLinear;
  if (cudaBindTexture2D(0, texP, dImg, texP.channelDesc, W, H, pitch) !=
      cudaSuccess)
    return printf("FAIL: rebinding texP\n"), 1;
  sampleP<<<n / 128, 128>>>(s.dx, s.dy, s.dout, n);
  s.download();
  r.linear = true;
  if (!check("pitched linear clamp", s, r))
    return 1;
  texP.addressMode[0] = cudaAddressModeBorder;
  texP.addressMode[1] = cudaAddressModeBorder;
  cudaBindTexture2D(0, texP, dImg, W, H, pitch);
  sampleP<<<n / 128, 128>>>(s.dx, s.dy, s.dout, n);
  s.download();
  r.address[0] = r.address[1] = ref::Border;
  if (!check("pitched linear border", s, r))
    return 1;

  // A CUDA array, normalized coordinates.
  cudaChannelFormatDesc desc = cudaCreateChannelDesc<float>();
  cudaArray_t array;
  if (cudaMallocArray(&array, &desc, W, H) != cudaSuccess)
    return printf("FAIL: cudaMallocArray\n"), 1;
  if (cudaMemcpy2DToArray(array, 0, 0, img.data(), W * sizeof(float),
                          W * sizeof(float), H,
                          cudaMemcpyHostToDevice) != cudaSuccess)
    return printf("FAIL: cudaMemcpy2DToArray\n"), 1;
  std::vector<float> back(W * H);
  if (cudaMemcpy2DFromArray(back.data(), W * sizeof(float), array, 0, 0,
                            W * sizeof(float), H,
                            cudaMemcpyDeviceToHost) != cudaSuccess ||
      back != img)
    return printf("FAIL: cudaMemcpy2DFromArray\n"), 1;

  for (int i = 0; i < n; ++i) {
    s.xs[i] = uniform(-2.5f, 3.5f);
    s.ys[i] = uniform(-2.5f, 3.5f);
  }
  s.upload();
  const struct {
    const char *what;
    int address;
    bool linear;
  } modes[] = {{"array wrap point", ref::Wrap, false},
               {"array wrap linear", ref::Wrap, true},
               {"array mirror point", ref::Mirror, false},
               {"array mirror linear", ref::Mirror, true},
               {"array clamp linear", ref::Clamp, true},
               {"array border point", ref::Border, false}};
  for (const auto &m : modes) {
    texA.normalized = true;
    texA.filterMode = m.linear ? cudaFilterModeLinear : cudaFilterModePoint;
    texA.addressMode[0] = texA.addressMode[1] =
        (cudaTextureAddressMode)m.address;
    if (cudaBindTextureToArray(texA, array) != cudaSuccess)
      return printf("FAIL: cudaBindTextureToArray\n"), 1;
    sampleA<<<n / 256, 256>>>(s.dx, s.dy, s.dout, n);
    s.download();
    ref::Sampler a = r;
    a.normalized = true;
    a.linear = m.linear;
    a.address[0] = a.address[1] = m.address;
    if (!check(m.what, s, a))
      return 1;
  }

  // 8-bit texels in an array read as normalized floats, filtered.
  std::vector<unsigned char> bytes(W * H);
  for (int i = 0; i < W * H; ++i)
    bytes[i] = (unsigned char)((i * 73) % 256);
  cudaArray_t byteArray;
  cudaChannelFormatDesc byteDesc =
      cudaCreateChannelDesc(8, 0, 0, 0, cudaChannelFormatKindUnsigned);
  cudaMallocArray(&byteArray, &byteDesc, W, H);
  // cudaMemcpyToArray copies rows after rows.
  if (cudaMemcpyToArray(byteArray, 0, 0, bytes.data(), W * H,
                        cudaMemcpyHostToDevice) != cudaSuccess)
    return printf("FAIL: cudaMemcpyToArray\n"), 1;
  texU.normalized = true;
  texU.filterMode = cudaFilterModeLinear;
  texU.addressMode[0] = cudaAddressModeClamp;
  texU.addressMode[1] = cudaAddressModeWrap;
  if (cudaBindTextureToArray(&texU, byteArray, &byteDesc) != cudaSuccess)
    return printf("FAIL: binding texU\n"), 1;
  sampleU<<<n / 256, 256>>>(s.dx, s.dy, s.dout, n);
  s.download();
  ref::Sampler u = r;
  u.normalized = true;
  u.linear = true;
  u.address[0] = ref::Clamp;
  u.address[1] = ref::Wrap;
  u.texel = [&](int i, int j, int, int) {
    return ref::unorm8(bytes[j * W + i]);
  };
  if (!check("normalized uchar linear", s, u))
    return 1;

  // Linear filtering of 8-bit texels read as integers is refused.
  texRaw.filterMode = cudaFilterModeLinear;
  if (cudaBindTextureToArray(texRaw, byteArray) !=
      cudaErrorInvalidFilterSetting)
    return printf("FAIL: linear filtering of integers accepted\n"), 1;
  if (cudaGetLastError() != cudaErrorInvalidFilterSetting)
    return printf("FAIL: last error\n"), 1;
  cudaUnbindTexture(texP);
  cudaUnbindTexture(texA);
  cudaUnbindTexture(texU);
  cudaFreeArray(array);
  cudaFreeArray(byteArray);
  if (cudaGetLastError() != cudaSuccess)
    return printf("FAIL: sticky error\n"), 1;
  printf("PASS\n");
  return 0;
}
