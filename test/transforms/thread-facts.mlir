// RUN: cucpu-opt --simt-print-thread-facts --split-input-file --verify-diagnostics %s

// ThreadAnalysis, fact by fact: what is the same in every thread of the
// grid or of a block, and what varies, with its stride along the thread
// dimensions where that is a constant; and integer ranges from MLIR's
// IntegerRangeAnalysis in the same solver.

// Thread and block loops: the thread loop's induction variables are the
// thread indices (stride 1 along their own dimension), the block loop's the
// block indices; a launcher's arguments are the grid's.
func.func @indices(%a: !llvm.ptr, %n: i32, %blocks: index, %tx: index,
                   %ty: index) attributes {cucpu.kernel_name = "k"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant {probe = "constant"} 4 : i32
  // expected-remark@-1 {{constant: uniform in the grid; range [4, 4]}}
  %m = arith.muli %n, %c4 {probe = "argument"} : i32
  // expected-remark@-1 {{argument: uniform in the grid}}
  scf.parallel (%b) = (%c0) to (%blocks) step (%c1) {
    %b32 = arith.index_castui %b {probe = "block index"} : index to i32
    // expected-remark@-1 {{block index: uniform in the block}}
    scf.parallel (%x, %y) = (%c0, %c0) to (%tx, %ty) step (%c1, %c1) {
      %x32 = arith.index_castui %x {probe = "x"} : index to i32
      // expected-remark@-1 {{x: varies across threads with the thread index, stride [1, 0, 0]}}
      %y32 = arith.index_castui %y : index to i32
      %row = arith.muli %y32, %c4 {probe = "4y"} : i32
      // expected-remark@-1 {{4y: varies across threads with the thread index, stride [0, 4, 0]}}
      %i = arith.addi %row, %x32 {probe = "x + 4y"} : i32
      // expected-remark@-1 {{x + 4y: varies across threads with the thread index, stride [1, 4, 0]}}
      %bi = arith.addi %i, %b32 {probe = "x + 4y + block"} : i32
      // expected-remark@-1 {{x + 4y + block: varies across threads with the thread index, stride [1, 4, 0]}}
      %d = arith.subi %x32, %y32 {probe = "x - y"} : i32
      // expected-remark@-1 {{x - y: varies across threads with the thread index, stride [1, -1, 0]}}
      %sq = arith.muli %x32, %x32 {probe = "x * x"} : i32
      // expected-remark@-1 {{x * x: varies across threads with the thread index, stride [?, 0, 0]}}
      %nx = arith.muli %x32, %n {probe = "x * n"} : i32
      // expected-remark@-1 {{x * n: varies across threads with the thread index, stride [?, 0, 0]}}
      %s = arith.shli %x32, %c4 {probe = "x << 4"} : i32
      // expected-remark@-1 {{x << 4: varies across threads with the thread index, stride [16, 0, 0]}}
      %w = arith.extsi %bi {probe = "widened"} : i32 to i64
      // expected-remark@-1 {{widened: varies across threads with the thread index, stride [1, 4, 0]}}
      %t = arith.trunci %bi {probe = "truncated"} : i32 to i8
      // expected-remark@-1 {{truncated: varies across threads with the thread index, stride [?, ?, 0]}}
      %f = arith.sitofp %m {probe = "float of uniform"} : i32 to f32
      // expected-remark@-1 {{float of uniform: uniform in the grid}}
      scf.reduce
    } {cucpu.loop = "thread"}
    scf.reduce
  } {cucpu.loop = "block"}
  return
}

// -----

// Memory: a plain load of an address the same in every thread is the same in
// the block (another block may write the location in between); a load of
// an address that varies, an atomic or volatile load, and a local's
// address vary.
func.func @memory(%a: !llvm.ptr, %blocks: index, %threads: index)
    attributes {cucpu.kernel_name = "k"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1 : i64
  scf.parallel (%b) = (%c0) to (%blocks) step (%c1) {
    scf.parallel (%t) = (%c0) to (%threads) step (%c1) {
      %u = llvm.load %a {probe = "uniform load"} : !llvm.ptr -> i32
      // expected-remark@-1 {{uniform load: uniform in the block}}
      %t64 = arith.index_castui %t : index to i64
      %p = llvm.getelementptr %a[%t64] {probe = "address"} : (!llvm.ptr, i64) -> !llvm.ptr, i32
      // expected-remark@-1 {{address: varies across threads with the thread index, stride [?, 0, 0]}}
      %v = llvm.load %p {probe = "varying load"} : !llvm.ptr -> i32
      // expected-remark@-1 {{varying load: varies across threads, stride [?, 0, 0]}}
      %at = llvm.load %a atomic monotonic {alignment = 4 : i64, probe = "atomic load"} : !llvm.ptr -> i32
      // expected-remark@-1 {{atomic load: varies across threads, stride [?, ?, ?]}}
      %vol = llvm.load volatile %a {probe = "volatile load"} : !llvm.ptr -> i32
      // expected-remark@-1 {{volatile load: varies across threads, stride [?, ?, ?]}}
      %local = llvm.alloca %one x i32 {probe = "local"} : (i64) -> !llvm.ptr
      // expected-remark@-1 {{local: varies across threads, stride [?, ?, ?]}}
      scf.reduce
    } {cucpu.loop = "thread"}
    scf.reduce
  } {cucpu.loop = "block"}
  return
}

