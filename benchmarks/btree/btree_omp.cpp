// btree: B+ tree lookups, OpenMP version. One query per loop iteration; each
// node is searched by scanning its sorted keys.
#include "btree_input.h"

#include <cstdio>
#include <vector>

using namespace btree;

/// The leaf whose key interval contains `key` (the leftmost leaf if `key` is
/// smaller than every key).
static int findLeaf(const Tree &t, int key) {
  int node = t.root;
  for (int level = 0; level < t.height - 1; ++level) {
    const int *k = &t.keys[(size_t)node * ORDER];
    int n = t.nkeys[node];
    int c = 0;
    while (c + 1 < n && k[c + 1] <= key)
      ++c;
    node = t.child[(size_t)node * ORDER + c];
  }
  return node;
}

int main(int argc, char **argv) {
  auto args = bench::parseArgs(argc, argv);
  int nq = (int)args.pick(SMALL_QUERIES, DEFAULT_QUERIES);
  Tree tree = makeTree(args.small ? SMALL_RECORDS : DEFAULT_RECORDS);
  Queries qs = makeQueries(tree, nq);
  std::vector<int> found(nq), first(nq), length(nq);

  bench::Timer timer;
  timer.start();
  // findK: exact-match lookups.
#pragma omp parallel for
  for (int q = 0; q < nq; ++q) {
    int key = qs.key[q];
    int leaf = findLeaf(tree, key);
    const int *k = &tree.keys[(size_t)leaf * ORDER];
    int n = tree.nkeys[leaf];
    int result = -1;
    for (int i = 0; i < n && k[i] <= key; ++i)
      if (k[i] == key)
        result = tree.records[tree.child[(size_t)leaf * ORDER + i]];
    found[q] = result;
  }
  // findRangeK: first record position and record count of [lo, hi].
#pragma omp parallel for
  for (int q = 0; q < nq; ++q) {
    int lo = qs.rangeStart[q], hi = qs.rangeEnd[q];
    int leaf = findLeaf(tree, lo);
    const int *k = &tree.keys[(size_t)leaf * ORDER];
    const int *c = &tree.child[(size_t)leaf * ORDER];
    int n = tree.nkeys[leaf];
    int i = 0;
    while (i < n && k[i] < lo)
      ++i;
    int posLo = i < n ? c[i] : c[n - 1] + 1;
    leaf = findLeaf(tree, hi);
    k = &tree.keys[(size_t)leaf * ORDER];
    c = &tree.child[(size_t)leaf * ORDER];
    n = tree.nkeys[leaf];
    i = 0;
    while (i < n && k[i] <= hi)
      ++i;
    int posHi = i < n ? c[i] : c[n - 1] + 1;
    first[q] = posLo;
    length[q] = posHi > posLo ? posHi - posLo : 0;
  }
  double ms = timer.stop();

  long long hits = 0, inRanges = 0;
  for (int i = 0; i < nq; ++i) {
    hits += found[i] >= 0;
    inRanges += length[i];
  }
  bench::report("btree", "omp", args, ms);
  std::printf("height=%d nodes=%d hits=%lld records_in_ranges=%lld\n",
              tree.height, tree.nodes, hits, inRanges);
  bench::writeOutput(args, found);
  bench::writeOutput(args, first);
  bench::writeOutput(args, length);
  return 0;
}
