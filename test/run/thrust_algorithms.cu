// RUN: %cucpu -O2 --extended-lambda %s -o %t
// RUN: %t | FileCheck %s
// RUN: env OMP_NUM_THREADS=1 %t | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: PASS

// Thrust's algorithms on device_vector, device_ptr and fancy iterators, mixed
// with kernels on the default stream and on a created stream, each checked
// against the same computation in plain C++. Thrust is Debian's, unmodified;
// its device system is its OpenMP one (runtime-shim/include/thrust/detail/
// config.h). The algorithms read device memory on the calling thread, so
// the kernels before them must be done when they start: the reduces after a
// kernel on a created stream check that (without it they read a half-written
// vector).
#include <thrust/binary_search.h>
#include <thrust/complex.h>
#include <thrust/copy.h>
#include <thrust/count.h>
#include <thrust/device_ptr.h>
#include <thrust/device_vector.h>
#include <thrust/execution_policy.h>
#include <thrust/extrema.h>
#include <thrust/fill.h>
#include <thrust/functional.h>
#include <thrust/gather.h>
#include <thrust/host_vector.h>
#include <thrust/inner_product.h>
#include <thrust/iterator/constant_iterator.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/permutation_iterator.h>
#include <thrust/iterator/transform_iterator.h>
#include <thrust/iterator/zip_iterator.h>
#include <thrust/reduce.h>
#include <thrust/scan.h>
#include <thrust/scatter.h>
#include <thrust/sequence.h>
#include <thrust/sort.h>
#include <thrust/transform.h>
#include <thrust/transform_reduce.h>
#include <thrust/unique.h>
#include <algorithm>
#include <cstdio>
#include <numeric>
#include <vector>

static int failures = 0;
#define CHECK(cond, what)                                                      \
  do {                                                                         \
    if (!(cond)) {                                                             \
      printf("FAIL %s\n", what);                                               \
      ++failures;                                                              \
    }                                                                          \
  } while (0)

struct IsOdd {
  __host__ __device__ bool operator()(int x) const { return x % 2 != 0; }
};
struct Square {
  __host__ __device__ long operator()(int x) const { return (long)x * x; }
};
struct Saxpy {
  float a;
  __host__ __device__ float operator()(float x, float y) const { return a * x + y; }
};

// A kernel that writes through raw pointers from device_vectors, launched on
// a stream: Thrust's algorithm that follows must see all of its writes.
__global__ void scramble(int *p, int n, int mul) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i] = (int)((i * (long)mul + 7) % 1000003);
}

__global__ void rotateComplex(thrust::complex<float> *z, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    z[i] = z[i] * thrust::complex<float>(0.f, 1.f) + thrust::exp(thrust::complex<float>(0.f, 0.f));
}

