// The backprop layer-forward kernel of the paper's Figure 9 (written here
// from the algorithm). Of its five barriers, the one after the copy into the
// weight tile orders nothing (each thread reads back its own element), and
// the load that reads that element back is replaced by the stored value.
// The last barrier orders a write through `input_hidden` before it against
// a write through `hidden_partial_sum` after it: two pointer parameters may
// be the same array, so it stays unless they are declared __restrict__.
//
// RUN: %cucpu -O2 -Rpass=cucpu -Rpass-missed=cucpu --emit-mlir=optimized -c %s -o %t.mlir 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s --check-prefix=IR < %t.mlir
// RUN: %cucpu -O2 -DRESTRICT=__restrict__ -Rpass=cucpu --emit-mlir=optimized -c %s -o %t.restrict.mlir 2>&1 | FileCheck %s --check-prefix=RESTRICT
// RUN: FileCheck %s --check-prefix=IR-RESTRICT < %t.restrict.mlir
// RUN: FileCheck %s --check-prefix=PAIR < %t.restrict.mlir
// RUN: %cucpu -O2 -fno-cucpu-barrier-elimination -fno-cucpu-mem2reg --emit-mlir=optimized -c %s -o - | FileCheck %s --check-prefix=OFF

#ifndef RESTRICT
#define RESTRICT
#endif
#define HEIGHT 16
#define WIDTH 16

__global__ void layerforward(float *input, float *output_hidden,
                             float *RESTRICT input_hidden,
                             float *RESTRICT hidden_partial_sum, int in,
                             int hid) {
  int by = blockIdx.y;
  int tx = threadIdx.x;
  int ty = threadIdx.y;
  int index = (hid + 1) * HEIGHT * by + (hid + 1) * ty + tx + 1 + (hid + 1);
  int index_in = HEIGHT * by + ty + 1;
  __shared__ float input_node[HEIGHT];
  __shared__ float weight_matrix[HEIGHT][WIDTH];
  if (tx == 0)
    input_node[ty] = input[index_in];
  // REMARK-DAG: figure9-backprop.cu:[[@LINE+1]]:3: remark: cucpu: barrier kept
  __syncthreads();
  weight_matrix[ty][tx] = input_hidden[index];
  // REMARK-DAG: figure9-backprop.cu:[[@LINE+2]]:3: remark: cucpu: barrier removed
  // RESTRICT-DAG: figure9-backprop.cu:[[@LINE+1]]:3: remark: cucpu: barrier removed
  __syncthreads();
  // REMARK-DAG: figure9-backprop.cu:[[@LINE+1]]:27: remark: cucpu: load of a shared element replaced
  weight_matrix[ty][tx] = weight_matrix[ty][tx] * input_node[ty];
  // REMARK-DAG: figure9-backprop.cu:[[@LINE+1]]:3: remark: cucpu: barrier kept
  __syncthreads();
  for (int i = 1; i <= 4; i++) {
    int power_two = 1 << i;
    if (ty % power_two == 0)
      weight_matrix[ty][tx] =
          weight_matrix[ty][tx] + weight_matrix[ty + power_two / 2][tx];
    // REMARK-DAG: figure9-backprop.cu:[[@LINE+1]]:5: remark: cucpu: barrier kept
    __syncthreads();
  }
  input_hidden[index] = weight_matrix[ty][tx];
  // REMARK-DAG: figure9-backprop.cu:[[@LINE+2]]:3: remark: cucpu: barrier kept
  // RESTRICT-DAG: figure9-backprop.cu:[[@LINE+1]]:3: remark: cucpu: barrier removed
  __syncthreads();
  if (tx == 0)
    hidden_partial_sum[by * hid + ty] = weight_matrix[tx][ty];
}

// IR-LABEL: func.func @__cucpu_entry_
// IR-COUNT-4: simt.barrier
// IR-NOT: simt.barrier

// IR-RESTRICT-LABEL: func.func @__cucpu_entry_
// IR-RESTRICT-COUNT-3: simt.barrier
// IR-RESTRICT-NOT: simt.barrier

// Between the first two barriers that remain, the weight is multiplied
// without going through the tile: the store/load pair is gone and the first
// store, overwritten before anyone reads it, too. The tile keeps the product
// that other threads read in the reduction.
// PAIR: simt.barrier
// PAIR: %[[W:.*]] = llvm.load
// PAIR-NOT: llvm.store
// PAIR: %[[M:.*]] = arith.mulf %[[W]],
// PAIR-NEXT: llvm.store %[[M]]
// PAIR-NEXT: simt.barrier

// OFF-COUNT-5: simt.barrier
