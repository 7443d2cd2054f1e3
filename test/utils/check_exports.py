#!/usr/bin/env python3
"""Checks what a libomp.so.5 exports: soname, dependencies, and that every defined dynamic
symbol is an ABI name carrying the version node VERSION (ompt_start_tool weak;
ompt_libomp_connect is how an offload runtime reaches the tool, as in LLVM's libomp).
Prints one line per finding and 'exports ok: N symbols' when all is well."""
import re
import subprocess
import sys

lib = sys.argv[1]
bad = 0
dyn = subprocess.run(["objdump", "-p", lib], capture_output=True, text=True, check=True).stdout
soname = re.search(r"SONAME\s+(\S+)", dyn)
print("soname", soname.group(1) if soname else None)
for needed in re.findall(r"NEEDED\s+(\S+)", dyn):
    # A sanitizer build (GLASS_SANITIZE) also needs the sanitizers' runtimes.
    if not re.match(r"(libc|libdl|libpthread|libm|ld-linux[-\w]*|libasan|libubsan|libhwloc)\.so", needed):
        print("unexpected dependency", needed)
        bad += 1
api = re.compile(r"^(__kmpc_|omp_|ompc_|kmp_|kmpc_|ompt_start_tool$|ompt_libomp_connect$)")
count = 0
for line in subprocess.run(["objdump", "-T", lib], capture_output=True, text=True,
                           check=True).stdout.splitlines():
    m = re.match(r"^[0-9a-f]+ (.{7}) (\S+)\s+[0-9a-f]+\s+(\S+)\s+(\S+)$", line)
    if not m:
        continue
    flags, section, version, name = m.groups()
    if section == "*UND*":
        continue
    if name == version:  # the version definition's own symbol
        continue
    count += 1
    if version != "VERSION":
        print("no VERSION node:", name, version)
        bad += 1
    if not api.match(name):
        print("not an ABI name:", name)
        bad += 1
    if name == "ompt_start_tool" and "w" not in flags:
        print("ompt_start_tool is not weak")
        bad += 1
print("exports ok: %d symbols" % count if not bad else "exports: %d problems" % bad)
sys.exit(1 if bad else 0)
