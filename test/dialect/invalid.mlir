// RUN: cucpu-opt %s -split-input-file -verify-diagnostics

func.func @not_an_induction_variable(%i: index) {
  // expected-error @+1 {{operand must be an induction variable of an enclosing scf.parallel}}
  simt.barrier(%i)
  return
}

// -----

func.func @two_loops(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%x) = (%c0) to (%n) step (%c1) {
    scf.parallel (%y) = (%c0) to (%n) step (%c1) {
      // expected-error @+1 {{operands must belong to one scf.parallel}}
      simt.barrier(%x, %y)
      scf.reduce
    }
    scf.reduce
  }
  return
}

// -----

func.func @bad_dimension() {
  // expected-error @+2 {{expected ::cucpu::simt::Dimension to be one of: x, y, z}}
  // expected-error @+2 {{failed to parse SIMT_DimensionAttr parameter}}
  %0 = simt.thread_id w
  return
}
