//===- StreamTest.cpp - Asynchronous streams and events -------------------===//
//
// Part of cucpu. Work on a stream is held back by a gate: a host function
// that waits until the test opens it. Had a call run its work at once, the
// gate would block the calling (test) thread; it gives up after a timeout
// and records that, so such a test fails instead of hanging.
//
//===----------------------------------------------------------------------===//

#include "Stream.h"
#include "TestUtil.h"

#include <gtest/gtest.h>
#include <omp.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <future>
#include <mutex>
#include <thread>
#include <vector>

namespace {

using namespace std::chrono_literals;

constexpr auto kGateTimeout = 5s;

/// Holds a stream's work back until opened. Gates are never freed: work
/// queued by a failed test may still reach them.
struct Gate {
  std::promise<void> promise;
  std::shared_future<void> future = promise.get_future().share();
  std::once_flag opened;
  std::atomic<bool> entered{false};
  std::atomic<bool> passed{false};
  std::atomic<bool> timedOut{false};

  void open() {
    std::call_once(opened, [&] { promise.set_value(); });
  }

  /// Opens the gate after `delay`, from another thread.
  std::thread openLater(std::chrono::milliseconds delay) {
    return std::thread([this, delay] {
      std::this_thread::sleep_for(delay);
      open();
    });
  }

  static void wait(void *p) {
    auto *gate = static_cast<Gate *>(p);
    gate->entered = true;
    if (gate->future.wait_for(kGateTimeout) == std::future_status::timeout)
      gate->timedOut = true;
    gate->passed = true;
  }
};

Gate *newGate() { return new Gate(); }

/// Polls pred until it holds or the timeout passes.
bool eventually(const std::function<bool()> &pred,
                std::chrono::milliseconds timeout = 5000ms) {
  auto end = std::chrono::steady_clock::now() + timeout;
  while (!pred()) {
    if (std::chrono::steady_clock::now() > end)
      return false;
    std::this_thread::sleep_for(1ms);
  }
  return true;
}

/// What the work of the tests appends to, in the order it runs.
class Log {
public:
  void add(int v) {
    std::lock_guard<std::mutex> lock(mutex);
    values.push_back(v);
  }
  std::vector<int> get() {
    std::lock_guard<std::mutex> lock(mutex);
    return values;
  }
  void clear() {
    std::lock_guard<std::mutex> lock(mutex);
    values.clear();
  }

private:
  std::mutex mutex;
  std::vector<int> values;
};
Log log;

/// A host function appending the int it points to.
void logHost(void *p) { log.add(*static_cast<int *>(p)); }

// Fake kernels (only the stubs' addresses matter).
char logStub, addStub, infoStub;

/// logKernel(int v): appends v.
void logKernel(uint32_t, uint32_t, uint32_t, uint32_t, uint32_t, uint32_t,
               uint64_t, void **args) {
  log.add(*static_cast<int *>(args[0]));
}

/// addKernel(int *data, int n, int delta): data[i] += delta.
void addKernel(uint32_t, uint32_t, uint32_t, uint32_t, uint32_t, uint32_t,
               uint64_t, void **args) {
  int *data = *static_cast<int **>(args[0]);
  int n = *static_cast<int *>(args[1]);
  int delta = *static_cast<int *>(args[2]);
#pragma omp parallel for
  for (int i = 0; i < n; ++i)
    data[i] += delta;
}

struct KernelThread {
  std::thread::id id;
  int maxThreads = 0;
};

/// infoKernel(KernelThread *out): where and how the kernel ran.
void infoKernel(uint32_t, uint32_t, uint32_t, uint32_t, uint32_t, uint32_t,
                uint64_t, void **args) {
  KernelThread *out = *static_cast<KernelThread **>(args[0]);
  out->id = std::this_thread::get_id();
  out->maxThreads = omp_get_max_threads();
}

cudaError_t launchLog(int v, cudaStream_t s) {
  void *args[] = {&v};
  return cudaLaunchKernel(&logStub, dim3(1), dim3(1), args, 0, s);
}

cudaError_t launchAdd(int *data, int n, int delta, cudaStream_t s) {
  void *args[] = {&data, &n, &delta};
  return cudaLaunchKernel(&addStub, dim3(1), dim3(1), args, 0, s);
}

class StreamTest : public ::testing::Test {
protected:
  void SetUp() override {
    static bool registered = [] {
      registerFakeKernel(&logStub, "_Z9logKerneli", logKernel, {4, 4});
      registerFakeKernel(&addStub, "_Z9addKernelPiii", addKernel,
                         {8, 8, 4, 4, 4, 4});
      registerFakeKernel(&infoStub, "_Z10infoKernelP12KernelThread", infoKernel,
                         {8, 8});
      return true;
    }();
    (void)registered;
    log.clear();
    cudaGetLastError();
  }
  void TearDown() override { EXPECT_EQ(cudaDeviceSynchronize(), cudaSuccess); }
};

//===----------------------------------------------------------------------===//
// Asynchrony and order.
//===----------------------------------------------------------------------===//

TEST_F(StreamTest, LaunchReturnsBeforeTheKernelRunsWithCopiedArguments) {
  cudaStream_t s;
  ASSERT_EQ(cudaStreamCreate(&s), cudaSuccess);
  Gate *gate = newGate();
  ASSERT_EQ(cudaLaunchHostFunc(s, Gate::wait, gate), cudaSuccess);
  int v = 7;
  void *args[] = {&v};
  ASSERT_EQ(cudaLaunchKernel(&logStub, dim3(1), dim3(1), args, 0, s),
            cudaSuccess);
  // The stub's argument storage is reused once the launch returned.
  v = 99;
  EXPECT_FALSE(gate->timedOut);
  EXPECT_EQ(cudaStreamQuery(s), cudaErrorNotReady);
  // cudaErrorNotReady is not an error.
  EXPECT_EQ(cudaGetLastError(), cudaSuccess);
  EXPECT_TRUE(log.get().empty());
  gate->open();
  EXPECT_EQ(cudaStreamSynchronize(s), cudaSuccess);
  EXPECT_FALSE(gate->timedOut);
  EXPECT_EQ(log.get(), std::vector<int>{7});
  EXPECT_EQ(cudaStreamQuery(s), cudaSuccess);
  EXPECT_EQ(cudaStreamDestroy(s), cudaSuccess);
}

TEST_F(StreamTest, WorkRunsInStreamOrder) {
  cudaStream_t s;
  ASSERT_EQ(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking), cudaSuccess);
  Gate *gate = newGate();
  ASSERT_EQ(cudaLaunchHostFunc(s, Gate::wait, gate), cudaSuccess);
  // Kernels, host functions and copies interleaved.
  static int values[300];
  int *pinned = nullptr;
  ASSERT_EQ(cudaMallocHost(&pinned, 300 * sizeof(int)), cudaSuccess);
  int *device = nullptr;
  ASSERT_EQ(cudaMalloc(&device, sizeof(int)), cudaSuccess);
  for (int i = 0; i < 300; ++i) {
    values[i] = i;
    switch (i % 3) {
    case 0:
      ASSERT_EQ(launchLog(i, s), cudaSuccess);
      break;
    case 1:
      ASSERT_EQ(cudaLaunchHostFunc(s, logHost, &values[i]), cudaSuccess);
      break;
    default:
      // A round trip through device memory, then logged from pinned memory:
      // each copy must see the previous one's result.
      pinned[i] = i;
      ASSERT_EQ(cudaMemcpyAsync(device, &pinned[i], sizeof(int),
                                cudaMemcpyHostToDevice, s),
                cudaSuccess);
      ASSERT_EQ(cudaMemcpyAsync(&pinned[i - 1], device, sizeof(int),
                                cudaMemcpyDeviceToHost, s),
                cudaSuccess);
      ASSERT_EQ(cudaLaunchHostFunc(s, logHost, &pinned[i - 1]), cudaSuccess);
      break;
    }
  }
  EXPECT_TRUE(log.get().empty());
  gate->open();
  ASSERT_EQ(cudaStreamSynchronize(s), cudaSuccess);
  std::vector<int> expected(300);
  for (int i = 0; i < 300; ++i)
    expected[i] = i;
  EXPECT_EQ(log.get(), expected);
  EXPECT_FALSE(gate->timedOut);
  EXPECT_EQ(cudaFree(device), cudaSuccess);
  EXPECT_EQ(cudaFreeHost(pinned), cudaSuccess);
  EXPECT_EQ(cudaStreamDestroy(s), cudaSuccess);
}

