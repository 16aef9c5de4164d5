#!/usr/bin/env bash
# Compiles the device code of every .cu file under the given directories at
# every optimization level, and fails if cucpu ever crashes: each run must
# end with status 0 (compiled) or 1 (a diagnosed error), never a signal or an
# internal error. With SHARD=i/n in the environment, only every n-th file
# from the i-th: the files split across tests that lit runs in parallel.
# With SKIP=DIR, the files under DIR are left out: test/run's programs are
# compiled at -O0 and -O2 by their own tests, which fail on a crash.
set -u
cucpu=$1
shift
shard=${SHARD:-0/1}
skip=${SKIP:-/nonexistent}
index=${shard%/*}
shards=${shard#*/}
status=0
count=0
position=0
while IFS= read -r file; do
  position=$((position + 1))
  if [ $(((position - 1) % shards)) -ne "$index" ]; then
    continue
  fi
  for level in -O0 -O1 -O2 -O3; do
    out=$("$cucpu" "$level" -S -emit-llvm "$file" -o /dev/null 2>&1)
    rc=$?
    count=$((count + 1))
    if [ "$rc" -gt 1 ] || grep -q "PLEASE submit a bug report\|Assertion .* failed\|Stack dump" <<<"$out"; then
      echo "CRASH ($rc): cucpu $level $file"
      echo "$out" | head -20
      status=1
    fi
  done
done < <(find "$@" -name '*.cu' -not -path "$skip/*" | sort)
echo "compiled $count file/level pairs"
exit $status
