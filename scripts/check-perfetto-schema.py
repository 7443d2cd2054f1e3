#!/usr/bin/env python3
"""Checks a glass-trace Perfetto file as decoded by protoc against Perfetto's published schema
(the text `protoc --decode=perfetto.protos.Trace perfetto_trace.proto` prints), by the names
and rules that schema's comments give, so that what the file says under the published names is
what glass-trace means:

  - no field the schema does not know: protoc prints those by number (`123: 4`, `123 {`);
  - every TracePacket has a nonzero trusted_packet_sequence_id;
  - the first packet of every sequence is flagged SEQ_INCREMENTAL_STATE_CLEARED, and
    TracePacketDefaults, InternedData and sequence-scoped clocks live only from such a packet
    on; a packet that uses them (an interned id, a sequence clock, or any packet after the
    sequence's defaults) is flagged SEQ_NEEDS_INCREMENTAL_STATE;
  - interned ids (event names, debug annotation names, source locations, categories) are at
    least 1, defined on the sequence before (or in) the packet that refers to them, and never
    redefined differently;
  - timestamps: the clock a packet names (its own or the sequence default, BOOTTIME otherwise)
    is a built-in clock or a sequence clock (64-127) that a ClockSnapshot on the sequence
    defined next to a built-in one; incremental clocks are summed from the snapshot's value;
    every track event has a timestamp, and times never go back on a track;
  - tracks: every track a TrackEvent names (its own or the default) was described before, once
    (or again identically); a thread track has a ThreadDescriptor with nonzero pid and tid and
    the pid of a described process; a parent is described before its child; COUNTER events
    only on counter tracks and only they there, with a value;
  - SLICE_BEGIN/SLICE_END balance per track, no END without its BEGIN, nothing open at the end;
    BEGIN and INSTANT events have a name; debug annotations have a name and a value;
  - flows: every id in flow_ids starts a flow once; every terminating_flow_ids entry ends one
    that started earlier (in file order and not later in time), once; no id in both lists of
    one event; every flow ends, unless --open-flows (a file stopped by its size cap).

Usage: check-perfetto-schema.py [--open-flows] DECODED.txt [NAME]   (DECODED.txt: protoc's text)
Prints one line, `check-perfetto-schema: ok: NAME: ...` with the counts, or the first problems
found (at most 10, each with the packet's number) and exits 1. --self-test checks the checker:
a small good sample must pass and each of its broken variants fail with the expected message
(the test suite runs it; it needs no schema).
"""
import argparse
import re
import sys

BLOCK = re.compile(r"^( *)(\w+) \{$")
FIELD = re.compile(r"^( *)(\w+): (.*)$")
CLEARED, NEEDS = 1, 2
BOOTTIME = 6
SEQ_CLOCKS = range(64, 128)


class Problems(Exception):
    pass


class Msg:
    """One decoded message: its fields by name, each a list of values (str) or of Msg."""

    __slots__ = ("f", "line")

    def __init__(self, line):
        self.f = {}
        self.line = line

    def all(self, name):
        return self.f.get(name, [])

    def one(self, name, default=None):
        v = self.f.get(name)
        return v[-1] if v else default

    def num(self, name, default=None):
        v = self.one(name)
        return default if v is None else int(v)

    def text(self):
        """A canonical form, for comparing two descriptions of one track."""
        parts = []
        for k in sorted(self.f):
            for v in self.f[k]:
                parts.append("%s{%s}" % (k, v.text()) if isinstance(v, Msg) else "%s=%s" % (k, v))
        return " ".join(parts)


def packets(lines, unknown):
    """Yields the top-level `packet { ... }` messages; records fields shown by number."""
    stack = []
    for no, line in enumerate(lines, 1):
        line = line.rstrip("\n")
        if not line.strip():
            continue
        m = BLOCK.match(line)
        if m:
            if m.group(2).isdigit():
                unknown.append("line %d: field %s (a message) is not in the schema" % (no, m.group(2)))
            msg = Msg(no)
            if stack:
                stack[-1].f.setdefault(m.group(2), []).append(msg)
            elif m.group(2) != "packet":
                unknown.append("line %d: top-level field %s is not Trace.packet" % (no, m.group(2)))
            stack.append(msg)
            continue
        if line.strip() == "}":
            if not stack:
                raise Problems(["line %d: unbalanced '}'" % no])
            msg = stack.pop()
            if not stack:
                yield msg
            continue
        m = FIELD.match(line)
        if not m or not stack:
            raise Problems(["line %d: not protoc text format: %r" % (no, line[:80])])
        if m.group(2).isdigit():
            unknown.append("line %d: field %s is not in the schema: %s" % (no, m.group(2), line.strip()[:60]))
        stack[-1].f.setdefault(m.group(2), []).append(m.group(3))
    if stack:
        raise Problems(["the decoded text ends inside a message"])


