// btree: problem sizes, the B+ tree built on the host and the queries, shared
// by the CUDA and the OpenMP version.
//
// The tree is a flat pool of nodes. Node v has nkeys[v] (<= ORDER) sorted keys
// keys[v*ORDER + k] and as many entries child[v*ORDER + k]:
//   - internal node: child k is the index of a node whose subtree holds the
//     keys in [keys[k], keys[k+1]) (keys[k] is the smallest key below it);
//   - leaf: child k is the index of key k's record. Records are stored in key
//     order, so consecutive leaf entries point to consecutive records.
// Every leaf is at depth height-1; the root is node `root`.
// The tree is bulk-loaded from the sorted keys, with each node filled to a
// random level between half and fully full.
#ifndef BTREE_INPUT_H
#define BTREE_INPUT_H

#include "bench.h"

#include <algorithm>
#include <vector>

namespace btree {

constexpr int ORDER = 128; // keys per node (and threads per query block)
constexpr long long SMALL_RECORDS = 20000;
constexpr long long DEFAULT_RECORDS = 1000000;
constexpr long long SMALL_QUERIES = 10000;
constexpr long long DEFAULT_QUERIES = 1000000;
constexpr int KEY_RANGE = 1 << 30; // keys are drawn from [0, KEY_RANGE)

struct Tree {
  int nodes = 0;
  int root = 0;
  int height = 0;           // number of levels, leaves included
  std::vector<int> keys;    // nodes * ORDER
  std::vector<int> child;   // nodes * ORDER
  std::vector<int> nkeys;   // nodes
  std::vector<int> records;    // record payloads, in key order
  std::vector<int> recordKeys; // the key of each record (host-side only)
};

struct Queries {
  int count = 0;
  std::vector<int> key;        // findK: exact-match lookups
  std::vector<int> rangeStart; // findRangeK: inclusive key ranges
  std::vector<int> rangeEnd;
};

/// Splits `total` items into groups of ORDER/2 .. ORDER (fewer only when
/// total itself is smaller), with random sizes.
inline std::vector<int> groupSizes(int total, bench::Rng &rng) {
  std::vector<int> sizes;
  int remaining = total;
  while (remaining > 0) {
    int take;
    if (remaining <= ORDER) {
      take = remaining;
    } else {
      take = ORDER / 2 + (int)rng.below(ORDER / 2 + 1);
      if (remaining - take < ORDER / 2)
        take = remaining - ORDER / 2;
    }
    sizes.push_back(take);
    remaining -= take;
  }
  return sizes;
}

inline Tree makeTree(long long requested) {
  bench::Rng rng(0xb7ee5ull);
  std::vector<int> sortedKeys((size_t)requested);
  for (auto &k : sortedKeys)
    k = (int)rng.below(KEY_RANGE);
  std::sort(sortedKeys.begin(), sortedKeys.end());
  sortedKeys.erase(std::unique(sortedKeys.begin(), sortedKeys.end()),
                   sortedKeys.end());
  int nrec = (int)sortedKeys.size();

  Tree t;
  t.records.resize(nrec);
  for (auto &r : t.records)
    r = (int)(rng.next() >> 33);

  auto newNode = [&t]() {
    t.keys.resize((size_t)(t.nodes + 1) * ORDER, 0);
    t.child.resize((size_t)(t.nodes + 1) * ORDER, -1);
    t.nkeys.push_back(0);
    return t.nodes++;
  };

  // Leaves.
  std::vector<int> level;    // node indices of the level just built
  std::vector<int> levelMin; // smallest key under each of them
  int next = 0;
  for (int size : groupSizes(nrec, rng)) {
    int v = newNode();
    for (int k = 0; k < size; ++k) {
      t.keys[(size_t)v * ORDER + k] = sortedKeys[next];
      t.child[(size_t)v * ORDER + k] = next;
      ++next;
    }
    t.nkeys[v] = size;
    level.push_back(v);
    levelMin.push_back(t.keys[(size_t)v * ORDER]);
  }
  t.height = 1;
  // Internal levels until a single root remains.
  while (level.size() > 1) {
    std::vector<int> upper, upperMin;
    size_t pos = 0;
    for (int size : groupSizes((int)level.size(), rng)) {
      int v = newNode();
      for (int k = 0; k < size; ++k) {
        t.keys[(size_t)v * ORDER + k] = levelMin[pos];
        t.child[(size_t)v * ORDER + k] = level[pos];
        ++pos;
      }
      t.nkeys[v] = size;
      upper.push_back(v);
      upperMin.push_back(t.keys[(size_t)v * ORDER]);
    }
    level.swap(upper);
    levelMin.swap(upperMin);
    ++t.height;
  }
  t.root = level[0];
  t.recordKeys = std::move(sortedKeys);
  return t;
}

inline Queries makeQueries(const Tree &t, int count) {
  bench::Rng rng(0x9e7ee5ull);
  Queries q;
  q.count = count;
  q.key.resize(count);
  q.rangeStart.resize(count);
  q.rangeEnd.resize(count);
  int nrec = (int)t.records.size();
  // Average gap between neighbouring keys; ranges span up to ~40 of them.
  long long gap = KEY_RANGE / (nrec > 0 ? nrec : 1);
  for (int i = 0; i < count; ++i) {
    // Half the lookups hit a key of the tree, the others are random (and
    // almost always miss).
    if (rng.below(2) == 0)
      q.key[i] = t.recordKeys[rng.below(nrec)];
    else
      q.key[i] = (int)rng.below(KEY_RANGE);
    int start = (int)rng.below(KEY_RANGE);
    long long end = start + (long long)rng.below(40 * gap + 1);
    if (end >= KEY_RANGE)
      end = KEY_RANGE - 1;
    q.rangeStart[i] = start;
    q.rangeEnd[i] = (int)end;
  }
  return q;
}

} // namespace btree

#endif
