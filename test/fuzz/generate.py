#!/usr/bin/env python3
"""Prints the random CUDA test program of a seed: generate.py SEED [-o FILE]."""
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cgen.gen import generate  # noqa: E402
from cgen.emit import emit_program  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("seed", type=int)
    ap.add_argument("-o", "--output")
    ap.add_argument("--kernels", type=int, default=None, help="number of kernels (default 8-12)")
    a = ap.parse_args()
    text = emit_program(generate(a.seed, a.kernels))
    if a.output:
        with open(a.output, "w") as f:
            f.write(text)
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()
