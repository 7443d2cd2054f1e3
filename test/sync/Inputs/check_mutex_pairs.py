# Reads the printer's event lines and checks, per thread, that mutex events of the given kind
# come as acquire -> acquired -> released with one wait_id, and that each thread completed the
# same number of pairs. Prints one summary line.
import re
import sys
from collections import defaultdict

kind = sys.argv[1]
pat = re.compile(r"^(\d+): mutex_(acquire|acquired|released) kind=(\S+) .*wait_id=(0x[0-9a-f]+)")
state = defaultdict(lambda: "idle")
pairs = defaultdict(int)
errors = 0
for line in sys.stdin:
    m = pat.match(line)
    if not m:
        continue
    th, ev, k, wid = m.groups()
    if k != kind:
        continue
    want = {"acquire": "idle", "acquired": "acquire", "released": "acquired"}[ev]
    cur = state[th]
    if cur != want and not (cur == "idle" and ev == "acquire"):
        errors += 1
        print("error: thread %s %s after %s" % (th, ev, cur))
    state[th] = "idle" if ev == "released" else ev
    if ev == "released":
        pairs[th] += 1
counts = set(pairs.values())
errors += sum(1 for s in state.values() if s != "idle")
print("threads=%d pairs_per_thread=%s errors=%d" % (
    len(pairs), ",".join(str(c) for c in sorted(counts)), errors))
