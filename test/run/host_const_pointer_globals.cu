// Namespace-scope const variables are implicitly __constant__ to clang, but
// those whose initializers hold addresses (a host library's colour codes or
// font tables, as in CImg.h) are the host's: the file compiles and runs, and
// const tables that kernels do read still reach the device.
// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// CHECK: red=1 font=def table=30 host=6
// CHECK: PASS
#include <cstdio>
#include <cstring>

namespace lib {
static const char t_normal[] = {0x1b, '[', '0', 'm', 0};
const char *const t_black = lib::t_normal, *const t_red = lib::t_normal;
static const char *const font[] = {"abc", "def"};
struct Entry {
  const char *name;
  int value;
};
const Entry entries[] = {{"one", 1}, {"two", 2}, {"three", 3}};
} // namespace lib

const int table[4] = {10, 20, 30, 40};

__global__ void readTable(int *out) { out[threadIdx.x] = table[threadIdx.x]; }

int main() {
  int *d = nullptr;
  cudaMalloc(&d, 4 * sizeof(int));
  readTable<<<1, 4>>>(d);
  int h[4] = {};
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  int sum = 0;
  for (const lib::Entry &e : lib::entries)
    sum += e.value;
  printf("red=%d font=%s table=%d host=%d\n", lib::t_red == lib::t_black,
         lib::font[1], h[2], sum);
  bool ok = h[0] == 10 && h[3] == 40 && !strcmp(lib::font[0], "abc") &&
            sum == 6 && lib::t_black[1] == '[';
  printf("%s\n", ok ? "PASS" : "FAIL");
  cudaFree(d);
}
