"""Checks that --config splits VAR=VALUE words from cucpu flags and that the
configuration's runs get those variables (the harness's ablation of runtime
switches)."""
import os
import sys

sys.path.insert(0, os.path.join(sys.argv[1], "benchmarks"))
from harness.cli import config_spec  # noqa: E402
from harness.runner import Harness, Impl  # noqa: E402

name, flags, env = config_spec("nohuge=CUCPU_HUGE_PAGES=0 -fno-cucpu-licm -DN=3")
print("name", name)
print("flags", flags)
print("env", sorted(env.items()))

harness = Harness.__new__(Harness)
run_env = harness.env(2, Impl(name, "cuda", flags, env))
print("run", run_env.get("CUCPU_HUGE_PAGES"), run_env["CUCPU_NUM_THREADS"])
# The thread count is the harness's, whatever a configuration says.
pinned = harness.env(1, Impl("x", "cuda", [], {"CUCPU_NUM_THREADS": "7"}))
print("threads", pinned["CUCPU_NUM_THREADS"])
print("reference", harness.env(1).get("CUCPU_HUGE_PAGES", "unset"))