int main() {
  const int n = 1 << 18;
  std::vector<int> ref(n);

  // sequence, transform with a kernel in between, sort, reduce.
  thrust::device_vector<int> d(n);
  thrust::sequence(d.begin(), d.end());
  cudaStream_t s;
  cudaStreamCreate(&s);
  scramble<<<(n + 255) / 256, 256, 0, s>>>(thrust::raw_pointer_cast(d.data()), n, 7919);
  for (int i = 0; i < n; ++i)
    ref[i] = (int)((i * 7919L + 7) % 1000003);
  long sum = thrust::reduce(thrust::cuda::par.on(s), d.begin(), d.end(), 0L);
  CHECK(sum == std::accumulate(ref.begin(), ref.end(), 0L), "reduce after kernel on stream");

  thrust::device_vector<int> sorted = d;
  thrust::sort(sorted.begin(), sorted.end());
  std::vector<int> rs = ref;
  std::sort(rs.begin(), rs.end());
  thrust::host_vector<int> h = sorted;
  CHECK(std::equal(rs.begin(), rs.end(), h.begin()), "sort");

  thrust::sort(thrust::device, sorted.begin(), sorted.end(), thrust::greater<int>());
  CHECK(sorted[0] == rs[n - 1] && sorted[n - 1] == rs[0], "sort greater");

  // sort_by_key, stable_sort.
  thrust::device_vector<int> keys = d, vals(n);
  thrust::sequence(vals.begin(), vals.end());
  thrust::sort_by_key(keys.begin(), keys.end(), vals.begin());
  thrust::host_vector<int> hk = keys, hv = vals;
  bool byKey = true;
  for (int i = 0; i < n; ++i)
    byKey &= ref[hv[i]] == hk[i] && (i == 0 || hk[i - 1] <= hk[i]);
  CHECK(byKey, "sort_by_key");
  thrust::device_vector<int> mods(n);
  thrust::transform(d.begin(), d.end(), mods.begin(), [] __host__ __device__(int x) { return x % 16; });
  thrust::stable_sort(mods.begin(), mods.end());
  CHECK(thrust::is_sorted(mods.begin(), mods.end()), "stable_sort");

  // transform_reduce, inner_product, count_if, min/max_element.
  long sq = thrust::transform_reduce(d.begin(), d.end(), Square(), 0L, thrust::plus<long>());
  long rsq = 0;
  for (int x : ref)
    rsq += (long)x * x;
  CHECK(sq == rsq, "transform_reduce");
  CHECK(thrust::count_if(d.begin(), d.end(), IsOdd()) ==
            std::count_if(ref.begin(), ref.end(), [](int x) { return x % 2 != 0; }),
        "count_if");
  auto mx = thrust::max_element(d.begin(), d.end());
  auto mn = thrust::min_element(d.begin(), d.end());
  CHECK(*mx == *std::max_element(ref.begin(), ref.end()), "max_element");
  CHECK(mn - d.begin() == std::min_element(ref.begin(), ref.end()) - ref.begin(), "min_element");

  // scans.
  thrust::device_vector<int> ones(n, 1), inc(n), exc(n);
  thrust::inclusive_scan(ones.begin(), ones.end(), inc.begin());
  thrust::exclusive_scan(ones.begin(), ones.end(), exc.begin(), 5);
  CHECK(inc[n - 1] == n && exc[0] == 5 && exc[n - 1] == n + 4, "scans");

  // copy_if, unique, reduce_by_key.
  thrust::device_vector<int> odd(n);
  auto end = thrust::copy_if(d.begin(), d.end(), odd.begin(), IsOdd());
  std::vector<int> rodd;
  std::copy_if(ref.begin(), ref.end(), std::back_inserter(rodd), [](int x) { return x % 2 != 0; });
  CHECK(end - odd.begin() == (long)rodd.size() && odd[0] == rodd[0], "copy_if");
  auto uend = thrust::unique(mods.begin(), mods.end());
  CHECK(uend - mods.begin() == 16, "unique");
  thrust::device_vector<int> groupKeys(n), groupOut(n), groupSums(n);
  thrust::transform(thrust::counting_iterator<int>(0), thrust::counting_iterator<int>(n),
                    groupKeys.begin(), [] __host__ __device__(int i) { return i / 100; });
  auto rbk = thrust::reduce_by_key(groupKeys.begin(), groupKeys.end(), thrust::constant_iterator<int>(2),
                                   groupOut.begin(), groupSums.begin());
  CHECK(rbk.first - groupOut.begin() == (n + 99) / 100 && groupSums[0] == 200 &&
            groupSums[(n + 99) / 100 - 1] == 2 * (n - 100 * ((n + 99) / 100 - 1)),
        "reduce_by_key");

  // gather, scatter, permutation and zip iterators, fill.
  thrust::device_vector<int> map(n), gathered(n), scattered(n);
  thrust::sequence(map.begin(), map.end(), n - 1, -1);
  thrust::gather(map.begin(), map.end(), d.begin(), gathered.begin());
  thrust::scatter(d.begin(), d.end(), map.begin(), scattered.begin());
  CHECK(gathered[0] == ref[n - 1] && scattered[n - 1] == ref[0], "gather/scatter");
  long permSum = thrust::reduce(thrust::make_permutation_iterator(d.begin(), map.begin()),
                                thrust::make_permutation_iterator(d.begin(), map.end()), 0L);
  CHECK(permSum == sum, "permutation_iterator");
  thrust::device_vector<float> x(n), y(n);
  thrust::fill(x.begin(), x.end(), 2.f);
  thrust::fill(y.begin(), y.end(), 1.f);
  thrust::transform(x.begin(), x.end(), y.begin(), y.begin(), Saxpy{3.f});
  float dot = thrust::inner_product(x.begin(), x.end(), y.begin(), 0.f);
  CHECK(dot == 2.f * 7.f * n, "saxpy/inner_product");
  auto zipBegin = thrust::make_zip_iterator(thrust::make_tuple(x.begin(), y.begin()));
  thrust::tuple<float, float> t = zipBegin[5];
  CHECK(thrust::get<0>(t) == 2.f && thrust::get<1>(t) == 7.f, "zip_iterator");
  auto sqBegin = thrust::make_transform_iterator(d.begin(), Square());
  CHECK(thrust::reduce(sqBegin, sqBegin + n, 0L) == rsq, "transform_iterator");

  // device_ptr over cudaMalloc'd memory, mixed with a kernel.
  int *raw;
  cudaMalloc(&raw, n * sizeof(int));
  thrust::device_ptr<int> dp(raw);
  thrust::fill(dp, dp + n, 3);
  scramble<<<(n + 255) / 256, 256>>>(raw, n / 2, 31);
  long mixed = thrust::reduce(dp, dp + n, 0L);
  long rmixed = 3L * (n - n / 2);
  for (int i = 0; i < n / 2; ++i)
    rmixed += (i * 31L + 7) % 1000003;
  CHECK(mixed == rmixed, "device_ptr after kernel");
  cudaFree(raw);

  // thrust::complex in a kernel.
  thrust::device_vector<thrust::complex<float>> z(4, thrust::complex<float>(1.f, 2.f));
  rotateComplex<<<1, 4>>>(thrust::raw_pointer_cast(z.data()), 4);
  thrust::complex<float> z0 = z[0];
  CHECK(z0.real() == -1.f && z0.imag() == 1.f, "complex in kernel");

  // binary_search over the sorted copy.
  thrust::sort(sorted.begin(), sorted.end());
  CHECK(thrust::binary_search(sorted.begin(), sorted.end(), ref[123]), "binary_search");

  // A kernel on a created (blocking) stream, then an algorithm without a
  // policy: on a GPU it runs on the legacy default stream, after the kernel.
  thrust::device_vector<int> late(n, 0);
  for (int round = 1; round <= 3; ++round) {
    scramble<<<(n + 255) / 256, 256, 0, s>>>(thrust::raw_pointer_cast(late.data()), n, 7919);
    long lateSum = thrust::reduce(late.begin(), late.end(), 0L);
    CHECK(lateSum == sum, "reduce after kernel on a blocking stream");
    thrust::fill(late.begin(), late.end(), 0);
  }

  cudaStreamDestroy(s);
  printf(failures ? "FAILED\n" : "PASS\n");
  return failures != 0;
}
