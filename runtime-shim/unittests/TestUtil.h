//===- TestUtil.h - Helpers of the runtime unit tests -----------*- C++ -*-===//
#ifndef CUCPU_RT_UNITTESTS_TESTUTIL_H
#define CUCPU_RT_UNITTESTS_TESTUTIL_H

#include "cucpu/abi.h"
#include "cuda_runtime.h"

#include <cstdint>
#include <initializer_list>
#include <vector>

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

/// As above, and registers the parameters' layout ((size, alignment) pairs)
/// as a device object does, which lets launches return before the kernel
/// runs. The layout is kept for the rest of the process.
inline void registerFakeKernel(const void *hostStub, const char *name,
                               cucpu_kernel_entry entry,
                               std::initializer_list<uint64_t> layout) {
  registerFakeKernel(hostStub, name, entry);
  auto *copy = new std::vector<uint64_t>(layout);
  __cucpu_register_kernel_params(name, static_cast<uint32_t>(copy->size() / 2),
                                 copy->data());
}

#endif // CUCPU_RT_UNITTESTS_TESTUTIL_H
