#!/bin/sh
# Writes decoy NVIDIA headers into $1: each stops the compile if it is used.
set -e
mkdir -p "$1/crt"
for h in cuda_runtime.h cuda_runtime_api.h driver_types.h cuda.h \
         vector_types.h cuda_fp16.h nvToolsExt.h library_types.h \
         crt/host_defines.h; do
  echo '#error "a decoy NVIDIA header was used"' > "$1/$h"
done