class Seq:
    def __init__(self):
        self.started = False
        self.reset()

    def reset(self):
        self.defaults = None  # TracePacketDefaults of this generation
        self.interned = {}  # (table, iid) -> entry text
        self.clocks = {}  # clock id -> [value, incremental, anchor value, anchor trace time]


class Checker:
    def __init__(self, open_flows):
        self.open_flows = open_flows
        self.errors = []
        self.seqs = {}
        self.tracks = {}  # uuid -> TrackDescriptor
        self.pids = set()
        self.depth = {}
        self.last_t = {}
        self.flows = {}  # id -> start time, while open
        self.flows_done = set()
        self.n = dict(packets=0, begins=0, ends=0, instants=0, counters=0, flows=0, names=0)
        self.pno = 0

    def err(self, msg):
        self.errors.append("packet %d: %s" % (self.pno, msg))
        if len(self.errors) >= 10:
            raise Problems(self.errors)

    # -- sequence state -------------------------------------------------------------------------
    def packet(self, p):
        self.pno += 1
        self.n["packets"] += 1
        sid = p.num("trusted_packet_sequence_id", 0)
        if not sid:
            self.err("no trusted_packet_sequence_id (or 0, which the schema calls invalid)")
        q = self.seqs.setdefault(sid, Seq())
        flags = p.num("sequence_flags", 0)
        if not q.started and not flags & CLEARED:
            self.err("first packet of sequence %d is not flagged SEQ_INCREMENTAL_STATE_CLEARED" % sid)
        q.started = True
        had_defaults = q.defaults is not None
        if flags & CLEARED:
            q.reset()
            had_defaults = False
        elif had_defaults and not flags & NEEDS:
            self.err("sequence %d has TracePacketDefaults, so this packet must be flagged "
                     "SEQ_NEEDS_INCREMENTAL_STATE" % sid)
        self.intern(p, q, flags)
        if p.one("trace_packet_defaults"):
            q.defaults = p.one("trace_packet_defaults")
        for cs in p.all("clock_snapshot"):
            self.snapshot(cs, q)
        t = self.timestamp(p, q, flags, sid)
        for td in p.all("track_descriptor"):
            self.descriptor(td)
        for te in p.all("track_event"):
            self.event(te, p, q, flags, t)

    def intern(self, p, q, flags):
        tables = (("event_names", "name"), ("debug_annotation_names", "name"),
                  ("source_locations", None), ("event_categories", "name"))
        for idata in p.all("interned_data"):
            for table, _ in tables:
                for e in idata.all(table):
                    iid = e.num("iid", 0)
                    if iid < 1:
                        self.err("%s entry with iid %d (0 is 'not set')" % (table, iid))
                    key = (table, iid)
                    old = q.interned.get(key)
                    if old is not None and old != e.text():
                        self.err("%s iid %d redefined differently on the sequence" % (table, iid))
                    q.interned[key] = e.text()
                    self.n["names"] += old is None

    def uses(self, q, flags, table, iid, what):
        if (table, iid) not in q.interned:
            self.err("%s %d used before it is interned on the sequence" % (what, iid))
        if not flags & NEEDS and not flags & CLEARED:
            self.err("%s %d used without SEQ_NEEDS_INCREMENTAL_STATE" % (what, iid))

    def snapshot(self, cs, q):
        clocks = [(c.num("clock_id", 0), c) for c in cs.all("clocks")]
        builtin = [(i, c) for i, c in clocks if 1 <= i < 64]
        for i, c in clocks:
            inc = c.one("is_incremental") == "true"
            if i in SEQ_CLOCKS:
                if not builtin:
                    self.err("ClockSnapshot defines sequence clock %d without a built-in clock "
                             "to map it to trace time" % i)
                    continue
                mult = c.num("unit_multiplier_ns", 1)
                anchor = builtin[0][1].num("timestamp", 0)
                v = c.num("timestamp", 0)
                q.clocks[i] = [v, inc, v, anchor, mult]
            elif inc:
                self.err("ClockSnapshot marks built-in clock %d incremental (the schema: only "
                         "for sequence-local clocks)" % i)

    def timestamp(self, p, q, flags, sid):
        ts = p.num("timestamp")
        clock = p.num("timestamp_clock_id")
        if clock is None and q.defaults is not None:
            clock = q.defaults.num("timestamp_clock_id")
        if clock is None:
            clock = BOOTTIME
        if ts is None:
            return None
        if clock in SEQ_CLOCKS:
            c = q.clocks.get(clock)
            if c is None:
                self.err("timestamp on sequence clock %d, which no ClockSnapshot on sequence %d "
                         "defined" % (clock, sid))
                return None
            if not flags & NEEDS:
                self.err("timestamp on sequence clock %d without SEQ_NEEDS_INCREMENTAL_STATE" % clock)
            c[0] = c[0] + ts if c[1] else ts
            return c[3] + (c[0] - c[2]) * c[4]
        if clock >= 128 or clock < 1:
            self.err("timestamp_clock_id %d is neither built-in nor sequence-scoped" % clock)
        return ts

    # -- tracks and events ----------------------------------------------------------------------
    def descriptor(self, td):
        uuid = td.num("uuid", 0)
        if not uuid:
            self.err("TrackDescriptor without uuid")
            return
        old = self.tracks.get(uuid)
        if old is not None:
            if old.text() != td.text():
                self.err("track %d described twice, differently" % uuid)
            return
        parent = td.num("parent_uuid")
        if parent is not None and parent not in self.tracks:
            self.err("track %d names parent %d before it is described" % (uuid, parent))
        th, pr = td.one("thread"), td.one("process")
        if pr is not None:
            if not pr.num("pid", 0):
                self.err("process track %d without pid" % uuid)
            self.pids.add(pr.num("pid", 0))
        if th is not None:
            if not th.num("pid", 0) or not th.num("tid", 0):
                self.err("thread track %d without pid and tid" % uuid)
            elif th.num("pid") not in self.pids:
                self.err("thread track %d of pid %d, no process track of that pid before it"
                         % (uuid, th.num("pid")))
        self.tracks[uuid] = td

    def event(self, te, p, q, flags, t):
        ty = te.one("type")
        if ty is None or ty == "TYPE_UNSPECIFIED":
            self.err("TrackEvent without a type")
            return
        uuid = te.num("track_uuid")
        if uuid is None and q.defaults is not None and q.defaults.one("track_event_defaults"):
            uuid = q.defaults.one("track_event_defaults").num("track_uuid")
        if not uuid:
            self.err("%s on no described track (uuid 0, the implicit global track)" % ty)
            return
        td = self.tracks.get(uuid)
        if td is None:
            self.err("%s on track %d, not described before" % (ty, uuid))
            return
        if t is None:
            self.err("%s on track %d without a timestamp" % (ty, uuid))
            return
        if t < self.last_t.get(uuid, 0):
            self.err("time goes back on track %d: %d after %d" % (uuid, t, self.last_t[uuid]))
        self.last_t[uuid] = t
        counter = td.one("counter") is not None
        if (ty == "TYPE_COUNTER") != counter:
            self.err("%s on %s track %d" % (ty, "a counter" if counter else "a non-counter", uuid))
        if ty == "TYPE_COUNTER":
            if te.one("counter_value") is None and te.one("double_counter_value") is None:
                self.err("COUNTER event without a value on track %d" % uuid)
            self.n["counters"] += 1
        self.names(te, q, flags, ty)
        if ty == "TYPE_SLICE_BEGIN":
            self.depth[uuid] = self.depth.get(uuid, 0) + 1
            self.n["begins"] += 1
        elif ty == "TYPE_SLICE_END":
            if self.depth.get(uuid, 0) < 1:
                self.err("SLICE_END on track %d with no slice open" % uuid)
            else:
                self.depth[uuid] -= 1
            self.n["ends"] += 1
        elif ty == "TYPE_INSTANT":
            self.n["instants"] += 1
        self.flow(te, t)

    def names(self, te, q, flags, ty):
        iid = te.num("name_iid")
        if iid is not None:
            self.uses(q, flags, "event_names", iid, "event name")
        elif ty in ("TYPE_SLICE_BEGIN", "TYPE_INSTANT") and te.one("name") is None:
            self.err("%s without a name" % ty)
        for iid in te.all("category_iids"):
            self.uses(q, flags, "event_categories", int(iid), "category")
        if te.one("source_location_iid") is not None:
            self.uses(q, flags, "source_locations", te.num("source_location_iid"), "source location")
        for a in te.all("debug_annotations"):
            if a.one("name_iid") is not None:
                self.uses(q, flags, "debug_annotation_names", a.num("name_iid"), "annotation name")
            elif a.one("name") is None:
                self.err("debug annotation without a name")
            if not any(k.endswith("_value") or k in ("dict_entries", "array_values") for k in a.f):
                self.err("debug annotation without a value")

    def flow(self, te, t):
        starts = [int(x) for x in te.all("flow_ids")]
        ends = [int(x) for x in te.all("terminating_flow_ids")]
        if te.all("flow_ids_old") or te.all("terminating_flow_ids_old"):
            self.err("deprecated flow_ids_old / terminating_flow_ids_old")
        for f in set(starts) & set(ends):
            self.err("flow %d both in flow_ids and terminating_flow_ids of one event" % f)
        for f in starts:
            if f in self.flows or f in self.flows_done:
                self.err("flow %d starts twice (glass-trace writes a flow as one start and one end)" % f)
            self.flows[f] = t
            self.n["flows"] += 1
        for f in ends:
            if f not in self.flows:
                self.err("flow %d ends %s" % (f, "twice" if f in self.flows_done else "without a start"))
                continue
            if t < self.flows[f]:
                self.err("flow %d ends at %d, before it starts (%d): the reader would reverse it"
                         % (f, t, self.flows[f]))
            del self.flows[f]
            self.flows_done.add(f)

    def finish(self):
        open_tracks = sorted(u for u, d in self.depth.items() if d)
        if open_tracks:
            self.err("slices still open at the end on track(s) %s" % open_tracks[:8])
        if self.flows and not self.open_flows:
            self.err("%d flow(s) never end, e.g. %s" % (len(self.flows), sorted(self.flows)[:4]))
        if not self.n["packets"]:
            self.err("no packet")


