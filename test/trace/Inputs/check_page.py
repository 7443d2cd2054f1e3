#!/usr/bin/env python3
"""Structural check of a glass-trace HTML page (PREFIX.html), without a browser or node.

Checks:
  - the page is self-contained (no external script, style, image or link), and no larger than
    --max bytes;
  - gt-meta parses and has names, categories, locations, lanes, the summary, the detail windows
    and the aggregates;
  - aggregates: levels of 4x fewer buckets each, from at least 256 down to 64; every lane's
    level decodes (base64) to one byte per category and bucket; a bucket's shares add up to at
    most one (plus rounding); each coarser level is the mean of the finer one (within rounding);
  - detail windows: they tile [start, end]; their own slices, and those the page did not keep
    (a streamed trace's), add up to the page's slice count;
    a kept window has its gt-w<N> element and a dropped one has none; every record lies in its
    window (own slices start in it, continued ones before it and end in it), names a lane and a
    row that exist, a construct name and a location that exist; flows likewise;
  - instants (device events, map clauses): at most 4096 drawn of the total, each at a time in
    [start, end], on a lane that exists, of a kind the page names;
  - the detail state says what was kept: all (every window), lod (every window, with the slices
    of at least min_dur only: a streamed trace's level of detail), none, or partial (one contiguous
    stretch), and the note for the reader is there unless all is kept.
Options add expectations (--slices, --flows, --state) or list what the page holds (--lanes,
--instants); --pftrace PREFIX: the page's slices are exactly those of PREFIX.pftrace that last at
least the page's min_dur, and its flows exactly the trace's flows that end at such a slice. As a module: check(path, ...) returns
the list of errors and the parsed meta.
"""
import argparse
import base64
import json
import os
import re
import sys
from collections import Counter


S = 7  # numbers per slice record: lane, row, start offset, duration, name, location, extra


def _scripts(html):
    out = {}
    for m in re.finditer(r'<script type="application/json" id="([^"]+)">(.*?)</script>', html,
                         re.S):
        out[m.group(1)] = m.group(2)
    return out


def _check_agg(meta, err):
    agg = meta["agg"]
    levels = agg["levels"]
    if not levels or levels[0] < 256 or levels[-1] < 64 or levels[-1] >= 256:
        err("aggregate levels %s: expected from >= 256 down to 64..255 buckets" % levels)
    for a, b in zip(levels, levels[1:]):
        if a != 4 * b:
            err("aggregate levels %s are not 4x apart" % levels)
    if agg["t1"] <= agg["t0"]:
        err("aggregates cover an empty time range")
    if len(agg["lanes"]) != len(meta["lanes"]):
        err("%d aggregate lanes for %d lanes" % (len(agg["lanes"]), len(meta["lanes"])))
    decoded = []
    for i, ln in enumerate(agg["lanes"]):
        cats = ln["cats"]
        if cats != sorted(set(cats)) or any(c < 0 or c >= len(meta["cats"]) for c in cats):
            err("lane %d: bad category list %s" % (i, cats))
        if len(ln["d"]) != len(levels):
            err("lane %d: %d levels, expected %d" % (i, len(ln["d"]), len(levels)))
            continue
        lv = []
        for k, (nb, text) in enumerate(zip(levels, ln["d"])):
            raw = base64.b64decode(text)
            if len(raw) != nb * len(cats):
                err("lane %d level %d: %d bytes, expected %d" % (i, k, len(raw), nb * len(cats)))
                lv = None
                break
            rows = [raw[c * nb:(c + 1) * nb] for c in range(len(cats))]
            # Host lanes: shares of the innermost construct, at most one in all. Device
            # operations may overlap (nowait, async): at most one per category.
            cap = 255 * len(cats) if meta["lanes"][i]["dev"] else 255 + len(cats)
            for b in range(nb):
                total = sum(r[b] for r in rows)
                if total > cap:
                    err("lane %d level %d bucket %d: shares add up to %d/255" % (i, k, b, total))
                    break
            lv.append(rows)
        decoded.append(lv)
        for k in range(1, len(lv or [])):
            nb = levels[k]
            for c in range(len(cats)):
                fine, coarse = lv[k - 1][c], lv[k][c]
                for b in range(nb):
                    mean = sum(fine[4 * b:4 * b + 4]) / 4
                    if abs(coarse[b] - mean) > 2:
                        err("lane %d level %d cat %d bucket %d: %d, the finer level's mean %.1f"
                            % (i, k, c, b, coarse[b], mean))
                        break
    return decoded


