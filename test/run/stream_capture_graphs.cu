// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// CHECK: PASS

// CUDA graphs made by stream capture: captured work does not run until the
// graph is launched, runs in capture order at every launch with the
// arguments of capture time, and may go to another stream than the one
// captured. Capturing the legacy stream is an error; synchronizing a
// capturing stream is one that invalidates the capture, which its end then
// reports; an event recorded in a capture cannot be queried. (What only
// cucpu refuses, such as a capture spanning two streams, is tested in the
// CPU runtime's unit tests.)

#include <cstdio>
#include <cstring>

__global__ void addScalar(float *x, float v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] += v;
}

__global__ void scale(float *x, float s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] *= s;
}

static int hostCalls = 0;
static void CUDART_CB countCall(void *counter) { ++*(int *)counter; }

static int failures = 0;
static void expectError(const char *what, cudaError_t got, cudaError_t want) {
  if (got != want) {
    printf("FAIL: %s returned %s, expected %s\n", what, cudaGetErrorName(got),
           cudaGetErrorName(want));
    ++failures;
  }
  cudaGetLastError();
}

int main() {
  const int n = 1000, launches = 10;
  float *x, *y;
  cudaMalloc(&x, n * sizeof(float));
  cudaMalloc(&y, n * sizeof(float));
  static float host[n], want[n];
  for (int i = 0; i < n; ++i)
    host[i] = want[i] = 0.5f * i;
  cudaMemcpy(x, host, sizeof host, cudaMemcpyHostToDevice);

  cudaStream_t s, other;
  cudaStreamCreate(&s);
  cudaStreamCreateWithFlags(&other, cudaStreamNonBlocking);

  // Capture: x = (x + v) * 0.5, y = x, then y is zeroed and a host
  // function counts the launch.
  float v = 3.0f;
  expectError("cudaStreamBeginCapture",
              cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal),
              cudaSuccess);
  cudaStreamCaptureStatus status;
  cudaStreamIsCapturing(s, &status);
  if (status != cudaStreamCaptureStatusActive) {
    printf("FAIL: the stream is not capturing\n");
    return 1;
  }
  addScalar<<<(n + 127) / 128, 128, 0, s>>>(x, v, n);
  v = 100.0f; // the graph keeps the value of capture time
  scale<<<(n + 127) / 128, 128, 0, s>>>(x, 0.5f, n);
  cudaMemcpyAsync(y, x, n * sizeof(float), cudaMemcpyDeviceToDevice, s);
  cudaLaunchHostFunc(s, countCall, &hostCalls);
  cudaGraph_t graph;
  expectError("cudaStreamEndCapture", cudaStreamEndCapture(s, &graph),
              cudaSuccess);
  cudaStreamIsCapturing(s, &status);
  if (status != cudaStreamCaptureStatusNone) {
    printf("FAIL: the stream still captures\n");
    return 1;
  }

  // Nothing ran yet.
  cudaDeviceSynchronize();
  cudaMemcpy(host, x, sizeof host, cudaMemcpyDeviceToHost);
  if (memcmp(host, want, sizeof host) != 0 || hostCalls != 0) {
    printf("FAIL: captured work ran before the graph was launched\n");
    return 1;
  }

  // Launch it ten times, alternating streams (CUDA 12's and CUDA 11's
  // instantiation), and destroy one executable graph before its launches
  // finish.
  cudaGraphExec_t exec, exec11;
  expectError("cudaGraphInstantiate", cudaGraphInstantiate(&exec, graph, 0),
              cudaSuccess);
  expectError("cudaGraphInstantiate (CUDA 11)",
              cudaGraphInstantiate(&exec11, graph, nullptr, nullptr, 0),
              cudaSuccess);
  for (int k = 0; k < launches; ++k) {
    expectError("cudaGraphLaunch",
                cudaGraphLaunch(k % 2 ? exec11 : exec, s), cudaSuccess);
    cudaStreamSynchronize(s);
  }
  expectError("cudaGraphLaunch on another stream",
              cudaGraphLaunch(exec, other), cudaSuccess);
  expectError("cudaGraphExecDestroy", cudaGraphExecDestroy(exec), cudaSuccess);
  cudaStreamSynchronize(other);
  for (int k = 0; k <= launches; ++k)
    for (int i = 0; i < n; ++i)
      want[i] = (want[i] + 3.0f) * 0.5f;
  cudaMemcpy(host, y, sizeof host, cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; ++i)
    if (host[i] != want[i]) {
      printf("FAIL: y[%d] = %g, expected %g\n", i, host[i], want[i]);
      return 1;
    }
  if (hostCalls != launches + 1) {
    printf("FAIL: the host function ran %d times, expected %d\n", hostCalls,
           launches + 1);
    return 1;
  }

  // Errors.
  expectError("capturing the legacy stream",
              cudaStreamBeginCapture(0, cudaStreamCaptureModeGlobal),
              cudaErrorStreamCaptureUnsupported);
  cudaEvent_t captured;
  cudaEventCreate(&captured);
  cudaStreamBeginCapture(s, cudaStreamCaptureModeThreadLocal);
  cudaEventRecord(captured, s);
  expectError("querying an event recorded in a capture",
              cudaEventQuery(captured), cudaErrorCapturedEvent);
  expectError("cudaStreamSynchronize while capturing",
              cudaStreamSynchronize(s), cudaErrorStreamCaptureUnsupported);
  cudaStreamIsCapturing(s, &status);
  if (status != cudaStreamCaptureStatusInvalidated) {
    printf("FAIL: the capture is not invalidated\n");
    ++failures;
  }
  cudaGraph_t invalid;
  expectError("ending an invalidated capture",
              cudaStreamEndCapture(s, &invalid),
              cudaErrorStreamCaptureInvalidated);

  // The per-thread default stream can be captured too.
  cudaStreamBeginCapture(cudaStreamPerThread, cudaStreamCaptureModeGlobal);
  scale<<<(n + 127) / 128, 128, 0, cudaStreamPerThread>>>(y, 2.0f, n);
  cudaGraph_t perThread;
  cudaGraphExec_t perThreadExec;
  cudaStreamEndCapture(cudaStreamPerThread, &perThread);
  cudaGraphInstantiateWithFlags(&perThreadExec, perThread, 0);
  cudaGraphLaunch(perThreadExec, cudaStreamPerThread);
  cudaStreamSynchronize(cudaStreamPerThread);
  cudaMemcpy(host, y, sizeof host, cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; ++i)
    if (host[i] != 2.0f * want[i]) {
      printf("FAIL: per-thread graph: y[%d] = %g, expected %g\n", i, host[i],
             2.0f * want[i]);
      return 1;
    }

  expectError("cudaGraphExecDestroy", cudaGraphExecDestroy(exec11),
              cudaSuccess);
  expectError("cudaGraphExecDestroy", cudaGraphExecDestroy(perThreadExec),
              cudaSuccess);
  expectError("cudaGraphDestroy", cudaGraphDestroy(graph), cudaSuccess);
  expectError("cudaGraphDestroy", cudaGraphDestroy(perThread), cudaSuccess);
  if (cudaDeviceSynchronize() != cudaSuccess) {
    printf("FAIL: %s\n", cudaGetErrorString(cudaGetLastError()));
    return 1;
  }
  if (failures)
    return 1;
  printf("PASS\n");
  return 0;
}
