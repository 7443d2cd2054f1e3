#!/usr/bin/env python3
"""Checks that what the docs and the comments name exists.

Two kinds of reference are checked, in every Markdown file and in the comments of every source
file of the repository:
  - file paths (runtime/barrier.c, docs/abi.md, task_deps.c, Inputs/locks.c): the file must be
    in the tree (a bare name or a relative path may live in any folder);
  - Glass-looking identifiers: in Markdown inside `backticks`, in comments anywhere. Names with
    the prefixes glass_, __kmpc_, omp_, ompt_, kmp_, ompc_ must occur in code (comments
    stripped) somewhere in the tree, include/omp.h and include/omp-tools.h included. A name
    written as a family (`__kmpc_atomic_*`, `__kmpc_dispatch_init_X`, `{4,8}` lists, or the
    stem `__kmpc_dispatch_next` of _4 ... _8u) is checked as a prefix; names made by token
    pasting (`__kmpc_atomic_##NAME`) count as defined. Uppercase GLASS_* names (macros,
    environment variables) are checked the same way.

Names that are right to mention although Glass does not define them (libomp's exports Glass
leaves out, libomptarget's entry points, placeholders in examples) are in ALLOWED below, each
with its reason. Prints one line per missing thing, as file:line: kind 'name', and exits 1.
Run it from anywhere: scripts/check-docs.py [repo-root]; --self-test checks the checker on a
small tree of known good and bad references.
"""
import os
import re
import subprocess
import sys

# Named in docs or comments on purpose, defined nowhere in Glass. Keep the reason.
ALLOWED = {
    # libomp exports Glass leaves out on purpose (docs/internals.md, "libomp's exports...").
    "__kmpc_omp_get_target_async_handle_ptr": "libomptarget-only import",
    "__kmpc_proxy_task_completed": "proxy tasks: target nowait only",
    "__kmpc_proxy_task_completed_ooo": "proxy tasks: target nowait only",
    "__kmpc_sections_init": "no compiler in scope emits it",
    "__kmpc_next_section": "no compiler in scope emits it",
    "__kmpc_end_sections": "no compiler in scope emits it",
    "__kmpc_for_collapsed_init": "no compiler in scope emits it",
    "__kmpc_calc_original_ivs_rectang": "no compiler in scope emits it",
    "__kmpc_process_loop_nest_rectang": "no compiler in scope emits it",
    "__kmpc_invoke_task_func": "libomp internal export",
    "__kmpc_push_target_tripcount_mapper": "exported by libomptarget, not libomp",
    "__kmpc_push_target_tripcount": "exported by libomptarget, not libomp",
    "__kmpc_nvptx_teams_reduce_nowait_v2": "LLVM device runtime",
    "__kmpc_target_init": "LLVM device runtime",
    "__kmpc_parallel_51": "LLVM device runtime",
    "kmp_set_thread_affinity_mask_initial": "libomptarget-only import",
    "kmp_threadprivate_insert": "libomp internal export",
    "kmp_threadprivate_insert_private_data": "libomp internal export",
    "kmp_max_mem_alloc": "libomp internal data",
    "kmp_mutex_impl_info": "libomp internal data",
    "kmp_diag": "libomp internal data",
    "ompt_libomp_connect": "libomp/libomptarget private interface",
    "ompt_libomptarget_connect": "libomptarget 19's private interface",
    "kmp_depnode_t": "libomp's private dependence record",
    "kmp_depnode_list_t": "libomp's private dependence record",
    "kmp_f_debug": "libomp internal data",
    "omp_lock_kind": "Fortran omp_lib kind parameter",
    "kmp_routine_entry": "libomp's name for the task entry type",
    "kmp_critical_name": "the compiler's name for the critical lock word",
    "kmp_task_t": "libomp's name of the task header (Glass: glass_kmp_task_t)",
    "kmp_taskred_input_t": "libomp's name of the reduction item",
    "omp_all_memory": "a clause keyword, not a symbol",
    "omp_offloading_entries": "ELF section of clang 14/19's offload entries",
    "omp_null_mem_space": "LLVM 22 omp.h constant (Glass accepts its value)",
    "omp_atv_device": "LLVM 22 omp.h constant (Glass accepts its value)",
    "omp_target_is_accessible": "libomptarget 22 export",
    "omp_get_device_from_uid": "libomptarget 22 export",
    "omp_get_uid_from_device": "libomptarget 22 export",
    "ompx_all_memory": "LLVM extension encoding",
}
# Families: a mention starting with one of these is fine.
ALLOWED_PREFIXES = {
    "__kmp_": "libomp internal exports",
    "___kmp_": "libomp internal exports",
    "kmp_a_debug": "libomp internal data",
    "__tgt_": "libomptarget ABI (offload, docs/abi.md)",
    "ompx_": "LLVM extensions",
    "llvm_omp_": "libomptarget exports",
    "omp_target_": "libomptarget exports (Glass has host versions of some)",
}