TEST_F(StreamTest, KernelsRunOnAWorkerWithTheWorkerCount) {
  KernelThread info;
  KernelThread *p = &info;
  void *args[] = {&p};
  cudaStream_t s;
  ASSERT_EQ(cudaStreamCreate(&s), cudaSuccess);
  for (cudaStream_t stream : {s, cudaStreamPerThread}) {
    info = KernelThread();
    ASSERT_EQ(cudaLaunchKernel(&infoStub, dim3(1), dim3(1), args, 0, stream),
              cudaSuccess);
    ASSERT_EQ(cudaStreamSynchronize(stream), cudaSuccess);
    EXPECT_NE(info.id, std::this_thread::get_id());
    EXPECT_NE(info.id, std::thread::id());
    // Main sets CUCPU_NUM_THREADS=3.
    EXPECT_EQ(info.maxThreads, 3);
  }
  EXPECT_EQ(cudaStreamDestroy(s), cudaSuccess);
}

TEST_F(StreamTest, LegacyStreamWorkWithNothingAheadRunsOnTheCaller) {
  KernelThread info;
  KernelThread *p = &info;
  void *args[] = {&p};
  // The program's own OpenMP thread count on this thread.
  int before = omp_get_max_threads();
  omp_set_num_threads(5);
  ASSERT_EQ(cudaLaunchKernel(&infoStub, dim3(1), dim3(1), args, 0, nullptr),
            cudaSuccess);
  // Done when the launch returns, on this thread, with the worker count.
  EXPECT_EQ(info.id, std::this_thread::get_id());
  EXPECT_EQ(info.maxThreads, 3);
  EXPECT_EQ(cudaStreamQuery(nullptr), cudaSuccess);
  // The thread's own count is back.
  EXPECT_EQ(omp_get_max_threads(), 5);
  omp_set_num_threads(before);
}

TEST_F(StreamTest, LegacyStreamWorkBehindOtherWorkRunsOnTheWorker) {
  KernelThread info;
  KernelThread *p = &info;
  void *args[] = {&p};
  cudaStream_t s;
  ASSERT_EQ(cudaStreamCreate(&s), cudaSuccess);
  // A blocking stream's work is ahead of the legacy stream's.
  Gate *gate = newGate();
  ASSERT_EQ(cudaLaunchHostFunc(s, Gate::wait, gate), cudaSuccess);
  ASSERT_EQ(cudaLaunchKernel(&infoStub, dim3(1), dim3(1), args, 0, nullptr),
            cudaSuccess);
  EXPECT_EQ(cudaStreamQuery(nullptr), cudaErrorNotReady);
  gate->open();
  ASSERT_EQ(cudaStreamSynchronize(nullptr), cudaSuccess);
  EXPECT_FALSE(gate->timedOut);
  EXPECT_NE(info.id, std::this_thread::get_id());
  EXPECT_EQ(info.maxThreads, 3);
  EXPECT_EQ(cudaStreamDestroy(s), cudaSuccess);
}

// Fake kernel: waits for the gate it is given, then appends 1.
char gatedStub;
void gatedKernel(uint32_t, uint32_t, uint32_t, uint32_t, uint32_t, uint32_t,
                 uint64_t, void **args) {
  Gate::wait(*static_cast<Gate **>(args[0]));
  log.add(1);
}

TEST_F(StreamTest, LegacyStreamWorkQueuedWhileTheCallerRunsWorkWaitsForIt) {
  static bool registered = [] {
    registerFakeKernel(&gatedStub, "_Z11gatedKernelP4Gate", gatedKernel,
                       {8, 8});
    return true;
  }();
  (void)registered;
  Gate *gate = newGate();
  void *args[] = {&gate};
  // Another host thread queues a kernel while this one runs the gated one:
  // it must run after it, although the stream's worker is idle.
  std::thread other([gate] {
    while (!gate->entered)
      std::this_thread::sleep_for(1ms);
    EXPECT_EQ(launchLog(2, nullptr), cudaSuccess);
    std::this_thread::sleep_for(20ms);
    gate->open();
  });
  ASSERT_EQ(cudaLaunchKernel(&gatedStub, dim3(1), dim3(1), args, 0, nullptr),
            cudaSuccess);
  other.join();
  ASSERT_EQ(cudaStreamSynchronize(nullptr), cudaSuccess);
  EXPECT_FALSE(gate->timedOut);
  EXPECT_EQ(log.get(), (std::vector<int>{1, 2}));
}

