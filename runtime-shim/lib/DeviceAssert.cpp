//===- DeviceAssert.cpp - assert() in device code -------------------------===//
//
// A failed assert in a kernel prints what CUDA prints (file, line, function,
// the block and thread indices and the expression) and stops the program.
//
//===----------------------------------------------------------------------===//

#include "cucpu/abi.h"

#include <cstdio>
#include <cstdlib>

extern "C" void __cucpu_device_assert_fail(const char *expression,
                                           const char *file, unsigned line,
                                           const char *function,
                                           const unsigned *blockAndThread) {
  std::fflush(stdout);
  std::fprintf(stderr,
               "%s:%u: %s: block: [%u,%u,%u], thread: [%u,%u,%u] Assertion "
               "`%s` failed.\n",
               file, line, function, blockAndThread[0], blockAndThread[1],
               blockAndThread[2], blockAndThread[3], blockAndThread[4],
               blockAndThread[5], expression);
  std::fflush(stderr);
  std::abort();
}
