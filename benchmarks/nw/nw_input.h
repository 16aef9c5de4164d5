//===- nw_input.h - Input shared by both Needleman-Wunsch versions ----------===//
//
// Two random protein-like sequences over a 24-letter alphabet, a symmetric
// BLOSUM-like substitution table (made up here, deterministic) and a linear
// gap penalty. The score matrix has (n + 1) x (n + 1) entries; row 0 and
// column 0 hold the gap-only alignments of the prefixes.
//
//===----------------------------------------------------------------------===//

#ifndef NW_INPUT_H
#define NW_INPUT_H

#include "bench.h"

#include <cstdint>
#include <vector>

namespace nw {

constexpr int kAlphabet = 24;
constexpr int kGap = 10;
constexpr int kTile = 16;
// --param sets the sequence length (rounded up to a multiple of kTile).
constexpr long long kSmallLength = 512;
constexpr long long kDefaultLength = 11264;

inline int lengthFor(const bench::Args &args) {
  long long n = args.pick(kSmallLength, kDefaultLength);
  return static_cast<int>((n + kTile - 1) / kTile * kTile);
}

struct Input {
  int n;
  std::vector<int32_t> seqA, seqB; // n + 1 letters; index 0 is unused
  std::vector<int32_t> table;      // kAlphabet x kAlphabet, symmetric
};

inline Input makeInput(int n) {
  bench::Rng rng(0x5eed0a11ull);
  Input in;
  in.n = n;
  in.table.assign(kAlphabet * kAlphabet, 0);
  for (int i = 0; i < kAlphabet; ++i) {
    in.table[i * kAlphabet + i] = 4 + static_cast<int>(rng.below(8)); // 4..11
    for (int j = i + 1; j < kAlphabet; ++j) {
      int s = static_cast<int>(rng.below(7)) - 4; // -4..2
      in.table[i * kAlphabet + j] = s;
      in.table[j * kAlphabet + i] = s;
    }
  }
  in.seqA.assign(n + 1, 0);
  in.seqB.assign(n + 1, 0);
  for (int i = 1; i <= n; ++i)
    in.seqA[i] = static_cast<int32_t>(rng.below(kAlphabet));
  // The second sequence is a mutated copy of the first, so that the
  // alignment has real structure: substitutions and short indels.
  int src = 1;
  for (int i = 1; i <= n; ++i) {
    uint64_t r = rng.below(100);
    if (r < 8)
      src += 1 + static_cast<int>(rng.below(3)); // deletion of 1..3 letters
    if (src > n)
      src = 1;
    if (r >= 8 && r < 16) {
      in.seqB[i] = static_cast<int32_t>(rng.below(kAlphabet)); // insertion
    } else {
      in.seqB[i] = r < 30 ? static_cast<int32_t>(rng.below(kAlphabet))
                          : in.seqA[src]; // substitution or match
      if (++src > n)
        src = 1;
    }
  }
  return in;
}

} // namespace nw

#endif // NW_INPUT_H
