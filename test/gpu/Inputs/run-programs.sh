#!/bin/bash
# Builds every test/run program for the GPU found on this machine, runs it
# and expects it to print PASS, as on the CPU. Prints one line per program
# with its run time, then the total. Programs the GPU target cannot compile
# yet (a clear error) or link (a runtime function libcucpu_rt_gpu lacks) are
# reported UNSUPPORTED with the reason; anything else that fails is FAIL.
#
# Usage: run-programs.sh CUCPU ARCH RUN_DIR TMP_DIR [all|build|run]
#
# `build` only compiles, into TMP_DIR (for a GPU machine without cucpu:
# copy TMP_DIR there); `run` only runs what `build` left in TMP_DIR
# (CUCPU and ARCH are then unused; RUN_DIR gives the list of programs).
# RUN_TIMEOUT: seconds each program may run (default 120).
set -u
cucpu=$1 arch=$2 rundir=$3 tmp=$4 mode=${5:-all}
mkdir -p "$tmp"

# Programs not run on a GPU, and why.
declare -A OWN_CHECKS=(
  [last_writer_stores]="expects the CPU's outcome of racing stores (the last thread in order wins); on a GPU any of them may"
)

# Programs whose check is not "prints PASS" (their RUN lines use FileCheck,
# which a GPU machine without LLVM lacks): a function that gets the
# program's directory and name and the output of its first run, and says
# what is wrong (nothing if it passed).
check_device_assert() { # A failing assert: the message, then sticky errors.
  local out
  grep -q PASS "$3" || echo "no PASS without the failing value"
  out=$(cd "$1" && timeout "${RUN_TIMEOUT:-120}" "./$2" fail 2>&1)
  grep -q 'device_assert.cu:19: .*block: \[2,0,0\], thread: \[13,0,0\] Assertion `values\[i\] > 0` failed' <<<"$out" ||
    echo "no assert message for block 2, thread 13"
  grep -q '^sync: cudaErrorAssert' <<<"$out" || echo "no cudaErrorAssert"
  grep -q '^STICKY' <<<"$out" || echo "not sticky: $(grep -m1 FAIL <<<"$out")"
  # After cudaDeviceReset the device works again, or (NVIDIA's driver keeps
  # an assert for the whole process, new contexts too) the first call that
  # needs it reports the assert; the reset itself must succeed either way.
  grep -q -e '^RESET' -e '^FAIL: cudaMalloc after the reset returned cudaErrorAssert' <<<"$out" ||
    echo "after the reset: $(grep FAIL <<<"$out" | tail -1)"
}
check_exit_with_pending_work() { # Work queued at exit still runs.
  grep -q '^main done' "$3" || echo "no 'main done'"
  [[ $(grep -c '^callback ran' "$3") == 2 ]] || echo "not two callbacks"
  grep -q '^kernel 1 ran' "$3" && grep -q '^kernel 2 ran' "$3" ||
    echo "a kernel's output is missing"
}
check_virtual_call_host_object() { # The call stops as an assert does.
  grep -q '^device object: 10' "$3" || echo "no 'device object: 10'"
  grep -q 'Assertion `virtual call of Base::get on an object' "$3" ||
    echo "no message for the host object"
  grep -q '^host object: cudaErrorAssert' "$3" || echo "no cudaErrorAssert"
}
declare -A CUSTOM_CHECKS=(
  [device_assert]=check_device_assert
  [virtual_call_host_object]=check_virtual_call_host_object
  [exit_with_pending_work]=check_exit_with_pending_work
)

# The program's RUN line: one that checks for PASS (`%cucpu FLAGS %s -o %tN
# ... && [env ...] %tN ARGS | FileCheck %s`), preferring one that compiles
# with --fmad=false. Prints FLAGS, a tab, ARGS.
run_line() {
  local lines
  lines=$(grep -E '^// RUN: %cucpu .* %s -o %t[-a-z0-9]* .*&& (env [^%]*)?%t[-a-z0-9]*( [^|]*)? [|] FileCheck %s$' "$1")
  { grep -E -e '--fmad=false|-ffp-contract=off' <<<"$lines"; echo "$lines"; } | head -1 |
    sed -E 's#^// RUN: %cucpu (.*) %s -o %t[-a-z0-9]*.*&& (env [^%]*)?%t[-a-z0-9]* ?([^|]*) [|] FileCheck %s$#\1\t\3#'
}

