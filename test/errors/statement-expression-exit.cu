// A return that leaves a statement expression is a located error.
// RUN: not %cucpu -c %s -o /dev/null 2>&1 | FileCheck %s
// CHECK: statement-expression-exit.cu:[[@LINE+3]]:{{[0-9]+}}: error: a return, break or continue that leaves a statement expression
__global__ void kernel(int *out) {
  for (int i = 0; i < 4; ++i)
    out[i] = ({ if (i == 2) break; i; });
}
