//===- Main.cpp - Entry of cucpu-rt-unittests -----------------------------===//
//
// Part of cucpu. Sets CUCPU_NUM_THREADS before the runtime's context exists,
// so that the worker-count tests can check that it is respected.
//
//===----------------------------------------------------------------------===//

#include "TestUtil.h"

#include <gtest/gtest.h>

#include <cstdlib>

int main(int argc, char **argv) {
  setenv("CUCPU_NUM_THREADS", "3", 1);
  setenv("OMP_NUM_THREADS", "5", 1);
  ::testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
