#!/usr/bin/env python3
"""Prints the layout (field offsets, sizes, alignment) of every named OpenMP record a header
defines, sorted by name, as clang computes it.

usage: layouts.py COMPILER HEADER [include flags...]
"""
import re
import subprocess
import sys

cc, header, flags = sys.argv[1], sys.argv[2], sys.argv[3:]
src = "#include <%s>\n" % header
out = subprocess.run([cc, "-fopenmp", "-fsyntax-only", "-x", "c", "-", "-Xclang",
                      "-fdump-record-layouts-complete"] + flags,
                     input=src, capture_output=True, text=True, check=True).stdout
records = {}
for block in out.split("*** Dumping AST Record Layout")[1:]:
    lines = [l.rstrip() for l in block.strip().splitlines()]
    m = re.match(r"\s*0 \| (struct|union) (\w+)$", lines[0])
    if not m or not re.match(r"(_?ompt|_?ompd|omp|kmp)", m.group(2)):
        continue
    # Unnamed members are named by where they are declared: keep only that they are unnamed.
    records[m.group(2)] = re.sub(r"\(unnamed at [^)]*\)", "(unnamed)", "\n".join(lines))
for name in sorted(records):
    print(records[name])
    print()
