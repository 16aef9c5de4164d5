// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// CHECK: PASS

// Texture objects over linear memory, pitched 2D memory and 1D, 2D and 3D
// CUDA arrays: tex1Dfetch<T>, tex1D<T>, tex2D<T>, tex3D<T> with point and
// linear filtering, clamp, wrap, mirror and border addressing (with a border
// color), normalized coordinates, cudaReadModeNormalizedFloat for 8-bit
// texels, 16-bit float texels and integer results. Each fetch is compared
// with the documented semantics (Inputs/texture_reference.h).

#include "Inputs/texture_reference.h"

#include <cstdio>
#include <cstring>
#include <vector>

#include "cuda_fp16.h"

template <class T>
__global__ void fetch1D(cudaTextureObject_t t, T *out, int n, int shift) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = tex1Dfetch<T>(t, i - shift);
}

__global__ void sample1D(cudaTextureObject_t t, const float *xs, float *out,
                         int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = tex1D<float>(t, xs[i]);
}

template <class T>
__global__ void sample2D(cudaTextureObject_t t, const float *xs,
                         const float *ys, T *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    tex2D(&out[i], t, xs[i], ys[i]); // the form returning through a pointer
}

__global__ void sample3D(cudaTextureObject_t t, const float *xs,
                         const float *ys, const float *zs, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = tex3D<float>(t, xs[i], ys[i], zs[i]);
}

static unsigned seed = 2024;
static float uniform(float lo, float hi) {
  seed = seed * 1664525u + 1013904223u;
  return lo + (hi - lo) * ((seed >> 8) / 16777216.0f);
}

template <class T> static T *toDevice(const std::vector<T> &v) {
  T *d;
  cudaMalloc(&d, v.size() * sizeof(T));
  cudaMemcpy(d, v.data(), v.size() * sizeof(T), cudaMemcpyHostToDevice);
  return d;
}

template <class T> static std::vector<T> toHost(const T *d, size_t n) {
  std::vector<T> v(n);
  cudaMemcpy(v.data(), d, n * sizeof(T), cudaMemcpyDeviceToHost);
  return v;
}

static cudaTextureDesc textureDesc(int address, bool linear, bool normalized,
                                   bool readNormalized = false) {
  cudaTextureDesc td;
  std::memset(&td, 0, sizeof td);
  for (int d = 0; d < 3; ++d)
    td.addressMode[d] = (cudaTextureAddressMode)address;
  td.filterMode = linear ? cudaFilterModeLinear : cudaFilterModePoint;
  td.readMode =
      readNormalized ? cudaReadModeNormalizedFloat : cudaReadModeElementType;
  td.normalizedCoords = normalized;
  return td;
}

static cudaTextureObject_t create(const cudaResourceDesc &rd,
                                  const cudaTextureDesc &td) {
  cudaTextureObject_t t = 0;
  cudaError_t err = cudaCreateTextureObject(&t, &rd, &td, nullptr);
  if (err != cudaSuccess) {
    printf("FAIL: cudaCreateTextureObject: %s\n", cudaGetErrorString(err));
    return 0;
  }
  return t;
}

static bool matches(float got, float want, bool linear) {
  return linear ? ref::close(got, want) : got == want;
}

