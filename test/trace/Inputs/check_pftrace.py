#!/usr/bin/env python3
"""Decodes a glass-trace Perfetto file (PREFIX.pftrace) with a small protobuf reader written
against Perfetto's public schema (no protobuf package needed) and checks it:

  - the file is a sequence of Trace.packet (field 1) messages, each well formed;
  - every packet sequence starts with SEQ_INCREMENTAL_STATE_CLEARED before it uses interned
    names or its incremental clock;
  - every track event refers to a described track, every name id is interned on its sequence
    before use, timestamps never go back on a track;
  - per track, SLICE_END closes the last open SLICE_BEGIN and nothing stays open at the end;
  - what trace_processor needs of a file written outside Perfetto's service: a nonzero
    trusted_packet_sequence_id on every packet; defaults, interned data and the incremental
    clock only after SEQ_INCREMENTAL_STATE_CLEARED on the sequence, and every packet that uses
    them flagged SEQ_NEEDS_INCREMENTAL_STATE; a sequence-scoped clock defined by a ClockSnapshot
    on the sequence (with a global clock to map it to) before a timestamp uses it; name ids of
    at least 1; a track described (once, the same way) before an event uses it, and a thread
    track's parent described;
  - flows: every terminating flow id was started (flow_ids) earlier in time, once, and ends
    once;
  - with --json PREFIX.json (GLASS_TRACE_FORMAT=both): exactly the same slices (name, thread,
    start, duration, device lane or not) as the JSON trace.

Options: --flows N (N, >=N or <=N flows that start and end), --count NAME=N (slices whose construct name, location removed, is NAME; N, >=N or
<=N), --tracks N (OpenMP thread tracks, device record tracks included), --lanes N (device
lanes), --device-tracks N (tracks of device trace records, "device N" and "device N lane L"), --max-bytes N, --capped
(the file must have been cut by the size cap: slices still balanced), --summary (PREFIX.txt's
invariants: inclusive >= exclusive per row, exclusive times adding up to at most threads x traced
time, per thread to at most the traced time; and each construct's exclusive time and count
against the ones the file's slices and their nesting give).
"""
import argparse
import json
import os
import re
import sys
from collections import Counter

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import check_trace  # noqa: E402

CLOCK_SEQ_MIN, CLOCK_SEQ_MAX = 64, 127


def fail(msg):
    print("check_pftrace: " + msg)
    sys.exit(1)


def varint(b, i):
    v = shift = 0
    while True:
        if i >= len(b):
            raise ValueError("truncated varint")
        c = b[i]
        i += 1
        v |= (c & 0x7F) << shift
        shift += 7
        if c < 0x80:
            return v, i
        if shift > 63:
            raise ValueError("varint too long")


def fields(b):
    """(field number, wire type, value) of a message: ints for varint/fixed, bytes for len."""
    i, out = 0, []
    while i < len(b):
        key, i = varint(b, i)
        num, wt = key >> 3, key & 7
        if num == 0:
            raise ValueError("field number 0")
        if wt == 0:
            v, i = varint(b, i)
        elif wt == 1:
            if i + 8 > len(b):
                raise ValueError("truncated fixed64")
            v = int.from_bytes(b[i:i + 8], "little")
            i += 8
        elif wt == 5:
            if i + 4 > len(b):
                raise ValueError("truncated fixed32")
            v = int.from_bytes(b[i:i + 4], "little")
            i += 4
        elif wt == 2:
            n, i = varint(b, i)
            if i + n > len(b):
                raise ValueError("truncated length-delimited field %d" % num)
            v = b[i:i + n]
            i += n
        else:
            raise ValueError("wire type %d" % wt)
        out.append((num, wt, v))
    return out


def one(fs, num, default=None):
    for n, _, v in fs:
        if n == num:
            return v
    return default


def every(fs, num):
    return [v for n, _, v in fs if n == num]


def construct(name):
    # "task fib.c:12" -> "task"; names without a location stay as they are.
    m = re.fullmatch(r"(.*?) (\S+:\d+|\S+\+0x[0-9a-f]+|\?)", name)
    return m.group(1) if m else name


IDLE, WORK, TASK, WAIT = range(4)
COUNTERS = {"threads working": (WORK, TASK), "threads in a task": (TASK,)}


def state_of(name):
    c = construct(name)
    return WAIT if c.endswith(" wait") else TASK if c == "task" else WORK