def check(lines, open_flows=False):
    """The checker after reading LINES (protoc's text) and its problems ([] when all is well)."""
    c = Checker(open_flows)
    unknown = []
    try:
        for p in packets(lines, unknown):
            c.packet(p)
            if unknown:
                return c, unknown[:10]
        c.finish()
    except Problems as e:
        return c, e.args[0]
    return c, c.errors


# A thread's sequence starts: the incremental clock 64 next to BOOTTIME, and the defaults.
SEQ_START = """packet {
  clock_snapshot {
    clocks {
      clock_id: 64
      timestamp: 0
      is_incremental: true
    }
    clocks {
      clock_id: 6
      timestamp: 0
    }
  }
  trusted_packet_sequence_id: %d
  sequence_flags: 1
  trace_packet_defaults {
    track_event_defaults {
      track_uuid: %d
    }
    timestamp_clock_id: 64
  }
}
"""
INTERNED = """  interned_data {
    event_names {
      iid: 1
      name: "task"
    }
  }
"""
# Descriptors and a counter on sequences 100 and 200; thread 0 (sequence 1, track 10) has a
# slice and an instant that starts flow 7, which thread 1's slice (sequence 2, track 11) ends.
SAMPLE = ("""packet {
  trusted_packet_sequence_id: 100
  sequence_flags: 1
  track_descriptor {
    uuid: 1
    process {
      pid: 42
    }
  }
}
packet {
  trusted_packet_sequence_id: 100
  track_descriptor {
    uuid: 10
    name: "t0"
    thread {
      pid: 42
      tid: 1
    }
    parent_uuid: 1
  }
}
packet {
  trusted_packet_sequence_id: 100
  track_descriptor {
    uuid: 11
    thread {
      pid: 42
      tid: 2
    }
  }
}
packet {
  trusted_packet_sequence_id: 100
  track_descriptor {
    uuid: 20
    parent_uuid: 1
    counter {
    }
  }
}
packet {
  timestamp: 5
  trusted_packet_sequence_id: 200
  track_event {
    type: TYPE_COUNTER
    track_uuid: 20
    counter_value: 1
  }
  sequence_flags: 1
}
""" + SEQ_START % (1, 10) + """packet {
  timestamp: 10
  trusted_packet_sequence_id: 1
  track_event {
    debug_annotations {
      uint_value: 2
      name: "n"
    }
    type: TYPE_SLICE_BEGIN
    name_iid: 1
  }
""" + INTERNED + """  sequence_flags: 2
}
packet {
  timestamp: 5
  trusted_packet_sequence_id: 1
  track_event {
    type: TYPE_INSTANT
    name: "task create"
    flow_ids: 7
  }
  sequence_flags: 2
}
packet {
  timestamp: 5
  trusted_packet_sequence_id: 1
  track_event {
    type: TYPE_SLICE_END
  }
  sequence_flags: 2
}
""" + SEQ_START % (2, 11) + """packet {
  timestamp: 30
  trusted_packet_sequence_id: 2
  track_event {
    type: TYPE_SLICE_BEGIN
    name_iid: 1
    terminating_flow_ids: 7
  }
""" + INTERNED + """  sequence_flags: 2
}
packet {
  timestamp: 4
  trusted_packet_sequence_id: 2
  track_event {
    type: TYPE_SLICE_END
  }
  sequence_flags: 2
}
""")
END2 = "  timestamp: 4\n"
BEGIN2 = "    name_iid: 1\n    terminating_flow_ids: 7\n"
INTERN2 = BEGIN2 + "  }\n" + INTERNED
LAST_PACKET = "packet {\n  timestamp: 1\n  trusted_packet_sequence_id: 200\n  track_event {\n" \
    "    type: TYPE_COUNTER\n    track_uuid: 20\n    counter_value: 0\n  }\n}\n"