def busy_ns(meta, decoded, lane):
    """A lane's busy time by the finest aggregates, and the rounding that allows."""
    agg, nb = meta["agg"], meta["agg"]["levels"][0]
    bw = (agg["t1"] - agg["t0"]) / nb
    rows = decoded[lane][0]
    total = sum(sum(r) for r in rows) / 255 * bw
    nonzero = sum(1 for r in rows for v in r if v)
    return total, nonzero * bw / 255 + 2 * bw


def _check_record(rec, k, w, meta, own, err, where):
    lane, row, dt0, dur, name, loc, extra = rec[k:k + 7]
    span = w[1] - w[0]
    if own and not 0 <= dt0 <= span:
        err("%s: own slice starts at %d, outside its window (0..%d)" % (where, dt0, span))
        return False
    if not own and not (dt0 < 0 and dt0 + dur > 0):
        err("%s: continued slice [%d, +%d] does not run into its window" % (where, dt0, dur))
        return False
    if not 0 <= lane < len(meta["lanes"]) or not 0 <= row < meta["lanes"][lane]["rows"]:
        err("%s: lane %d row %d does not exist" % (where, lane, row))
        return False
    if not 0 <= name < len(meta["names"]) or not 0 <= loc < max(1, len(meta["locs"])):
        err("%s: name %d or location %d does not exist" % (where, name, loc))
        return False
    if dur < 0 or extra < 0:
        err("%s: negative duration or extra field" % where)
        return False
    if dur < meta["detail"].get("min_dur", 0):
        err("%s: a slice of %d ns in a page of the slices of at least %d ns"
            % (where, dur, meta["detail"]["min_dur"]))
        return False
    return True