def check_counters(tracks, counters, changes):
    """Each counter sample against the threads' states recomputed from their slices: at a sample's
    time t a thread may be in the state it had before t or in any it took at t (the replay
    interleaves the threads' events of the same nanosecond), so the value must lie between the
    fewest and the most threads that can be counted then."""
    names = {d["name"]: u for u, d in tracks.items() if d["counter"]}
    if set(names) != set(COUNTERS):
        fail("counter tracks %s, expected %s" % (sorted(names), sorted(COUNTERS)))
    nthreads = sum(1 for d in tracks.values() if d["thread"])
    for name, states in COUNTERS.items():
        samples = counters.get(names[name], [])
        if changes and not samples:
            fail("counter %r has no value" % name)
        pos = {u: 0 for u in changes}
        for t, v in samples:
            if not 0 <= v <= nthreads:
                fail("counter %r: %d at %d, outside 0..%d" % (name, v, t, nthreads))
            lo = hi = 0
            for u, ch in changes.items():
                i = pos[u]
                while i < len(ch) and ch[i][0] < t:
                    i += 1
                pos[u] = i
                before = ch[i - 1][1] if i else IDLE
                can = {before}
                while i < len(ch) and ch[i][0] == t:
                    can.add(ch[i][1])
                    i += 1
                counted = {s in states for s in can}
                lo += all(counted)
                hi += any(counted)
            if not lo <= v <= hi:
                fail("counter %r: %d at %d, but the slices say %d..%d" % (name, v, t, lo, hi))


