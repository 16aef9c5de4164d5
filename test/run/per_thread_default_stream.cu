// RUN: %cucpu -O2 --default-stream per-thread %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 -DCUDA_API_PER_THREAD_DEFAULT_STREAM %s -o %t0 && %t0 | FileCheck %s
// RUN: %cucpu -O2 %s -o %t1 && %t1 legacy | FileCheck %s --check-prefix=LEGACY
// CHECK: PASS
// LEGACY: PASS legacy

// Compiled with the per-thread default stream, stream 0 (in <<<>>>, the
// async copies and cudaStreamSynchronize) is each host thread's own stream:
// thread A holds its stream 0 back until thread B has finished its own work
// on stream 0, which would deadlock (here: time out) if both shared one
// stream. Compiled with the legacy default stream, the same program checks
// that stream 0 is shared: B's work then waits for A's.

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <initializer_list>
#include <thread>

__global__ void scale(float *data, int n, float factor) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    data[i] *= factor;
}

static std::atomic<bool> bDone{false};
static std::atomic<bool> timedOut{false};

// Holds A's stream 0 back until B is done (or 2 s passed).
static void waitForB(void *) {
  auto end = std::chrono::steady_clock::now() + std::chrono::seconds(2);
  while (!bDone.load()) {
    if (std::chrono::steady_clock::now() > end) {
      timedOut = true;
      return;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
}

struct Buffers {
  float *h = nullptr, *d = nullptr;
};

const int n = 4096;

// The buffers are allocated before any work is held back and freed after it:
// CUDA lets an allocation of device or page-locked memory wait for the whole
// device (a GPU's driver does), which would make B wait for A.
static void allocate(Buffers &b) {
  cudaMallocHost(&b.h, n * sizeof(float));
  cudaMalloc(&b.d, n * sizeof(float));
}

// One host thread's work on stream 0: returns whether its results are right.
static bool run(float factor, bool holdBack, Buffers &b) {
  float *h = b.h, *d = b.d;
  for (int i = 0; i < n; ++i)
    h[i] = float(i);
  if (holdBack)
    cudaLaunchHostFunc(0, waitForB, nullptr);
  cudaMemcpyAsync(d, h, n * sizeof(float), cudaMemcpyHostToDevice, 0);
  scale<<<n / 128, 128>>>(d, n, factor);
  cudaMemcpyAsync(h, d, n * sizeof(float), cudaMemcpyDeviceToHost, 0);
  bool good = cudaStreamSynchronize(0) == cudaSuccess;
  for (int i = 0; i < n && good; ++i)
    good = h[i] == float(i) * factor;
  return good;
}

int main(int argc, char **argv) {
  bool legacy = argc > 1 && strcmp(argv[1], "legacy") == 0;
#ifdef CUDA_API_PER_THREAD_DEFAULT_STREAM
  if (legacy) {
    printf("FAIL: per-thread mode in the legacy run\n");
    return 1;
  }
#else
  if (!legacy) {
    printf("FAIL: CUDA_API_PER_THREAD_DEFAULT_STREAM is not defined\n");
    return 1;
  }
#endif
  bool aGood = false, bGood = false;
  Buffers aBuffers, bBuffers;
  allocate(aBuffers);
  allocate(bBuffers);
  std::thread a([&] { aGood = run(2.0f, true, aBuffers); });
  // B starts once A's stream 0 is held back.
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  auto bStart = std::chrono::steady_clock::now();
  std::thread b([&] {
    bGood = run(3.0f, false, bBuffers);
    bDone = true;
  });
  if (legacy) {
    // B's stream 0 is A's: B cannot finish before A's host function gives
    // up waiting for it.
    b.join();
    double waited =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - bStart)
            .count();
    a.join();
    if (!timedOut || waited < 1.5) {
      printf("FAIL: legacy stream 0 was not shared (%f s)\n", waited);
      return 1;
    }
    if (!aGood || !bGood) {
      printf("FAIL: results\n");
      return 1;
    }
    printf("PASS legacy\n");
    return 0;
  }
  b.join();
  a.join();
  if (timedOut) {
    printf("FAIL: thread B waited for thread A's stream 0\n");
    return 1;
  }
  if (!aGood || !bGood) {
    printf("FAIL: results\n");
    return 1;
  }
  for (Buffers *b : {&aBuffers, &bBuffers}) {
    cudaFreeHost(b->h);
    cudaFree(b->d);
  }
  if (cudaDeviceSynchronize() != cudaSuccess) {
    printf("FAIL: sync\n");
    return 1;
  }
  printf("PASS\n");
  return 0;
}