TEST_F(StreamTest, PinnedCopiesAreAsynchronousPageableOnesAreNot) {
  cudaStream_t s;
  ASSERT_EQ(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking), cudaSuccess);
  int *device = nullptr;
  ASSERT_EQ(cudaMalloc(&device, 4 * sizeof(int)), cudaSuccess);
  int source[4] = {1, 2, 3, 4};
  ASSERT_EQ(cudaMemcpy(device, source, sizeof(source), cudaMemcpyHostToDevice),
            cudaSuccess);
  int *pinned = nullptr;
  ASSERT_EQ(cudaHostAlloc(&pinned, 4 * sizeof(int), cudaHostAllocDefault),
            cudaSuccess);
  pinned[0] = 0;

  Gate *gate = newGate();
  ASSERT_EQ(cudaLaunchHostFunc(s, Gate::wait, gate), cudaSuccess);
  ASSERT_EQ(cudaMemcpyAsync(pinned, device, 4 * sizeof(int),
                            cudaMemcpyDeviceToHost, s),
            cudaSuccess);
  EXPECT_EQ(pinned[0], 0);
  EXPECT_EQ(cudaStreamQuery(s), cudaErrorNotReady);
  // Into pageable memory the copy is done on return, as in CUDA: it waits
  // for the gate, which opens a little later.
  int pageable[4] = {0, 0, 0, 0};
  std::thread opener = gate->openLater(50ms);
  ASSERT_EQ(cudaMemcpyAsync(pageable, device, sizeof(pageable),
                            cudaMemcpyDeviceToHost, s),
            cudaSuccess);
  EXPECT_TRUE(gate->passed);
  EXPECT_FALSE(gate->timedOut);
  EXPECT_EQ(pageable[3], 4);
  opener.join();
  ASSERT_EQ(cudaStreamSynchronize(s), cudaSuccess);
  EXPECT_EQ(pinned[3], 4);
  EXPECT_EQ(cudaFreeHost(pinned), cudaSuccess);
  EXPECT_EQ(cudaFree(device), cudaSuccess);
  EXPECT_EQ(cudaStreamDestroy(s), cudaSuccess);
}

//===----------------------------------------------------------------------===//
// The legacy default stream.
//===----------------------------------------------------------------------===//

TEST_F(StreamTest, LegacyStreamWaitsForBlockingStreams) {
  cudaStream_t s;
  ASSERT_EQ(cudaStreamCreate(&s), cudaSuccess);
  Gate *gate = newGate();
  ASSERT_EQ(cudaLaunchHostFunc(s, Gate::wait, gate), cudaSuccess);
  ASSERT_EQ(launchLog(1, s), cudaSuccess);
  ASSERT_EQ(launchLog(2, nullptr), cudaSuccess);
  ASSERT_EQ(launchLog(3, cudaStreamLegacy), cudaSuccess);
  std::this_thread::sleep_for(20ms);
  EXPECT_TRUE(log.get().empty());
  EXPECT_EQ(cudaStreamQuery(nullptr), cudaErrorNotReady);
  gate->open();
  ASSERT_EQ(cudaStreamSynchronize(nullptr), cudaSuccess);
  EXPECT_EQ(log.get(), (std::vector<int>{1, 2, 3}));
  EXPECT_FALSE(gate->timedOut);
  EXPECT_EQ(cudaStreamDestroy(s), cudaSuccess);
}

TEST_F(StreamTest, BlockingStreamsWaitForTheLegacyStream) {
  cudaStream_t s;
  ASSERT_EQ(cudaStreamCreate(&s), cudaSuccess);
  Gate *gate = newGate();
  ASSERT_EQ(cudaLaunchHostFunc(nullptr, Gate::wait, gate), cudaSuccess);
  ASSERT_EQ(launchLog(1, nullptr), cudaSuccess);
  ASSERT_EQ(launchLog(2, s), cudaSuccess);
  ASSERT_EQ(launchLog(3, cudaStreamPerThread), cudaSuccess);
  std::this_thread::sleep_for(20ms);
  EXPECT_TRUE(log.get().empty());
  EXPECT_EQ(cudaStreamQuery(s), cudaErrorNotReady);
  EXPECT_EQ(cudaStreamQuery(cudaStreamPerThread), cudaErrorNotReady);
  gate->open();
  ASSERT_EQ(cudaStreamSynchronize(s), cudaSuccess);
  ASSERT_EQ(cudaStreamSynchronize(cudaStreamPerThread), cudaSuccess);
  std::vector<int> seen = log.get();
  ASSERT_EQ(seen.size(), 3u);
  EXPECT_EQ(seen[0], 1);
  EXPECT_FALSE(gate->timedOut);
  EXPECT_EQ(cudaStreamDestroy(s), cudaSuccess);
}

TEST_F(StreamTest, NonBlockingStreamsIgnoreTheLegacyStream) {
  cudaStream_t nb;
  ASSERT_EQ(cudaStreamCreateWithFlags(&nb, cudaStreamNonBlocking), cudaSuccess);
  // Legacy blocked: the non-blocking stream's work still runs.
  Gate *legacyGate = newGate();
  ASSERT_EQ(cudaLaunchHostFunc(nullptr, Gate::wait, legacyGate), cudaSuccess);
  ASSERT_EQ(launchLog(1, nb), cudaSuccess);
  EXPECT_TRUE(eventually([] { return log.get().size() == 1; }));
  EXPECT_EQ(cudaStreamQuery(nb), cudaSuccess);
  EXPECT_EQ(cudaStreamQuery(nullptr), cudaErrorNotReady);
  legacyGate->open();
  ASSERT_EQ(cudaStreamSynchronize(nullptr), cudaSuccess);
  EXPECT_FALSE(legacyGate->timedOut);

  // The non-blocking stream blocked: legacy work runs, and synchronizing the
  // legacy stream does not wait for the non-blocking one.
  Gate *nbGate = newGate();
  ASSERT_EQ(cudaLaunchHostFunc(nb, Gate::wait, nbGate), cudaSuccess);
  ASSERT_EQ(launchLog(2, nullptr), cudaSuccess);
  ASSERT_EQ(cudaStreamSynchronize(nullptr), cudaSuccess);
  EXPECT_FALSE(nbGate->passed);
  EXPECT_EQ(log.get(), (std::vector<int>{1, 2}));
  EXPECT_EQ(cudaStreamQuery(nb), cudaErrorNotReady);
  nbGate->open();
  ASSERT_EQ(cudaStreamSynchronize(nb), cudaSuccess);
  EXPECT_FALSE(nbGate->timedOut);
  EXPECT_EQ(cudaStreamDestroy(nb), cudaSuccess);
}

