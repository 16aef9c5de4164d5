// RUN: cucpu-opt --simt-print-thread-facts=in-loop --split-input-file --verify-diagnostics %s

// ThreadFactsInLoop, the on-demand form of ThreadAnalysis that passes use
// while they change the IR: the same transfer functions, asked within one
// thread loop. What is defined outside the loop is the block's; what a
// loop carries varies (it would need a fixpoint).

func.func @arithmetic(%a: !llvm.ptr, %n: i32, %blocks: index, %tx: index,
                      %ty: index) attributes {cucpu.kernel_name = "k"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : i32
  scf.parallel (%b) = (%c0) to (%blocks) step (%c1) {
    %b32 = arith.index_castui %b : index to i32
    scf.parallel (%x, %y) = (%c0, %c0) to (%tx, %ty) step (%c1, %c1) {
      %m = arith.muli %n, %c4 {probe = "outside values"} : i32
      // expected-remark@-1 {{outside values: uniform in the block}}
      %k = arith.constant {probe = "constant"} 3 : i32
      // expected-remark@-1 {{constant: uniform in the grid}}
      %x32 = arith.index_castui %x {probe = "x"} : index to i32
      // expected-remark@-1 {{x: varies across threads with the thread index, stride [1, 0, 0]}}
      %y32 = arith.index_castui %y : index to i32
      %row = arith.muli %y32, %c4 : i32
      %i = arith.addi %row, %x32 : i32
      %bi = arith.addi %i, %b32 {probe = "x + 4y + block"} : i32
      // expected-remark@-1 {{x + 4y + block: varies across threads with the thread index, stride [1, 4, 0]}}
      %sq = arith.muli %x32, %x32 {probe = "x * x"} : i32
      // expected-remark@-1 {{x * x: varies across threads with the thread index, stride [?, 0, 0]}}
      %w = arith.extsi %bi {probe = "widened"} : i32 to i64
      // expected-remark@-1 {{widened: varies across threads with the thread index, stride [1, 4, 0]}}
      // Two threads 2^22 apart in x would give the same i32 value: a
      // stride that large says nothing about which threads differ.
      %big = arith.constant 4194304 : i32
      %wraps = arith.muli %x32, %big {probe = "x * 2^22"} : i32
      // expected-remark@-1 {{x * 2^22: varies across threads with the thread index, stride [?, 0, 0]}}
      // A truncation keeps what fits: x + 4y + block in 16 bits.
      %t16 = arith.trunci %bi {probe = "truncated to 16 bits"} : i32 to i16
      // expected-remark@-1 {{truncated to 16 bits: varies across threads with the thread index, stride [1, 4, 0]}}
      %t8 = arith.trunci %bi {probe = "truncated to 8 bits"} : i32 to i8
      // expected-remark@-1 {{truncated to 8 bits: varies across threads with the thread index, stride [?, ?, 0]}}
      %fits = arith.constant 2097151 : i32
      %nowrap = arith.muli %x32, %fits {probe = "x * (2^21 - 1)"} : i32
      // expected-remark@-1 {{x * (2^21 - 1): varies across threads with the thread index, stride [2097151, 0, 0]}}
      %x64 = arith.index_castui %x : index to i64
      %big64 = arith.constant 4194304 : i64
      %wide = arith.muli %x64, %big64 {probe = "64-bit x * 2^22"} : i64
      // expected-remark@-1 {{64-bit x * 2^22: varies across threads with the thread index, stride [4194304, 0, 0]}}
      %u = llvm.load %a {probe = "uniform load"} : !llvm.ptr -> i32
      // expected-remark@-1 {{uniform load: uniform in the block}}
      %p = llvm.getelementptr %a[%x64] : (!llvm.ptr, i64) -> !llvm.ptr, i32
      %v = llvm.load %p {probe = "varying load"} : !llvm.ptr -> i32
      // expected-remark@-1 {{varying load: varies across threads, stride [?, 0, 0]}}
      // a[y] is the same along x (the same location) but not along y.
      %y64 = arith.index_castui %y : index to i64
      %py = llvm.getelementptr %a[%y64] : (!llvm.ptr, i64) -> !llvm.ptr, i32
      %vy = llvm.load %py {probe = "row load"} : !llvm.ptr -> i32
      // expected-remark@-1 {{row load: varies across threads, stride [0, ?, 0]}}
      %vol = llvm.load volatile %a {probe = "volatile load"} : !llvm.ptr -> i32
      // expected-remark@-1 {{volatile load: varies across threads, stride [?, ?, ?]}}
      scf.reduce
    } {cucpu.loop = "thread"}
    scf.reduce
  } {cucpu.loop = "block"}
  return
}

