// btree: B+ tree lookups, CUDA version.
//
// The tree is built on the host (btree_input.h) and copied to the device as
// flat arrays. One block of ORDER threads serves one query: at every level
// the threads compare the query against the current node's keys in parallel,
// the one thread whose key interval contains the query publishes the child in
// shared memory, and after a barrier the whole block moves to that child.
//   findK      - exact-match lookup, returns the record payload or -1;
//   findRangeK - inclusive key range [start, end], returns the position of
//                the first record in the range and the number of records.
#include "btree_input.h"

#include <cstdio>
#include <vector>

using namespace btree;

__global__ void findK(const int *keys, const int *child, const int *nkeys,
                      const int *records, int root, int height,
                      const int *queryKey, int *found, int nq) {
  __shared__ int nextNode;
  __shared__ int hit;
  int q = blockIdx.x;
  int t = threadIdx.x;
  if (q >= nq)
    return;
  int key = queryKey[q];
  int node = root;

  for (int level = 0; level < height - 1; ++level) {
    int n = nkeys[node];
    const int *k = keys + (size_t)node * ORDER;
    if (t < n && (t == 0 || k[t] <= key) && (t == n - 1 || k[t + 1] > key))
      nextNode = child[(size_t)node * ORDER + t];
    __syncthreads();
    node = nextNode;
    __syncthreads();
  }

  // Leaf: the thread holding the key reports its record.
  if (t == 0)
    hit = -1;
  __syncthreads();
  int n = nkeys[node];
  if (t < n && keys[(size_t)node * ORDER + t] == key)
    hit = records[child[(size_t)node * ORDER + t]];
  __syncthreads();
  if (t == 0)
    found[q] = hit;
}

__global__ void findRangeK(const int *keys, const int *child,
                           const int *nkeys, int root, int height,
                           const int *rangeStart, const int *rangeEnd,
                           int *firstPos, int *length, int nq) {
  __shared__ int nextLo, nextHi;
  __shared__ int posLo, posHi;
  int q = blockIdx.x;
  int t = threadIdx.x;
  if (q >= nq)
    return;
  int lo = rangeStart[q];
  int hi = rangeEnd[q];
  int nodeLo = root, nodeHi = root;

  // Descend to the leaves that hold lo and hi, side by side.
  for (int level = 0; level < height - 1; ++level) {
    int n = nkeys[nodeLo];
    const int *k = keys + (size_t)nodeLo * ORDER;
    if (t < n && (t == 0 || k[t] <= lo) && (t == n - 1 || k[t + 1] > lo))
      nextLo = child[(size_t)nodeLo * ORDER + t];
    n = nkeys[nodeHi];
    k = keys + (size_t)nodeHi * ORDER;
    if (t < n && (t == 0 || k[t] <= hi) && (t == n - 1 || k[t + 1] > hi))
      nextHi = child[(size_t)nodeHi * ORDER + t];
    __syncthreads();
    nodeLo = nextLo;
    nodeHi = nextHi;
    __syncthreads();
  }

  // Position of the first record with key >= lo. If every key of the leaf is
  // smaller, it is the record after the leaf's last one.
  int n = nkeys[nodeLo];
  const int *k = keys + (size_t)nodeLo * ORDER;
  const int *c = child + (size_t)nodeLo * ORDER;
  if (t < n) {
    if (k[t] >= lo && (t == 0 || k[t - 1] < lo))
      posLo = c[t];
    if (t == n - 1 && k[t] < lo)
      posLo = c[t] + 1;
  }
  // Position just past the last record with key <= hi.
  n = nkeys[nodeHi];
  k = keys + (size_t)nodeHi * ORDER;
  c = child + (size_t)nodeHi * ORDER;
  if (t < n) {
    if (k[t] > hi && (t == 0 || k[t - 1] <= hi))
      posHi = c[t];
    if (t == n - 1 && k[t] <= hi)
      posHi = c[t] + 1;
  }
  __syncthreads();
  if (t == 0) {
    firstPos[q] = posLo;
    length[q] = posHi > posLo ? posHi - posLo : 0;
  }
}

