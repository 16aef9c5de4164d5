//===- SpinWait.cpp - Yielding in device loops that wait on other threads -===//
//
// The compiler makes each iteration of a loop in which a thread waits on
// what other threads write call __cucpu_spin_wait. The blocks of such a
// launch each have an OpenMP thread, often more threads than cores; a thread
// that only spins would keep the one it waits for off its core for a whole
// time slice. Yielding every few iterations hands the core over while
// keeping the cost of a loop that does real work in each iteration small.
//
//===----------------------------------------------------------------------===//

#include <sched.h>

extern "C" void __cucpu_spin_wait() {
  static thread_local unsigned iterations;
  if (++iterations % 16 == 0)
    sched_yield();
}
