// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// CHECK: PASS

// Pointer arithmetic in device code: differences (ptrdiff_t) of pointers of
// several element types, comparisons, negative offsets, casts between pointer
// types (reading bytes of ints, writing shorts through char*), round trips
// through uintptr_t with alignment arithmetic, pointers to struct members and
// offsetof, pointer to one past the end, and walking arrays with ++/--.

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>

struct Rec {
  char tag;
  int value;
  double weight;
  short parts[3];
};

__global__ void kernel(const int *data, Rec *recs, unsigned char *bytes, long long *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  long long *o = out + i * 16;
  const int *begin = data;
  const int *end = data + n;
  const int *p = data + i;
  o[0] = end - p;                          // ptrdiff_t
  o[1] = (p < end) + 2 * (p >= begin) + 4 * (p == begin) + 8 * (p != end - 1);
  const int *q = end - 1 - i;              // negative offsets from end
  o[2] = *q + p[-0] + (i > 0 ? p[-1] : 0);
  // byte view of an int (little endian)
  const unsigned char *b = reinterpret_cast<const unsigned char *>(p);
  o[3] = b[0] + (b[1] << 8) + (b[2] << 16) + ((long long)b[3] << 24);
  o[4] = reinterpret_cast<const char *>(p + 3) - reinterpret_cast<const char *>(p);
  // uintptr_t round trip and alignment
  uintptr_t u = reinterpret_cast<uintptr_t>(p);
  o[5] = (long long)(u % alignof(int));
  const int *back = reinterpret_cast<const int *>(u + 2 * sizeof(int));
  o[6] = (i + 2 < n) ? *back : -1;
  uintptr_t aligned = (u + 15) & ~(uintptr_t)15;
  o[7] = (long long)(aligned - u) < 16 && (aligned % 16 == 0);
  // pointer to struct members
  Rec *r = recs + i;
  int *pv = &r->value;
  double *pw = &r->weight;
  short *ps = r->parts;
  *pv += 1;
  *pw *= 2.0;
  ps[2] = (short)(ps[0] + ps[1]);
  o[8] = (char *)pv - (char *)r;
  o[9] = (char *)pw - (char *)r;
  o[10] = (char *)(ps + 2) - (char *)r;
  o[11] = (long long)offsetof(Rec, parts) * 1000 + offsetof(Rec, weight);
  Rec *rr = reinterpret_cast<Rec *>(reinterpret_cast<char *>(pw) - offsetof(Rec, weight));
  o[12] = (rr == r) + (long long)rr->tag * 10;
  // pointer walk with ++ / --
  long long s = 0;
  const int *w = begin + i;
  const int *stop = (begin + i + 5 < end) ? begin + i + 5 : end;
  while (w != stop)
    s += *w++;
  while (w > begin + i)
    s -= 2 * *--w;
  o[13] = s;
  // writing shorts through a char pointer into a byte buffer
  unsigned char *mb = bytes + i * 8;
  short sv = (short)(i * 37 - 3000);
  unsigned char *svb = reinterpret_cast<unsigned char *>(&sv);
  for (int k = 0; k < 2; ++k)
    mb[k] = svb[k];
  *reinterpret_cast<int *>(mb + 4) = i * -1001;
  o[14] = *reinterpret_cast<short *>(mb);
  o[15] = (long long)(&recs[n - 1] - &recs[i]) + 1000 * (long long)((char *)&recs[1] - (char *)&recs[0]);
}

int main() {
  const int n = 300;
  static int data[n];
  static Rec recs[n], recsOrig[n];
  static long long out[n * 16];
  static unsigned char bytes[n * 8];
  for (int i = 0; i < n; ++i) {
    data[i] = i * 2654435 - 77777 * (i % 5);
    recs[i].tag = (char)('a' + i % 26);
    recs[i].value = i * 3;
    recs[i].weight = 0.5 * i;
    recs[i].parts[0] = (short)i;
    recs[i].parts[1] = (short)(-2 * i);
    recs[i].parts[2] = 0;
    recsOrig[i] = recs[i];
  }
  int *ddata;
  Rec *drecs;
  unsigned char *dbytes;
  long long *dout;
  cudaMalloc(&ddata, sizeof data);
  cudaMalloc(&drecs, sizeof recs);
  cudaMalloc(&dbytes, sizeof bytes);
  cudaMalloc(&dout, sizeof out);
  cudaMemcpy(ddata, data, sizeof data, cudaMemcpyHostToDevice);
  cudaMemcpy(drecs, recs, sizeof recs, cudaMemcpyHostToDevice);
  kernel<<<(n + 127) / 128, 128>>>(ddata, drecs, dbytes, dout, n);
  if (cudaGetLastError() != cudaSuccess || cudaDeviceSynchronize() != cudaSuccess) {
    printf("FAIL: launch\n");
    return 1;
  }
  cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
  cudaMemcpy(recs, drecs, sizeof recs, cudaMemcpyDeviceToHost);
  cudaMemcpy(bytes, dbytes, sizeof bytes, cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; ++i) {
    long long ref[16];
    ref[0] = n - i;
    ref[1] = 1 + 2 + 4 * (i == 0) + 8 * (i != n - 1);
    ref[2] = (long long)data[n - 1 - i] + data[i] + (i > 0 ? data[i - 1] : 0);
    ref[3] = (long long)(unsigned)data[i];
    ref[4] = 12;
    ref[5] = 0;
    ref[6] = (i + 2 < n) ? data[i + 2] : -1;
    ref[7] = 1;
    ref[8] = offsetof(Rec, value);
    ref[9] = offsetof(Rec, weight);
    ref[10] = offsetof(Rec, parts) + 2 * sizeof(short);
    ref[11] = (long long)offsetof(Rec, parts) * 1000 + offsetof(Rec, weight);
    ref[12] = 1 + 10LL * ('a' + i % 26);
    long long s = 0;
    int stop = i + 5 < n ? i + 5 : n;
    for (int k = i; k < stop; ++k)
      s -= data[k];
    ref[13] = s;
    ref[14] = (short)(i * 37 - 3000);
    ref[15] = (n - 1 - i) + 1000LL * sizeof(Rec);
    for (int k = 0; k < 16; ++k)
      if (out[i * 16 + k] != ref[k]) {
        printf("FAIL: i=%d field %d: got %lld expected %lld\n", i, k, out[i * 16 + k], ref[k]);
        return 1;
      }
    int tail;
    memcpy(&tail, bytes + i * 8 + 4, 4);
    if (recs[i].value != recsOrig[i].value + 1 || recs[i].weight != 2 * recsOrig[i].weight ||
        recs[i].parts[2] != (short)(recsOrig[i].parts[0] + recsOrig[i].parts[1]) || tail != i * -1001) {
      printf("FAIL: record %d not updated correctly\n", i);
      return 1;
    }
  }
  printf("PASS\n");
  return 0;
}