int main(int argc, char **argv) {
  auto args = bench::parseArgs(argc, argv);
  int nq = (int)args.pick(SMALL_QUERIES, DEFAULT_QUERIES);
  Tree tree = makeTree(args.small ? SMALL_RECORDS : DEFAULT_RECORDS);
  Queries qs = makeQueries(tree, nq);

  size_t poolInts = (size_t)tree.nodes * ORDER;
  int *dKeys, *dChild, *dNkeys, *dRecords;
  int *dQuery, *dLo, *dHi, *dFound, *dFirst, *dLength;
  cudaMalloc(&dKeys, poolInts * sizeof(int));
  cudaMalloc(&dChild, poolInts * sizeof(int));
  cudaMalloc(&dNkeys, tree.nodes * sizeof(int));
  cudaMalloc(&dRecords, tree.records.size() * sizeof(int));
  cudaMalloc(&dQuery, nq * sizeof(int));
  cudaMalloc(&dLo, nq * sizeof(int));
  cudaMalloc(&dHi, nq * sizeof(int));
  cudaMalloc(&dFound, nq * sizeof(int));
  cudaMalloc(&dFirst, nq * sizeof(int));
  cudaMalloc(&dLength, nq * sizeof(int));
  cudaMemcpy(dKeys, tree.keys.data(), poolInts * sizeof(int),
             cudaMemcpyHostToDevice);
  cudaMemcpy(dChild, tree.child.data(), poolInts * sizeof(int),
             cudaMemcpyHostToDevice);
  cudaMemcpy(dNkeys, tree.nkeys.data(), tree.nodes * sizeof(int),
             cudaMemcpyHostToDevice);
  cudaMemcpy(dRecords, tree.records.data(),
             tree.records.size() * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(dQuery, qs.key.data(), nq * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(dLo, qs.rangeStart.data(), nq * sizeof(int),
             cudaMemcpyHostToDevice);
  cudaMemcpy(dHi, qs.rangeEnd.data(), nq * sizeof(int),
             cudaMemcpyHostToDevice);

  bench::Timer timer;
  timer.start();
  findK<<<nq, ORDER>>>(dKeys, dChild, dNkeys, dRecords, tree.root,
                       tree.height, dQuery, dFound, nq);
  findRangeK<<<nq, ORDER>>>(dKeys, dChild, dNkeys, tree.root, tree.height,
                            dLo, dHi, dFirst, dLength, nq);
  cudaDeviceSynchronize();
  double ms = timer.stop();

  std::vector<int> found(nq), first(nq), length(nq);
  cudaMemcpy(found.data(), dFound, nq * sizeof(int), cudaMemcpyDeviceToHost);
  cudaMemcpy(first.data(), dFirst, nq * sizeof(int), cudaMemcpyDeviceToHost);
  cudaMemcpy(length.data(), dLength, nq * sizeof(int),
             cudaMemcpyDeviceToHost);
  cudaFree(dKeys);
  cudaFree(dChild);
  cudaFree(dNkeys);
  cudaFree(dRecords);
  cudaFree(dQuery);
  cudaFree(dLo);
  cudaFree(dHi);
  cudaFree(dFound);
  cudaFree(dFirst);
  cudaFree(dLength);

  long long hits = 0, inRanges = 0;
  for (int i = 0; i < nq; ++i) {
    hits += found[i] >= 0;
    inRanges += length[i];
  }
  bench::report("btree", "cuda", args, ms);
  std::printf("height=%d nodes=%d hits=%lld records_in_ranges=%lld\n",
              tree.height, tree.nodes, hits, inRanges);
  bench::writeOutput(args, found);
  bench::writeOutput(args, first);
  bench::writeOutput(args, length);
  return 0;
}
