//===- Stream.cpp - Streams, events and the work queued on them ----------===//
//
// Part of cucpu. Each stream owns a queue of operations and, once it has work,
// a worker thread that runs them in order (kernels run their OpenMP regions
// from it). Device work on the legacy default stream with nothing ahead of
// it runs on the submitting thread instead (see runsOnCaller). An operation
// may also wait for points in other streams: the legacy default stream
// waits for the work queued before it on every blocking stream and the
// blocking streams wait for the legacy stream's;
// cudaStreamWaitEvent waits for an event's point. Dependencies are taken
// under one scheduler mutex, so each points to work queued earlier and the
// waits cannot form a cycle.
//
//===----------------------------------------------------------------------===//

#include "Stream.h"
#include "Context.h"

#include <omp.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <deque>
#include <memory>
#include <mutex>
#include <thread>
#include <unordered_map>
#include <vector>

namespace cucpu {

/// The moment a stream has completed its seq-th operation. A point without
/// a stream is reached already.
struct StreamPoint {
  std::shared_ptr<CUstream_st> stream;
  uint64_t seq = 0;
};

/// One operation in a stream's queue.
struct StreamOperation {
  /// May be empty: the operation only waits.
  std::function<cudaError_t()> work;
  /// Points the operation waits for before it runs.
  std::vector<StreamPoint> after;
  /// Device work is skipped once a sticky error occurred; host functions
  /// still run (callbacks see the error).
  bool device = true;
};

/// One cudaEventRecord: where it was recorded and when the worker got there.
struct EventRecord {
  StreamPoint point;
  std::chrono::steady_clock::time_point time;
  /// Recorded into a graph by stream capture: it has no point of its own.
  bool captured = false;
};

} // namespace cucpu

struct CUstream_st {
  unsigned flags = 0;
  int priority = 0;
  bool legacy = false;

  // Stream capture, guarded by the scheduler's mutex: while `capture` is
  // set, work queued on the stream goes into that graph instead of running.
  // A capture that failed stays invalidated until cudaStreamEndCapture.
  std::unique_ptr<CUgraph_st> capture;
  bool captureInvalidated = false;

  // Guarded by the scheduler's mutex; writes of `submitted` also hold
  // `mutex`.
  uint64_t submitted = 0;
  bool retired = false;
  std::thread worker;

  // Guarded by `mutex`.
  std::mutex mutex;
  std::condition_variable hasWork;
  std::condition_variable progressed;
  /// The smallest `completed` count a thread sleeping on `progressed` waits
  /// for: the worker wakes the sleepers when it gets there, not after every
  /// operation (a host thread waiting for the last of many queued launches
  /// would otherwise wake and sleep once per launch, on the cores that run
  /// them).
  uint64_t wakeAt = UINT64_MAX;
  std::deque<cucpu::StreamOperation> queue;
  bool stop = false;
  bool workerDone = false;
  /// The point of the operation that a host thread runs itself (see
  /// runsOnCaller), 0 when none: work queued meanwhile waits for it.
  uint64_t onCaller = 0;
  /// Written under `mutex`, read without it too: operations queued and
  /// operations done.
  std::atomic<uint64_t> queued{0};
  std::atomic<uint64_t> completed{0};
};

struct CUevent_st {
  unsigned flags = 0;
  /// The last record, null until recorded. Guarded by the scheduler's mutex.
  std::shared_ptr<cucpu::EventRecord> record;
};

namespace cucpu {
namespace {

struct Scheduler {
  Scheduler() {
    legacy = std::make_shared<CUstream_st>();
    legacy->legacy = true;
    streams.push_back(legacy);
  }