# Compiles one program with its RUN line's flags (remarks dropped), and with
# --fmad=false unless the line chooses: the programs compare their results
# bit for bit with the host's, which fuses no multiply-add on x86-64, while
# the GPU would. Writes the RUN line's arguments into $tmp/$name.args; on
# failure writes the line to report into $tmp/$name.status and returns 1.
build_one() {
  local name=$1 source=$2 log="$tmp/$1.log" missing line flags args
  rm -f "$tmp/$name" "$tmp/$name.status" "$tmp/$name.args"
  line=$(run_line "$source")
  flags=$(cut -f1 <<<"$line" | sed -E 's/(^| )-R[^ ]*//g')
  [[ -n $flags ]] || flags=-O2
  args=$(cut -s -f2 <<<"$line")
  [[ $flags == *fmad* || $flags == *fp-contract* ]] || flags+=" --fmad=false"
  echo "$args" >"$tmp/$name.args"
  # shellcheck disable=SC2086 # FLAGS are words
  if "$cucpu" --cuda-gpu-arch="$arch" $flags "$source" -o "$tmp/$name" >"$log" 2>&1; then
    return 0
  fi
  if grep -q "has no implementation on the GPU target" "$log"; then
    echo "UNSUPPORTED $name: $(grep -m1 -o "'[^']*' .*has no implementation\|Thrust has no implementation[^\"]*" "$log")"
  elif grep -q "uses too much shared data" "$log"; then
    echo "UNSUPPORTED $name: $(grep -m1 -o "uses too much shared data.*" "$log") (the GPU target's warp exchange areas take 16 KiB)"
  elif missing=$(grep -m1 -o "undefined reference to \`cuda[A-Za-z0-9_]*" "$log"); then
    echo "UNSUPPORTED $name: not in libcucpu_rt_gpu: ${missing##*\`}"
  else
    echo "FAIL $name: does not compile: $(grep -m1 error "$log")"
  fi >"$tmp/$name.status"
  return 1
}

status=0
total_ms=0
for source in "$rundir"/*.cu; do
  name=$(basename "$source" .cu)
  if [[ -n "${OWN_CHECKS[$name]+x}" ]]; then
    echo "NOT-RUN $name: ${OWN_CHECKS[$name]}"
    continue
  fi
  if [[ $mode != run ]] && ! build_one "$name" "$source"; then
    cat "$tmp/$name.status"
    grep -q ^FAIL "$tmp/$name.status" && status=1
    continue
  fi
  if [[ $mode == build ]]; then
    echo "BUILT $name"
    continue
  fi
  if [[ ! -x $tmp/$name ]]; then
    if [[ -f $tmp/$name.status ]]; then
      cat "$tmp/$name.status"
      grep -q ^FAIL "$tmp/$name.status" && status=1
    else
      echo "FAIL $name: not built"
      status=1
    fi
    continue
  fi
  start=$(date +%s%N)
  read -r -a args <"$tmp/$name.args" || args=()
  (cd "$tmp" && timeout "${RUN_TIMEOUT:-120}" "./$name" "${args[@]}") >"$tmp/$name.out" 2>&1
  rc=$?
  ms=$(( ($(date +%s%N) - start) / 1000000 ))
  total_ms=$((total_ms + ms))
  if [[ -n "${CUSTOM_CHECKS[$name]+x}" ]]; then
    problem=$([[ $rc == 0 ]] || echo "exit $rc"; "${CUSTOM_CHECKS[$name]}" "$tmp" "$name" "$tmp/$name.out")
  elif [[ $rc == 0 ]] && grep -q PASS "$tmp/$name.out"; then
    problem=
  else
    problem="exit $rc: $(grep -v PASS "$tmp/$name.out" | head -1)"
  fi
  if [[ -z $problem ]]; then
    echo "OK $name (${ms} ms)"
  else
    echo "FAIL $name: $(head -1 <<<"$problem")"
    status=1
  fi
done
[[ $mode != build ]] && echo "TOTAL ${total_ms} ms"
exit $status
