#!/usr/bin/env bash
# Compiles a self-checking program at -O0, -O2, -O3, with --cpuify=distribute
# and with each -fno-cucpu-* switch that `cucpu --help` lists (at -O2), runs
# each build and prints one line per configuration; exits non-zero when a
# build or a run fails. Usage: every-switch.sh CUCPU SOURCE TMPDIR [FLAGS...]
set -u
cucpu=$1 source=$2 tmp=$3
shift 3
mkdir -p "$tmp"
configs=("-O0" "-O2" "-O3" "-O2 --cpuify=distribute")
while read -r flag; do
  configs+=("-O2 $flag")
done < <("$cucpu" --help | grep -o -e '-fno-cucpu-[a-z0-9-]*' | sort -u)
status=0
n=0
for config in "${configs[@]}"; do
  n=$((n + 1))
  # shellcheck disable=SC2086 # a configuration is several words
  if ! "$cucpu" $config "$@" "$source" -o "$tmp/prog$n" >"$tmp/log$n" 2>&1; then
    echo "FAIL [$config]: does not compile: $(grep -m1 error "$tmp/log$n")"
    status=1
    continue
  fi
  if out=$("$tmp/prog$n" 2>&1) && grep -q '^PASS' <<<"$out"; then
    echo "PASS [$config]"
  else
    echo "FAIL [$config]: $(head -3 <<<"$out")"
    status=1
  fi
done
echo "$n configurations"
exit $status