  std::mutex mutex;
  std::shared_ptr<CUstream_st> legacy;
  /// Created streams not destroyed yet, by handle.
  std::unordered_map<CUstream_st *, std::shared_ptr<CUstream_st>> created;
  /// Every stream whose worker may run: the legacy stream, created and
  /// per-thread streams, and destroyed ones until their worker has been
  /// joined. A stream leaves it only with its worker joined, so no stream is
  /// freed while its thread runs.
  std::vector<std::shared_ptr<CUstream_st>> streams;
  /// Set at process exit, once the workers are gone: work then runs on the
  /// calling thread.
  bool shutDown = false;
  bool exitHandlerRegistered = false;
};

Scheduler &scheduler() {
  // Never destroyed: workers and exit handlers use it until the end.
  static Scheduler *s = new Scheduler();
  return *s;
}

/// The stream whose worker the calling thread is, if any.
thread_local CUstream_st *currentWorker = nullptr;
/// Work on a stream (a host function) must not wait for streams: it could
/// wait for itself. CUDA forbids it; here the call fails instead of hanging.
cudaError_t checkMayWait() {
  return currentWorker ? cudaErrorNotPermitted : cudaSuccess;
}

/// Set inside the _ptds variants: synchronous calls follow the per-thread
/// default stream instead of the legacy one.
thread_local bool perThreadSynchronousCalls = false;

void retireLocked(const std::shared_ptr<CUstream_st> &s);

/// The calling host thread's default stream (cudaStreamPerThread), made on
/// first use. When the thread ends, the stream is retired like a destroyed
/// one: its work still completes.
struct PerThreadStream {
  ~PerThreadStream() {
    if (!stream)
      return;
    Scheduler &sched = scheduler();
    std::lock_guard<std::mutex> lock(sched.mutex);
    retireLocked(stream);
  }
  std::shared_ptr<CUstream_st> stream;
};
thread_local PerThreadStream perThreadStream;

//===----------------------------------------------------------------------===//
// Errors of asynchronous work.
//===----------------------------------------------------------------------===//

std::mutex errorMutex;
std::atomic<cudaError_t> asyncError{cudaSuccess};

cudaError_t currentStickyError() {
  cudaError_t err = asyncError.load();
  return isStickyError(err) ? err : cudaSuccess;
}

/// The error a synchronizing call reports: a sticky error stays, another is
/// reported once.
cudaError_t takeAsyncError() {
  if (asyncError.load() == cudaSuccess)
    return cudaSuccess;
  std::lock_guard<std::mutex> lock(errorMutex);
  cudaError_t err = asyncError.load();
  if (!isStickyError(err))
    asyncError.store(cudaSuccess);
  return err;
}

//===----------------------------------------------------------------------===//
// Workers.
//===----------------------------------------------------------------------===//

/// Polls pred for a few microseconds. Handing work to another thread and
/// waiting for it costs two thread wake-ups; when the other side is quick
/// (small kernels, back-to-back launches), polling first avoids them.
template <class Pred> bool spinFor(Pred pred) {
  constexpr auto kSpin = std::chrono::microseconds(30);
  auto end = std::chrono::steady_clock::now() + kSpin;
  do {
    if (pred())
      return true;
    std::this_thread::yield();
  } while (std::chrono::steady_clock::now() < end);
  return pred();
}

void waitFor(const StreamPoint &p) {
  CUstream_st *s = p.stream.get();
  if (!s || spinFor([&] { return s->completed.load() >= p.seq; }))
    return;
  std::unique_lock<std::mutex> lock(s->mutex);
  while (s->completed.load() < p.seq) {
    s->wakeAt = std::min(s->wakeAt, p.seq);
    s->progressed.wait(lock);
  }
}

bool reached(const StreamPoint &p) {
  return !p.stream || p.stream->completed.load() >= p.seq;
}

/// Runs an operation's work, unless it is device work after a sticky error;
/// an error it returns is reported asynchronously.
void runWork(StreamOperation &op) {
  if (op.work && !(op.device && currentStickyError() != cudaSuccess))
    if (cudaError_t err = op.work())
      recordAsyncError(err);
}

/// Counts one more operation of `s` done and wakes the threads waiting for
/// it if the earliest point they wait for is reached. Caller holds
/// `s->mutex`.
void completeOneLocked(CUstream_st *s) {
  if (s->completed.fetch_add(1) + 1 >= s->wakeAt) {
    // Every sleeper checks its own point; those still short of it set
    // wakeAt again.
    s->wakeAt = UINT64_MAX;
    s->progressed.notify_all();
  }
}

void runWorker(CUstream_st *s) {
  currentWorker = s;
  // Kernels run their OpenMP regions from this thread.
  applyWorkerCountToThisThread();
  std::unique_lock<std::mutex> lock(s->mutex);
  for (;;) {
    if (s->queue.empty() && !s->stop) {
      // Everything taken is done here, so queued == completed until more
      // work comes.
      lock.unlock();
      spinFor([&] { return s->queued.load() != s->completed.load(); });
      lock.lock();
    }
    s->hasWork.wait(lock, [&] { return !s->queue.empty() || s->stop; });
    if (s->queue.empty())
      break;
    StreamOperation op = std::move(s->queue.front());
    s->queue.pop_front();
    lock.unlock();
    for (const StreamPoint &p : op.after)
      waitFor(p);
    runWork(op);
    // Captured state (argument copies, points) goes before the operation
    // counts as done.
    op = StreamOperation();
    lock.lock();
    completeOneLocked(s);
  }
  s->workerDone = true;
}

void shutDownAtExit();

void startWorkerLocked(Scheduler &sched, CUstream_st *s) {
  if (!sched.exitHandlerRegistered) {
    // OpenMP is set up first, so that its own exit handling (if any) comes
    // after ours, which still runs kernels.
    (void)omp_get_max_threads();
    std::atexit(shutDownAtExit);
    sched.exitHandlerRegistered = true;
  }
  s->worker = std::thread(runWorker, s);
}

/// Queues op on s behind the dependencies the legacy stream's semantics add.
/// Caller holds the scheduler's mutex.
uint64_t submitLocked(Scheduler &sched, const std::shared_ptr<CUstream_st> &s,
                      StreamOperation op) {
  if (s->legacy) {
    for (const std::shared_ptr<CUstream_st> &t : sched.streams)
      if (t != s && !(t->flags & cudaStreamNonBlocking) &&
          t->completed.load() < t->submitted)
        op.after.push_back({t, t->submitted});
  } else if (!(s->flags & cudaStreamNonBlocking)) {
    const std::shared_ptr<CUstream_st> &l = sched.legacy;
    if (l->completed.load() < l->submitted)
      op.after.push_back({l, l->submitted});
  }
  std::lock_guard<std::mutex> lock(s->mutex);
  if (s->onCaller)
    op.after.push_back({s, s->onCaller});
  if (!s->worker.joinable())
    startWorkerLocked(sched, s.get());
  s->queue.push_back(std::move(op));
  uint64_t seq = ++s->submitted;
  s->queued.store(seq);
  s->hasWork.notify_one();
  return seq;
}

/// The stream a handle names, or null. Caller holds the scheduler's mutex.
std::shared_ptr<CUstream_st> resolveLocked(Scheduler &sched,
                                           cudaStream_t handle) {
  if (handle == nullptr || handle == cudaStreamLegacy)
    return sched.legacy;
  if (handle == cudaStreamPerThread) {
    if (!perThreadStream.stream) {
      perThreadStream.stream = std::make_shared<CUstream_st>();
      sched.streams.push_back(perThreadStream.stream);
    }
    return perThreadStream.stream;
  }
  auto it = sched.created.find(handle);
  return it == sched.created.end() ? nullptr : it->second;
}

/// Lets s's worker end once its queue is empty. Caller holds the scheduler's
/// mutex.
void retireLocked(const std::shared_ptr<CUstream_st> &s) {
  s->retired = true;
  std::lock_guard<std::mutex> lock(s->mutex);
  s->stop = true;
  s->hasWork.notify_one();
}

/// Takes the retired streams whose worker has finished out of the list;
/// their threads go to `done`, to be joined without the mutex.
void reapLocked(Scheduler &sched, std::vector<std::thread> &done) {
  auto &list = sched.streams;
  for (size_t i = 0; i < list.size();) {
    CUstream_st *s = list[i].get();
    bool finished = false;
    if (s->retired) {
      std::lock_guard<std::mutex> lock(s->mutex);
      finished = s->workerDone || !s->worker.joinable();
      if (finished && s->worker.joinable())
        done.push_back(std::move(s->worker));
    }
    if (finished) {
      list[i] = std::move(list.back());
      list.pop_back();
    } else {
      ++i;
    }
  }
}

void joinAll(std::vector<std::thread> &threads) {
  for (std::thread &t : threads)
    t.join();
  threads.clear();
}

/// Whether `op`, submitted to `s`, runs on the calling thread right away
/// instead of on the stream's worker. Caller holds the scheduler's mutex.
///
/// On a CPU the "device" is the cores the host thread runs on. Handing a
/// kernel to the stream's worker and waiting for it (the usual launch,
/// launch, cudaMemcpy) costs thread wake-ups, and while the kernel's OpenMP
/// team runs, a third thread spins or sleeps on two cores. When the legacy
/// stream has nothing ahead of an operation, running it at once on the
/// submitting thread gives the same order: streamcluster's 2000 rounds of
/// three launches and two copies took 475-490 ms instead of 525-590, nn's
/// 600 queries 670 ms instead of 720-780 (2 threads).
///
/// Only device work (kernels, copies, fills): a host function may wait for
/// streams or exit. Not from a stream's worker, nor from inside an OpenMP
/// region of the program (the kernel's region would not get its team), and
/// not with CUCPU_ASYNC_LAUNCH=1, which keeps every operation on the
/// worker (for a program whose kernel waits for the host after its launch).
bool runsOnCaller(Scheduler &sched, const std::shared_ptr<CUstream_st> &s,
                  const StreamOperation &op) {
  static const bool asyncLaunch = [] {
    const char *env = std::getenv("CUCPU_ASYNC_LAUNCH");
    return env && env[0] == '1';
  }();
  if (asyncLaunch || !s->legacy || !op.device || !op.work ||
      currentWorker || omp_in_parallel())
    return false;
  for (const std::shared_ptr<CUstream_st> &t : sched.streams)
    if ((t == s || !(t->flags & cudaStreamNonBlocking)) &&
        t->completed.load() < t->submitted)
      return false;
  return true;
}

/// Runs `op` on the calling thread as the next operation of `s`, which
/// runsOnCaller accepted. `lock` holds the scheduler's mutex; it is released
/// while the work runs, so that other threads can queue work (which waits
/// for this operation). Returns the operation's point.
StreamPoint runOnCaller(std::unique_lock<std::mutex> &lock,
                        const std::shared_ptr<CUstream_st> &s,
                        StreamOperation op) {
  uint64_t seq;
  {
    std::lock_guard<std::mutex> streamLock(s->mutex);
    seq = ++s->submitted;
    s->queued.store(seq);
    s->onCaller = seq;
  }
  lock.unlock();
  {
    HostThreadWorkerCount workers;
    runWork(op);
  }
  op = StreamOperation();
  lock.lock();
  std::lock_guard<std::mutex> streamLock(s->mutex);
  s->onCaller = 0;
  completeOneLocked(s.get());
  return {s, seq};
}

/// Queues op on the stream a handle names, with the scheduler's mutex held
/// by `lock`. Returns the error to report; *where receives the operation's
/// point. After shutdown the work runs here, without the mutex.
cudaError_t submitHeld(Scheduler &sched, std::unique_lock<std::mutex> &lock,
                       cudaStream_t handle, StreamOperation op,
                       StreamPoint *where) {
  if (cudaError_t sticky = currentStickyError())
    return sticky;
  if (sched.shutDown) {
    lock.unlock();
    cudaError_t err = op.work ? op.work() : cudaSuccess;
    lock.lock();
    if (where)
      *where = StreamPoint();
    return err;
  }
  std::shared_ptr<CUstream_st> s = resolveLocked(sched, handle);
  if (!s)
    return cudaErrorInvalidResourceHandle;
  if (s->capture || s->captureInvalidated) {
    if (s->captureInvalidated)
      return cudaErrorStreamCaptureInvalidated;
    // A wait for work outside the capture would make the graph depend on
    // it: only what one stream queues is captured.
    if (!op.after.empty()) {
      s->capture.reset();
      s->captureInvalidated = true;
      return cudaErrorStreamCaptureUnsupported;
    }
    if (op.work)
      s->capture->nodes.push_back({std::move(op.work), op.device});
    if (where)
      *where = StreamPoint();
    return cudaSuccess;
  }
  if (runsOnCaller(sched, s, op)) {
    StreamPoint point = runOnCaller(lock, s, std::move(op));
    if (where)
      *where = point;
    return cudaSuccess;
  }
  uint64_t seq = submitLocked(sched, s, std::move(op));
  if (where)
    *where = {s, seq};
  return cudaSuccess;
}

/// Set before main by programs whose host code reads device memory without
/// a synchronizing call (Thrust's algorithms: see thrust/detail/config.h).
std::atomic<bool> operationsFinishBeforeReturn{false};

cudaError_t submit(cudaStream_t handle, StreamOperation op,
                   StreamPoint *where = nullptr) {
  Scheduler &sched = scheduler();
  std::unique_lock<std::mutex> lock(sched.mutex);
  StreamPoint point;
  cudaError_t err = submitHeld(sched, lock, handle, std::move(op), &point);
  if (where)
    *where = point;
  lock.unlock();
  // Not on a stream's worker: a host function waiting for its own stream
  // would never return.
  if (err == cudaSuccess && !currentWorker &&
      operationsFinishBeforeReturn.load(std::memory_order_relaxed))
    waitFor(point);
  return setError(err);
}

/// The points that synchronizing with a handle waits for: the stream's last
/// operation; for the legacy stream also that of every blocking stream. With
/// asNewWork, those that work queued on the stream now would wait for: for a
/// blocking stream also the legacy stream's last operation. False if the
/// handle names no stream.
bool pointsOf(cudaStream_t handle, std::vector<StreamPoint> &points,
              bool asNewWork = false) {
  Scheduler &sched = scheduler();
  std::lock_guard<std::mutex> lock(sched.mutex);
  if (sched.shutDown)
    return handle == nullptr || handle == cudaStreamLegacy ||
           handle == cudaStreamPerThread || sched.created.count(handle);
  std::shared_ptr<CUstream_st> s = resolveLocked(sched, handle);
  if (!s)
    return false;
  points.push_back({s, s->submitted});
  if (s->legacy) {
    for (const std::shared_ptr<CUstream_st> &t : sched.streams)
      if (t != s && !(t->flags & cudaStreamNonBlocking))
        points.push_back({t, t->submitted});
  } else if (asNewWork && !(s->flags & cudaStreamNonBlocking)) {
    points.push_back({sched.legacy, sched.legacy->submitted});
  }
  return true;
}

void waitForAll() {
  Scheduler &sched = scheduler();
  std::vector<StreamPoint> points;
  std::vector<std::thread> done;
  {
    std::lock_guard<std::mutex> lock(sched.mutex);
    for (const std::shared_ptr<CUstream_st> &s : sched.streams)
      points.push_back({s, s->submitted});
  }
  for (const StreamPoint &p : points)
    waitFor(p);
  {
    std::lock_guard<std::mutex> lock(sched.mutex);
    reapLocked(sched, done);
  }
  joinAll(done);
}

void shutDownAtExit() {
  Scheduler &sched = scheduler();
  if (currentWorker) {
    // exit() from work on a stream: that work cannot finish, so nothing is
    // waited for; later work runs on the calling thread.
    std::lock_guard<std::mutex> lock(sched.mutex);
    sched.shutDown = true;
    return;
  }
  // Work still queued completes (programs often exit right after queuing
  // work whose output they expect), then every worker is joined before the
  // OpenMP runtime goes away.
  waitForAll();
  std::vector<std::thread> workers;
  {
    std::lock_guard<std::mutex> lock(sched.mutex);
    sched.shutDown = true;
    for (const std::shared_ptr<CUstream_st> &s : sched.streams) {
      std::lock_guard<std::mutex> streamLock(s->mutex);
      s->stop = true;
      s->hasWork.notify_one();
      if (s->worker.joinable())
        workers.push_back(std::move(s->worker));
    }
  }
  joinAll(workers);
}

/// Memory kinds, for the host synchronization of copies.
enum class MemoryClass { Device, Pinned, Pageable };

MemoryClass classify(Context &ctx, const void *p) {
  if (!p)
    return MemoryClass::Device;
  if (const Allocation *a = ctx.findAllocation(p, nullptr))
    return a->kind == AllocKind::Host ? MemoryClass::Pinned
                                      : MemoryClass::Device;
  uintptr_t addr = reinterpret_cast<uintptr_t>(p);
  auto it = ctx.registeredHost.upper_bound(addr);
  if (it != ctx.registeredHost.begin()) {
    --it;
    if (addr - it->first < it->second)
      return MemoryClass::Pinned;
  }
  return MemoryClass::Pageable;
}

/// Whether a stream handle is valid, for the functions below.
/// For a call that may not be made on a capturing stream: if `handle`
/// captures, invalidates the capture (as CUDA does) and returns true.
bool invalidateCapture(cudaStream_t handle) {
  Scheduler &sched = scheduler();
  std::lock_guard<std::mutex> lock(sched.mutex);
  std::shared_ptr<CUstream_st> s = resolveLocked(sched, handle);
  if (!s || (!s->capture && !s->captureInvalidated))
    return false;
  s->capture.reset();
  s->captureInvalidated = true;
  return true;
}

bool knownStream(cudaStream_t handle) {
  Context &ctx = Context::get();
  std::lock_guard<std::mutex> lock(ctx.mutex);
  return ctx.validStream(handle);
}

bool knownEvent(cudaEvent_t event) {
  Context &ctx = Context::get();
  std::lock_guard<std::mutex> lock(ctx.mutex);
  return ctx.events.count(event) != 0;
}

std::shared_ptr<EventRecord> lastRecord(cudaEvent_t event) {
  Scheduler &sched = scheduler();
  std::lock_guard<std::mutex> lock(sched.mutex);
  return event->record;
}

} // namespace

//===----------------------------------------------------------------------===//
// The interface of Stream.h.
//===----------------------------------------------------------------------===//

cudaError_t enqueue(cudaStream_t stream, std::function<cudaError_t()> work) {
  StreamOperation op;
  op.work = std::move(work);
  return submit(stream, std::move(op));
}

cudaError_t enqueueGraph(cudaStream_t stream,
                         std::shared_ptr<const std::vector<GraphNode>> nodes) {
  StreamOperation op;
  op.device = false; // each node decides: host functions run after a fault
  op.work = [nodes = std::move(nodes)] {
    for (const GraphNode &node : *nodes) {
      if (node.device && currentStickyError() != cudaSuccess)
        continue;
      if (cudaError_t err = node.work())
        return err;
    }
    return cudaSuccess;
  };
  return submit(stream, std::move(op));
}

cudaError_t enqueueAndWait(cudaStream_t stream,
                           std::function<cudaError_t()> work) {
  if (cudaError_t err = checkMayWait())
    return setError(err);
  StreamOperation op;
  op.work = std::move(work);
  StreamPoint where;
  if (cudaError_t err = submit(stream, std::move(op), &where))
    return err;
  waitFor(where);
  return setError(takeAsyncError());
}

cudaError_t enqueueCopy(cudaStream_t stream, const void *a, const void *b,
                        std::function<cudaError_t()> work) {
  MemoryClass ca, cb;
  {
    Context &ctx = Context::get();
    std::lock_guard<std::mutex> lock(ctx.mutex);
    ca = classify(ctx, a);
    cb = classify(ctx, b);
  }
  bool hostSynchronous =
      ca == MemoryClass::Pageable || cb == MemoryClass::Pageable ||
      (ca == MemoryClass::Pinned && cb == MemoryClass::Pinned);
  return hostSynchronous ? enqueueAndWait(stream, std::move(work))
                         : enqueue(stream, std::move(work));
}

cudaError_t waitForSynchronousCall() {
  if (cudaError_t err = checkMayWait())
    return err;
  std::vector<StreamPoint> points;
  // The call is work on the thread's default stream, done on this thread.
  pointsOf(perThreadSynchronousCalls ? cudaStreamPerThread : cudaStreamLegacy,
           points, /*asNewWork=*/true);
  for (const StreamPoint &p : points)
    waitFor(p);
  return takeAsyncError();
}

cudaError_t synchronizeDevice() {
  if (cudaError_t err = checkMayWait())
    return err;
  waitForAll();
  return takeAsyncError();
}

void resetStreamsAndEvents() {
  waitForAll();
  Scheduler &sched = scheduler();
  std::vector<std::thread> done;
  {
    std::lock_guard<std::mutex> lock(sched.mutex);
    for (auto &entry : sched.created)
      retireLocked(entry.second);
    sched.created.clear();
  }
  {
    std::lock_guard<std::mutex> lock(sched.mutex);
    // The retired streams are idle: their workers end at once.
    for (const std::shared_ptr<CUstream_st> &s : sched.streams)
      if (s->retired) {
        std::lock_guard<std::mutex> streamLock(s->mutex);
        if (s->worker.joinable())
          done.push_back(std::move(s->worker));
      }
  }
  joinAll(done);
  {
    std::lock_guard<std::mutex> lock(sched.mutex);
    reapLocked(sched, done);
  }
  {
    std::lock_guard<std::mutex> lock(errorMutex);
    asyncError.store(cudaSuccess);
  }
  Context &ctx = Context::get();
  std::lock_guard<std::mutex> lock(ctx.mutex);
  ctx.streams.clear();
  for (CUevent_st *e : ctx.events)
    delete e;
  ctx.events.clear();
}

void recordAsyncError(cudaError_t err) {
  if (err == cudaSuccess)
    return;
  std::lock_guard<std::mutex> lock(errorMutex);
  cudaError_t current = asyncError.load();
  if (current == cudaSuccess || (isStickyError(err) && !isStickyError(current)))
    asyncError.store(err);
}

cudaError_t stickyError() { return currentStickyError(); }

void setStickyError(cudaError_t err) { recordAsyncError(err); }

cudaError_t lastErrorWithAsync(cudaError_t threadError, bool consume) {
  if (cudaError_t sticky = currentStickyError())
    return sticky;
  if (threadError != cudaSuccess)
    return threadError;
  return consume ? takeAsyncError() : asyncError.load();
}

} // namespace cucpu

