#!/bin/bash
# Compiles every test/run program for the GPU and assembles its PTX with
# ptxas. The programs listed in UNSUPPORTED use what the GPU target does not
# implement yet; they must fail with a clear error saying so, the others must
# compile and assemble. Prints one line per program.
#
# Usage: assemble-programs.sh CUCPU PTXAS RUN_DIR TMP_DIR
set -u
cucpu=$1 ptxas=$2 rundir=$3 tmp=$4
arch=sm_80
mkdir -p "$tmp"

# program -> why it is expected to fail (none at present).
declare -A UNSUPPORTED=()
# program -> why ptxas would reject what the GPU target makes of it for its
# shared memory. These are not compiled: each takes minutes (CUB's radix
# sort), and what they would show is a known limit, not a check.
declare -A SHARED_MEMORY_LIMIT=(
  [cub_device_sort_select]="CUB's sm_80 radix-sort tiles and the GPU target's 16 KiB warp exchange areas exceed 48 KiB of static shared memory"
  [thrust_algorithms]="Thrust's CUDA system sorts with CUB's sm_80 radix sort (as above)"
  [thrust_device_vector_only]="Thrust's CUDA system sorts with CUB's sm_80 radix sort (as above)"
)

status=0
for source in "$rundir"/*.cu; do
  name=$(basename "$source" .cu)
  log="$tmp/$name.log"
  if [[ -n "${SHARED_MEMORY_LIMIT[$name]+x}" ]]; then
    echo "LIMIT $name: not compiled: ${SHARED_MEMORY_LIMIT[$name]}"
    continue
  fi
  if "$cucpu" --cuda-gpu-arch=$arch -S "$source" -o "$tmp/$name.ptx" >"$log" 2>&1; then
    compiled=1
  else
    compiled=0
  fi
  if [[ -n "${UNSUPPORTED[$name]+x}" ]]; then
    if [[ $compiled == 0 ]] && grep -q "has no implementation on the GPU target" "$log"; then
      echo "UNSUPPORTED $name: ${UNSUPPORTED[$name]}"
    else
      echo "UNEXPECTED $name: expected a clear 'no implementation' error"
      status=1
    fi
    continue
  fi
  if [[ $compiled == 0 ]]; then
    echo "FAIL $name: $(grep -m1 error "$log")"
    status=1
  elif ! "$ptxas" -arch=$arch "$tmp/$name.ptx" -o "$tmp/$name.cubin" >"$log" 2>&1; then
    echo "FAIL $name: ptxas: $(head -1 "$log")"
    status=1
  else
    echo "OK $name"
  fi
done
exit $status