// -----

// Control flow: a loop counter with uniform bounds is uniform, and so is
// what a loop carries from uniform values; where threads took different
// paths (an if or a while whose condition varies), the results vary; a
// condition uniform in the block makes a uniform result the block's and
// keeps the strides of a varying one.
func.func @control(%n: i32, %blocks: index, %threads: index)
    attributes {cucpu.kernel_name = "k"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  %c8 = arith.constant 8 : index
  scf.parallel (%b) = (%c0) to (%blocks) step (%c1) {
    %b32 = arith.index_castui %b : index to i32
    %blockCond = arith.cmpi slt, %b32, %n : i32
    scf.parallel (%t) = (%c0) to (%threads) step (%c1) {
      %x = arith.index_castui %t : index to i32
      %sum = scf.for %k = %c0 to %c8 step %c1 iter_args(%acc = %c0_i32) -> (i32) {
        %k32 = arith.index_castui %k {probe = "counter"} : index to i32
        // expected-remark@-1 {{counter: uniform in the grid; range [0, 7]}}
        %next = arith.addi %acc, %k32 : i32
        scf.yield %next : i32
      }
      %sum1 = arith.addi %sum, %c0_i32 {probe = "uniform sum"} : i32
      // expected-remark@-1 {{uniform sum: uniform in the grid}}
      %cond = arith.cmpi slt, %x, %n : i32
      %r = scf.if %cond -> (i32) {
        scf.yield %c1_i32 : i32
      } else {
        scf.yield %c0_i32 : i32
      }
      %r1 = arith.addi %r, %c0_i32 {probe = "divergent if"} : i32
      // expected-remark@-1 {{divergent if: varies across threads, stride [?, ?, ?]}}
      %u = scf.if %blockCond -> (i32) {
        scf.yield %c1_i32 : i32
      } else {
        scf.yield %n : i32
      }
      %u1 = arith.addi %u, %c0_i32 {probe = "block if"} : i32
      // expected-remark@-1 {{block if: uniform in the block}}
      %s = scf.if %blockCond -> (i32) {
        scf.yield %x : i32
      } else {
        %x1 = arith.addi %x, %c1_i32 : i32
        scf.yield %x1 : i32
      }
      %s1 = arith.addi %s, %c0_i32 {probe = "block if of thread indices"} : i32
      // expected-remark@-1 {{block if of thread indices: varies across threads with the thread index, stride [1, 0, 0]}}
      %w = scf.while (%i = %c0_i32) : (i32) -> i32 {
        %go = arith.cmpi slt, %i, %x : i32
        scf.condition(%go) %i : i32
      } do {
      ^bb0(%i: i32):
        %i1 = arith.addi %i, %c1_i32 {probe = "iteration"} : i32
        // expected-remark@-1 {{iteration: uniform in the grid}}
        scf.yield %i1 : i32
      }
      %w1 = arith.addi %w, %c0_i32 {probe = "divergent while"} : i32
      // expected-remark@-1 {{divergent while: varies across threads, stride [?, ?, ?]}}
      scf.reduce
    } {cucpu.loop = "thread"}
    scf.reduce
  } {cucpu.loop = "block"}
  return
}

// -----

// Outside a launcher (a pass's test, a function of the launch stage), what
// is defined outside the thread loops, the arguments included, is the same
// in every thread of the block, and an unmarked outer parallel loop is a
// block loop. A function without thread loops (a device function called
// per thread) knows nothing of its arguments.
func.func @relative(%n: i32, %blocks: index, %threads: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = arith.addi %n, %n {probe = "argument"} : i32
  // expected-remark@-1 {{argument: uniform in the block}}
  scf.parallel (%b) = (%c0) to (%blocks) step (%c1) {
    %bi = arith.index_castui %b {probe = "block index"} : index to i32
    // expected-remark@-1 {{block index: uniform in the block}}
    scf.parallel (%t) = (%c0) to (%threads) step (%c1) {
      %x = arith.index_castui %t : index to i32
      %lt = arith.cmpi slt, %x, %n {probe = "guard"} : i32
      // expected-remark@-1 {{guard: varies across threads with the thread index, stride [?, 0, 0]}}
      scf.reduce
    } {cucpu.loop = "thread"}
    scf.reduce
  }
  return
}

func.func @device_function(%x: i32) -> i32 {
  %y = arith.addi %x, %x {probe = "argument"} : i32
  // expected-remark@-1 {{argument: varies across threads, stride [?, ?, ?]}}
  return %y : i32
}