PREFIX = r"(?:__kmpc_|glass_|ompt_|omp_|ompc_|kmp_|GLASS_)"
IDENT = re.compile(r"(?<![\w.$/-])(" + PREFIX + r"\w*)([*{\[])?")
EXTS = "c|h|S|md|py|sh|def|map|cfg|in|js|cmake|txt|json"
PATH = re.compile(r"(?<![\w.$%/*-])((?:[\w.-]+/)*\w[\w-]*\.(?:" + EXTS + r"))(?![\w/-]|\.\w)")
# The engineers' notes the repository grew from: not part of a clone (docs/design.md and
# docs/abi.md hold what they said).
OUTSIDE = re.compile(r"\babi-notes\b|\bDESIGN\.md\b|(?<![\w/.-])(?:\.\./)*shared/")
SOURCE_EXTS = (".c", ".h", ".S", ".def", ".js")
HASH_EXTS = (".py", ".sh", ".cfg", ".cmake", ".txt", ".in", ".test")
# Paths that name files outside the tree on purpose: generated outputs, other projects' files,
# examples of user programs.
PATH_OK = re.compile(
    r"^(?:prog|foo|bar|x|a|t\d\d\w*|c\d\d\w*|x\d\d|f\d\d|main|tool|my_?tool|OmptTracing|"
    r"cupti|omp_lib|lit|lit\.site\.cfg|results|trace|out|perf|glass|libomp|file|PREFIX|NAME|"
    r"nowhere|std\w+|unistd|pthread|sched|signal|dlfcn|errno|limits|string|math|time|.*\.so(\.\d+)*)"
    r"\.\w+$|^(?:/|build|out|Output|exports/|corpus/|tgt/|vertest/|pkgs/|%)")


def tracked(root):
    try:
        out = subprocess.run(["git", "-C", root, "ls-files", "--cached", "--others",
                              "--exclude-standard"], capture_output=True, text=True, check=True)
        return sorted(set(out.stdout.split()))
    except (OSError, subprocess.CalledProcessError):
        files = []
        for d, dirs, names in os.walk(root):
            dirs[:] = [x for x in dirs if not x.startswith((".", "build", "Output"))]
            files += [os.path.relpath(os.path.join(d, n), root) for n in names]
        return sorted(files)


def read(root, f):
    try:
        with open(os.path.join(root, f), encoding="utf-8") as fh:
            return fh.read()
    except (OSError, UnicodeDecodeError):
        return None