using namespace cucpu;

extern "C" {

/// Called before main by a program whose host code reads device memory
/// without synchronizing first (one that includes Thrust): from then on,
/// every stream operation is done when the call that queues it returns.
void __cucpuRunStreamOperationsSynchronously(void) {
  cucpu::operationsFinishBeforeReturn.store(true);
}

//===----------------------------------------------------------------------===//
// Streams.
//===----------------------------------------------------------------------===//

cudaError_t cudaStreamCreateWithPriority(cudaStream_t *pStream,
                                         unsigned int flags, int priority) {
  if (!pStream || (flags & ~unsigned(cudaStreamNonBlocking)))
    return setError(cudaErrorInvalidValue);
  auto s = std::make_shared<CUstream_st>();
  s->flags = flags;
  s->priority = priority > 0 ? 0 : (priority < -5 ? -5 : priority);
  Scheduler &sched = scheduler();
  std::vector<std::thread> done;
  {
    std::lock_guard<std::mutex> lock(sched.mutex);
    reapLocked(sched, done);
    sched.created[s.get()] = s;
    sched.streams.push_back(s);
  }
  joinAll(done);
  Context &ctx = Context::get();
  std::lock_guard<std::mutex> lock(ctx.mutex);
  ctx.streams.insert(s.get());
  *pStream = s.get();
  return cudaSuccess;
}

cudaError_t cudaStreamCreateWithFlags(cudaStream_t *pStream,
                                      unsigned int flags) {
  return cudaStreamCreateWithPriority(pStream, flags, 0);
}

cudaError_t cudaStreamCreate(cudaStream_t *pStream) {
  return cudaStreamCreateWithPriority(pStream, cudaStreamDefault, 0);
}

cudaError_t cudaStreamDestroy(cudaStream_t stream) {
  {
    Context &ctx = Context::get();
    std::lock_guard<std::mutex> lock(ctx.mutex);
    if (!ctx.streams.erase(stream))
      return setError(cudaErrorInvalidResourceHandle);
  }
  // Work already queued still runs; the worker ends after it.
  Scheduler &sched = scheduler();
  std::lock_guard<std::mutex> lock(sched.mutex);
  auto it = sched.created.find(stream);
  if (it != sched.created.end()) {
    retireLocked(it->second);
    sched.created.erase(it);
  }
  return cudaSuccess;
}

cudaError_t cudaStreamSynchronize(cudaStream_t stream) {
  std::vector<StreamPoint> points;
  if (!pointsOf(stream, points))
    return setError(cudaErrorInvalidResourceHandle);
  // Captured work does not run until the graph is launched.
  if (invalidateCapture(stream))
    return setError(cudaErrorStreamCaptureUnsupported);
  if (cudaError_t err = checkMayWait())
    return setError(err);
  for (const StreamPoint &p : points)
    waitFor(p);
  return setError(takeAsyncError());
}

cudaError_t cudaStreamQuery(cudaStream_t stream) {
  std::vector<StreamPoint> points;
  if (!pointsOf(stream, points))
    return setError(cudaErrorInvalidResourceHandle);
  if (invalidateCapture(stream))
    return setError(cudaErrorStreamCaptureUnsupported);
  for (const StreamPoint &p : points)
    if (!reached(p))
      return cudaErrorNotReady; // Not an error: the last error stays.
  return setError(takeAsyncError());
}

cudaError_t cudaStreamGetFlags(cudaStream_t stream, unsigned int *flags) {
  if (!flags)
    return setError(cudaErrorInvalidValue);
  Context &ctx = Context::get();
  std::lock_guard<std::mutex> lock(ctx.mutex);
  if (!ctx.validStream(stream))
    return setError(cudaErrorInvalidResourceHandle);
  *flags = ctx.streams.count(stream) ? stream->flags : 0;
  return cudaSuccess;
}

cudaError_t cudaStreamGetPriority(cudaStream_t stream, int *priority) {
  if (!priority)
    return setError(cudaErrorInvalidValue);
  Context &ctx = Context::get();
  std::lock_guard<std::mutex> lock(ctx.mutex);
  if (!ctx.validStream(stream))
    return setError(cudaErrorInvalidResourceHandle);
  *priority = ctx.streams.count(stream) ? stream->priority : 0;
  return cudaSuccess;
}

cudaError_t cudaStreamWaitEvent(cudaStream_t stream, cudaEvent_t event,
                                unsigned int flags) {
  // cudaEventWaitDefault or cudaEventWaitExternal.
  if (flags & ~1u)
    return setError(cudaErrorInvalidValue);
  if (!knownStream(stream) || !knownEvent(event))
    return setError(cudaErrorInvalidResourceHandle);
  Scheduler &sched = scheduler();
  std::unique_lock<std::mutex> lock(sched.mutex);
  std::shared_ptr<EventRecord> record = event->record;
  // Joining another stream into a capture (fork and join through events) is
  // not supported: only one stream's work is captured.
  if (record && record->captured)
    return setError(cudaErrorStreamCaptureUnsupported);
  // An event never recorded has nothing to wait for.
  if (!record || !record->point.stream)
    return cudaSuccess;
  StreamOperation op;
  op.after.push_back(record->point);
  return setError(submitHeld(sched, lock, stream, std::move(op), nullptr));
}

cudaError_t cudaStreamAddCallback(cudaStream_t stream,
                                  cudaStreamCallback_t callback, void *userData,
                                  unsigned int flags) {
  if (!callback || flags != 0)
    return setError(cudaErrorInvalidValue);
  if (!knownStream(stream))
    return setError(cudaErrorInvalidResourceHandle);
  StreamOperation op;
  op.device = false;
  op.work = [=] {
    callback(stream, currentStickyError(), userData);
    return cudaSuccess;
  };
  return submit(stream, std::move(op));
}

cudaError_t cudaLaunchHostFunc(cudaStream_t stream, cudaHostFn_t fn,
                               void *userData) {
  if (!fn)
    return setError(cudaErrorInvalidValue);
  if (!knownStream(stream))
    return setError(cudaErrorInvalidResourceHandle);
  StreamOperation op;
  op.device = false;
  op.work = [=] {
    fn(userData);
    return cudaSuccess;
  };
  return submit(stream, std::move(op));
}

//===----------------------------------------------------------------------===//
// Stream capture.
//===----------------------------------------------------------------------===//

cudaError_t cudaStreamBeginCapture(cudaStream_t stream,
                                   cudaStreamCaptureMode mode) {
  if (!validCaptureMode(mode))
    return setError(cudaErrorInvalidValue);
  if (!knownStream(stream))
    return setError(cudaErrorInvalidResourceHandle);
  Scheduler &sched = scheduler();
  std::lock_guard<std::mutex> lock(sched.mutex);
  std::shared_ptr<CUstream_st> s = resolveLocked(sched, stream);
  if (!s)
    return setError(cudaErrorInvalidResourceHandle);
  // As in CUDA, the legacy default stream cannot be captured: every
  // blocking stream synchronizes with it.
  if (s->legacy)
    return setError(cudaErrorStreamCaptureUnsupported);
  if (s->capture || s->captureInvalidated)
    return setError(cudaErrorIllegalState);
  s->capture = std::make_unique<CUgraph_st>();
  return cudaSuccess;
}

cudaError_t cudaStreamEndCapture(cudaStream_t stream, cudaGraph_t *pGraph) {
  if (!pGraph)
    return setError(cudaErrorInvalidValue);
  if (!knownStream(stream))
    return setError(cudaErrorInvalidResourceHandle);
  std::unique_ptr<CUgraph_st> graph;
  {
    Scheduler &sched = scheduler();
    std::lock_guard<std::mutex> lock(sched.mutex);
    std::shared_ptr<CUstream_st> s = resolveLocked(sched, stream);
    if (!s || (!s->capture && !s->captureInvalidated))
      return setError(cudaErrorIllegalState);
    bool invalidated = s->captureInvalidated;
    graph = std::move(s->capture);
    s->captureInvalidated = false;
    if (invalidated) {
      *pGraph = nullptr;
      return setError(cudaErrorStreamCaptureInvalidated);
    }
  }
  *pGraph = graph.release();
  registerGraph(*pGraph);
  return cudaSuccess;
}

cudaError_t cudaStreamIsCapturing(cudaStream_t stream,
                                  cudaStreamCaptureStatus *pCaptureStatus) {
  if (!pCaptureStatus)
    return setError(cudaErrorInvalidValue);
  if (!knownStream(stream))
    return setError(cudaErrorInvalidResourceHandle);
  Scheduler &sched = scheduler();
  std::lock_guard<std::mutex> lock(sched.mutex);
  std::shared_ptr<CUstream_st> s = resolveLocked(sched, stream);
  *pCaptureStatus = !s                      ? cudaStreamCaptureStatusNone
                    : s->capture            ? cudaStreamCaptureStatusActive
                    : s->captureInvalidated ? cudaStreamCaptureStatusInvalidated
                                            : cudaStreamCaptureStatusNone;
  return cudaSuccess;
}

//===----------------------------------------------------------------------===//
// Events.
//===----------------------------------------------------------------------===//

cudaError_t cudaEventCreateWithFlags(cudaEvent_t *event, unsigned int flags) {
  if (!event ||
      (flags & ~unsigned(cudaEventBlockingSync | cudaEventDisableTiming |
                         cudaEventInterprocess)))
    return setError(cudaErrorInvalidValue);
  // Interprocess events need timing disabled, as in CUDA.
  if ((flags & cudaEventInterprocess) && !(flags & cudaEventDisableTiming))
    return setError(cudaErrorInvalidValue);
  auto *e = new CUevent_st();
  e->flags = flags;
  Context &ctx = Context::get();
  std::lock_guard<std::mutex> lock(ctx.mutex);
  ctx.events.insert(e);
  *event = e;
  return cudaSuccess;
}

cudaError_t cudaEventCreate(cudaEvent_t *event) {
  return cudaEventCreateWithFlags(event, cudaEventDefault);
}

cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t stream) {
  if (!knownEvent(event) || !knownStream(stream))
    return setError(cudaErrorInvalidResourceHandle);
  auto record = std::make_shared<EventRecord>();
  StreamOperation op;
  // Completes even after a sticky error, so that waits for it end.
  op.device = false;
  op.work = [record] {
    record->time = std::chrono::steady_clock::now();
    return cudaSuccess;
  };
  Scheduler &sched = scheduler();
  std::unique_lock<std::mutex> lock(sched.mutex);
  StreamPoint where;
  if (cudaError_t err = submitHeld(sched, lock, stream, std::move(op), &where))
    return setError(err);
  record->point = std::move(where);
  std::shared_ptr<CUstream_st> s = resolveLocked(sched, stream);
  record->captured = s && s->capture;
  // A new record replaces the last one; work queued for the old one only
  // updates the old record.
  event->record = std::move(record);
  return cudaSuccess;
}

