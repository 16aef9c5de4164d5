// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// CHECK: PASS

// Events timing kernels: elapsed times are positive and add up, an event is
// not ready while its stream is held back (by a host function waiting for
// the program), cudaEventSynchronize waits for it, and an event's time is
// taken when the stream gets to it (a 30 ms host sleep between two events
// shows up in their elapsed time).

#include <atomic>
#include <chrono>
#include <cstdio>
#include <thread>
#include <vector>

__global__ void work(const float *in, float *out, int n, int rounds) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float v = in[i];
  for (int r = 0; r < rounds; ++r)
    v = v * 0.999f + 0.5f;
  out[i] = v;
}

static std::atomic<bool> released{false};
static std::atomic<bool> timedOut{false};

// Holds the stream back until main releases it (or 10 s passed).
static void waitForRelease(void *) {
  auto end = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (!released.load()) {
    if (std::chrono::steady_clock::now() > end) {
      timedOut = true;
      return;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
}

static void sleep30(void *) {
  std::this_thread::sleep_for(std::chrono::milliseconds(30));
}

static bool ok(cudaError_t e, const char *what) {
  if (e != cudaSuccess) {
    printf("FAIL: %s: %s\n", what, cudaGetErrorString(e));
    return false;
  }
  return true;
}

int main() {
  const int n = 1 << 16, rounds = 400;
  std::vector<float> h(n);
  for (int i = 0; i < n; ++i)
    h[i] = (i % 97) * 0.5f;
  float *din, *dout;
  cudaMalloc(&din, n * sizeof(float));
  cudaMalloc(&dout, n * sizeof(float));
  cudaMemcpy(din, h.data(), n * sizeof(float), cudaMemcpyHostToDevice);

  cudaStream_t s;
  cudaEvent_t start, mid, stop, untimed;
  if (!ok(cudaStreamCreate(&s), "stream") ||
      !ok(cudaEventCreate(&start), "event") ||
      !ok(cudaEventCreateWithFlags(&mid, cudaEventBlockingSync), "event") ||
      !ok(cudaEventCreate(&stop), "event") ||
      !ok(cudaEventCreateWithFlags(&untimed, cudaEventDisableTiming), "event"))
    return 1;

  // start | held back | kernel | mid | kernel | stop
  cudaEventRecord(start, s);
  cudaLaunchHostFunc(s, waitForRelease, nullptr);
  work<<<n / 256, 256, 0, s>>>(din, dout, n, rounds);
  cudaEventRecord(mid, s);
  work<<<n / 256, 256, 0, s>>>(dout, dout, n, rounds);
  cudaEventRecord(stop, s);
  cudaEventRecord(untimed, s);
  if (cudaEventQuery(stop) != cudaErrorNotReady ||
      cudaStreamQuery(s) != cudaErrorNotReady) {
    printf("FAIL: stop ready while the stream is held back\n");
    return 1;
  }
  float ms = -1;
  if (cudaEventElapsedTime(&ms, start, stop) != cudaErrorNotReady) {
    printf("FAIL: elapsed time of an event not reached\n");
    return 1;
  }
  released = true;
  if (!ok(cudaEventSynchronize(stop), "event sync") ||
      !ok(cudaEventQuery(stop), "event query") ||
      !ok(cudaEventQuery(mid), "event query"))
    return 1;
  float total = 0, first = 0, second = 0;
  if (!ok(cudaEventElapsedTime(&total, start, stop), "elapsed") ||
      !ok(cudaEventElapsedTime(&first, start, mid), "elapsed") ||
      !ok(cudaEventElapsedTime(&second, mid, stop), "elapsed"))
    return 1;
  if (!(first > 0 && second > 0 && total > 0)) {
    printf("FAIL: times %f %f %f\n", first, second, total);
    return 1;
  }
  float diff = first + second - total;
  if (diff < -0.01f || diff > 0.01f) {
    printf("FAIL: %f + %f != %f\n", first, second, total);
    return 1;
  }
  if (cudaEventElapsedTime(&ms, start, untimed) !=
      cudaErrorInvalidResourceHandle) {
    printf("FAIL: elapsed time with a disable-timing event\n");
    return 1;
  }
  cudaGetLastError();

  // The time is taken on the stream: a sleep there lies between the events.
  cudaEventRecord(start, s);
  cudaLaunchHostFunc(s, sleep30, nullptr);
  cudaEventRecord(stop, s);
  if (!ok(cudaEventSynchronize(stop), "event sync") ||
      !ok(cudaEventElapsedTime(&ms, start, stop), "elapsed"))
    return 1;
  if (ms < 29.0f || ms > 10000.0f) {
    printf("FAIL: 30 ms sleep measured as %f ms\n", ms);
    return 1;
  }

  std::vector<float> out(n);
  cudaMemcpy(out.data(), dout, n * sizeof(float), cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; ++i) {
    float v = h[i];
    for (int r = 0; r < 2 * rounds; ++r)
      v = v * 0.999f + 0.5f;
    float err = out[i] - v;
    if (err < -1e-3f * v || err > 1e-3f * v) {
      printf("FAIL: out[%d] = %f, expected %f\n", i, out[i], v);
      return 1;
    }
  }
  if (timedOut) {
    printf("FAIL: the stream was not released\n");
    return 1;
  }
  cudaEventDestroy(start);
  cudaEventDestroy(mid);
  cudaEventDestroy(stop);
  cudaEventDestroy(untimed);
  cudaStreamDestroy(s);
  cudaFree(din);
  cudaFree(dout);
  printf("PASS\n");
  return 0;
}
