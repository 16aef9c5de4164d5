//===- not_provided.h - Headers of libraries cucpu lacks --------*- C++ -*-===//
//
// Part of cucpu. The headers of NVIDIA libraries and features that cucpu
// does not implement yet (cuBLAS, cuFFT, WMMA, ...) each define
// CUCPU_NOT_PROVIDED and include this file. They stand in for NVIDIA's, so
// that a program that includes one gets this error, not NVIDIA's header
// (found in a system include directory where a CUDA toolkit is installed)
// clashing with cucpu's own.
//
//===----------------------------------------------------------------------===//

static_assert(false, "cucpu does not provide " CUCPU_NOT_PROVIDED " yet");
