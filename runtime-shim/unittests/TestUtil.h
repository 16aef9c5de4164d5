//===- TestUtil.h - Helpers of the runtime unit tests -----------*- C++ -*-===//
#ifndef CUCPU_RT_UNITTESTS_TESTUTIL_H
#define CUCPU_RT_UNITTESTS_TESTUTIL_H

#include "cucpu/abi.h"
#include "cuda_runtime.h"

/// Registers a kernel the way a host object and a device object do together:
/// hostStub is the fake host stub address, name the device name.
inline void registerFakeKernel(const void *hostStub, const char *name,
                               cucpu_kernel_entry entry) {
  static void **handle = __cudaRegisterFatBinary(nullptr);
  __cudaRegisterFunction(handle, static_cast<const char *>(hostStub),
                         const_cast<char *>(name), name, -1, nullptr, nullptr,
                         nullptr, nullptr, nullptr);
  if (entry)
    __cucpu_register_kernel(name, entry);
}

#endif // CUCPU_RT_UNITTESTS_TESTUTIL_H