TEST_F(StreamTest, SynchronousCallsWaitForTheLegacyStreamsPriorWork) {
  cudaStream_t s;
  ASSERT_EQ(cudaStreamCreate(&s), cudaSuccess);
  int *device = nullptr;
  ASSERT_EQ(cudaMalloc(&device, 8 * sizeof(int)), cudaSuccess);
  ASSERT_EQ(cudaMemset(device, 0, 8 * sizeof(int)), cudaSuccess);

  // cudaMemcpy waits for work on a blocking stream.
  Gate *gate = newGate();
  ASSERT_EQ(cudaLaunchHostFunc(s, Gate::wait, gate), cudaSuccess);
  ASSERT_EQ(launchAdd(device, 8, 42, s), cudaSuccess);
  std::thread opener = gate->openLater(30ms);
  int back[8] = {};
  ASSERT_EQ(cudaMemcpy(back, device, sizeof(back), cudaMemcpyDeviceToHost),
            cudaSuccess);
  opener.join();
  EXPECT_EQ(back[0], 42);
  EXPECT_EQ(back[7], 42);

  // cudaMemset is ordered after a kernel on the legacy stream.
  Gate *gate2 = newGate();
  ASSERT_EQ(cudaLaunchHostFunc(nullptr, Gate::wait, gate2), cudaSuccess);
  ASSERT_EQ(launchAdd(device, 8, 1, nullptr), cudaSuccess);
  opener = gate2->openLater(30ms);
  ASSERT_EQ(cudaMemset(device, 0, sizeof(int)), cudaSuccess);
  opener.join();
  ASSERT_EQ(cudaMemcpy(back, device, sizeof(back), cudaMemcpyDeviceToHost),
            cudaSuccess);
  EXPECT_EQ(back[0], 0);
  EXPECT_EQ(back[1], 43);
  EXPECT_FALSE(gate->timedOut);
  EXPECT_FALSE(gate2->timedOut);
  EXPECT_EQ(cudaFree(device), cudaSuccess);
  EXPECT_EQ(cudaStreamDestroy(s), cudaSuccess);
}

TEST_F(StreamTest, FreeAndDeviceSynchronizeWaitForEveryStream) {
  cudaStream_t nb;
  ASSERT_EQ(cudaStreamCreateWithFlags(&nb, cudaStreamNonBlocking), cudaSuccess);
  void *unused = nullptr;
  ASSERT_EQ(cudaMalloc(&unused, 16), cudaSuccess);
  Gate *gate = newGate();
  ASSERT_EQ(cudaLaunchHostFunc(nb, Gate::wait, gate), cudaSuccess);
  ASSERT_EQ(launchLog(5, nb), cudaSuccess);
  std::thread opener = gate->openLater(30ms);
  ASSERT_EQ(cudaFree(unused), cudaSuccess);
  EXPECT_EQ(log.get(), std::vector<int>{5});
  opener.join();

  Gate *gate2 = newGate();
  ASSERT_EQ(cudaLaunchHostFunc(nb, Gate::wait, gate2), cudaSuccess);
  ASSERT_EQ(launchLog(6, nb), cudaSuccess);
  opener = gate2->openLater(30ms);
  ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  EXPECT_EQ(log.get(), (std::vector<int>{5, 6}));
  opener.join();
  EXPECT_FALSE(gate->timedOut);
  EXPECT_FALSE(gate2->timedOut);
  EXPECT_EQ(cudaStreamDestroy(nb), cudaSuccess);
}

// Host threads sleeping until different points of one stream: the worker
// wakes sleepers only once the earliest point they wait for is reached, so
// each must still wake at its own point, including one that started waiting
// for a later point before another waited for an earlier one.
TEST_F(StreamTest, WaitersForDifferentPointsEachWakeAtTheirPoint) {
  cudaStream_t s;
  ASSERT_EQ(cudaStreamCreate(&s), cudaSuccess);
  cudaEvent_t early, late;
  ASSERT_EQ(cudaEventCreate(&early), cudaSuccess);
  ASSERT_EQ(cudaEventCreate(&late), cudaSuccess);
  Gate *first = newGate(), *second = newGate();
  ASSERT_EQ(cudaLaunchHostFunc(s, Gate::wait, first), cudaSuccess);
  ASSERT_EQ(cudaEventRecord(early, s), cudaSuccess);
  ASSERT_EQ(cudaLaunchHostFunc(s, Gate::wait, second), cudaSuccess);
  ASSERT_EQ(cudaEventRecord(late, s), cudaSuccess);

  auto lateDone = std::async(std::launch::async,
                             [&] { return cudaEventSynchronize(late); });
  // Past the polling: the late waiter sleeps before the early one comes.
  std::this_thread::sleep_for(20ms);
  auto earlyDone = std::async(std::launch::async,
                              [&] { return cudaEventSynchronize(early); });
  std::this_thread::sleep_for(20ms);
  EXPECT_EQ(earlyDone.wait_for(0ms), std::future_status::timeout);

  first->open();
  ASSERT_EQ(earlyDone.wait_for(kGateTimeout), std::future_status::ready);
  EXPECT_EQ(earlyDone.get(), cudaSuccess);
  // The late waiter was woken with the early one and sleeps again.
  std::this_thread::sleep_for(20ms);
  EXPECT_EQ(lateDone.wait_for(0ms), std::future_status::timeout);

  second->open();
  ASSERT_EQ(lateDone.wait_for(kGateTimeout), std::future_status::ready);
  EXPECT_EQ(lateDone.get(), cudaSuccess);
  EXPECT_FALSE(first->timedOut);
  EXPECT_FALSE(second->timedOut);
  EXPECT_EQ(cudaEventDestroy(early), cudaSuccess);
  EXPECT_EQ(cudaEventDestroy(late), cudaSuccess);
  EXPECT_EQ(cudaStreamDestroy(s), cudaSuccess);
}

//===----------------------------------------------------------------------===//
// Per-thread default streams.
//===----------------------------------------------------------------------===//

TEST_F(StreamTest, PerThreadStreamsAreIndependentOfEachOther) {
  Gate *gate = newGate();
  ASSERT_EQ(cudaLaunchHostFunc(cudaStreamPerThread, Gate::wait, gate),
            cudaSuccess);
  ASSERT_EQ(launchLog(1, cudaStreamPerThread), cudaSuccess);
  // Another thread's per-thread stream is a different stream.
  std::thread other([] {
    EXPECT_EQ(launchLog(2, cudaStreamPerThread), cudaSuccess);
    EXPECT_EQ(cudaStreamSynchronize(cudaStreamPerThread), cudaSuccess);
    // In the _ptsz variants stream 0 is the calling thread's stream too.
    EXPECT_EQ(cudaStreamSynchronize_ptsz(nullptr), cudaSuccess);
  });
  other.join();
  EXPECT_EQ(log.get(), std::vector<int>{2});
  EXPECT_EQ(cudaStreamQuery_ptsz(nullptr), cudaErrorNotReady);
  gate->open();
  ASSERT_EQ(cudaStreamSynchronize(cudaStreamPerThread), cudaSuccess);
  EXPECT_EQ(log.get(), (std::vector<int>{2, 1}));
  EXPECT_FALSE(gate->timedOut);
}