int main() {
  const int n = 2048;

  //===--- Linear memory ----------------------------------------------===//
  const int len = 300;
  std::vector<float4> f4(len);
  for (int i = 0; i < len; ++i)
    f4[i] = make_float4(i, -0.5f * i, i * i * 0.01f, 1000.0f - i);
  float4 *dF4 = toDevice(f4);
  cudaResourceDesc rd;
  std::memset(&rd, 0, sizeof rd);
  rd.resType = cudaResourceTypeLinear;
  rd.res.linear.devPtr = dF4;
  rd.res.linear.desc = cudaCreateChannelDesc<float4>();
  rd.res.linear.sizeInBytes = len * sizeof(float4);
  cudaTextureObject_t tF4 = create(rd, textureDesc(ref::Clamp, false, false));
  if (!tF4)
    return 1;
  float4 *dOutF4;
  cudaMalloc(&dOutF4, (len + 20) * sizeof(float4));
  fetch1D<float4><<<(len + 20 + 63) / 64, 64>>>(tF4, dOutF4, len + 20, 10);
  std::vector<float4> outF4 = toHost(dOutF4, len + 20);
  for (int i = 0; i < len + 20; ++i) {
    int j = i - 10;
    float4 want = j >= 0 && j < len ? f4[j] : make_float4(0, 0, 0, 0);
    if (outF4[i].x != want.x || outF4[i].y != want.y || outF4[i].z != want.z ||
        outF4[i].w != want.w) {
      printf("FAIL: linear float4 fetch %d\n", j);
      return 1;
    }
  }
  // The object remembers its resource.
  cudaResourceDesc back;
  if (cudaGetTextureObjectResourceDesc(&back, tF4) != cudaSuccess ||
      back.resType != cudaResourceTypeLinear || back.res.linear.devPtr != dF4 ||
      back.res.linear.sizeInBytes != len * sizeof(float4))
    return printf("FAIL: cudaGetTextureObjectResourceDesc\n"), 1;

  // Bytes read as normalized floats, 16-bit floats read as floats, and
  // integer pairs read as they are.
  std::vector<unsigned char> u8(len);
  std::vector<__half> f16(len);
  std::vector<int2> i2(len);
  for (int i = 0; i < len; ++i) {
    u8[i] = (unsigned char)(i * 7 + 3);
    f16[i] = __float2half(i * 0.375f - 20.0f);
    i2[i] = make_int2(i * 1000003, -i);
  }
  unsigned char *dU8 = toDevice(u8);
  __half *dF16 = toDevice(f16);
  int2 *dI2 = toDevice(i2);
  rd.res.linear.devPtr = dU8;
  rd.res.linear.desc = cudaCreateChannelDesc<unsigned char>();
  rd.res.linear.sizeInBytes = len;
  cudaTextureObject_t tU8 =
      create(rd, textureDesc(ref::Clamp, false, false, true));
  rd.res.linear.devPtr = dF16;
  rd.res.linear.desc = cudaCreateChannelDescHalf();
  rd.res.linear.sizeInBytes = len * sizeof(__half);
  cudaTextureObject_t tF16 = create(rd, textureDesc(ref::Clamp, false, false));
  rd.res.linear.devPtr = dI2;
  rd.res.linear.desc = cudaCreateChannelDesc<int2>();
  rd.res.linear.sizeInBytes = len * sizeof(int2);
  cudaTextureObject_t tI2 = create(rd, textureDesc(ref::Clamp, false, false));
  if (!tU8 || !tF16 || !tI2)
    return 1;
  float *dOutF;
  int2 *dOutI2;
  cudaMalloc(&dOutF, n * sizeof(float));
  cudaMalloc(&dOutI2, len * sizeof(int2));
  fetch1D<float><<<(len + 63) / 64, 64>>>(tU8, dOutF, len, 0);
  std::vector<float> outF = toHost(dOutF, len);
  for (int i = 0; i < len; ++i)
    if (outF[i] != ref::unorm8(u8[i]))
      return printf("FAIL: normalized uchar fetch %d\n", i), 1;
  fetch1D<float><<<(len + 63) / 64, 64>>>(tF16, dOutF, len, 0);
  outF = toHost(dOutF, len);
  for (int i = 0; i < len; ++i)
    if (outF[i] != __half2float(f16[i]))
      return printf("FAIL: half fetch %d\n", i), 1;
  fetch1D<int2><<<(len + 63) / 64, 64>>>(tI2, dOutI2, len, 0);
  std::vector<int2> outI2 = toHost(dOutI2, len);
  for (int i = 0; i < len; ++i)
    if (outI2[i].x != i2[i].x || outI2[i].y != i2[i].y)
      return printf("FAIL: int2 fetch %d\n", i), 1;

  //===--- Pitched 2D memory -----------------------------------------===//
  const int W = 29, H = 17;
  std::vector<float> img(W * H);
  for (int i = 0; i < W * H; ++i)
    img[i] = (float)((i * 53) % 89) * 0.5f - 11.0f;
  float *dImg;
  size_t pitch;
  cudaMallocPitch(&dImg, &pitch, W * sizeof(float), H);
  cudaMemcpy2D(dImg, pitch, img.data(), W * sizeof(float), W * sizeof(float), H,
               cudaMemcpyHostToDevice);
  std::vector<float> xs(n), ys(n), zs(n);
  for (int i = 0; i < n; ++i) {
    xs[i] = uniform(-4.0f, W + 4.0f);
    ys[i] = uniform(-4.0f, H + 4.0f);
  }
  float *dXs = toDevice(xs), *dYs = toDevice(ys);
  std::memset(&rd, 0, sizeof rd);
  rd.resType = cudaResourceTypePitch2D;
  rd.res.pitch2D.devPtr = dImg;
  rd.res.pitch2D.desc = cudaCreateChannelDesc<float>();
  rd.res.pitch2D.width = W;
  rd.res.pitch2D.height = H;
  rd.res.pitch2D.pitchInBytes = pitch;
  ref::Sampler r;
  r.dims = 2;
  r.size[0] = W;
  r.size[1] = H;
  r.texel = [&](int i, int j, int, int) { return img[j * W + i]; };
  const struct {
    int address;
    bool linear;
    float border;
  } pitchedCases[] = {{ref::Clamp, false, 0.0f},
                      {ref::Clamp, true, 0.0f},
                      {ref::Border, false, 0.0f},
                      {ref::Border, true, 0.0f},
                      {ref::Border, true, 7.25f}};
  for (const auto &c : pitchedCases) {
    cudaTextureDesc td = textureDesc(c.address, c.linear, false);
    td.borderColor[0] = c.border;
    cudaTextureObject_t t = create(rd, td);
    if (!t)
      return 1;
    sample2D<float><<<n / 128, 128>>>(t, dXs, dYs, dOutF, n);
    outF = toHost(dOutF, n);
    ref::Sampler p = r;
    p.linear = c.linear;
    p.address[0] = p.address[1] = c.address;
    p.border[0] = c.border;
    for (int i = 0; i < n; ++i) {
      float want = p.sample(xs[i], ys[i], 0, 0);
      if (!matches(outF[i], want, c.linear)) {
        printf("FAIL: pitched (address %d, linear %d, border %g) at (%f, "
               "%f): %.9g, expected %.9g\n",
               c.address, c.linear, c.border, xs[i], ys[i], outF[i], want);
        return 1;
      }
    }
    cudaDestroyTextureObject(t);
  }

  //===--- 2D arrays ---------------------------------------------------===//
  // uchar4 texels read as normalized float4, normalized coordinates.
  std::vector<uchar4> rgba(W * H);
  for (int i = 0; i < W * H; ++i)
    rgba[i] = make_uchar4((i * 13) % 256, (i * 29 + 7) % 256, (i * i) % 256,
                          255 - (i * 3) % 256);
  cudaChannelFormatDesc rgbaDesc = cudaCreateChannelDesc<uchar4>();
  cudaArray_t rgbaArray;
  if (cudaMallocArray(&rgbaArray, &rgbaDesc, W, H) != cudaSuccess ||
      cudaMemcpy2DToArray(rgbaArray, 0, 0, rgba.data(), W * sizeof(uchar4),
                          W * sizeof(uchar4), H,
                          cudaMemcpyHostToDevice) != cudaSuccess)
    return printf("FAIL: uchar4 array\n"), 1;
  for (int i = 0; i < n; ++i) {
    xs[i] = uniform(-1.7f, 2.3f);
    ys[i] = uniform(-1.3f, 2.9f);
  }
  cudaMemcpy(dXs, xs.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(dYs, ys.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  std::memset(&rd, 0, sizeof rd);
  rd.resType = cudaResourceTypeArray;
  rd.res.array.array = rgbaArray;
  float4 *dOut4;
  cudaMalloc(&dOut4, n * sizeof(float4));
  ref::Sampler q = r;
  q.normalized = true;
  q.channels = 4;
  q.texel = [&](int i, int j, int, int c) {
    const uchar4 &v = rgba[j * W + i];
    return ref::unorm8(c == 0 ? v.x : c == 1 ? v.y : c == 2 ? v.z : v.w);
  };
  for (int address : {ref::Wrap, ref::Mirror, ref::Clamp, ref::Border}) {
    for (bool linear : {false, true}) {
      cudaTextureObject_t t =
          create(rd, textureDesc(address, linear, true, true));
      if (!t)
        return 1;
      sample2D<float4><<<n / 256, 256>>>(t, dXs, dYs, dOut4, n);
      std::vector<float4> out4 = toHost(dOut4, n);
      cudaDestroyTextureObject(t);
      ref::Sampler s = q;
      s.linear = linear;
      s.address[0] = s.address[1] = address;
      int visible = 0;
      for (int i = 0; i < n; ++i) {
        const float got[4] = {out4[i].x, out4[i].y, out4[i].z, out4[i].w};
        for (int c = 0; c < 4; ++c) {
          float want = s.sample(xs[i], ys[i], 0, c);
          if (!matches(got[c], want, linear)) {
            printf("FAIL: rgba array (address %d, linear %d) at (%f, %f) "
                   "channel %d: %.9g, expected %.9g\n",
                   address, linear, xs[i], ys[i], c, got[c], want);
            return 1;
          }
          ref::Sampler exact = s;
          exact.quantize = false;
          if (linear && !ref::close(got[c], exact.sample(xs[i], ys[i], 0, c)))
            ++visible;
        }
      }
      if (linear && visible == 0)
        return printf("FAIL: rgba: no fetch shows the quantization\n"), 1;
    }
  }

  // Integer texels, integer results, point sampling.
  std::vector<int> ints(W * H);
  for (int i = 0; i < W * H; ++i)
    ints[i] = i * 7777 - 1000000;
  cudaChannelFormatDesc intDesc = cudaCreateChannelDesc<int>();
  cudaArray_t intArray;
  cudaMallocArray(&intArray, &intDesc, W, H);
  cudaMemcpyToArray(intArray, 0, 0, ints.data(), ints.size() * sizeof(int),
                    cudaMemcpyHostToDevice);
  rd.res.array.array = intArray;
  cudaTextureObject_t tInt = create(rd, textureDesc(ref::Wrap, false, true));
  int *dOutI;
  cudaMalloc(&dOutI, n * sizeof(int));
  sample2D<int><<<n / 256, 256>>>(tInt, dXs, dYs, dOutI, n);
  std::vector<int> outI = toHost(dOutI, n);
  ref::Sampler si = r;
  si.normalized = true;
  si.address[0] = si.address[1] = ref::Wrap;
  si.texel = [&](int i, int j, int, int) { return (float)(j * W + i); };
  for (int i = 0; i < n; ++i) {
    int index = (int)si.sample(xs[i], ys[i], 0, 0);
    if (outI[i] != ints[index])
      return printf("FAIL: int array fetch at (%f, %f)\n", xs[i], ys[i]), 1;
  }
  cudaDestroyTextureObject(tInt);

  //===--- A 1D array --------------------------------------------------===//
  const int L = 50;
  std::vector<float> line(L);
  for (int i = 0; i < L; ++i)
    line[i] = (float)((i * 17) % 23) - 5.0f;
  cudaChannelFormatDesc floatDesc = cudaCreateChannelDesc<float>();
  cudaArray_t lineArray;
  cudaMallocArray(&lineArray, &floatDesc, L);
  cudaMemcpyToArray(lineArray, 0, 0, line.data(), L * sizeof(float),
                    cudaMemcpyHostToDevice);
  rd.res.array.array = lineArray;
  cudaTextureObject_t tLine = create(rd, textureDesc(ref::Wrap, true, true));
  sample1D<<<n / 256, 256>>>(tLine, dXs, dOutF, n);
  outF = toHost(dOutF, n);
  ref::Sampler s1;
  s1.size[0] = L;
  s1.normalized = true;
  s1.linear = true;
  s1.address[0] = ref::Wrap;
  s1.texel = [&](int i, int, int, int) { return line[i]; };
  for (int i = 0; i < n; ++i)
    if (!ref::close(outF[i], s1.sample(xs[i], 0, 0, 0)))
      return printf("FAIL: 1D array at %f\n", xs[i]), 1;
  cudaDestroyTextureObject(tLine);

  //===--- A 3D array, filled with cudaMemcpy3D -------------------------===//
  const int X = 9, Y = 7, Z = 5;
  std::vector<float> vol(X * Y * Z);
  for (int i = 0; i < X * Y * Z; ++i)
    vol[i] = (float)((i * 31) % 41) - 20.0f;
  cudaArray_t volArray;
  if (cudaMalloc3DArray(&volArray, &floatDesc, make_cudaExtent(X, Y, Z)) !=
      cudaSuccess)
    return printf("FAIL: cudaMalloc3DArray\n"), 1;
  cudaMemcpy3DParms p;
  std::memset(&p, 0, sizeof p);
  p.srcPtr = make_cudaPitchedPtr(vol.data(), X * sizeof(float), X, Y);
  p.dstArray = volArray;
  p.extent = make_cudaExtent(X, Y, Z);
  p.kind = cudaMemcpyHostToDevice;
  if (cudaMemcpy3D(&p) != cudaSuccess)
    return printf("FAIL: cudaMemcpy3D\n"), 1;
  for (int i = 0; i < n; ++i) {
    xs[i] = uniform(-2.0f, X + 2.0f);
    ys[i] = uniform(-2.0f, Y + 2.0f);
    zs[i] = uniform(-2.0f, Z + 2.0f);
  }
  cudaMemcpy(dXs, xs.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(dYs, ys.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  float *dZs = toDevice(zs);
  rd.res.array.array = volArray;
  ref::Sampler s3;
  s3.dims = 3;
  s3.size[0] = X;
  s3.size[1] = Y;
  s3.size[2] = Z;
  s3.texel = [&](int i, int j, int k, int) { return vol[(k * Y + j) * X + i]; };
  for (bool linear : {false, true}) {
    cudaTextureObject_t t = create(rd, textureDesc(ref::Clamp, linear, false));
    sample3D<<<n / 256, 256>>>(t, dXs, dYs, dZs, dOutF, n);
    outF = toHost(dOutF, n);
    cudaDestroyTextureObject(t);
    ref::Sampler s = s3;
    s.linear = linear;
    for (int i = 0; i < n; ++i) {
      float want = s.sample(xs[i], ys[i], zs[i], 0);
      if (!matches(outF[i], want, linear)) {
        printf("FAIL: 3D (linear %d) at (%f, %f, %f): %.9g, expected %.9g\n",
               linear, xs[i], ys[i], zs[i], outF[i], want);
        return 1;
      }
    }
  }
  // And back out of the array, one slice of it.
  std::vector<float> slice(X * Y);
  std::memset(&p, 0, sizeof p);
  p.srcArray = volArray;
  p.srcPos = make_cudaPos(0, 0, 3);
  p.dstPtr = make_cudaPitchedPtr(slice.data(), X * sizeof(float), X, Y);
  p.extent = make_cudaExtent(X, Y, 1);
  p.kind = cudaMemcpyDeviceToHost;
  if (cudaMemcpy3D(&p) != cudaSuccess)
    return printf("FAIL: cudaMemcpy3D from the array\n"), 1;
  for (int i = 0; i < X * Y; ++i)
    if (slice[i] != vol[3 * X * Y + i])
      return printf("FAIL: slice element %d\n", i), 1;

  for (cudaTextureObject_t t : {tF4, tU8, tF16, tI2})
    if (cudaDestroyTextureObject(t) != cudaSuccess)
      return printf("FAIL: cudaDestroyTextureObject\n"), 1;
  if (cudaDestroyTextureObject(tF4) != cudaErrorInvalidValue)
    return printf("FAIL: destroying twice\n"), 1;
  cudaGetLastError();
  for (cudaArray_t a : {rgbaArray, intArray, lineArray, volArray})
    if (cudaFreeArray(a) != cudaSuccess)
      return printf("FAIL: cudaFreeArray\n"), 1;
  printf("PASS\n");
  return 0;
}
