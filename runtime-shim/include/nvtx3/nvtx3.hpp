//===- nvtx3/nvtx3.hpp - NVTX's C++ API for cucpu ---------------*- C++ -*-===//
//
// Part of cucpu. The C++ face of NVTX (scoped ranges, marks and their
// attributes). As with the C API (nvToolsExt.h), nothing here records
// anything: each type accepts what NVTX's accepts and does nothing with it.
//
//===----------------------------------------------------------------------===//

#ifndef CUCPU_NVTX3_NVTX3_HPP
#define CUCPU_NVTX3_NVTX3_HPP

#include "nvToolsExt.h"

#include <cstdint>

namespace nvtx3 {
inline namespace v1 {

/// Anything NVTX accepts as an attribute or a name, kept nowhere.
struct cucpu_ignored {
  template <typename... Args> constexpr cucpu_ignored(Args &&...) {}
};

struct domain {
  struct global {};
  template <typename D = global> static domain const &get() {
    static domain d;
    return d;
  }
};

struct rgb : cucpu_ignored {
  using cucpu_ignored::cucpu_ignored;
};
struct argb : cucpu_ignored {
  using cucpu_ignored::cucpu_ignored;
};
struct color : cucpu_ignored {
  using cucpu_ignored::cucpu_ignored;
};
struct category : cucpu_ignored {
  using cucpu_ignored::cucpu_ignored;
};
struct message : cucpu_ignored {
  using cucpu_ignored::cucpu_ignored;
};
struct payload : cucpu_ignored {
  using cucpu_ignored::cucpu_ignored;
};
struct event_attributes : cucpu_ignored {
  using cucpu_ignored::cucpu_ignored;
};
template <typename D = domain::global>
struct registered_string_in : cucpu_ignored {
  using cucpu_ignored::cucpu_ignored;
};
using registered_string = registered_string_in<>;
template <typename D = domain::global>
struct named_category_in : cucpu_ignored {
  using cucpu_ignored::cucpu_ignored;
};
using named_category = named_category_in<>;

/// A range that lasts as long as the object.
template <typename D = domain::global> class scoped_range_in {
public:
  template <typename... Args> explicit scoped_range_in(Args &&...) {}
  scoped_range_in(scoped_range_in const &) = delete;
  scoped_range_in &operator=(scoped_range_in const &) = delete;
};
using scoped_range = scoped_range_in<>;

/// A range that may end on another thread.
template <typename D = domain::global> class unique_range_in {
public:
  template <typename... Args> explicit unique_range_in(Args &&...) {}
};
using unique_range = unique_range_in<>;

struct range_handle {
  constexpr range_handle() = default;
  nvtxRangeId_t id = 0;
};
template <typename D = domain::global, typename... Args>
inline range_handle start_range_in(Args &&...) {
  return {};
}
template <typename... Args> inline range_handle start_range(Args &&...) {
  return {};
}
template <typename D = domain::global>
inline void end_range_in(range_handle) {}
inline void end_range(range_handle) {}

template <typename D = domain::global, typename... Args>
inline void mark_in(Args &&...) {}
template <typename... Args> inline void mark(Args &&...) {}

} // namespace v1
} // namespace nvtx3

#define NVTX3_FUNC_RANGE_IN(D) ::nvtx3::scoped_range_in<D> const nvtx3_range__ {}
#define NVTX3_FUNC_RANGE() NVTX3_FUNC_RANGE_IN(::nvtx3::domain::global)
#define NVTX3_FUNC_RANGE_IF_IN(D, C) NVTX3_FUNC_RANGE_IN(D)
#define NVTX3_FUNC_RANGE_IF(C) NVTX3_FUNC_RANGE()

#endif // CUCPU_NVTX3_NVTX3_HPP
