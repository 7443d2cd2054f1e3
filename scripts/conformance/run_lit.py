#!/usr/bin/env python3
"""Runs lit on LLVM's OpenMP and offload test folders with this directory's lit.cfg.py in place of
each folder's own lit.cfg (lit's config_map), so the extracted suite stays pristine.

Usage: run_lit.py LIT_DIR SRC [lit arguments...]
  LIT_DIR  directory holding lit's Python package (e.g. /usr/lib/llvm-22/utils/lit)
  SRC      the extracted tree (holds openmp/ and offload/)
"""
import os
import sys


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    lit_dir, src = sys.argv[1], os.path.realpath(sys.argv[2])
    sys.path.insert(0, lit_dir)
    from lit.main import main as lit_main

    ours = os.path.join(os.path.dirname(os.path.realpath(__file__)), "lit.cfg.py")
    folders = ("openmp/runtime/test", "openmp/tools/multiplex/tests", "openmp/tools/archer/tests",
               "offload/test")
    config_map = {os.path.normcase(os.path.join(src, f, "lit.cfg")): ours for f in folders}
    sys.argv = [sys.argv[0]] + sys.argv[3:]
    lit_main({"config_map": config_map})


if __name__ == "__main__":
    main()