// -----

// Control flow inside the loop: a counter with uniform bounds is uniform,
// one with a bound that varies is not; an if's results join both branches
// and vary where the condition does; what a loop carries varies.
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
        // expected-remark@-1 {{counter: uniform in the block; range [0, 7]}}
        %next = arith.addi %acc, %k32 {probe = "carried"} : i32
        // expected-remark@-1 {{carried: varies across threads, stride [?, ?, ?]}}
        scf.yield %next : i32
      }
      scf.for %k = %c0 to %t step %c1 {
        %k32 = arith.index_castui %k {probe = "counter to x"} : index to i32
        // expected-remark@-1 {{counter to x: varies across threads, stride [?, ?, ?]}}
      }
      %cond = arith.cmpi slt, %x, %n : i32
      %r = scf.if %cond -> (i32) {
        scf.yield %c1_i32 : i32
      } else {
        scf.yield %c0_i32 : i32
      }
      %r1 = arith.addi %r, %c0_i32 {probe = "divergent if"} : i32
      // expected-remark@-1 {{divergent if: varies across threads, stride [?, ?, ?]}}
      %q = scf.if %blockCond -> (i32) {
        scf.yield %c1_i32 : i32
      } else {
        scf.yield %c0_i32 : i32
      }
      %q1 = arith.addi %q, %c0_i32 {probe = "uniform if"} : i32
      // expected-remark@-1 {{uniform if: uniform in the block}}
      %s = scf.if %blockCond -> (i32) {
        scf.yield %x : i32
      } else {
        %x1 = arith.addi %x, %c1_i32 : i32
        scf.yield %x1 : i32
      }
      %s1 = arith.addi %s, %c0_i32 {probe = "thread index either way"} : i32
      // expected-remark@-1 {{thread index either way: varies across threads with the thread index, stride [1, 0, 0]}}
      scf.reduce
    } {cucpu.loop = "thread"}
    scf.reduce
  } {cucpu.loop = "block"}
  return
}

// -----

// Over a block loop (the code between its thread loops, as block
// coarsening asks): what comes before the loop is the grid's, the block
// index the block's; a thread loop's indices inside it are thread indices.
func.func @block_loop(%n: i32, %blocks: index, %threads: index)
    attributes {cucpu.kernel_name = "k"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : i32
  scf.parallel (%b) = (%c0) to (%blocks) step (%c1) {
    %m = arith.muli %n, %c2 {probe = "argument"} : i32
    // expected-remark@-1 {{argument: uniform in the grid}}
    %b32 = arith.index_castui %b {probe = "block index"} : index to i32
    // expected-remark@-1 {{block index: uniform in the block}}
    %sum = arith.addi %b32, %m {probe = "block plus argument"} : i32
    // expected-remark@-1 {{block plus argument: uniform in the block}}
    scf.parallel (%t) = (%c0) to (%threads) step (%c1) {
      %t32 = arith.index_castui %t {probe = "thread index"} : index to i32
      // expected-remark@-1 {{thread index: varies across threads with the thread index, stride [1, 0, 0]}}
      scf.reduce
    } {cucpu.loop = "thread"}
    scf.reduce
  } {cucpu.loop = "block"}
  return
}
