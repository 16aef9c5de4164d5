// RUN: %cucpu -O2 %s -o %t -lcuda && %t | FileCheck %s
// CHECK: devices 1, warp 32, compute capability known
// CHECK: after kernel 1 16, after memset 7 7
// CHECK: CUDA_ERROR_INVALID_VALUE / out of memory / CUDA_ERROR_INVALID_DEVICE
// CHECK: PASS

// The CUDA driver API beside the runtime API, as programs and helper headers
// use it: initialization, the device and its attributes, a context,
// driver-allocated memory used by a kernel launched with <<<>>>, copies,
// memset, streams, events and error names. Helper headers written like
// NVIDIA's define their driver-API error decoding when cuda.h's include
// guard says it was seen.

#include <cuda.h>
#include <cuda_runtime.h>
#include <cstdio>

#ifdef __cuda_cuda_h__
static const char *driverErrorName(CUresult error) {
  const char *name = nullptr;
  cuGetErrorName(error, &name);
  return name ? name : "<unknown>";
}
#endif

__global__ void increment(int *data, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    data[i] += 1;
}

int main() {
  int bad = cuInit(0) != CUDA_SUCCESS;
  int count = 0, warp = 0, major = 0, minor = 0;
  CUdevice device;
  bad += cuDeviceGetCount(&count) != CUDA_SUCCESS;
  bad += cuDeviceGet(&device, 0) != CUDA_SUCCESS;
  bad += cuDeviceGet(&device, count) != CUDA_ERROR_INVALID_DEVICE;
  bad += cuDeviceGet(&device, 0) != CUDA_SUCCESS;
  char name[256];
  size_t total = 0, freeBytes = 0;
  bad += cuDeviceGetName(name, sizeof name, device) != CUDA_SUCCESS;
  bad += cuDeviceGetAttribute(&warp, CU_DEVICE_ATTRIBUTE_WARP_SIZE, device);
  bad += cuDeviceComputeCapability(&major, &minor, device);
  bad += cuDeviceTotalMem(&total, device) != CUDA_SUCCESS || total == 0;
  printf("devices %d, warp %d, compute capability %s\n", count, warp,
         major > 0 ? "known" : "unknown");

  CUcontext context, current;
  bad += cuCtxCreate(&context, 0, device) != CUDA_SUCCESS;
  bad += cuCtxGetCurrent(&current) != CUDA_SUCCESS || current != context;
  bad += cuMemGetInfo(&freeBytes, &total) != CUDA_SUCCESS;

  const int n = 16;
  int host[n];
  for (int i = 0; i < n; ++i)
    host[i] = i;
  CUdeviceptr data;
  bad += cuMemAlloc(&data, sizeof host) != CUDA_SUCCESS;
  bad += cuMemcpyHtoD(data, host, sizeof host) != CUDA_SUCCESS;
  increment<<<1, n>>>(reinterpret_cast<int *>(data), n);
  bad += cuCtxSynchronize() != CUDA_SUCCESS;
  bad += cuMemcpyDtoH(host, data, sizeof host) != CUDA_SUCCESS;
  int first = host[0], last = host[n - 1];

  CUstream stream;
  CUevent start, stop;
  float ms = -1;
  bad += cuStreamCreate(&stream, CU_STREAM_NON_BLOCKING) != CUDA_SUCCESS;
  bad += cuEventCreate(&start, CU_EVENT_DEFAULT) != CUDA_SUCCESS;
  bad += cuEventCreate(&stop, CU_EVENT_DEFAULT) != CUDA_SUCCESS;
  bad += cuEventRecord(start, stream) != CUDA_SUCCESS;
  bad += cuMemsetD32(data, 7, n) != CUDA_SUCCESS;
  bad += cuEventRecord(stop, stream) != CUDA_SUCCESS;
  bad += cuEventSynchronize(stop) != CUDA_SUCCESS;
  bad += cuEventElapsedTime(&ms, start, stop) != CUDA_SUCCESS || ms < 0;
  bad += cuStreamSynchronize(stream) != CUDA_SUCCESS;
  bad += cuMemcpyDtoH(host, data, sizeof host) != CUDA_SUCCESS;
  printf("after kernel %d %d, after memset %d %d\n", first, last, host[0],
         host[n - 1]);

  const char *message = nullptr;
  cuGetErrorString(CUDA_ERROR_OUT_OF_MEMORY, &message);
  printf("%s / %s / %s\n", driverErrorName(CUDA_ERROR_INVALID_VALUE), message,
         driverErrorName(CUDA_ERROR_INVALID_DEVICE));

  bad += cuEventDestroy(start) != CUDA_SUCCESS;
  bad += cuEventDestroy(stop) != CUDA_SUCCESS;
  bad += cuStreamDestroy(stream) != CUDA_SUCCESS;
  bad += cuMemFree(data) != CUDA_SUCCESS;
  bad += cuCtxDestroy(context) != CUDA_SUCCESS;
  printf("%s\n", bad ? "FAIL" : "PASS");
  return bad != 0;
}