cudaError_t cudaEventSynchronize(cudaEvent_t event) {
  if (!knownEvent(event))
    return setError(cudaErrorInvalidResourceHandle);
  if (cudaError_t err = checkMayWait())
    return setError(err);
  if (std::shared_ptr<EventRecord> record = lastRecord(event)) {
    if (record->captured)
      return setError(cudaErrorCapturedEvent);
    waitFor(record->point);
  }
  return setError(takeAsyncError());
}

cudaError_t cudaEventQuery(cudaEvent_t event) {
  if (!knownEvent(event))
    return setError(cudaErrorInvalidResourceHandle);
  std::shared_ptr<EventRecord> record = lastRecord(event);
  if (record && record->captured)
    return setError(cudaErrorCapturedEvent);
  if (record && !reached(record->point))
    return cudaErrorNotReady; // Not an error: the last error stays.
  return setError(takeAsyncError());
}

cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t start,
                                 cudaEvent_t end) {
  if (!ms)
    return setError(cudaErrorInvalidValue);
  if (!knownEvent(start) || !knownEvent(end))
    return setError(cudaErrorInvalidResourceHandle);
  if ((start->flags | end->flags) & cudaEventDisableTiming)
    return setError(cudaErrorInvalidResourceHandle);
  std::shared_ptr<EventRecord> a = lastRecord(start);
  std::shared_ptr<EventRecord> b = lastRecord(end);
  if (!a || !b)
    return setError(cudaErrorInvalidResourceHandle);
  if (a->captured || b->captured)
    return setError(cudaErrorCapturedEvent);
  if (!reached(a->point) || !reached(b->point))
    return cudaErrorNotReady; // Not an error: the last error stays.
  std::chrono::duration<double, std::milli> d = b->time - a->time;
  *ms = static_cast<float>(d.count());
  return cudaSuccess;
}

cudaError_t cudaEventDestroy(cudaEvent_t event) {
  {
    Context &ctx = Context::get();
    std::lock_guard<std::mutex> lock(ctx.mutex);
    if (!ctx.events.erase(event))
      return setError(cudaErrorInvalidResourceHandle);
  }
  // A record still queued keeps its own reference and completes.
  delete event;
  return cudaSuccess;
}

//===----------------------------------------------------------------------===//
// Per-thread default stream variants (PerThreadEntryPoints.inc).
//===----------------------------------------------------------------------===//

#include "PerThreadEntryPoints.inc"

} // extern "C"
