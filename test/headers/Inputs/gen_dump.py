#!/usr/bin/env python3
"""Generates a C++ program that prints a fingerprint of a header: every enumerator's value,
every typedef's type (its C++ type name, which spells out function signatures) and size, and the
expansion of the FOREACH_* list macros. Names are taken from a reference header (LLVM's), so
compiling the program against another header proves that header defines all of them, and
diffing the two outputs proves they agree.

usage: gen_dump.py REFERENCE_HEADER INCLUDE_NAME > dump.cpp
"""
import re
import sys

ref, include = sys.argv[1], sys.argv[2]
text = open(ref).read()
# Drop comments so names mentioned in prose are not picked up.
text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
text = re.sub(r"//[^\n]*", "", text)

prefix = r"(?:ompt|ompd|omp|kmp|llvm_omp|KMP)_"
enumerators = []
for body in re.findall(r"enum[^{;]*\{(.*?)\}", text, flags=re.S):
    for item in body.split(","):
        m = re.match(r"\s*(" + prefix + r"\w+)", item)
        if m and m.group(1) not in enumerators:
            enumerators.append(m.group(1))

typedefs = []


def typedef_decls(src):
    """Each `typedef ... ;` with the `;` taken at brace depth 0 (struct bodies have their own)."""
    for m in re.finditer(r"\btypedef\b", src):
        depth, i = 0, m.end()
        while i < len(src):
            c = src[i]
            depth += c == "{"
            depth -= c == "}"
            if c == ";" and depth == 0:
                break
            i += 1
        yield src[m.end():i]


for decl in typedef_decls(text):
    fn = re.search(r"\(\s*\*\s*(\w+)\s*\)", decl)
    if fn and "{" not in decl:
        name = fn.group(1)
    else:
        tail = re.findall(r"(\w+)\s*(?:DEPRECATED_51)?\s*$", decl.strip())
        name = tail[-1] if tail else None
    if name and re.match(prefix, name) and name not in typedefs:
        typedefs.append(name)
# Deprecated aliases may carry attributes that typeid does not care about; keep them.

lists = [m for m in re.findall(r"#\s*define\s+(FOREACH_\w+)\s*\(macro\)", text)]

out = []
out.append("#include <%s>" % include)
out.append("#include <cstdio>\n#include <typeinfo>")
out.append("#define E(n) std::printf(\"enum %s = %lld\\n\", #n, (long long)(n));")
out.append("template <typename T, typename = decltype(sizeof(T))> constexpr size_t size_of(int) { return sizeof(T); }")
out.append("template <typename T> constexpr size_t size_of(...) { return 0; }")
# typeid of a pointer works for incomplete (opaque) types too and still spells the type out.
out.append("#define T(n) std::printf(\"type %s = %s size %zu\\n\", #n, typeid(n *).name(), size_of<n>(0));")
out.append("#define L1(a) std::printf(\"  %s\\n\", #a);")
out.append("#define L2(a, b) std::printf(\"  %s %lld\\n\", #a, (long long)(b));")
out.append("#define L3(a, t, b) std::printf(\"  %s %s %lld\\n\", #a, #t, (long long)(b));")
out.append("int main() {")
for e in enumerators:
    out.append("  E(%s)" % e)
for t in typedefs:
    out.append("  T(%s)" % t)
arity = {"FOREACH_OMPT_INQUIRY_FN": "L1", "FOREACH_OMPT_STATE": "L2", "FOREACH_KMP_MUTEX_IMPL": "L2"}
for l in lists:
    out.append("  std::printf(\"list %s\\n\");" % l)
    out.append("  %s(%s)" % (l, arity.get(l, "L3")))
out.append("  return 0;\n}")
print("\n".join(out))
