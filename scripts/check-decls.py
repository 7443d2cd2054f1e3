#!/usr/bin/env python3
"""Fails when a .c file declares a function (or an extern variable) that it does not define.

Internal functions are declared once, in their subsystem's header; entry points in include/omp.h
or runtime/abi/kmpc.h. A prototype typed again in a .c file escapes the compiler's check of the
definition against it, so it is refused here (CI runs this with scripts/check-docs.py)."""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DIRS = ["runtime", "ompt", "libomptarget", "tools"]
PROTO = re.compile(r"^(?!static\b|typedef\b)(?:extern\s+)?[A-Za-z_][\w\s\*]*?[\s\*](\w+)\s*\(.*\)\s*"
                   r"(?:__attribute__\s*\(\(.*\)\)\s*)?$", re.S)


def strip(src):
    """Comments, strings, preprocessor lines and the pragma brackets of Fortran names
    (GLASS_FORTRAN_BEGIN/END, which end no statement) blanked, newlines kept."""
    src = re.sub(r"\bGLASS_FORTRAN_(?:BEGIN|END)\b", "", src)
    src = re.sub(r"//[^\n]*|/\*.*?\*/", lambda m: re.sub(r"[^\n]", " ", m.group()), src, flags=re.S)
    src = re.sub(r'"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'', '""', src)
    out = []
    cont = False
    for line in src.split("\n"):
        pre = cont or line.lstrip().startswith("#")
        cont = pre and line.rstrip().endswith("\\")
        out.append("" if pre else line)
    return "\n".join(out)


def file_scope_statements(src):
    """(line, text) of each statement at brace depth 0 that ends with ';'."""
    depth, start, buf = 0, None, []
    line = 1
    for ch in src:
        if ch == "\n":
            line += 1
        if depth == 0:
            if ch == "{":
                buf, start = [], None
                depth = 1
                continue
            if ch == ";":
                yield start, "".join(buf).strip()
                buf, start = [], None
                continue
            if start is None and not ch.isspace():
                start = line
            buf.append(ch)
        else:
            depth += ch == "{"
            depth -= ch == "}"
    # what remains without ';' is a macro invocation or nothing


def assembly_functions():
    """Functions written in assembly: the one C declaration is all the compiler can check."""
    names = set()
    for d in DIRS:
        for dirpath, _, files in os.walk(os.path.join(ROOT, d)):
            for f in files:
                if f.endswith(".S"):
                    with open(os.path.join(dirpath, f), encoding="utf-8") as fh:
                        names.update(re.findall(r"\.globl\s+(\w+)", fh.read()))
    return names


def main():
    bad = []
    asm = assembly_functions()
    for d in DIRS:
        for dirpath, _, files in os.walk(os.path.join(ROOT, d)):
            for f in sorted(files):
                if not f.endswith(".c"):
                    continue
                path = os.path.join(dirpath, f)
                with open(path, encoding="utf-8") as fh:
                    src = strip(fh.read())
                for line, stmt in file_scope_statements(src):
                    # A statement after a file-scope macro invocation (no ';' of its own) starts
                    # at the last ')' that ends a line.
                    stmt = re.split(r"\)\s*\n", stmt)[-1].strip()
                    if "alias(" in stmt:
                        continue  # an alias is a definition
                    v = re.match(r"^extern\b[^(]*?(\w+)\s*(?:\[[^\]]*\])?$", stmt)
                    # libc's environ has no header of ours (POSIX declares it nowhere by default).
                    if v and d in ("runtime", "ompt") and v.group(1) != "environ":
                        bad.append(f"{os.path.relpath(path, ROOT)}:{line}: {v.group(1)} declared "
                                   "extern in a .c file: declare it in its subsystem's header")
                        continue
                    if v or "=" in stmt.split("(")[0] or "(*" in stmt:
                        continue  # a variable (possibly a function pointer)
                    m = PROTO.match(stmt)
                    if m and m.group(1) not in asm and m.group(1) not in ("__attribute__", "__typeof__"):
                        bad.append(f"{os.path.relpath(path, ROOT)}:{line}: {m.group(1)} declared "
                                   "in a .c file: declare it in its subsystem's header")
    for b in bad:
        print(b)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
