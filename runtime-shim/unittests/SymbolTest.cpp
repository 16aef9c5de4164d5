//===- SymbolTest.cpp - Device variable tests -----------------------------===//

#include "TestUtil.h"

#include <gtest/gtest.h>

namespace {

// The device object's storage and the host object's shadow of one variable.
int deviceStorage[8];
int hostShadow[8];
// A shadow whose device storage is registered later (lazy join).
double lateStorage;
double lateShadow;
char unknownShadow;

void registerVars() {
  static bool done = false;
  if (done)
    return;
  done = true;
  static void **handle = __cudaRegisterFatBinary(nullptr);
  __cudaRegisterVar(handle, reinterpret_cast<char *>(hostShadow),
                    const_cast<char *>("table"), "table", 0,
                    sizeof(hostShadow), 0, 0);
  __cucpu_register_var("table", deviceStorage, sizeof(deviceStorage));
  __cudaRegisterVar(handle, reinterpret_cast<char *>(&lateShadow),
                    const_cast<char *>("late"), "late", 0, sizeof(double), 1,
                    0);
}

TEST(Symbols, CopyToAndFromWithOffset) {
  registerVars();
  int values[3] = {10, 20, 30};
  ASSERT_EQ(cudaMemcpyToSymbol(hostShadow, values, sizeof(values),
                               2 * sizeof(int)),
            cudaSuccess);
  EXPECT_EQ(deviceStorage[1], 0);
  EXPECT_EQ(deviceStorage[2], 10);
  EXPECT_EQ(deviceStorage[3], 20);
  EXPECT_EQ(deviceStorage[4], 30);
  EXPECT_EQ(hostShadow[2], 0) << "the shadow must not be written";
  int out[2] = {};
  ASSERT_EQ(cudaMemcpyFromSymbol(out, hostShadow, sizeof(out), 3 * sizeof(int)),
            cudaSuccess);
  EXPECT_EQ(out[0], 20);
  EXPECT_EQ(out[1], 30);
  // The untyped C entry points take the shadow's address.
  int one = 99;
  ASSERT_EQ(cudaMemcpyToSymbol(static_cast<const void *>(hostShadow), &one,
                               sizeof(int), 7 * sizeof(int),
                               cudaMemcpyHostToDevice),
            cudaSuccess);
  EXPECT_EQ(deviceStorage[7], 99);
}

TEST(Symbols, OutOfRangeIsInvalidValue) {
  registerVars();
  int big[9] = {};
  EXPECT_EQ(cudaMemcpyToSymbol(hostShadow, big, sizeof(big)),
            cudaErrorInvalidValue);
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidValue);
  EXPECT_EQ(cudaMemcpyToSymbol(hostShadow, big, sizeof(int), 8 * sizeof(int)),
            cudaErrorInvalidValue);
  EXPECT_EQ(cudaMemcpyFromSymbol(big, hostShadow, 2 * sizeof(int),
                                 7 * sizeof(int)),
            cudaErrorInvalidValue);
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidValue);
  EXPECT_EQ(cudaMemcpyToSymbol(hostShadow, big, sizeof(int), 0,
                               cudaMemcpyDeviceToHost),
            cudaErrorInvalidMemcpyDirection);
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidMemcpyDirection);
}

TEST(Symbols, UnknownSymbol) {
  registerVars();
  char c = 0;
  EXPECT_EQ(cudaMemcpyToSymbol(unknownShadow, &c, 1), cudaErrorInvalidSymbol);
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidSymbol);
  EXPECT_EQ(cudaMemcpyFromSymbol(&c, unknownShadow, 1), cudaErrorInvalidSymbol);
  void *addr = nullptr;
  EXPECT_EQ(cudaGetSymbolAddress(&addr, unknownShadow), cudaErrorInvalidSymbol);
  size_t size = 0;
  EXPECT_EQ(cudaGetSymbolSize(&size, unknownShadow), cudaErrorInvalidSymbol);
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidSymbol);
}

TEST(Symbols, AddressAndSize) {
  registerVars();
  void *addr = nullptr;
  ASSERT_EQ(cudaGetSymbolAddress(&addr, hostShadow), cudaSuccess);
  EXPECT_EQ(addr, static_cast<void *>(deviceStorage));
  size_t size = 0;
  ASSERT_EQ(cudaGetSymbolSize(&size, hostShadow), cudaSuccess);
  EXPECT_EQ(size, sizeof(deviceStorage));
  // The symbol address is a device pointer usable with cudaMemcpy.
  int v = 5;
  ASSERT_EQ(cudaMemcpy(addr, &v, sizeof(int), cudaMemcpyHostToDevice),
            cudaSuccess);
  EXPECT_EQ(deviceStorage[0], 5);
}

TEST(Symbols, DeviceStorageRegisteredLater) {
  registerVars();
  double x = 3.25;
  EXPECT_EQ(cudaMemcpyToSymbol(lateShadow, &x, sizeof(x)),
            cudaErrorInvalidSymbol);
  cudaGetLastError();
  __cucpu_register_var("late", &lateStorage, sizeof(double));
  ASSERT_EQ(cudaMemcpyToSymbol(lateShadow, &x, sizeof(x)), cudaSuccess);
  EXPECT_EQ(lateStorage, 3.25);
  double y = 0;
  // Into pageable memory: the copy is done when the call returns, as in CUDA.
  ASSERT_EQ(cudaMemcpyFromSymbolAsync(&y, lateShadow, sizeof(y)), cudaSuccess);
  EXPECT_EQ(y, 3.25);
}

} // namespace