def _check_windows(meta, scripts, err):
    det = meta["detail"]
    ws = det["windows"]
    if not ws:
        err("no detail windows")
        return 0, 0
    if ws[0][0] != meta["start"] or ws[-1][1] != meta["end"]:
        err("windows cover %d..%d, the page %d..%d" % (ws[0][0], ws[-1][1], meta["start"],
                                                       meta["end"]))
    for a, b in zip(ws, ws[1:]):
        if a[1] != b[0]:
            err("windows do not tile: %s then %s" % (a, b))
    # A streamed trace's page keeps the first slices only; the others are "outside".
    if sum(w[2] for w in ws) + det["outside"] != det["slices"]:
        err("windows hold %d own slices and %d are outside them, the page says %d in all"
            % (sum(w[2] for w in ws), det["outside"], det["slices"]))
    if det["outside"] and det["state"] == "all":
        err("state 'all' with %d slices outside the windows" % det["outside"])
    kept_slices = kept_flows = 0
    for k, w in enumerate(ws):
        el = scripts.get("gt-w%d" % k)
        if not w[4]:
            if el is not None:
                err("window %d is marked dropped but is in the page" % k)
            continue
        if el is None:
            err("window %d is marked kept but is not in the page" % k)
            continue
        c = json.loads(el)
        if len(c["s"]) != S * w[2] or len(c["s"]) + len(c["c"]) != S * w[3]:
            err("window %d: %d own and %d continued slices, the table says %d of %d"
                % (k, len(c["s"]) // S, len(c["c"]) // S, w[2], w[3]))
        for key, own in (("s", True), ("c", False)):
            for i in range(0, len(c[key]), S):
                if not _check_record(c[key], i, w, meta, own, err, "window %d %s" % (k, key)):
                    break
        for key, own in (("f", True), ("g", False)):
            for i in range(0, len(c[key]), 5):
                dt0, l0, dt1, l1, kind = c[key][i:i + 5]
                ok = (0 <= dt0 <= w[1] - w[0]) if own else (dt0 < 0 <= dt1 <= w[1] - w[0])
                if not ok or dt1 < dt0 or kind not in (0, 1) or max(l0, l1) >= len(meta["lanes"]):
                    err("window %d %s: bad flow %s" % (k, key, c[key][i:i + 5]))
                    break
        kept_slices += w[2]
        kept_flows += len(c["f"]) // 5
    kept = [k for k, w in enumerate(ws) if w[4]]
    state = det["state"]
    if state == "all" and len(kept) != len(ws):
        err("state 'all' with %d of %d windows kept" % (len(kept), len(ws)))
    if state == "none" and kept:
        err("state 'none' with %d windows kept" % len(kept))
    if state == "partial" and (not kept or len(kept) == len(ws) or
                               kept != list(range(kept[0], kept[-1] + 1))):
        err("state 'partial' with windows %s of %d kept" % (kept, len(ws)))
    if state == "lod" and (len(kept) != len(ws) or not det["min_dur"] or not det["outside"]):
        err("state 'lod' with %d of %d windows kept, min_dur %d, %d outside"
            % (len(kept), len(ws), det["min_dur"], det["outside"]))
    if state != "lod" and det.get("min_dur"):
        err("state %r with min_dur %d" % (state, det["min_dur"]))
    if state == "all" and kept_flows != det["flows"]:
        err("all windows kept, with %d flows of %d" % (kept_flows, det["flows"]))
    return kept_slices, kept_flows


def _check_instants(meta, err):
    ins = meta["instants"]
    v, kinds = ins["v"], ins["kinds"]
    if len(v) % 5 or len(v) // 5 > min(ins["total"], 4096):
        err("%d instant numbers for %d instants" % (len(v), ins["total"]))
        return
    for i in range(0, len(v), 5):
        t, lane, kind = v[i:i + 3]
        if not meta["start"] <= t <= meta["end"] or lane >= len(meta["lanes"]) or \
                kind >= len(kinds) or kinds[kind] == "?":
            err("bad instant %s" % v[i:i + 5])
            return


def page_flows(path, meta):
    """(start, end) in ns of every flow the page draws: each once, from the window it starts in."""
    scripts = _scripts(open(path, encoding="utf-8").read())
    out = []
    for k, w in enumerate(meta["detail"]["windows"]):
        el = scripts.get("gt-w%d" % k)
        if el is None:
            continue
        f = json.loads(el)["f"]
        out += [(w[0] + f[i], w[0] + f[i + 2]) for i in range(0, len(f), 5)]
    return out


def check(path, max_bytes=None, slices=None, flows=None, state=None):
    errors = []
    err = errors.append
    try:
        html = open(path, encoding="utf-8").read()
    except OSError as e:
        return ["no HTML timeline: %s" % e], None
    size = os.path.getsize(path)
    if max_bytes is not None and size > max_bytes:
        err("page is %d bytes, over the bound of %d" % (size, max_bytes))
    for pat in (r"<script[^>]+src=", r"<link\b", r"<img\b", r"url\(", r"@import"):
        if re.search(pat, html, re.I):
            err("HTML timeline is not self-contained: %s" % pat)
    scripts = _scripts(html)
    if "gt-meta" not in scripts:
        return errors + ["HTML timeline has no gt-meta data"], None
    try:
        meta = json.loads(scripts["gt-meta"])
        for c in scripts:
            if c != "gt-meta":
                json.loads(scripts[c])
    except ValueError as e:
        return errors + ["HTML timeline data does not parse: %s" % e], None
    for key in ("names", "cats", "locs", "lanes", "end", "start", "detail", "agg", "summary",
                "instants"):
        if key not in meta:
            return errors + ["gt-meta has no %r" % key], None
    if not re.search(r"<script>\s*\S", html):
        err("the page has no viewer script")
    decoded = _check_agg(meta, err)
    meta["_decoded"] = decoded
    _check_windows(meta, scripts, err)
    _check_instants(meta, err)
    det = meta["detail"]
    if slices is not None and det["slices"] != slices:
        err("page has %d slices, expected %d" % (det["slices"], slices))
    if flows is not None and det["flows"] != flows:
        err("page has %d flows, expected %d" % (det["flows"], flows))
    if state is not None and det["state"] != state:
        err("detail state %r, expected %r" % (det["state"], state))
    if det["state"] != "all" and det["full"] not in html:
        err("the page does not name the full trace")
    if max_bytes is not None and det["bound"] != max_bytes:
        err("page bound %d, expected %d" % (det["bound"], max_bytes))
    return errors, meta


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("page")
    ap.add_argument("--max", type=int, help="the bound the page must respect, in bytes")
    ap.add_argument("--slices", type=int)
    ap.add_argument("--flows", type=int)
    ap.add_argument("--state", choices=("all", "lod", "partial", "none"))
    ap.add_argument("--pftrace", help="PREFIX: the page's slices are those of PREFIX.pftrace "
                    "that last at least the page's min_dur")
    ap.add_argument("--min-buckets", type=int,
                    help="the finest aggregate level has at least this many buckets")
    ap.add_argument("--outside", help="slices the page did not keep: N or >0")
    ap.add_argument("--lanes", action="store_true",
                    help="print each lane: name, host or device, rows, categories")
    ap.add_argument("--instants", action="store_true",
                    help="print each instant drawn: kind, lane, its two numbers")
    ap.add_argument("--summary", help="PREFIX.txt: the page embeds it and has its slice count")
    a = ap.parse_args()
    errors, meta = check(a.page, a.max, a.slices, a.flows, a.state)
    if meta and a.min_buckets and meta["agg"]["levels"][0] < a.min_buckets:
        errors.append("finest aggregates: %d buckets, expected at least %d"
                      % (meta["agg"]["levels"][0], a.min_buckets))
    if meta and a.pftrace:
        sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
        import check_pftrace
        decoded = check_pftrace.decode(a.pftrace + ".pftrace")
        slices, pflows = decoded[1], decoded[7]
        md = meta["detail"].get("min_dur", 0)
        want = sum(1 for _, _, t0, t1 in slices if t1 - t0 >= md)
        have = sum(w[2] for w in meta["detail"]["windows"] if w[4])
        if want != have:
            errors.append("the page holds %d slices, the Perfetto trace has %d of at least %d ns"
                          % (have, want, md))
        # Flows: exactly those of the Perfetto trace that end at a slice the page keeps.
        want = Counter((t0, t1) for t0, t1, d in pflows if d is not None and d >= md)
        have = Counter(page_flows(a.page, meta))
        if want != have:
            errors.append("the page holds %d flows, the Perfetto trace has %d ending at slices "
                          "of at least %d ns (%s only in the page, %s only in the trace)"
                          % (sum(have.values()), sum(want.values()), md,
                             list((have - want).items())[:2], list((want - have).items())[:2]))
    if meta and a.outside is not None:
        n = meta["detail"]["outside"]
        if (n <= 0) if a.outside == ">0" else (n != int(a.outside)):
            errors.append("%d slices outside the windows, expected %s" % (n, a.outside))
    if meta and a.summary:
        text = open(a.summary).read()
        m = re.search(r"traced, (\d+) slices", text)
        if meta["summary"] != text:
            errors.append("the page's summary is not %s" % a.summary)
        if not m or int(m.group(1)) != meta["detail"]["slices"]:
            errors.append("the summary counts %s slices, the page %d"
                          % (m and m.group(1), meta["detail"]["slices"]))
    for e in errors[:30]:
        print("check_page: " + e)
    if errors:
        return 1
    if a.lanes:
        for i, (ln, ag) in enumerate(zip(meta["lanes"], meta["agg"]["lanes"])):
            print("lane %d: %s, %s, %d rows, categories %s"
                  % (i, ln["n"], "device" if ln["dev"] else "host", ln["rows"],
                     " ".join(meta["cats"][c] for c in ag["cats"])))
        return 0
    if a.instants:
        ins = meta["instants"]
        print("instants: %d, %d drawn" % (ins["total"], len(ins["v"]) // 5))
        for i in range(0, len(ins["v"]), 5):
            t, lane, kind, n, x = ins["v"][i:i + 5]
            print("instant %s, lane %s, %d, %d" % (ins["kinds"][kind], meta["lanes"][lane]["n"],
                                                   n, x))
        return 0
    det = meta["detail"]
    kept = [w for w in det["windows"] if w[4]]
    print("check_page: ok: %d bytes, %d lanes, aggregate levels %s, detail %s: %d of %d windows, "
          "%d of %d slices" % (os.path.getsize(a.page), len(meta["lanes"]), meta["agg"]["levels"],
                               det["state"], len(kept), len(det["windows"]),
                               sum(w[2] for w in kept), det["slices"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
