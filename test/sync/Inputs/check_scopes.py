# Reads the printer's event lines and checks, per thread, that <name>_begin and <name>_end
# alternate (each begin has its end on the same thread, with the same task). Prints a summary.
import re
import sys
from collections import defaultdict

name = sys.argv[1]
pat = re.compile(r"^(\d+): %s_(begin|end) .*task=(\d+)" % re.escape(name))
open_ = {}
begins = defaultdict(int)
ends = defaultdict(int)
errors = 0
for line in sys.stdin:
    m = pat.match(line)
    if not m:
        continue
    th, ep, task = m.groups()
    if ep == "begin":
        if th in open_:
            errors += 1
        open_[th] = task
        begins[th] += 1
    else:
        if open_.pop(th, None) != task:
            errors += 1
        ends[th] += 1
errors += len(open_)
print("threads=%d begins=%d ends=%d errors=%d" % (
    len(begins), sum(begins.values()), sum(ends.values()), errors))
