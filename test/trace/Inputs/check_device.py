#!/usr/bin/env python3
"""Checks the device lanes of a glass-trace JSON (PREFIX.json): the slices made from device trace
records (args.device_record) lie on tracks named "device N" (or "device N lane L"), one device
per track, without overlapping on a track; each names the target construct that issued it
(args.target_id, with the construct's location) and starts no earlier than it (--slack-us,
default 2: the clocks are mapped by sampling). Prints one line per device with its kernels,
copies and bytes per direction, then the most records it had in progress at one instant (which
must be its number of tracks), for FileCheck."""
import argparse
import json
import sys


def at_once(slices, touching):
    """The most slices in progress at one instant; touching: whether one that ends as another
    starts counts as overlapping it."""
    ns = [(round(float(e["ts"]) * 1000), round(float(e["dur"]) * 1000)) for e in slices]
    edges = sorted([(t, -1 if touching else 1) for t, _ in ns] +
                   [(t + d, 1 if touching else -1) for t, d in ns])
    n = most = 0
    for _, step in edges:
        n += -step if touching else step
        most = max(most, n)
    return most


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("prefix")
    ap.add_argument("--slack-us", type=float, default=2.0)
    args = ap.parse_args()
    data = json.load(open(args.prefix + ".json"))
    events = data["traceEvents"]
    names = {e["tid"]: e["args"]["name"] for e in events
             if e.get("ph") == "M" and e.get("name") == "thread_name"}
    slices = [e for e in events if e.get("ph") == "X"]
    targets = {e["args"]["target_id"]: e for e in slices
               if e.get("cat") == "target" and "target_id" in e.get("args", {})}
    errors, per_dev, by_tid = [], {}, {}
    for e in slices:
        a = e.get("args", {})
        if not a.get("device_record"):
            continue
        lane = names.get(e["tid"], "")
        if not lane.startswith("device "):
            errors.append("a device record on track %r" % lane)
        dev = lane.split()[1] if lane.startswith("device ") else "?"
        by_tid.setdefault(e["tid"], []).append(e)
        t = targets.get(a.get("target_id"))
        if not t:
            errors.append("%s: no target construct with id %s" % (e["name"], a.get("target_id")))
        elif t["args"].get("location") != a.get("location"):
            errors.append("%s: location %s, its construct's %s" % (e["name"], a.get("location"),
                                                                  t["args"].get("location")))
        elif float(e["ts"]) + args.slack_us < float(t["ts"]):
            errors.append("%s starts before its construct" % e["name"])
        d = per_dev.setdefault(dev, {"kernels": 0, "to": 0, "from": 0, "to_bytes": 0,
                                     "from_bytes": 0})
        if e["name"].startswith("device: kernel"):
            d["kernels"] += 1
        elif e["name"].startswith("device: copy to device"):
            d["to"] += 1
            d["to_bytes"] += a.get("bytes", 0)
        elif e["name"].startswith("device: copy from device"):
            d["from"] += 1
            d["from_bytes"] += a.get("bytes", 0)
    for tid, v in by_tid.items():
        v.sort(key=lambda e: float(e["ts"]))
        for x, y in zip(v, v[1:]):
            if float(x["ts"]) + float(x["dur"]) > float(y["ts"]) + 0.001:
                errors.append("overlap on %s: %s and %s" % (names.get(tid), x["name"], y["name"]))
    for dev in sorted(per_dev):
        d = per_dev[dev]
        print("device %s: %d kernel(s), %d copies to (%d bytes), %d from (%d bytes)" %
              (dev, d["kernels"], d["to"], d["to_bytes"], d["from"], d["from_bytes"]))
        tids = [tid for tid in by_tid if names.get(tid, "").split()[1:2] == [dev]]
        recs = [e for tid in tids for e in by_tid[tid]]
        most, most_touching = at_once(recs, False), at_once(recs, True)
        print("device %s: at most %d record(s) at once" % (dev, most))
        # Each record takes the first free lane, so there are as many lanes as records overlap
        # (the tool's clock is finer than the JSON's nanoseconds: records that touch here may
        # have overlapped there).
        if not most <= len(tids) <= most_touching:
            errors.append("device %s: %d tracks for at most %d records at once"
                          % (dev, len(tids), most))
    for e in errors:
        print("check_device: " + e)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
