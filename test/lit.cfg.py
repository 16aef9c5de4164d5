# lit configuration of the cucpu test suite: FileCheck tests of the passes and
# of the frontend's MLIR, driver tests, and test/run/ programs that execute.
import os
import shutil
import sys

import lit.formats

config.name = "cucpu"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir", ".cu", ".test"]
config.excludes = ["Inputs", "unit", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py", "cgen",
                   "README.md"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.cucpu_obj_root, "test")

# Our tools first, then FileCheck and not from LLVM.
config.environment["PATH"] = os.pathsep.join(
    [config.cucpu_tools_dir, config.llvm_tools_dir, config.environment.get("PATH", "")])
# Compiled programs use the worker count the machine has unless a test says.
for var in ["CUCPU_NUM_THREADS", "OMP_NUM_THREADS"]:
    config.environment.pop(var, None)

config.substitutions.append(("%cucpu_obj_root", config.cucpu_obj_root))
config.substitutions.append(("%llvm_lib_dir", os.path.join(os.path.dirname(config.llvm_tools_dir), "lib")))
config.substitutions.append(("%cucpu_src_root", config.cucpu_src_root))
config.substitutions.append(("%cucpu-opt", os.path.join(config.cucpu_tools_dir, "cucpu-opt")))
config.substitutions.append(("%cucpu", os.path.join(config.cucpu_tools_dir, "cucpu")))
# The Python that runs lit runs the differential fuzzer (test/fuzz).
config.substitutions.append(("%python", sys.executable))

# The build-system tests run make and cmake.
for tool in ["make", "cmake", "ninja"]:
    if shutil.which(tool):
        config.available_features.add(tool)


# ptxas (from a CUDA toolkit, if one is installed) checks the PTX of the GPU
# target; the tests that need it are unsupported without it.
ptxas = shutil.which("ptxas")
if not ptxas and os.path.exists("/usr/local/cuda/bin/ptxas"):
    ptxas = "/usr/local/cuda/bin/ptxas"
if ptxas:
    config.available_features.add("ptxas")
    config.substitutions.append(("%ptxas", ptxas))

# An NVIDIA GPU with a working driver: the GPU target's programs can run.
# Found through the driver itself (no CUDA toolkit needed); its compute
# capability is the architecture the tests compile for.
def detect_cuda_gpu():
    import ctypes

    try:
        cuda = ctypes.CDLL("libcuda.so.1")
    except OSError:
        return None
    count = ctypes.c_int(0)
    if cuda.cuInit(0) != 0 or cuda.cuDeviceGetCount(ctypes.byref(count)) != 0:
        return None
    if count.value == 0:
        return None
    device = ctypes.c_int(0)
    major, minor = ctypes.c_int(0), ctypes.c_int(0)
    if cuda.cuDeviceGet(ctypes.byref(device), 0) != 0:
        return None
    # CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR/MINOR.
    cuda.cuDeviceGetAttribute(ctypes.byref(major), 75, device)
    cuda.cuDeviceGetAttribute(ctypes.byref(minor), 76, device)
    return "sm_%d%d" % (major.value, minor.value)


cuda_gpu_arch = detect_cuda_gpu()
if cuda_gpu_arch:
    config.available_features.add("cuda-gpu")
    config.substitutions.append(("%cuda_gpu_arch", cuda_gpu_arch))

# A compiler or program that hangs fails its test instead of stalling the
# suite (lit needs psutil for this).
try:
    import psutil  # noqa: F401

    lit_config.maxIndividualTestTime = 600
except ImportError:
    lit_config.warning("psutil is not installed: tests run without a time limit")

# glibc's vector math library, which device code calls by default on x86-64
# Linux (-fveclib=libmvec).
import platform
if platform.machine() == "x86_64" and platform.system() == "Linux" and \
        platform.libc_ver()[0] == "glibc":
    config.available_features.add("libmvec")

# AVX-512 on the host: kernels launched with short rows then prefer 512-bit
# vectors.
try:
    with open("/proc/cpuinfo") as cpuinfo:
        if " avx512f" in cpuinfo.read():
            config.available_features.add("avx512f")
except OSError:
    pass