TEST_F(StreamTest, PerThreadVariantsUseThePerThreadStream) {
  int *device = nullptr;
  ASSERT_EQ(cudaMalloc(&device, sizeof(int)), cudaSuccess);
  int *pinned = nullptr;
  ASSERT_EQ(cudaMallocHost(&pinned, sizeof(int)), cudaSuccess);
  *pinned = 11;
  Gate *gate = newGate();
  ASSERT_EQ(cudaLaunchHostFunc_ptsz(nullptr, Gate::wait, gate), cudaSuccess);
  ASSERT_EQ(cudaMemcpyAsync_ptsz(device, pinned, sizeof(int),
                                 cudaMemcpyHostToDevice, nullptr),
            cudaSuccess);
  int delta = 1;
  void *args[] = {&device, &delta, &delta};
  ASSERT_EQ(cudaLaunchKernel_ptsz(&addStub, dim3(1), dim3(1), args, 0, nullptr),
            cudaSuccess);
  EXPECT_EQ(cudaStreamQuery(cudaStreamPerThread), cudaErrorNotReady);
  // A synchronous _ptds copy follows the per-thread stream.
  std::thread opener = gate->openLater(30ms);
  int back = 0;
  ASSERT_EQ(cudaMemcpy_ptds(&back, device, sizeof(int), cudaMemcpyDefault),
            cudaSuccess);
  opener.join();
  EXPECT_EQ(back, 12);
  EXPECT_FALSE(gate->timedOut);

  // The per-thread stream is a blocking stream: a _ptds call waits for the
  // legacy stream's work as well.
  Gate *legacyGate = newGate();
  ASSERT_EQ(cudaLaunchHostFunc(cudaStreamLegacy, Gate::wait, legacyGate),
            cudaSuccess);
  opener = legacyGate->openLater(30ms);
  ASSERT_EQ(cudaMemset_ptds(device, 0, sizeof(int)), cudaSuccess);
  EXPECT_TRUE(legacyGate->passed);
  opener.join();
  EXPECT_FALSE(legacyGate->timedOut);
  EXPECT_EQ(cudaFree(device), cudaSuccess);
  EXPECT_EQ(cudaFreeHost(pinned), cudaSuccess);
}

//===----------------------------------------------------------------------===//
// Events.
//===----------------------------------------------------------------------===//

TEST_F(StreamTest, EventIsNotReadyUntilTheStreamGetsThere) {
  cudaStream_t s;
  ASSERT_EQ(cudaStreamCreate(&s), cudaSuccess);
  cudaEvent_t start, stop;
  ASSERT_EQ(cudaEventCreate(&start), cudaSuccess);
  ASSERT_EQ(cudaEventCreateWithFlags(&stop, cudaEventBlockingSync),
            cudaSuccess);
  Gate *gate = newGate();
  ASSERT_EQ(cudaEventRecord(start, s), cudaSuccess);
  ASSERT_EQ(cudaLaunchHostFunc(s, Gate::wait, gate), cudaSuccess);
  ASSERT_EQ(cudaEventRecord(stop, s), cudaSuccess);
  EXPECT_EQ(cudaEventQuery(stop), cudaErrorNotReady);
  float ms = -1;
  EXPECT_EQ(cudaEventElapsedTime(&ms, start, stop), cudaErrorNotReady);
  EXPECT_EQ(cudaGetLastError(), cudaSuccess);
  // The gate's 40 ms start once the start event has its time, so that the
  // elapsed time cannot be shorter.
  while (cudaEventQuery(start) == cudaErrorNotReady)
    std::this_thread::yield();
  std::thread opener = gate->openLater(40ms);
  ASSERT_EQ(cudaEventSynchronize(stop), cudaSuccess);
  EXPECT_TRUE(gate->passed);
  EXPECT_EQ(cudaEventQuery(stop), cudaSuccess);
  ASSERT_EQ(cudaEventElapsedTime(&ms, start, stop), cudaSuccess);
  EXPECT_GE(ms, 39.0f);
  EXPECT_LT(ms, 5000.0f);
  opener.join();
  EXPECT_FALSE(gate->timedOut);
  EXPECT_EQ(cudaEventDestroy(start), cudaSuccess);
  EXPECT_EQ(cudaEventDestroy(stop), cudaSuccess);
  EXPECT_EQ(cudaStreamDestroy(s), cudaSuccess);
}

TEST_F(StreamTest, EventTimeIsTakenWhenTheStreamGetsThere) {
  cudaStream_t blocked, idle;
  ASSERT_EQ(cudaStreamCreateWithFlags(&blocked, cudaStreamNonBlocking),
            cudaSuccess);
  ASSERT_EQ(cudaStreamCreateWithFlags(&idle, cudaStreamNonBlocking),
            cudaSuccess);
  cudaEvent_t late, early;
  ASSERT_EQ(cudaEventCreate(&late), cudaSuccess);
  ASSERT_EQ(cudaEventCreate(&early), cudaSuccess);
  Gate *gate = newGate();
  ASSERT_EQ(cudaLaunchHostFunc(blocked, Gate::wait, gate), cudaSuccess);
  // Recorded first, but reached only once the gate opens.
  ASSERT_EQ(cudaEventRecord(late, blocked), cudaSuccess);
  ASSERT_EQ(cudaEventRecord(early, idle), cudaSuccess);
  ASSERT_EQ(cudaEventSynchronize(early), cudaSuccess);
  std::this_thread::sleep_for(30ms);
  gate->open();
  ASSERT_EQ(cudaEventSynchronize(late), cudaSuccess);
  float ms = 0;
  ASSERT_EQ(cudaEventElapsedTime(&ms, early, late), cudaSuccess);
  EXPECT_GE(ms, 29.0f);
  EXPECT_FALSE(gate->timedOut);
  EXPECT_EQ(cudaEventDestroy(late), cudaSuccess);
  EXPECT_EQ(cudaEventDestroy(early), cudaSuccess);
  EXPECT_EQ(cudaStreamDestroy(blocked), cudaSuccess);
  EXPECT_EQ(cudaStreamDestroy(idle), cudaSuccess);
}