# (what is wrong, text replaced, its replacement, a piece of the expected message). The text
# replaced must occur; its first occurrence is replaced (None: the packet is appended).
MUTATIONS = [
    ("a field the schema lacks", "  sequence_flags: 1\n", "  sequence_flags: 1\n  99: 1\n",
     "field 99 is not in the schema"),
    ("a message the schema lacks", "    counter {\n", "    12 {\n    }\n    counter {\n",
     "field 12 (a message) is not in the schema"),
    ("no sequence id", "  trusted_packet_sequence_id: 100\n  sequence_flags: 1\n",
     "  sequence_flags: 1\n", "no trusted_packet_sequence_id"),
    ("first packet not cleared", "    counter_value: 1\n  }\n  sequence_flags: 1\n",
     "    counter_value: 1\n  }\n", "is not flagged SEQ_INCREMENTAL_STATE_CLEARED"),
    ("defaults, then a packet without NEEDS", "    flow_ids: 7\n  }\n  sequence_flags: 2\n",
     "    flow_ids: 7\n  }\n", "must be flagged SEQ_NEEDS_INCREMENTAL_STATE"),
    ("name used before it is interned", INTERN2, BEGIN2 + "  }\n",
     "event name 1 used before it is interned"),
    ("interned id 0", "      iid: 1\n", "      iid: 0\n", "entry with iid 0"),
    ("interned id redefined", "      name: \"task\"\n",
     "      name: \"task\"\n    }\n    event_names {\n      iid: 1\n      name: \"other\"\n",
     "redefined differently"),
    ("an undefined sequence clock", "    timestamp_clock_id: 64\n  }\n}\npacket {\n  timestamp: 30",
     "    timestamp_clock_id: 65\n  }\n}\npacket {\n  timestamp: 30", "which no ClockSnapshot"),
    ("a sequence clock with nothing to map it to",
     "    clocks {\n      clock_id: 6\n      timestamp: 0\n    }\n", "", "without a built-in clock"),
    ("a built-in clock marked incremental", "      clock_id: 6\n",
     "      clock_id: 6\n      is_incremental: true\n", "marks built-in clock 6 incremental"),
    ("time going back on a track", None, LAST_PACKET, "time goes back on track 20"),
    ("an undescribed track", "    name: \"task create\"\n",
     "    name: \"task create\"\n    track_uuid: 99\n", "track 99, not described before"),
    ("a counter value on a thread track", "    track_uuid: 20\n", "    track_uuid: 10\n",
     "TYPE_COUNTER on a non-counter track"),
    ("an instant on a counter track", "    name: \"task create\"\n",
     "    name: \"task create\"\n    track_uuid: 20\n", "TYPE_INSTANT on a counter track"),
    ("a counter event without a value", "    counter_value: 1\n", "", "without a value"),
    ("an end with no begin", "    type: TYPE_SLICE_BEGIN\n    name_iid: 1\n  }\n  interned_data",
     "    type: TYPE_INSTANT\n    name_iid: 1\n  }\n  interned_data", "with no slice open"),
    ("a slice never ended", END2 + "  trusted_packet_sequence_id: 2\n  track_event {\n"
     "    type: TYPE_SLICE_END\n", END2 + "  trusted_packet_sequence_id: 2\n  track_event {\n"
     "    type: TYPE_INSTANT\n    name: \"x\"\n", "still open at the end"),
    ("a flow ending without a start", "    flow_ids: 7\n", "", "flow 7 ends without a start"),
    ("a flow never ending", "    terminating_flow_ids: 7\n", "", "never end"),
    ("a flow ending before it starts", "  timestamp: 10\n", "  timestamp: 100\n",
     "before it starts"),
    ("a flow starting twice", "    name_iid: 1\n  }\n", "    name_iid: 1\n    flow_ids: 7\n  }\n",
     "flow 7 starts twice"),
    ("a flow starting and ending on one event", BEGIN2, BEGIN2 + "    flow_ids: 7\n",
     "both in flow_ids and terminating_flow_ids"),
    ("a thread of an undescribed process", "      pid: 42\n      tid: 1\n",
     "      pid: 43\n      tid: 1\n", "no process track of that pid"),
    ("a track described twice, differently", "    uuid: 11\n",
     "    uuid: 10\n    name: \"x\"\n", "track 10 described twice, differently"),
    ("a parent described after its child", "    parent_uuid: 1\n  }\n}\npacket {\n  trusted",
     "    parent_uuid: 5\n  }\n}\npacket {\n  trusted", "names parent 5 before it is described"),
    ("a begin without a name", BEGIN2, "    terminating_flow_ids: 7\n",
     "TYPE_SLICE_BEGIN without a name"),
    ("an annotation without a name", "      name: \"n\"\n", "", "debug annotation without a name"),
    ("an annotation without a value", "      uint_value: 2\n", "", "debug annotation without a value"),
    ("an event without a timestamp", END2, "", "without a timestamp"),
    ("an event without a type", "    type: TYPE_SLICE_END\n", "", "TrackEvent without a type"),
    ("text that is not protoc's", "    counter {\n    }\n", "    counter {\n    } x\n",
     "not protoc text format"),
]


