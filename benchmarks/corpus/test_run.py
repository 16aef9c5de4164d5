#!/usr/bin/env python3
"""Tests of the corpus harness's own logic (no HeCBench, no compiler needed):
python3 benchmarks/corpus/test_run.py"""

import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import run  # noqa: E402


class YamlSubset(unittest.TestCase):
    TEXT = """# comment
alpha:
  categories: [algorithms]
  models: [cuda, omp]
  test:
    regex: '(?:time: )([0-9.+-e]+)(?: ''ms'')'
    args: ["10", "-x", "../a-cuda/in.txt"]
    timeout: 300

beta:
  categories: [ml]
  models: [cuda]
  # No test metadata available
"""

    def test_parse(self):
        y = run.parse_yaml_subset(self.TEXT)
        self.assertEqual(y["alpha"]["models"], ["cuda", "omp"])
        self.assertEqual(y["alpha"]["test"]["args"], ["10", "-x", "../a-cuda/in.txt"])
        self.assertEqual(y["alpha"]["test"]["regex"], "(?:time: )([0-9.+-e]+)(?: 'ms')")
        self.assertEqual(y["alpha"]["test"]["timeout"], 300)
        self.assertNotIn("test", y["beta"])


class Classify(unittest.TestCase):
    RE = r"(?:Average time )([0-9.]+)"

    def cls(self, rc, out, check="pass+fail", regex="", missing=()):
        return run.classify_run(rc, out, check, regex, list(missing))

    def test_own_check(self):
        self.assertEqual(self.cls(0, "Average time 3.5\nPASS\n")[:2], ("PASS", "check"))
        self.assertEqual(self.cls(0, "Average time 3.5\nFAIL\n")[0], "wrong-result")
        self.assertEqual(self.cls(0, "keys PASSED\n[NOT PASSED] vals\n")[0], "wrong-result")
        self.assertEqual(self.cls(1, "Mismatch at index 4: 1 2\n")[0], "wrong-result")

    def test_counts_of_zero_are_not_failures(self):
        self.assertEqual(self.cls(0, "Number of incorrect matches: 0\n", "fail-only")[:2],
                         ("PASS", "silent-check"))
        self.assertEqual(self.cls(0, "0 mismatches\nPASS\n")[0], "PASS")

    def test_no_check(self):
        self.assertEqual(self.cls(0, "Average time 3.5\n", "none", self.RE)[:2],
                         ("PASS", "yaml-pattern"))
        self.assertEqual(self.cls(0, "done\n", "none", self.RE)[0], "ran-no-check")
        self.assertEqual(self.cls(0, "done\n", "none", "")[0], "ran-no-check")
        # An error message of the runtime is not a result check.
        self.assertEqual(self.cls(0, "cudaMalloc failed with an error\n", "none")[0],
                         "ran-no-check")

    def test_crash_and_missing_data(self):
        c, _, why = self.cls(-11, "start\n")
        self.assertEqual(c, "crash")
        self.assertIn("SIGSEGV", why)
        self.assertEqual(self.cls(1, "Error: Unable to open file in.txt\n",
                                  missing=["in.txt"])[0], "no-data")
        self.assertEqual(self.cls(3, "bad launch\n")[0], "crash")
        self.assertEqual(self.cls(1, "*** FAILED - ABORTING\n")[0], "crash")
        # Silent death on an input that is not there: no data, not a crash.
        self.assertEqual(self.cls(-11, "", missing=["toy/in.vcd"])[0], "no-data")
        self.assertEqual(self.cls(-11, "")[0], "crash")
        self.assertEqual(self.cls(134, "File data/x.in could not be opened!\n")[0],
                         "no-data")
        # A banner, then exit on an input in a folder that is not there.
        self.assertEqual(self.cls(255, "easyWave ver.1\n",
                                  missing=["/nonexistent/grids/a.grd"])[0], "no-data")
        # An output file the program did not get to write is no input.
        self.assertEqual(self.cls(255, "easyWave ver.1\n",
                                  missing=["/tmp/result.saif"])[0], "crash")