TEST_F(StreamTest, RecordingAgainReplacesTheRecord) {
  cudaStream_t blocked, idle;
  ASSERT_EQ(cudaStreamCreateWithFlags(&blocked, cudaStreamNonBlocking),
            cudaSuccess);
  ASSERT_EQ(cudaStreamCreateWithFlags(&idle, cudaStreamNonBlocking),
            cudaSuccess);
  cudaEvent_t e;
  ASSERT_EQ(cudaEventCreate(&e), cudaSuccess);
  Gate *gate = newGate();
  ASSERT_EQ(cudaLaunchHostFunc(blocked, Gate::wait, gate), cudaSuccess);
  ASSERT_EQ(cudaEventRecord(e, blocked), cudaSuccess);
  EXPECT_EQ(cudaEventQuery(e), cudaErrorNotReady);
  ASSERT_EQ(cudaEventRecord(e, idle), cudaSuccess);
  ASSERT_EQ(cudaEventSynchronize(e), cudaSuccess);
  EXPECT_EQ(cudaEventQuery(e), cudaSuccess);
  EXPECT_FALSE(gate->passed);
  // Destroying an event whose old record is still queued is fine.
  EXPECT_EQ(cudaEventDestroy(e), cudaSuccess);
  gate->open();
  ASSERT_EQ(cudaStreamSynchronize(blocked), cudaSuccess);
  EXPECT_FALSE(gate->timedOut);
  EXPECT_EQ(cudaStreamDestroy(blocked), cudaSuccess);
  EXPECT_EQ(cudaStreamDestroy(idle), cudaSuccess);
}

TEST_F(StreamTest, EventErrors) {
  cudaEvent_t a, b, untimed;
  ASSERT_EQ(cudaEventCreate(&a), cudaSuccess);
  ASSERT_EQ(cudaEventCreate(&b), cudaSuccess);
  ASSERT_EQ(cudaEventCreateWithFlags(&untimed, cudaEventDisableTiming),
            cudaSuccess);
  float ms = 0;
  // Never recorded: nothing to wait for, no time.
  EXPECT_EQ(cudaEventQuery(a), cudaSuccess);
  EXPECT_EQ(cudaEventSynchronize(a), cudaSuccess);
  EXPECT_EQ(cudaEventElapsedTime(&ms, a, b), cudaErrorInvalidResourceHandle);
  ASSERT_EQ(cudaEventRecord(a), cudaSuccess);
  EXPECT_EQ(cudaEventElapsedTime(&ms, a, b), cudaErrorInvalidResourceHandle);
  ASSERT_EQ(cudaEventRecord(b), cudaSuccess);
  ASSERT_EQ(cudaEventRecord(untimed), cudaSuccess);
  ASSERT_EQ(cudaEventSynchronize(b), cudaSuccess);
  ASSERT_EQ(cudaEventSynchronize(untimed), cudaSuccess);
  EXPECT_EQ(cudaEventElapsedTime(&ms, a, b), cudaSuccess);
  EXPECT_GE(ms, 0.0f);
  EXPECT_EQ(cudaEventElapsedTime(&ms, a, untimed),
            cudaErrorInvalidResourceHandle);
  EXPECT_EQ(cudaEventElapsedTime(nullptr, a, b), cudaErrorInvalidValue);
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidValue);
  cudaEvent_t ipc;
  EXPECT_EQ(cudaEventCreateWithFlags(&ipc, cudaEventInterprocess),
            cudaErrorInvalidValue);
  ASSERT_EQ(cudaEventCreateWithFlags(&ipc, cudaEventInterprocess |
                                               cudaEventDisableTiming),
            cudaSuccess);
  EXPECT_EQ(cudaEventDestroy(ipc), cudaSuccess);
  EXPECT_EQ(cudaEventRecord(a, reinterpret_cast<cudaStream_t>(0x1234)),
            cudaErrorInvalidResourceHandle);
  EXPECT_EQ(cudaEventDestroy(a), cudaSuccess);
  EXPECT_EQ(cudaEventDestroy(b), cudaSuccess);
  EXPECT_EQ(cudaEventDestroy(untimed), cudaSuccess);
  EXPECT_EQ(cudaEventQuery(a), cudaErrorInvalidResourceHandle);
  EXPECT_EQ(cudaEventSynchronize(a), cudaErrorInvalidResourceHandle);
  cudaGetLastError();
}

TEST_F(StreamTest, StreamWaitEventOrdersAcrossStreams) {
  cudaStream_t producer, consumer;
  ASSERT_EQ(cudaStreamCreateWithFlags(&producer, cudaStreamNonBlocking),
            cudaSuccess);
  ASSERT_EQ(cudaStreamCreateWithFlags(&consumer, cudaStreamNonBlocking),
            cudaSuccess);
  cudaEvent_t ready, never;
  ASSERT_EQ(cudaEventCreateWithFlags(&ready, cudaEventDisableTiming),
            cudaSuccess);
  ASSERT_EQ(cudaEventCreate(&never), cudaSuccess);
  Gate *gate = newGate();
  ASSERT_EQ(cudaLaunchHostFunc(producer, Gate::wait, gate), cudaSuccess);
  ASSERT_EQ(launchLog(1, producer), cudaSuccess);
  ASSERT_EQ(cudaEventRecord(ready, producer), cudaSuccess);
  // Work after the record does not hold the consumer back.
  Gate *after = newGate();
  ASSERT_EQ(cudaLaunchHostFunc(producer, Gate::wait, after), cudaSuccess);
  ASSERT_EQ(cudaStreamWaitEvent(consumer, ready, 0), cudaSuccess);
  // An event never recorded is nothing to wait for.
  ASSERT_EQ(cudaStreamWaitEvent(consumer, never, 0), cudaSuccess);
  ASSERT_EQ(launchLog(2, consumer), cudaSuccess);
  std::this_thread::sleep_for(20ms);
  EXPECT_TRUE(log.get().empty());
  EXPECT_EQ(cudaStreamQuery(consumer), cudaErrorNotReady);
  gate->open();
  ASSERT_EQ(cudaStreamSynchronize(consumer), cudaSuccess);
  EXPECT_EQ(log.get(), (std::vector<int>{1, 2}));
  EXPECT_FALSE(after->passed);
  after->open();
  ASSERT_EQ(cudaStreamSynchronize(producer), cudaSuccess);
  EXPECT_FALSE(gate->timedOut);
  EXPECT_FALSE(after->timedOut);
  EXPECT_EQ(cudaStreamWaitEvent(consumer, ready, 0x10), cudaErrorInvalidValue);
  EXPECT_EQ(
      cudaStreamWaitEvent(reinterpret_cast<cudaStream_t>(0x1234), ready, 0),
      cudaErrorInvalidResourceHandle);
  cudaGetLastError();
  EXPECT_EQ(cudaEventDestroy(ready), cudaSuccess);
  EXPECT_EQ(cudaEventDestroy(never), cudaSuccess);
  EXPECT_EQ(cudaStreamDestroy(producer), cudaSuccess);
  EXPECT_EQ(cudaStreamDestroy(consumer), cudaSuccess);
}

