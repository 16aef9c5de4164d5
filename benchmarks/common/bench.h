//===- bench.h - Conventions shared by every benchmark program --------------===//
//
// Host-only C++ used by both versions of a benchmark (the CUDA program built
// with cucpu and the OpenMP reference built with clang -fopenmp):
//   - the command line: --size small|default, --param N (overrides the
//     benchmark's primary size parameter), --out FILE (where the result goes);
//   - a deterministic random generator, so both versions see the same input;
//   - a timer and the one standard line the harness reads:
//       cucpu-bench: name=<name> impl=<cuda|omp> size=<small|default|N> compute_ms=<t>
//   - the result file the harness compares (typed binary, see writeOutput).
//
//===----------------------------------------------------------------------===//

#ifndef CUCPU_BENCHMARKS_COMMON_BENCH_H
#define CUCPU_BENCHMARKS_COMMON_BENCH_H

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

namespace bench {

struct Args {
  bool small = false;    // --size small: the size the test suite verifies
  long long param = 0;   // --param N: 0 means the benchmark's own default
  std::string out;       // --out FILE: write the result for comparison
  std::string sizeLabel = "default";

  /// The primary size parameter: --param if given, else the small or the
  /// default value of the benchmark.
  long long pick(long long smallValue, long long defaultValue) const {
    if (param > 0)
      return param;
    return small ? smallValue : defaultValue;
  }
};

inline Args parseArgs(int argc, char **argv) {
  Args args;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) {
        std::fprintf(stderr, "error: %s needs a value\n", arg.c_str());
        std::exit(2);
      }
      return argv[++i];
    };
    if (arg == "--size") {
      std::string size = value();
      if (size != "small" && size != "default") {
        std::fprintf(stderr, "error: --size is small or default\n");
        std::exit(2);
      }
      args.small = size == "small";
      args.sizeLabel = size;
    } else if (arg == "--param") {
      args.param = std::atoll(value().c_str());
      if (args.param <= 0) {
        std::fprintf(stderr, "error: --param needs a positive integer\n");
        std::exit(2);
      }
      args.sizeLabel = std::to_string(args.param);
    } else if (arg == "--out") {
      args.out = value();
    } else {
      std::fprintf(stderr,
                   "usage: %s [--size small|default] [--param N] [--out FILE]\n",
                   argv[0]);
      std::exit(2);
    }
  }
  return args;
}

/// splitmix64: small, fast and identical on every platform.
class Rng {
public:
  explicit Rng(uint64_t seed) : state(seed) {}
  uint64_t next() {
    uint64_t z = (state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  /// Uniform in [0, 1).
  double uniform() { return (next() >> 11) * (1.0 / 9007199254740992.0); }
  double uniform(double lo, double hi) { return lo + (hi - lo) * uniform(); }
  /// Uniform integer in [0, bound).
  uint64_t below(uint64_t bound) { return next() % bound; }

private:
  uint64_t state;
};

class Timer {
public:
  void start() { begin = std::chrono::steady_clock::now(); }
  /// Milliseconds since start().
  double stop() const {
    auto end = std::chrono::steady_clock::now();
    return std::chrono::duration<double, std::milli>(end - begin).count();
  }

private:
  std::chrono::steady_clock::time_point begin;
};

/// The line the harness parses. `impl` is "cuda" or "omp".
inline void report(const char *name, const char *impl, const Args &args,
                   double computeMs) {
  std::printf("cucpu-bench: name=%s impl=%s size=%s compute_ms=%.3f\n", name,
              impl, args.sizeLabel.c_str(), computeMs);
  std::fflush(stdout);
}

template <typename T> constexpr char typeTag() {
  if constexpr (std::is_same_v<T, float>)
    return 'f';
  else if constexpr (std::is_same_v<T, double>)
    return 'd';
  else if constexpr (std::is_same_v<T, int32_t>)
    return 'i';
  else if constexpr (std::is_same_v<T, uint32_t>)
    return 'u';
  else if constexpr (std::is_same_v<T, int64_t>)
    return 'l';
  else
    static_assert(sizeof(T) == 0, "result element must be float, double, "
                                  "int32_t, uint32_t or int64_t");
}

/// Writes `count` elements to args.out (if given) as: the bytes "CBO1", a
/// one-byte type tag (f d i u l), the count as little-endian uint64, the
/// elements. Several calls append arrays in order (a benchmark with two
/// outputs writes both); the first call truncates the file.
/// Whether the next writeOutput starts the file: one flag for every element
/// type, so that arrays of different types append to one another.
inline bool &outputStarted() {
  static bool started = false;
  return started;
}

template <typename T>
void writeOutput(const Args &args, const T *data, size_t count) {
  if (args.out.empty())
    return;
  FILE *file = std::fopen(args.out.c_str(), outputStarted() ? "ab" : "wb");
  outputStarted() = true;
  if (!file) {
    std::perror(args.out.c_str());
    std::exit(1);
  }
  char tag = typeTag<T>();
  uint64_t n = count;
  std::fwrite("CBO1", 1, 4, file);
  std::fwrite(&tag, 1, 1, file);
  std::fwrite(&n, sizeof n, 1, file);
  std::fwrite(data, sizeof(T), count, file);
  std::fclose(file);
}

template <typename T>
void writeOutput(const Args &args, const std::vector<T> &data) {
  writeOutput(args, data.data(), data.size());
}

} // namespace bench

#endif // CUCPU_BENCHMARKS_COMMON_BENCH_H
