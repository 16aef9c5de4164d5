//===- FakeDriverMain.cpp - GPU runtime tests over the fake driver --------===//
//
// Entry of cucpu-rt-gpu-fake-driver-unittests: libcucpu_rt_gpu with the fake
// CUDA driver of FakeDriver.cpp (CUCPU_FAKE_DRIVER, its path) and one
// registered PTX image, so that the runtime loads a module whose variables
// the fake driver provides. The tests: DeviceManagementTest.cpp, and the
// texture tests of the CPU runtime (TextureTest.cpp), as Texture.cpp serves
// both runtimes.
//
//===----------------------------------------------------------------------===//

#include <cstdlib>
#include <dlfcn.h>
#include <gtest/gtest.h>

extern "C" void __cucpu_register_ptx(const char *ptx);

/// A function of the fake driver, from the same library the runtime opened
/// (dlopen of the same path returns the same handle).
template <typename Fn> static Fn fakeDriverFunction(const char *name) {
  return reinterpret_cast<Fn>(
      dlsym(dlopen(CUCPU_FAKE_DRIVER, RTLD_NOW | RTLD_LOCAL), name));
}

extern "C" void *fakeCudaGlobal(const char *name) {
  static auto *fn =
      fakeDriverFunction<void *(*)(const char *)>("fakeCudaGlobal");
  return fn(name);
}

extern "C" void fakeCudaSetSynchronizeResult(int result) {
  static auto *fn =
      fakeDriverFunction<void (*)(int)>("fakeCudaSetSynchronizeResult");
  fn(result);
}

int main(int argc, char **argv) {
  setenv("CUCPU_CUDA_DRIVER", CUCPU_FAKE_DRIVER, 1);
  __cucpu_register_ptx("// no kernels");
  ::testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