//===----------------------------------------------------------------------===//
// Callbacks and stream lifetime.
//===----------------------------------------------------------------------===//

struct CallbackRecord {
  cudaStream_t stream = nullptr;
  cudaError_t status = cudaErrorUnknown;
  std::thread::id thread;
  int value = 0;
};

TEST_F(StreamTest, CallbacksAndHostFunctionsRunInOrderOnTheWorker) {
  cudaStream_t s;
  ASSERT_EQ(cudaStreamCreate(&s), cudaSuccess);
  static CallbackRecord records[4];
  static int values[4] = {10, 11, 12, 13};
  for (int i = 0; i < 4; ++i) {
    records[i] = CallbackRecord();
    records[i].value = 20 + i;
    if (i % 2 == 0) {
      ASSERT_EQ(cudaStreamAddCallback(
                    s,
                    [](cudaStream_t stream, cudaError_t status, void *p) {
                      auto *r = static_cast<CallbackRecord *>(p);
                      r->stream = stream;
                      r->status = status;
                      r->thread = std::this_thread::get_id();
                      log.add(r->value);
                    },
                    &records[i], 0),
                cudaSuccess);
    } else {
      ASSERT_EQ(cudaLaunchHostFunc(s, logHost, &values[i]), cudaSuccess);
    }
  }
  ASSERT_EQ(cudaStreamSynchronize(s), cudaSuccess);
  EXPECT_EQ(log.get(), (std::vector<int>{20, 11, 22, 13}));
  for (int i = 0; i < 4; i += 2) {
    EXPECT_EQ(records[i].stream, s);
    EXPECT_EQ(records[i].status, cudaSuccess);
    EXPECT_NE(records[i].thread, std::this_thread::get_id());
  }
  EXPECT_EQ(cudaStreamAddCallback(s, nullptr, nullptr, 0),
            cudaErrorInvalidValue);
  EXPECT_EQ(cudaLaunchHostFunc(s, nullptr, nullptr), cudaErrorInvalidValue);
  cudaGetLastError();
  EXPECT_EQ(cudaStreamDestroy(s), cudaSuccess);
}

TEST_F(StreamTest, HostFunctionsMayNotWaitForStreams) {
  // Waiting from work on a stream could wait for that work itself: the
  // calls fail instead of hanging.
  static cudaError_t results[4];
  for (cudaError_t &r : results)
    r = cudaErrorUnknown;
  ASSERT_EQ(cudaLaunchHostFunc(
                nullptr,
                [](void *) {
                  int x = 0, y = 0;
                  results[0] = cudaStreamSynchronize(nullptr);
                  results[1] = cudaDeviceSynchronize();
                  results[2] =
                      cudaMemcpy(&x, &y, sizeof(int), cudaMemcpyHostToHost);
                  results[3] = cudaMemcpyAsync(&x, &y, sizeof(int),
                                               cudaMemcpyHostToHost, nullptr);
                },
                nullptr),
            cudaSuccess);
  ASSERT_EQ(cudaStreamSynchronize(nullptr), cudaSuccess);
  for (cudaError_t r : results)
    EXPECT_EQ(r, cudaErrorNotPermitted);
}

TEST_F(StreamTest, DestroyReturnsAtOnceAndQueuedWorkCompletes) {
  cudaStream_t s;
  ASSERT_EQ(cudaStreamCreateWithPriority(&s, cudaStreamNonBlocking, -3),
            cudaSuccess);
  int priority = 0;
  EXPECT_EQ(cudaStreamGetPriority(s, &priority), cudaSuccess);
  EXPECT_EQ(priority, -3);
  Gate *gate = newGate();
  ASSERT_EQ(cudaLaunchHostFunc(s, Gate::wait, gate), cudaSuccess);
  ASSERT_EQ(launchLog(4, s), cudaSuccess);
  ASSERT_EQ(cudaStreamDestroy(s), cudaSuccess);
  EXPECT_FALSE(gate->passed);
  // The handle is gone at once.
  EXPECT_EQ(cudaStreamQuery(s), cudaErrorInvalidResourceHandle);
  EXPECT_EQ(launchLog(5, s), cudaErrorInvalidResourceHandle);
  cudaGetLastError();
  gate->open();
  EXPECT_TRUE(eventually([] { return log.get() == std::vector<int>{4}; }));
  EXPECT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  EXPECT_EQ(log.get(), std::vector<int>{4});
  EXPECT_FALSE(gate->timedOut);
}

TEST_F(StreamTest, ManyStreamsCreatedAndDestroyed) {
  for (int i = 0; i < 200; ++i) {
    cudaStream_t s;
    ASSERT_EQ(cudaStreamCreate(&s), cudaSuccess);
    ASSERT_EQ(launchLog(i, s), cudaSuccess);
    ASSERT_EQ(cudaStreamDestroy(s), cudaSuccess);
  }
  ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  std::vector<int> seen = log.get();
  std::sort(seen.begin(), seen.end());
  ASSERT_EQ(seen.size(), 200u);
  for (int i = 0; i < 200; ++i)
    EXPECT_EQ(seen[i], i);
}

//===----------------------------------------------------------------------===//
// Several host threads.
//===----------------------------------------------------------------------===//

TEST_F(StreamTest, ManyHostThreadsAtOnce) {
  constexpr int kThreads = 6, kRounds = 60, kN = 256;
  std::atomic<int> failures{0};
  cudaEvent_t shared;
  ASSERT_EQ(cudaEventCreate(&shared), cudaSuccess);
  auto body = [&](int t) {
    cudaStream_t s;
    if (cudaStreamCreateWithFlags(&s, t % 2
                                          ? cudaStreamNonBlocking
                                          : cudaStreamDefault) != cudaSuccess) {
      ++failures;
      return;
    }
    int *pinned = nullptr, *device = nullptr;
    cudaMallocHost(&pinned, kN * sizeof(int));
    cudaMalloc(&device, kN * sizeof(int));
    cudaEvent_t done;
    cudaEventCreate(&done);
    for (int r = 0; r < kRounds; ++r) {
      cudaStream_t stream = r % 3 == 0   ? cudaStreamPerThread
                            : r % 3 == 1 ? s
                                         : nullptr;
      for (int i = 0; i < kN; ++i)
        pinned[i] = i * t + r;
      cudaMemcpyAsync(device, pinned, kN * sizeof(int), cudaMemcpyHostToDevice,
                      stream);
      launchAdd(device, kN, t + 1, stream);
      cudaMemcpyAsync(pinned, device, kN * sizeof(int), cudaMemcpyDeviceToHost,
                      stream);
      cudaEventRecord(done, stream);
      cudaEventRecord(shared, stream);
      cudaStreamWaitEvent(s, shared, 0);
      if (cudaEventSynchronize(done) != cudaSuccess)
        ++failures;
      for (int i = 0; i < kN; ++i)
        if (pinned[i] != i * t + r + t + 1) {
          ++failures;
          break;
        }
      float ms;
      cudaEventElapsedTime(&ms, done, done);
    }
    if (cudaStreamSynchronize(s) != cudaSuccess)
      ++failures;
    cudaEventDestroy(done);
    cudaFree(device);
    cudaFreeHost(pinned);
    cudaStreamDestroy(s);
    cudaGetLastError();
  };
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back(body, t);
  for (std::thread &t : threads)
    t.join();
  EXPECT_EQ(failures.load(), 0);
  EXPECT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  EXPECT_EQ(cudaEventDestroy(shared), cudaSuccess);
}