C_TOKENS = re.compile(r'//[^\n]*|/\*.*?\*/|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'', re.S)


def split_c(text):
    """(code, [(line, comment text)]) of a C-like file; strings stay in the code."""
    code, comments, pos = [], [], 0
    for m in C_TOKENS.finditer(text):
        code.append(text[pos:m.start()])
        tok = m.group(0)
        if tok.startswith(("//", "/*")):
            comments.append((text.count("\n", 0, m.start()) + 1, tok))
            code.append("\n" * tok.count("\n"))
        else:
            code.append(tok)
        pos = m.end()
    code.append(text[pos:])
    return "".join(code), comments


def split_hash(text):
    code, comments = [], []
    for i, line in enumerate(text.splitlines(), 1):
        m = re.search(r"(?:^|\s)#(?!include|define|if|endif|else|!)", line)
        if m:
            comments.append((i, line[m.start():]))
            code.append(line[:m.start()])
        else:
            code.append(line)
    return "\n".join(code), comments


def split_md(text):
    """Backtick spans (identifiers are checked there), as (line, text). A span may wrap onto the
    next line; fenced code blocks are left out (shell commands, program text)."""
    lines = text.split("\n")
    fenced = False
    for i, line in enumerate(lines):
        if line.lstrip().startswith("```"):
            fenced = not fenced
            lines[i] = ""
        elif fenced:
            lines[i] = ""
    # Pair backticks within a paragraph, so one stray backtick cannot shift a whole file.
    spans, start = [], 0
    for para in re.split(r"(\n\s*\n)", "\n".join(lines)):
        spans += [(start + para.count("\n", 0, m.start()) + 1, m.group(1))
                  for m in re.finditer(r"`([^`]+)`", para)]
        start += para.count("\n")
    return spans


# Pages about suites kept outside the repository (LLVM's tests, docs/conformance.md): the test
# files and names they cite are that suite's, not the tree's: only Glass's own names (glass_*,
# GLASS_*) are checked there.
EXTERNAL_SUITE_DOCS = {"docs/conformance.md"}


def check(root):
    """(missing references as 'file:line: ...' lines, number of references, number of files)."""
    files = tracked(root)
    fileset = set(files)
    basenames = {os.path.basename(f) for f in files}
    suffixes = set()
    for f in files:
        parts = f.split("/")
        suffixes.update("/".join(parts[i:]) for i in range(len(parts)))
    code_idents, pasted, refs = set(), set(), []  # refs: (file, line, kind, name, prefix?)

    def idents(f, line, text, prefixes=True):
        for m in IDENT.finditer(text):
            name, fam = m.group(1), m.group(2)
            if re.search(r"[a-z\d]_[A-Z]$", name):  # a placeholder: __kmpc_dispatch_init_X
                name, fam = name[:-1], "_"
            if f in EXTERNAL_SUITE_DOCS and not name.lower().startswith("glass"):
                continue  # that suite's test and internal names; Glass's own still checked
            refs.append((f, line + text.count("\n", 0, m.start()), "identifier", name,
                         bool(fam) or name.endswith("_")))

    def paths(f, line, text):
        for m in OUTSIDE.finditer(text):
            refs.append((f, line + text.count("\n", 0, m.start()), "outside", m.group(0), False))
        for m in PATH.finditer(text):
            refs.append((f, line + text.count("\n", 0, m.start()), "file", m.group(1), False))

    for f in files:
        text = read(root, f)
        if text is None:
            continue
        if f.endswith(SOURCE_EXTS):
            code, comments = split_c(text)
        elif f.endswith(HASH_EXTS) or os.path.basename(f) in ("CMakeLists.txt", "run"):
            code, comments = split_hash(text)
        elif f.endswith(".map"):
            code, comments = split_c(text)
        elif f.endswith(".md"):
            for line, span in split_md(text):
                idents(f, line, span)
            if f not in EXTERNAL_SUITE_DOCS:
                for i, line in enumerate(text.splitlines(), 1):
                    paths(f, i, line)
            continue
        else:
            continue
        code_idents.update(re.findall(r"[A-Za-z_]\w*", code))
        pasted.update(re.findall(r"(\w+)\s*##", code))
        for line, c in comments:
            idents(f, line, c)
            paths(f, line, c)

    missing = []
    for f, line, kind, name, family in refs:
        rel = os.path.normpath(os.path.join(os.path.dirname(f), name))
        if kind == "file" and OUTSIDE.search(name):
            continue  # reported once, as "outside"
        if kind == "outside" or kind == "file" and rel.startswith(".."):
            missing.append("%s:%d: '%s' names notes outside the repository, which a clone "
                           "cannot read (docs/design.md and docs/abi.md hold them)" %
                           (f, line, name))
            continue
        if kind == "file":
            if name in fileset or name in suffixes or os.path.basename(name) in basenames:
                continue
            if PATH_OK.search(name) or PATH_OK.search(os.path.basename(name)):
                continue
            if rel in fileset:
                continue
        else:
            if name in ALLOWED or name.startswith(tuple(ALLOWED_PREFIXES)):
                continue
            if name in code_idents:
                continue
            if name.rstrip("_") in code_idents:  # a family written `name_*` or `name_X`
                continue
            # A family by its stem (`__kmpc_dispatch_next` for _4 ... _8u), or a name made by
            # token pasting (`__kmpc_atomic_##NAME`).
            stem = name if family else name + "_"
            if any(i.startswith(stem) for i in code_idents):
                continue
            # Only the ABI families are generated by pasting; `ompt_##name` and the like would
            # let every name of their namespace through.
            if any(name.startswith(p) and p.startswith("__kmpc_") and len(p) > 7 for p in pasted):
                continue
        missing.append("%s:%d: %s '%s' does not exist in the tree" % (f, line, kind, name))
    return missing, len(refs), len(files)


# A small tree with one reference of each kind that must be reported, and some that must not.
SELF_TEST = {
    "runtime/core.c": "// Sets up ids (ids.c, runtime/gone.c); see runtime/core.h and glass_real.\n"
                      "// glass_gone() was removed. `GLASS_EV_*` too; __kmpc_fam_4 is a family. ompt_gone\n"
                      "#define CB(n) ompt_##n\n"
                      "int glass_real(void) { return 0; }\nvoid __kmpc_fam_4(void) {}\n"
                      "const char *s = \"glass_in_string\";\n",
    "runtime/core.h": "int glass_real(void); /* see docs/x.md */\n",
    "docs/x.md": "Calls `glass_real()`, `__kmpc_fam_X`, `__kmpc_fam`, `omp_nothing` and\n"
                 "`glass_in_string`; see ../shared/DESIGN.md and [core](../runtime/core.c).\n",
}
SELF_EXPECT = ["runtime/core.c:1: file 'ids.c'", "runtime/core.c:1: file 'runtime/gone.c'",
               "runtime/core.c:2: identifier 'glass_gone'", "runtime/core.c:2: identifier 'GLASS_EV_'",
               "runtime/core.c:2: identifier 'ompt_gone'",
               "docs/x.md:1: identifier 'omp_nothing'", "docs/x.md:2: '../shared/'",
               "docs/x.md:2: 'DESIGN.md'"]


def self_test():
    import tempfile
    with tempfile.TemporaryDirectory() as root:
        for f, text in SELF_TEST.items():
            os.makedirs(os.path.join(root, os.path.dirname(f)), exist_ok=True)
            with open(os.path.join(root, f), "w") as fh:
                fh.write(text)
        missing = check(root)[0]
    found = [e for e in SELF_EXPECT if any(m.startswith(e) for m in missing)]
    extra = [m for m in missing if not any(m.startswith(e) for e in SELF_EXPECT)]
    for e in SELF_EXPECT:
        if e not in found:
            print("check-docs self-test: not reported: %s" % e)
    for m in extra:
        print("check-docs self-test: reported wrongly: %s" % m)
    return 0 if len(found) == len(SELF_EXPECT) and not extra else 1


def main():
    if sys.argv[1:] == ["--self-test"]:
        return self_test()
    root = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else
                           os.path.join(os.path.dirname(__file__), ".."))
    missing, nrefs, nfiles = check(root)
    for m in missing:
        print(m)
    sys.stdout.flush()
    if missing:
        print("check-docs: %d reference(s) to missing files or functions; fix the text, or add "
              "the name to ALLOWED in scripts/check-docs.py with its reason" % len(missing),
              file=sys.stderr)
        return 1
    print("check-docs: %d references in %d files, all present" % (nrefs, nfiles))
    return 0


if __name__ == "__main__":
    sys.exit(main())
