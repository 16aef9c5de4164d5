#!/bin/bash
# Builds every test/run program for the GPU found on this machine, runs it
# and expects it to print PASS, as on the CPU. Prints one line per program
# with its run time, then the total. Programs the GPU target cannot compile
# yet (a clear error) or link (a runtime function libcucpu_rt_gpu lacks) are
# reported UNSUPPORTED with the reason; anything else that fails is FAIL.
#
# Usage: run-programs.sh CUCPU ARCH RUN_DIR TMP_DIR
set -u
cucpu=$1 arch=$2 rundir=$3 tmp=$4
mkdir -p "$tmp"

# Programs whose checks are not "prints PASS".
declare -A OWN_CHECKS=(
  [device_assert]="checks the CPU runtime's assert message"
  [exit_with_pending_work]="checks output written by work pending at exit"
)

status=0
total_ms=0
for source in "$rundir"/*.cu; do
  name=$(basename "$source" .cu)
  if [[ -n "${OWN_CHECKS[$name]+x}" ]]; then
    echo "NOT-RUN $name: ${OWN_CHECKS[$name]}"
    continue
  fi
  log="$tmp/$name.log"
  if ! "$cucpu" --cuda-gpu-arch="$arch" -O2 "$source" -o "$tmp/$name" >"$log" 2>&1; then
    if grep -q "has no implementation on the GPU target" "$log"; then
      echo "UNSUPPORTED $name: $(grep -m1 -o "'[^']*' .*has no implementation" "$log")"
    elif missing=$(grep -m1 -o "undefined reference to \`cuda[A-Za-z0-9_]*" "$log"); then
      echo "UNSUPPORTED $name: not in libcucpu_rt_gpu: ${missing##*\`}"
    else
      echo "FAIL $name: does not compile: $(grep -m1 error "$log")"
      status=1
    fi
    continue
  fi
  start=$(date +%s%N)
  (cd "$tmp" && timeout 120 "./$name") >"$tmp/$name.out" 2>&1
  rc=$?
  ms=$(( ($(date +%s%N) - start) / 1000000 ))
  total_ms=$((total_ms + ms))
  if [[ $rc == 0 ]] && grep -q PASS "$tmp/$name.out"; then
    echo "OK $name (${ms} ms)"
  else
    echo "FAIL $name: exit $rc: $(grep -v PASS "$tmp/$name.out" | head -1)"
    status=1
  fi
done
echo "TOTAL ${total_ms} ms"
exit $status