class CompareWithOpenMP(unittest.TestCase):
    def cmp(self, a, b, args=""):
        return run.compare_outputs(a, b, args)[0]

    def test_agree(self):
        a = "Average kernel time: 17.5 (us)\nChecksum: 140857020196936\n"
        b = "Average kernel time: 3.25 (us)\nChecksum: 140857020196936\nDone\n"
        self.assertEqual(self.cmp(a, b), "agree")
        # Printed precision and rounding differ within 1e-3.
        self.assertEqual(self.cmp("sum = 0.123456\n", "sum = 0.1235\n"), "agree")

    def test_differ(self):
        self.assertEqual(self.cmp("Checksum: 1408570\n", "Checksum: 1408571\n"), "agree")
        self.assertEqual(self.cmp("Checksum: 1408570\n", "Checksum: 1418570\n"), "differ")
        self.assertEqual(self.cmp("max error 1\n", "max error 0\n"), "differ")
        self.assertEqual(self.cmp("x = nan\n", "x = 1.5\n"), "differ")

    def test_nothing_to_compare(self):
        # Timings, configuration, and echoes of the arguments are no evidence.
        self.assertEqual(self.cmp("Total time 3.5 s\nThreads per block 256\n",
                                  "Total time 1.5 s\nThreads per block 1\n"), "nothing")
        self.assertEqual(self.cmp("size: 4096\n", "size: 4096\n", "4096 10"), "nothing")
        self.assertEqual(self.cmp("iterations: 10\n", "iterations: 10\n"), "nothing")
        self.assertEqual(self.cmp("result 1234.5\n", "value 1234.5\n"), "nothing")
        self.assertEqual(self.cmp("done\n", "done\n"), "nothing")


class Diagnostics(unittest.TestCase):
    def test_compile_error(self):
        log = ("cucpu -O3 -c main.cu -o main.o\n"
               "/t/src/x-cuda/main.cu:5:10: fatal error: 'thrust/sort.h' file not found\n"
               "make: *** [Makefile:50: main.o] Error 1\n")
        line, kind = run.first_error(log, "/t/src")
        self.assertEqual(kind, "compile")
        self.assertTrue(line.startswith("x-cuda/main.cu:5:10: fatal error"))
        msg = run.diag_message(line)
        self.assertEqual(run.construct_of(msg), "thrust/sort.h")
        self.assertEqual(run.template_of(msg), "'…' file not found")

    def test_link_error(self):
        log = ("/usr/bin/ld: main.o: in function `main':\n"
               "main.cu:(.text+0x1): undefined reference to `cublasCreate_v2'\n"
               "clang++: error: linker command failed with exit code 1\n")
        line, kind = run.first_error(log, "/t/src")
        self.assertEqual(kind, "link")
        self.assertEqual(run.construct_of(run.diag_message(line)), "cublasCreate_v2")
        self.assertEqual(run.template_of(run.diag_message(line)), "undefined reference to '…'")

    def test_omp_flags(self):
        f = run.omp_flags("-std=c++17 -Wall -I../a-cuda -O3 -fiopenmp "
                          "-fopenmp-targets=spir64 -D__STRICT_ANSI__ -qopenmp")
        self.assertEqual(f, "-std=c++17 -Wall -I../a-cuda -O3 -D__STRICT_ANSI__")


class SmallSizes(unittest.TestCase):
    def test_one_run(self):
        self.assertEqual(run.small_commands("./main", "100 1"),
                         ["./main 100 1"])

    def test_several_runs(self):
        self.assertEqual(
            run.small_commands("./main", "--op a --repeat 2 ; --op b --repeat 2"),
            ["./main --op a --repeat 2", "./main --op b --repeat 2"])


class Library(unittest.TestCase):
    def test_detect(self):
        with tempfile.TemporaryDirectory() as d:
            with open(os.path.join(d, "Makefile"), "w") as f:
                f.write("# -lcufft in a comment\nLDFLAGS = -lm\n")
            with open(os.path.join(d, "main.cu"), "w") as f:
                f.write('#include <stdio.h>\n#include "cusparse.h"\n')
            lib, why = run.needs_library(d)
            self.assertEqual(lib, "cuSPARSE")
            self.assertIn("main.cu", why)


if __name__ == "__main__":
    unittest.main()