def self_test():
    c, errors = check(SAMPLE.splitlines(True))
    if errors:
        print("check-perfetto-schema: self-test: the good sample fails: %s" % errors)
        return 1
    bad = 0
    for what, old, new, expect in MUTATIONS:
        if old is None:
            text = SAMPLE + new
        elif old not in SAMPLE:
            print("check-perfetto-schema: self-test: %s: the text to replace is not in the sample"
                  % what)
            bad = 1
            continue
        else:
            text = SAMPLE.replace(old, new, 1)
        _, errors = check(text.splitlines(True))
        if not any(expect in e for e in errors):
            print("check-perfetto-schema: self-test: %s: expected '%s', got %s" % (what, expect, errors))
            bad = 1
    _, errors = check(SAMPLE.replace("    terminating_flow_ids: 7\n", "", 1).splitlines(True),
                      open_flows=True)
    if errors:
        print("check-perfetto-schema: self-test: --open-flows still fails an open flow: %s" % errors)
        bad = 1
    if not bad:
        print("check-perfetto-schema: self-test: ok: the sample passes, %d broken variants fail"
              % len(MUTATIONS))
    return bad


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("decoded", nargs="?")
    ap.add_argument("name", nargs="?")
    ap.add_argument("--open-flows", action="store_true",
                    help="flows may stay open (a file stopped by its size cap)")
    ap.add_argument("--self-test", action="store_true",
                    help="check the checker on a small good sample and broken variants of it")
    a = ap.parse_args()
    if a.self_test:
        sys.exit(self_test())
    if not a.decoded:
        ap.error("DECODED.txt is required")
    name = a.name or a.decoded
    with open(a.decoded, errors="replace") as f:
        c, errors = check(f, a.open_flows)
    if errors:
        for line in errors:
            print("check-perfetto-schema: %s: %s" % (name, line))
        sys.exit(1)
    kinds = {}
    for td in c.tracks.values():
        k = ("process" if td.one("process") else "thread" if td.one("thread")
             else "counter" if td.one("counter") else "other")
        kinds[k] = kinds.get(k, 0) + 1
    n = c.n
    print("check-perfetto-schema: ok: %s: %d packets on %d sequences, %d tracks (%s), %d slices, "
          "%d instants, %d counter values, %d flows (%d left open), %d interned entries"
          % (name, n["packets"], len(c.seqs), len(c.tracks),
             ", ".join("%d %s" % (v, k) for k, v in sorted(kinds.items())), n["begins"],
             n["instants"], n["counters"], n["flows"], len(c.flows), n["names"]))


if __name__ == "__main__":
    main()