def decode(path):
    data = open(path, "rb").read()
    tracks = {}      # uuid -> description
    seqs = {}        # sequence id -> state
    slices = []      # (uuid, name, t0, t1)
    instants = []
    counters = {}    # uuid -> [(t, value)]
    changes = {}     # thread track uuid -> [(t, state)]: its innermost slice's state
    open_ = {}       # uuid -> stack of [name, t0, time of the slices directly inside]
    excl = Counter()  # summary row name -> exclusive ns, by the nesting
    last_t = {}
    flow_start, flow_end = {}, {}
    end_dur = {}     # flow id -> duration of the slice it ends at
    packets = 0
    for num, wt, pkt in fields(data):
        if num != 1 or wt != 2:
            fail("top level: field %d (wire %d) is not Trace.packet" % (num, wt))
        packets += 1
        p = fields(pkt)
        seq_id = one(p, 10)
        if not seq_id:
            fail("packet %d has no trusted_packet_sequence_id" % packets)
        st = seqs.setdefault(seq_id, {"valid": False, "names": {}, "clock": None, "t": 0,
                                      "track": None, "clocks": set()})
        flags = one(p, 13, 0)
        if flags & 1:
            st.update(valid=True, names={}, clock=None, t=0, track=None, clocks=set())
        needs = bool(flags & 2)
        cs = one(p, 6)
        if cs is not None:
            ids = [one(fields(c), 1) for c in every(fields(cs), 1)]
            if not any(i is not None and i < CLOCK_SEQ_MIN for i in ids):
                fail("sequence %d: clock snapshot without a global clock" % seq_id)
            for c in every(fields(cs), 1):
                cf = fields(c)
                cid = one(cf, 1)
                if CLOCK_SEQ_MIN <= cid <= CLOCK_SEQ_MAX:
                    if not one(cf, 3):
                        fail("sequence %d: clock %d is not incremental" % (seq_id, cid))
                    if not st["valid"]:
                        fail("sequence %d: incremental clock before the state was cleared"
                             % seq_id)
                    st["t"] = one(cf, 2, 0)
                    st["clocks"].add(cid)
        defaults = one(p, 59)
        if defaults is not None:
            if not st["valid"]:
                fail("sequence %d: packet defaults before the state was cleared" % seq_id)
            df = fields(defaults)
            st["clock"] = one(df, 58)
            ted = one(df, 11)
            if ted is not None:
                st["track"] = one(fields(ted), 11)
        idata = one(p, 12)
        if idata is not None:
            if not st["valid"]:
                fail("sequence %d: interned data before the state was cleared" % seq_id)
            if not needs and not flags & 1:
                fail("sequence %d: interned data without SEQ_NEEDS_INCREMENTAL_STATE" % seq_id)
            for en in every(fields(idata), 2):
                ef = fields(en)
                if not one(ef, 1):
                    fail("sequence %d: name id 0 (ids start at 1)" % seq_id)
                st["names"][one(ef, 1)] = one(ef, 2, b"").decode()
        td = one(p, 60)
        if td is not None:
            tf = fields(td)
            uuid = one(tf, 1)
            thread = one(tf, 4)
            desc = {"name": one(tf, 2, b"").decode(), "thread": thread is not None,
                    "parent": one(tf, 5), "counter": one(tf, 8) is not None}
            if uuid in tracks and {k: tracks[uuid][k] for k in desc} != desc:
                fail("track %s described twice, differently" % uuid)
            if desc["parent"] is not None and desc["parent"] not in tracks:
                fail("track %s: parent %s not described before it" % (uuid, desc["parent"]))
            tracks[uuid] = desc
            if thread is not None:
                tt = fields(thread)
                tracks[uuid]["tid"] = one(tt, 2)
        te = one(p, 11)
        if te is None:
            continue
        ts = one(p, 8)
        if ts is None:
            fail("sequence %d: track event without timestamp" % seq_id)
        if st["clock"] is not None and CLOCK_SEQ_MIN <= st["clock"] <= CLOCK_SEQ_MAX:
            if not st["valid"]:
                fail("sequence %d: incremental timestamp before the state was cleared" % seq_id)
            if st["clock"] not in st["clocks"]:
                fail("sequence %d: clock %d used before a snapshot defined it"
                     % (seq_id, st["clock"]))
            if not needs:
                fail("sequence %d: a packet on the incremental clock without "
                     "SEQ_NEEDS_INCREMENTAL_STATE" % seq_id)
            st["t"] += ts
            t = st["t"]
        else:
            t = ts
        ef = fields(te)
        uuid = one(ef, 11, st["track"])
        if uuid not in tracks:
            fail("track event on undescribed track %s" % uuid)
        if t < last_t.get(uuid, 0):
            fail("track %s: time goes back (%d after %d)" % (uuid, t, last_t[uuid]))
        last_t[uuid] = t
        typ = one(ef, 9)
        name = one(ef, 23)
        if name is not None:
            name = name.decode()
        iid = one(ef, 10)
        if iid is not None:
            if iid not in st["names"]:
                fail("sequence %d: name id %d used before it was interned" % (seq_id, iid))
            name = st["names"][iid]
        for fid in every(ef, 47) + every(ef, 36):  # flow_ids (fixed64; the old varint form)
            if fid in flow_start:
                fail("flow %d starts twice" % fid)
            flow_start[fid] = t
        ending = every(ef, 48) + every(ef, 42)  # terminating_flow_ids
        for fid in ending:
            if fid not in flow_start or flow_start[fid] > t:
                fail("flow %d ends at %d before it starts" % (fid, t))
            if fid in flow_end:
                fail("flow %d ends twice" % fid)
            flow_end[fid] = t
        if typ in (1, 2, 3) and tracks[uuid]["counter"]:
            fail("slice or instant on counter track %s" % uuid)
        if typ == 1:
            open_.setdefault(uuid, []).append([name, t, 0, ending])
        elif typ == 2:
            if not open_.get(uuid):
                fail("track %s: slice end at %d with nothing open" % (uuid, t))
            n, t0, inside, ended = open_[uuid].pop()
            slices.append((uuid, n, t0, t))
            for fid in ended:
                end_dur[fid] = t - t0
            if not tracks[uuid]["name"].startswith("device "):  # records: tabled apart
                excl[check_trace.row_name(construct(n))] += t - t0 - inside
            if open_[uuid]:
                open_[uuid][-1][2] += t - t0
        elif typ == 3:
            instants.append((uuid, name, t))
        elif typ == 4:
            if not tracks[uuid]["counter"]:
                fail("counter value on track %s, which is not a counter track" % uuid)
            if one(ef, 30) is None:
                fail("counter event on track %s without counter_value" % uuid)
            counters.setdefault(uuid, []).append((t, one(ef, 30)))
        else:
            fail("track event of type %s" % typ)
        if typ in (1, 2) and tracks[uuid]["thread"]:
            top = open_.get(uuid)
            changes.setdefault(uuid, []).append((t, state_of(top[-1][0]) if top else IDLE))
    for uuid, stack in open_.items():
        if stack:
            fail("track %s: %d slice(s) never end (%s)" % (uuid, len(stack), stack[-1][0]))
    check_counters(tracks, counters, changes)
    flows = [(flow_start[f], flow_end[f], end_dur.get(f)) for f in flow_end]
    return tracks, slices, instants, packets, len(data), len(flow_end), excl, flows


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("prefix")
    ap.add_argument("--json", action="store_true", help="compare with PREFIX.json")
    ap.add_argument("--count", action="append", default=[])
    ap.add_argument("--tracks")
    ap.add_argument("--lanes")
    ap.add_argument("--device-tracks", help="tracks of device trace records ('device N ...')")
    ap.add_argument("--flows")
    ap.add_argument("--max-bytes", type=int)
    ap.add_argument("--summary", action="store_true", help="check PREFIX.txt against the slices")
    args = ap.parse_args()
    try:
        tracks, slices, instants, packets, size, flows, excl, _ = decode(args.prefix + ".pftrace")
    except (OSError, ValueError) as e:
        fail("cannot decode %s.pftrace: %s" % (args.prefix, e))
    threads = {u: d for u, d in tracks.items() if d["thread"]}
    lanes = {u: d for u, d in tracks.items() if d["name"].endswith(": device")}
    names = Counter(construct(n) for _, n, _, _ in slices)
    for spec in args.count:
        m = re.fullmatch(r"(.+?)(>=|<=|=)(\d+)", spec)
        if not m:
            sys.exit("check_pftrace: bad --count %r" % spec)
        name, op, n = m.group(1), m.group(2), int(m.group(3))
        got = names.get(name, 0)
        if not (got == n if op == "=" else got >= n if op == ">=" else got <= n):
            fail("%s: expected %s%d, found %d" % (name, op.strip("="), n, got))
    gpu = [d for d in threads.values() if d["name"].startswith("device ")]
    for what, want, have in (("thread tracks", args.tracks, len(threads)),
                             ("device lanes", args.lanes, len(lanes)),
                             ("device record tracks", args.device_tracks, len(gpu)),
                             ("flows", args.flows, flows)):
        if want is not None:
            m = re.fullmatch(r"(>=|<=)?(\d+)", want)
            op, n = m.group(1), int(m.group(2))
            if not (have == n if not op else have >= n if op == ">=" else have <= n):
                fail("%s: expected %s, found %d" % (what, want, have))
    if args.max_bytes is not None and size > args.max_bytes:
        fail("file is %d bytes, over the cap %d" % (size, args.max_bytes))
    if args.json:
        j = json.load(open(args.prefix + ".json"))
        jsl = Counter()
        for ev in j["traceEvents"]:
            if ev.get("ph") != "X":
                continue
            t0 = round(float(ev["ts"]) * 1000)
            t1 = t0 + round(float(ev["dur"]) * 1000)
            lane = ev["tid"] > 100000
            track = ev["tid"] - 100001 if lane else ev["tid"] - 1
            jsl[(track, lane, ev["name"], t0, t1)] += 1
        psl = Counter()
        for uuid, n, t0, t1 in slices:
            d = tracks[uuid]
            lane = d["name"].endswith(": device")
            # A thread's track (device record tracks too) has the JSON's tid; its lane, a name.
            track = (int(re.match(r"OpenMP thread (\d+)", d["name"]).group(1)) if lane
                     else d["tid"] - 1)
            psl[(track, lane, n, t0, t1)] += 1
        if jsl != psl:
            only_j = list((jsl - psl).items())[:3]
            only_p = list((psl - jsl).items())[:3]
            fail("the JSON and Perfetto slices differ: %d only in JSON (%s), %d only in "
                 "Perfetto (%s)" % (sum((jsl - psl).values()), only_j,
                                    sum((psl - jsl).values()), only_p))
    if args.summary:
        try:
            text = open(args.prefix + ".txt").read()
        except OSError as e:
            fail("no summary: %s" % e)
        # Perfetto's times are exact: only the summary's rounding to a microsecond is slack.
        lanes = {int(re.match(r"OpenMP thread (\d+)", d["name"]).group(1))
                 for d in tracks.values() if d["name"].endswith(": device")}
        check_trace.check_summary(text, {k: v / 1e6 for k, v in excl.items()}, {}, names,
                                  "the Perfetto file", lanes)
        if check_trace.errors:
            fail("; ".join(check_trace.errors[:10]))
    print("check_pftrace: ok: %d packets, %d bytes, %d thread tracks, %d device lanes, "
          "%d slices, %d instants, %d flows, counters checked%s"
          % (packets, size, len(threads), len(lanes), len(slices), len(instants), flows,
             ", same as the JSON" if args.json else ""))
    print("check_pftrace: " + ", ".join("%s=%d" % kv for kv in sorted(names.items())))


if __name__ == "__main__":
    main()
