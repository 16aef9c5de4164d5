//===- GraphTest.cpp - Stream capture and graphs --------------------------===//
//
// Part of cucpu. What the CPU runtime captures (the work of one stream, in
// order) and what it refuses with CUDA's capture errors: a capture joined by
// a second stream, a wait for work outside the capture, a second capture of
// the same stream, stale handles.
//
//===----------------------------------------------------------------------===//

#include "cuda_runtime.h"

#include <gtest/gtest.h>

#include <vector>

namespace {

void append(void *p) {
  auto *log = static_cast<std::vector<int> *>(p);
  log->push_back(static_cast<int>(log->size()));
}

struct StreamFixture : ::testing::Test {
  void SetUp() override {
    ASSERT_EQ(cudaStreamCreate(&stream), cudaSuccess);
    ASSERT_EQ(cudaStreamCreateWithFlags(&other, cudaStreamNonBlocking),
              cudaSuccess);
  }
  void TearDown() override {
    cudaStreamDestroy(stream);
    cudaStreamDestroy(other);
    cudaGetLastError();
  }
  cudaStream_t stream = nullptr;
  cudaStream_t other = nullptr;
};

using GraphTest = StreamFixture;

TEST_F(GraphTest, CapturedWorkRunsAtEachLaunchInOrder) {
  std::vector<int> log;
  ASSERT_EQ(cudaStreamBeginCapture(stream, cudaStreamCaptureModeGlobal),
            cudaSuccess);
  for (int k = 0; k < 3; ++k)
    ASSERT_EQ(cudaLaunchHostFunc(stream, append, &log), cudaSuccess);
  cudaGraph_t graph;
  ASSERT_EQ(cudaStreamEndCapture(stream, &graph), cudaSuccess);
  EXPECT_TRUE(log.empty());
  cudaGraphExec_t exec;
  ASSERT_EQ(cudaGraphInstantiate(&exec, graph, 0), cudaSuccess);
  ASSERT_EQ(cudaGraphLaunch(exec, stream), cudaSuccess);
  ASSERT_EQ(cudaStreamSynchronize(stream), cudaSuccess);
  ASSERT_EQ(cudaGraphLaunch(exec, other), cudaSuccess);
  ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  EXPECT_EQ(log, (std::vector<int>{0, 1, 2, 3, 4, 5}));
  EXPECT_EQ(cudaGraphExecDestroy(exec), cudaSuccess);
  EXPECT_EQ(cudaGraphDestroy(graph), cudaSuccess);
}

TEST_F(GraphTest, JoiningAnotherStreamIsUnsupported) {
  cudaEvent_t fork;
  ASSERT_EQ(cudaEventCreate(&fork), cudaSuccess);
  ASSERT_EQ(cudaStreamBeginCapture(stream, cudaStreamCaptureModeGlobal),
            cudaSuccess);
  ASSERT_EQ(cudaEventRecord(fork, stream), cudaSuccess);
  EXPECT_EQ(cudaStreamWaitEvent(other, fork, 0),
            cudaErrorStreamCaptureUnsupported);
  EXPECT_EQ(cudaEventSynchronize(fork), cudaErrorCapturedEvent);
  cudaGraph_t graph;
  ASSERT_EQ(cudaStreamEndCapture(stream, &graph), cudaSuccess);
  EXPECT_EQ(cudaGraphDestroy(graph), cudaSuccess);
  cudaEventDestroy(fork);
}

TEST_F(GraphTest, WaitingForOutsideWorkInvalidatesTheCapture) {
  cudaEvent_t outside;
  ASSERT_EQ(cudaEventCreate(&outside), cudaSuccess);
  ASSERT_EQ(cudaEventRecord(outside, other), cudaSuccess);
  ASSERT_EQ(cudaStreamBeginCapture(stream, cudaStreamCaptureModeRelaxed),
            cudaSuccess);
  EXPECT_EQ(cudaStreamWaitEvent(stream, outside, 0),
            cudaErrorStreamCaptureUnsupported);
  cudaStreamCaptureStatus status;
  ASSERT_EQ(cudaStreamIsCapturing(stream, &status), cudaSuccess);
  EXPECT_EQ(status, cudaStreamCaptureStatusInvalidated);
  std::vector<int> log;
  EXPECT_EQ(cudaLaunchHostFunc(stream, append, &log),
            cudaErrorStreamCaptureInvalidated);
  cudaGraph_t graph = reinterpret_cast<cudaGraph_t>(1);
  EXPECT_EQ(cudaStreamEndCapture(stream, &graph),
            cudaErrorStreamCaptureInvalidated);
  EXPECT_EQ(graph, nullptr);
  // The stream works normally again.
  EXPECT_EQ(cudaLaunchHostFunc(stream, append, &log), cudaSuccess);
  EXPECT_EQ(cudaStreamSynchronize(stream), cudaSuccess);
  EXPECT_EQ(log.size(), 1u);
  cudaEventDestroy(outside);
}

TEST_F(GraphTest, MisuseIsAnError) {
  EXPECT_EQ(cudaStreamBeginCapture(stream, (cudaStreamCaptureMode)7),
            cudaErrorInvalidValue);
  EXPECT_EQ(
      cudaStreamBeginCapture(cudaStreamLegacy, cudaStreamCaptureModeGlobal),
      cudaErrorStreamCaptureUnsupported);
  cudaGraph_t graph;
  EXPECT_EQ(cudaStreamEndCapture(stream, &graph), cudaErrorIllegalState);
  ASSERT_EQ(cudaStreamBeginCapture(stream, cudaStreamCaptureModeGlobal),
            cudaSuccess);
  EXPECT_EQ(cudaStreamBeginCapture(stream, cudaStreamCaptureModeGlobal),
            cudaErrorIllegalState);
  ASSERT_EQ(cudaStreamEndCapture(stream, &graph), cudaSuccess);
  cudaGraphExec_t exec;
  EXPECT_EQ(cudaGraphInstantiate(nullptr, graph, 0), cudaErrorInvalidValue);
  EXPECT_EQ(cudaGraphInstantiate(&exec, graph, 1ull << 40),
            cudaErrorInvalidValue);
  EXPECT_EQ(cudaGraphInstantiateWithFlags(&exec, graph,
                                          cudaGraphInstantiateFlagDeviceLaunch),
            cudaErrorNotSupported);
  ASSERT_EQ(cudaGraphInstantiate(&exec, graph, 0), cudaSuccess);
  EXPECT_EQ(cudaGraphLaunch(exec, reinterpret_cast<cudaStream_t>(0x1234)),
            cudaErrorInvalidResourceHandle);
  EXPECT_EQ(cudaGraphExecDestroy(exec), cudaSuccess);
  EXPECT_EQ(cudaGraphExecDestroy(exec), cudaErrorInvalidValue);
  EXPECT_EQ(cudaGraphLaunch(exec, stream), cudaErrorInvalidValue);
  EXPECT_EQ(cudaGraphDestroy(graph), cudaSuccess);
  EXPECT_EQ(cudaGraphDestroy(graph), cudaErrorInvalidValue);
  EXPECT_EQ(cudaGraphInstantiate(&exec, graph, 0), cudaErrorInvalidValue);
}

} // namespace
