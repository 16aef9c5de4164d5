//===- nvtx3/nvToolsExt.h - NVTX annotations for cucpu ------------*- C -*-===//
//
// Part of cucpu. NVTX marks and ranges name parts of a program for a
// profiler. Without NVIDIA's tools attached they cost nothing and change
// nothing; here they are always so: every call is an inline function that
// does nothing (a range push returns the depth a tool would report).
//
//===----------------------------------------------------------------------===//

#ifndef CUCPU_NVTX3_NVTOOLSEXT_H
#define CUCPU_NVTX3_NVTOOLSEXT_H
// NVTX's own guard, tested by programs that optionally use NVTX.
#define NVTOOLSEXT_H_

#include <stddef.h>
#include <stdint.h>
#include <wchar.h>

#define NVTX_VERSION 3
#define NVTX_SUCCESS 0
#define NVTX_FAIL 1
#define NVTX_ERR_INIT_LOAD_PROPERTY 2
#define NVTX_NO_PUSH_POP_TRACKING ((int)-2)

#define CUCPU_NVTX_DECL static inline

#ifdef __cplusplus
extern "C" {
#endif

typedef uint64_t nvtxRangeId_t;
typedef struct nvtxDomainRegistration_st *nvtxDomainHandle_t;
typedef struct nvtxStringRegistration_st *nvtxStringHandle_t;

typedef enum nvtxColorType_t {
  NVTX_COLOR_UNKNOWN = 0,
  NVTX_COLOR_ARGB = 1
} nvtxColorType_t;

typedef enum nvtxMessageType_t {
  NVTX_MESSAGE_UNKNOWN = 0,
  NVTX_MESSAGE_TYPE_ASCII = 1,
  NVTX_MESSAGE_TYPE_UNICODE = 2,
  NVTX_MESSAGE_TYPE_REGISTERED = 3
} nvtxMessageType_t;

typedef enum nvtxPayloadType_t {
  NVTX_PAYLOAD_UNKNOWN = 0,
  NVTX_PAYLOAD_TYPE_UNSIGNED_INT64 = 1,
  NVTX_PAYLOAD_TYPE_INT64 = 2,
  NVTX_PAYLOAD_TYPE_DOUBLE = 3,
  NVTX_PAYLOAD_TYPE_UNSIGNED_INT32 = 4,
  NVTX_PAYLOAD_TYPE_INT32 = 5,
  NVTX_PAYLOAD_TYPE_FLOAT = 6
} nvtxPayloadType_t;

typedef union nvtxMessageValue_t {
  const char *ascii;
  const wchar_t *unicode;
  nvtxStringHandle_t registered;
} nvtxMessageValue_t;

typedef struct nvtxEventAttributes_v2 {
  uint16_t version;
  uint16_t size;
  uint32_t category;
  int32_t colorType;
  uint32_t color;
  int32_t payloadType;
  int32_t reserved0;
  union payload_t {
    uint64_t ullValue;
    int64_t llValue;
    double dValue;
    uint32_t uiValue;
    int32_t iValue;
    float fValue;
  } payload;
  int32_t messageType;
  nvtxMessageValue_t message;
} nvtxEventAttributes_v2;
typedef struct nvtxEventAttributes_v2 nvtxEventAttributes_t;

#define NVTX_EVENT_ATTRIB_STRUCT_SIZE                                          \
  ((uint16_t)(sizeof(nvtxEventAttributes_t)))

CUCPU_NVTX_DECL void nvtxInitialize(const void *reserved) { (void)reserved; }

CUCPU_NVTX_DECL void nvtxMarkEx(const nvtxEventAttributes_t *a) { (void)a; }
CUCPU_NVTX_DECL void nvtxMarkA(const char *m) { (void)m; }
CUCPU_NVTX_DECL void nvtxMarkW(const wchar_t *m) { (void)m; }

CUCPU_NVTX_DECL nvtxRangeId_t
nvtxRangeStartEx(const nvtxEventAttributes_t *a) {
  (void)a;
  return 0;
}
CUCPU_NVTX_DECL nvtxRangeId_t nvtxRangeStartA(const char *m) {
  (void)m;
  return 0;
}
CUCPU_NVTX_DECL nvtxRangeId_t nvtxRangeStartW(const wchar_t *m) {
  (void)m;
  return 0;
}
CUCPU_NVTX_DECL void nvtxRangeEnd(nvtxRangeId_t id) { (void)id; }

CUCPU_NVTX_DECL int nvtxRangePushEx(const nvtxEventAttributes_t *a) {
  (void)a;
  return NVTX_NO_PUSH_POP_TRACKING;
}
CUCPU_NVTX_DECL int nvtxRangePushA(const char *m) {
  (void)m;
  return NVTX_NO_PUSH_POP_TRACKING;
}
CUCPU_NVTX_DECL int nvtxRangePushW(const wchar_t *m) {
  (void)m;
  return NVTX_NO_PUSH_POP_TRACKING;
}
CUCPU_NVTX_DECL int nvtxRangePop(void) { return NVTX_NO_PUSH_POP_TRACKING; }

CUCPU_NVTX_DECL void nvtxNameCategoryA(uint32_t c, const char *n) {
  (void)c;
  (void)n;
}
CUCPU_NVTX_DECL void nvtxNameCategoryW(uint32_t c, const wchar_t *n) {
  (void)c;
  (void)n;
}
CUCPU_NVTX_DECL void nvtxNameOsThreadA(uint32_t t, const char *n) {
  (void)t;
  (void)n;
}
CUCPU_NVTX_DECL void nvtxNameOsThreadW(uint32_t t, const wchar_t *n) {
  (void)t;
  (void)n;
}

CUCPU_NVTX_DECL nvtxDomainHandle_t nvtxDomainCreateA(const char *n) {
  (void)n;
  return (nvtxDomainHandle_t)0;
}
CUCPU_NVTX_DECL nvtxDomainHandle_t nvtxDomainCreateW(const wchar_t *n) {
  (void)n;
  return (nvtxDomainHandle_t)0;
}
CUCPU_NVTX_DECL void nvtxDomainDestroy(nvtxDomainHandle_t d) { (void)d; }
CUCPU_NVTX_DECL nvtxStringHandle_t
nvtxDomainRegisterStringA(nvtxDomainHandle_t d, const char *s) {
  (void)d;
  (void)s;
  return (nvtxStringHandle_t)0;
}
CUCPU_NVTX_DECL nvtxStringHandle_t
nvtxDomainRegisterStringW(nvtxDomainHandle_t d, const wchar_t *s) {
  (void)d;
  (void)s;
  return (nvtxStringHandle_t)0;
}
CUCPU_NVTX_DECL void nvtxDomainMarkEx(nvtxDomainHandle_t d,
                                      const nvtxEventAttributes_t *a) {
  (void)d;
  (void)a;
}
CUCPU_NVTX_DECL nvtxRangeId_t
nvtxDomainRangeStartEx(nvtxDomainHandle_t d, const nvtxEventAttributes_t *a) {
  (void)d;
  (void)a;
  return 0;
}
CUCPU_NVTX_DECL void nvtxDomainRangeEnd(nvtxDomainHandle_t d,
                                        nvtxRangeId_t id) {
  (void)d;
  (void)id;
}
CUCPU_NVTX_DECL int nvtxDomainRangePushEx(nvtxDomainHandle_t d,
                                          const nvtxEventAttributes_t *a) {
  (void)d;
  (void)a;
  return NVTX_NO_PUSH_POP_TRACKING;
}
CUCPU_NVTX_DECL int nvtxDomainRangePop(nvtxDomainHandle_t d) {
  (void)d;
  return NVTX_NO_PUSH_POP_TRACKING;
}
CUCPU_NVTX_DECL void nvtxDomainNameCategoryA(nvtxDomainHandle_t d, uint32_t c,
                                             const char *n) {
  (void)d;
  (void)c;
  (void)n;
}

#ifdef __cplusplus
} // extern "C"
#endif

#undef CUCPU_NVTX_DECL

#endif // CUCPU_NVTX3_NVTOOLSEXT_H
