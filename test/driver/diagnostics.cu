// Diagnostics print as clang's do (file:line:col, the source line, a caret),
// and clang's warning flags apply to host and device code.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %cucpu %s -o %t/quiet 2>&1 | count 0
// RUN: %cucpu -Wall %s -o %t/warns 2>&1 | FileCheck %s --check-prefix=WALL
// WALL: diagnostics.cu:22:7: warning: unused variable 'unused' [-Wunused-variable]
// WALL-NEXT: 22 |   int unused = 3;
// WALL-NEXT: |       ^~~~~~
// RUN: not %cucpu -Wall -Werror %s -o %t/werror 2>&1 | FileCheck %s --check-prefix=WERROR
// WERROR: diagnostics.cu:22:7: error: unused variable 'unused' [-Werror,-Wunused-variable]
// RUN: %cucpu -Wall -Werror -Wno-unused-variable %s -o %t/wno 2>&1 | count 0
// RUN: %cucpu -Xcompiler -Wall,-Wno-unused-variable -Werror %s -o %t/xcompiler 2>&1 | count 0
// An error of clang's and one found in MLIR, each with its caret.
// RUN: not %cucpu -DSYNTAX_ERROR %s -o %t/syntax 2>&1 | FileCheck %s --check-prefix=SYNTAX
// SYNTAX: diagnostics.cu:24:11: error: expected ';' after expression
// RUN: not %cucpu -DRECURSION %s -o %t/mlir 2>&1 | FileCheck %s --check-prefix=MLIR
// MLIR: diagnostics.cu:30:52: error: threadIdx used in a device function that could not be inlined into its kernel (is it recursive?)
// MLIR-NEXT: __device__ int depth(int n) { return n == 0 ? (int)threadIdx.x : depth(n - 1); }
// MLIR-NEXT: {{^                                                   \^$}}

__global__ void k(int *a) {
  int unused = 3;
#ifdef SYNTAX_ERROR
  a[1] = 2
#endif
  a[0] = 1;
}

#ifdef RECURSION
__device__ int depth(int n) { return n == 0 ? (int)threadIdx.x : depth(n - 1); }
__global__ void r(int *a) { a[0] = depth(a[1]); }
#endif

int main() { return 0; }
