//===- DeviceAssert.cpp - assert() in device code -------------------------===//
//
// A failed assert in a kernel prints what CUDA prints (file, line, function,
// the block and thread indices and the expression) and, as on a GPU, leaves
// the device unusable: from then on every API call that needs the device
// returns cudaErrorAssert until cudaDeviceReset, and cudaGetLastError does
// not clear it. The
// program itself goes on, so it can report the error as CUDA programs do.
//
//===----------------------------------------------------------------------===//

#include "Context.h"

#include <cstdio>

extern "C" void __cucpu_device_assert_fail(const char *expression,
                                           const char *file, unsigned line,
                                           const char *function,
                                           const unsigned *blockAndThread) {
  // Record first: another host thread may be about to launch.
  cucpu::setStickyError(cudaErrorAssert);
  std::fflush(stdout);
  std::fprintf(stderr,
               "%s:%u: %s: block: [%u,%u,%u], thread: [%u,%u,%u] Assertion "
               "`%s` failed.\n",
               file, line, function, blockAndThread[0], blockAndThread[1],
               blockAndThread[2], blockAndThread[3], blockAndThread[4],
               blockAndThread[5], expression);
  std::fflush(stderr);
}
