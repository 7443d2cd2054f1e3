#!/usr/bin/env python3
"""Checks the printer's registration output (GLASS_PRINTER_REGISTRATION=1) against the
runtime's own lists: every callback of ompt/callbacks.def answers what the list says, every
state of ompt/states.def is enumerated once with the value omp-tools.h gives it, and the mutex
implementations are those of ompt/mutex_impls.def. The lists are the single source the
runtime is generated from; this test proves the generation and the enumerations agree."""
import re
import sys

root, out = sys.argv[1], sys.argv[2]
text = open(out).read()
errors = []

got = dict(re.findall(r"set_callback (\w+)=(\w+)", text))
for name, answer in re.findall(r"^GLASS_OMPT_CALLBACK\((\w+), *\d+, *\w+, *(\w+)\)",
                               open(root + "/ompt/callbacks.def").read(), re.M):
    if got.get(name) != answer:
        errors.append("callback %s: list says %s, runtime answered %s" % (name, answer, got.get(name)))

values = {n: int(v, 0) for n, v in re.findall(r"\bompt_state_(\w+) *= *(0x[0-9a-fA-F]+|\d+)",
                                               open(root + "/include/omp-tools.h").read())}
listed = re.findall(r"^GLASS_OMPT_STATE\((\w+)\)", open(root + "/ompt/states.def").read(), re.M)
enumerated = [(n, int(v, 16)) for n, v in re.findall(r"state ompt_state_(\w+)=(0x[0-9a-f]+)", text)]
expected = [(n, values[n]) for n in listed if n != "undefined"]
if enumerated != expected:
    errors.append("states enumerated %s, expected %s" % (enumerated, expected))

impls = re.findall(r"mutex_impl (\w+)=(\d+)", text)
listed = [(n, v) for n, v, _ in re.findall(r"^GLASS_OMPT_MUTEX_IMPL\((\w+), *(\d+), *\"(\w+)\"\)",
                                           open(root + "/ompt/mutex_impls.def").read(), re.M)
          if v != "0"]
if impls != listed:
    errors.append("mutex implementations %s, expected %s" % (impls, listed))

for e in errors:
    print("error:", e)
print("registration: %d callbacks, %d states, %d mutex implementations checked" %
      (len(got), len(enumerated), len(impls)))
sys.exit(1 if errors else 0)