//===----------------------------------------------------------------------===//
// Errors of asynchronous work.
//===----------------------------------------------------------------------===//

TEST_F(StreamTest, AsyncErrorIsReportedByTheNextSynchronizingCall) {
  cudaStream_t s;
  ASSERT_EQ(cudaStreamCreate(&s), cudaSuccess);
  ASSERT_EQ(cucpu::enqueue(s, [] { return cudaErrorInvalidValue; }),
            cudaSuccess);
  EXPECT_EQ(cudaStreamSynchronize(s), cudaErrorInvalidValue);
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidValue);
  // Reported once.
  EXPECT_EQ(cudaStreamSynchronize(s), cudaSuccess);
  EXPECT_EQ(cudaGetLastError(), cudaSuccess);

  // cudaGetLastError sees it too, once the work ran.
  std::atomic<bool> ran{false};
  ASSERT_EQ(cucpu::enqueue(s, [] { return cudaErrorInvalidValue; }),
            cudaSuccess);
  ASSERT_EQ(cudaLaunchHostFunc(
                s, [](void *p) { *static_cast<std::atomic<bool> *>(p) = true; },
                &ran),
            cudaSuccess);
  ASSERT_TRUE(eventually([&] { return ran.load(); }));
  EXPECT_EQ(cudaPeekAtLastError(), cudaErrorInvalidValue);
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidValue);
  EXPECT_EQ(cudaGetLastError(), cudaSuccess);
  EXPECT_EQ(cudaStreamSynchronize(s), cudaSuccess);
  EXPECT_EQ(cudaStreamDestroy(s), cudaSuccess);
}

TEST_F(StreamTest, StickyAsyncErrorLastsUntilReset) {
  cudaStream_t s;
  ASSERT_EQ(cudaStreamCreate(&s), cudaSuccess);
  ASSERT_EQ(cucpu::enqueue(s, [] { return cudaErrorIllegalAddress; }),
            cudaSuccess);
  ASSERT_EQ(launchLog(1, s), cudaSuccess);
  static CallbackRecord record;
  record = CallbackRecord();
  ASSERT_EQ(cudaStreamAddCallback(
                s,
                [](cudaStream_t, cudaError_t status, void *p) {
                  static_cast<CallbackRecord *>(p)->status = status;
                },
                &record, 0),
            cudaSuccess);
  EXPECT_EQ(cudaDeviceSynchronize(), cudaErrorIllegalAddress);
  // Device work after the fault is skipped; callbacks see the error.
  EXPECT_TRUE(log.get().empty());
  EXPECT_EQ(record.status, cudaErrorIllegalAddress);
  EXPECT_EQ(cudaStreamSynchronize(s), cudaErrorIllegalAddress);
  EXPECT_EQ(cudaGetLastError(), cudaErrorIllegalAddress);
  EXPECT_EQ(cudaGetLastError(), cudaErrorIllegalAddress);
  EXPECT_EQ(launchLog(2, s), cudaErrorIllegalAddress);
  int x = 0, y = 1;
  EXPECT_EQ(cudaMemcpy(&x, &y, sizeof(int), cudaMemcpyHostToHost),
            cudaErrorIllegalAddress);
  EXPECT_EQ(x, 0);
  EXPECT_EQ(cudaDeviceReset(), cudaSuccess);
  EXPECT_EQ(cudaGetLastError(), cudaSuccess);
  EXPECT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  // The reset destroyed the stream.
  EXPECT_EQ(cudaStreamQuery(s), cudaErrorInvalidResourceHandle);
  cudaGetLastError();
  EXPECT_EQ(launchLog(3, nullptr), cudaSuccess);
  EXPECT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  EXPECT_EQ(log.get(), std::vector<int>{3});
}

TEST_F(StreamTest, LaunchConfigurationErrorsAreReportedAtTheLaunch) {
  int v = 0;
  void *args[] = {&v};
  EXPECT_EQ(cudaLaunchKernel(&logStub, dim3(1), dim3(2048), args, 0, nullptr),
            cudaErrorInvalidConfiguration);
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidConfiguration);
  EXPECT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  EXPECT_TRUE(log.get().empty());
}

//===----------------------------------------------------------------------===//
// Process exit.
//===----------------------------------------------------------------------===//

class StreamExitTest : public StreamTest {
protected:
  void SetUp() override {
    StreamTest::SetUp();
    // A fresh process per death test: the workers of this one are not
    // copied by fork().
    GTEST_FLAG_SET(death_test_style, "threadsafe");
  }
};

TEST_F(StreamExitTest, QueuedWorkCompletesAtExit) {
  EXPECT_EXIT(
      {
        cudaStream_t s;
        cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
        cudaLaunchHostFunc(
            s,
            [](void *) {
              std::this_thread::sleep_for(50ms);
              std::fprintf(stderr, "queued work ran\n");
            },
            nullptr);
        launchLog(1, s);
        launchLog(2, nullptr);
        std::exit(0);
      },
      ::testing::ExitedWithCode(0), "queued work ran");
}

TEST_F(StreamExitTest, ExitFromAHostFunctionDoesNotHang) {
  EXPECT_EXIT(
      {
        cudaStream_t s;
        cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
        // Work that never finishes on the legacy stream.
        Gate *gate = newGate();
        cudaLaunchHostFunc(nullptr, Gate::wait, gate);
        cudaLaunchHostFunc(
            s, [](void *) { std::exit(3); }, nullptr);
        cudaDeviceSynchronize();
      },
      ::testing::ExitedWithCode(3), "");
}

} // namespace
