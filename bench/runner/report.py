"""The Markdown report, from the results dictionary (the same data as results.json)."""

from .common import MODE_TITLES, MODES, REFERENCE, RUNTIME_TITLES, median

# Table order: EPCC's syncbench, then schedbench, then taskbench; unknown names at the end.
ORDER = ["parallel", "barrier", "for", "parallel_for", "single", "critical", "lock", "atomic",
         "reduction", "for_reduction", "ordered", "static", "static_1", "static_4", "static_16",
         "for_dynamic", "dynamic_1", "dynamic_4", "dynamic_16", "guided_1", "guided_4",
         "guided_16", "task_parallel", "task_master", "task_nested", "taskwait", "task_deps",
         "taskloop", "task_undeferred"]
TIME_RUNTIMES = ["glass", "libomp", "libgomp", "glass-clang14", "libomp-clang14"]
INSTR_RUNTIMES = ["glass", "glass-noompt", "libomp", "libgomp"]
TINY_US = 0.02  # below this a time is noise: no ratio against it


def construct_order(names):
    known = [c for c in ORDER if c in names]
    return known + sorted(set(names) - set(known))


def fmt_us(v):
    if v is None:
        return "–"
    a = abs(v)
    if a >= 100:
        return "%.0f" % v
    if a >= 10:
        return "%.1f" % v
    if a >= 1:
        return "%.2f" % v
    return "%.3f" % v


def ratio(a, b, tiny=TINY_US):
    if a is None or b is None or b <= tiny or a < 0:
        return None
    return a / b


def paired_ratio(a, b, key="overhead_us", summary="median_us", tiny=TINY_US):
    """a ÷ b for two cells: the median over rounds of the ratio of their runs in the same round.
    The runs of one round are adjacent in time, so a change of the machine between rounds (a
    busy neighbour, the host moving the virtual CPUs) cancels. Falls back to the ratio of the
    medians when too few rounds pair up."""
    va, vb = value(a, summary), value(b, summary)
    if va is None or vb is None or vb <= tiny or va < 0:
        return None
    ra = {r.get("round"): r[key] for r in a["runs"] if r.get("round") is not None}
    rb = {r.get("round"): r[key] for r in b["runs"] if r.get("round") is not None}
    rs = [ra[k] / rb[k] for k in ra if k in rb and rb[k] > tiny and ra[k] >= 0]
    if rs and 2 * len(rs) > min(len(a["runs"]), len(b["runs"])):
        return median(rs)
    return va / vb


def fmt_ratio(r):
    return "–" if r is None else "%.2f×" % r


def cell_text(cell, key="median_us", min_key="min_us", fmt=fmt_us):
    if cell is None:
        return "–"
    st = cell.get("status")
    if st == "n/a":
        return "n/a"
    if st == "error":
        return "**error**"
    if st != "ok":
        return "–"
    text = fmt(cell[key])
    if min_key and cell.get(min_key) is not None and len(cell.get("runs", [])) > 1:
        text += " (%s)" % fmt(cell[min_key])
    if cell.get("rejected"):
        text += " ⚑"
    return text


def value(cell, key="median_us"):
    return cell.get(key) if cell and cell.get("status") == "ok" else None


def table(header, rows):
    out = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    out += ["| " + " | ".join(r) + " |" for r in rows]
    return "\n".join(out)


def micro_sections(res):
    cells = {(c["construct"], c["threads"], c["runtime"], c["mode"]): c for c in res["micro"]}
    if not cells:
        return []
    runtimes = [r for r in TIME_RUNTIMES if any(k[2] == r for k in cells)]
    threads = sorted({k[1] for k in cells})
    constructs = construct_order({k[0] for k in cells})
    reps = res["options"]["reps"]
    out = ["## Microbenchmarks: overhead per construct instance (µs)", "",
           "Median over %d runs of each run's median, (minimum) beside it; ⚑ = runs were "
           "rejected as disturbed and rerun. Ratios: the median over rounds of the ratio of two "
           "runtimes' runs in the same round (adjacent in time); below 1 is faster than libomp; "
           "none when the divisor is below %.2f µs (noise). n/a: the runtime lacks the "
           "construct's entry points." % (reps, TINY_US), ""]
    header = ["construct", "threads"] + [RUNTIME_TITLES[r] for r in runtimes]
    others = [r for r in runtimes if r != REFERENCE]
    header += ["%s ÷ libomp" % RUNTIME_TITLES[r] for r in others]
    if "glass" in runtimes and "libgomp" in runtimes:
        header.append("Glass ÷ libgomp")
    rows = []
    for c in constructs:
        for t in threads:
            row_cells = {r: cells.get((c, t, r, "none")) for r in runtimes}
            if all(v is None for v in row_cells.values()):
                continue
            row = [c, str(t)] + [cell_text(row_cells[r]) for r in runtimes]
            ref = row_cells.get(REFERENCE)
            row += [fmt_ratio(paired_ratio(row_cells[r], ref)) for r in others]
            if "glass" in runtimes and "libgomp" in runtimes:
                row.append(fmt_ratio(paired_ratio(row_cells["glass"], row_cells["libgomp"])))
            rows.append(row)
    out += [table(header, rows), ""]

    # Tool modes.
    modes = [m for m in MODES if any(k[3] == m for k in cells)]
    if len(modes) > 1:
        tool_rts = [r for r in runtimes if any(k[2] == r and k[3] != "none" for k in cells)]
        out += ["## Tool modes (µs per instance)", "",
                "Each mode's median, and in brackets its ratio to the same runtime with no tool. "
                "Modes: " + "; ".join("**%s**: %s" % (m, MODE_TITLES[m]) for m in modes) +
                ". The last row of each construct compares Glass with LLVM libomp mode by mode.",
                ""]
        header = ["construct", "threads", "runtime"] + modes
        rows = []
        for c in constructs:
            for t in threads:
                if not any((c, t, r, m) in cells for r in tool_rts for m in modes if m != "none"):
                    continue
                shown = [r for r in tool_rts if any(
                    value(cells.get((c, t, r, m))) is not None for m in modes)]
                for r in shown:
                    base = cells.get((c, t, r, "none"))
                    row = [c, str(t), RUNTIME_TITLES[r]]
                    for m in modes:
                        cell = cells.get((c, t, r, m))
                        text = cell_text(cell, min_key=None)
                        rr = paired_ratio(cell, base)
                        if m != "none" and rr is not None:
                            text += " (%s)" % fmt_ratio(rr)
                        row.append(text)
                    rows.append(row)
                if "glass" in shown and REFERENCE in shown:
                    rows.append([c, str(t), "*Glass ÷ libomp*"] + [
                        fmt_ratio(paired_ratio(cells.get((c, t, "glass", m)),
                                               cells.get((c, t, REFERENCE, m)))) for m in modes])
        out += [table(header, rows), ""]
    return out


def instr_sections(res):
    cells = {(c["construct"], c["runtime"], c["mode"]): c for c in res.get("instr", [])}
    if not cells:
        return []
    runtimes = [r for r in INSTR_RUNTIMES if any(k[1] == r for k in cells)]
    constructs = construct_order({k[0] for k in cells})
    n1, n2 = res["options"]["instr_n"]

    def ins(c, r, m="none"):
        cell = cells.get((c, r, m))
        return cell.get("instructions") if cell and cell.get("status") == "ok" else None

    def txt(c, r, m="none"):
        cell = cells.get((c, r, m))
        if cell is None:
            return "–"
        if cell.get("status") != "ok":
            return "n/a" if cell.get("status") == "n/a" else "**error**"
        return "%.0f" % cell["instructions"] if abs(cell["instructions"]) >= 10 else \
            "%.1f" % cell["instructions"]

    out = ["## Instructions per construct instance, 1 thread (callgrind)", "",
           "Exact and repeatable: (instructions of %d instances − of %d) ÷ %d, minus the same "
           "for the reference loop. Best = the lower of LLVM libomp and libgomp." % (
               n2, n1, n2 - n1), ""]
    header = ["construct"] + [RUNTIME_TITLES[r] for r in runtimes]
    if "glass" in runtimes:
        header += ["Glass ÷ libomp", "Glass ÷ best"]
    if "glass-noompt" in runtimes:
        header.append("OMPT-off vs on")
    rows = []
    for c in constructs:
        row = [c] + [txt(c, r) for r in runtimes]
        g = ins(c, "glass")
        if "glass" in runtimes:
            row.append(fmt_ratio(ratio(g, ins(c, REFERENCE), tiny=0.5)))
            best = [v for v in (ins(c, "libomp"), ins(c, "libgomp")) if v is not None]
            row.append(fmt_ratio(ratio(g, min(best), tiny=0.5)) if best else "–")
        if "glass-noompt" in runtimes:
            off = ins(c, "glass-noompt")
            row.append("%+.1f%%" % (100 * (off - g) / g) if off is not None and g else "–")
        rows.append(row)
    out += [table(header, rows), ""]

    sys_rows = []
    for c in constructs:
        per = {r: (cells.get((c, r, "none")) or {}).get("syscalls_per_instance") for r in runtimes}
        if any(v for v in per.values()):
            sys_rows.append([c] + [txt(c, r) if per[r] is None else ", ".join(
                "%s %.3g" % (k, v) for k, v in sorted(per[r].items())) or "0" for r in runtimes])
    if sys_rows:
        out += ["### System calls per instance, 1 thread (strace)", "",
                "Instruction counts do not show what a system call costs (about 1 µs here). "
                "Constructs with no system call on any runtime are left out.", "",
                table(["construct"] + [RUNTIME_TITLES[r] for r in runtimes], sys_rows), ""]

    modes = [m for m in MODES if any(k[2] == m for k in cells)]
    if len(modes) > 1:
        out += ["### Instructions under each tool mode, 1 thread", "",
                "events = callbacks the light tool received per instance; per event = (empty − "
                "none) ÷ events, what delivering one callback with an empty body costs the "
                "runtime.", ""]
        header = ["construct", "runtime"] + modes + ["events", "per event", "nocb ÷ none"]
        rows = []
        for c in constructs:
            for r in runtimes:
                if not any((c, r, m) in cells for m in modes if m != "none"):
                    continue
                if all(ins(c, r, m) is None for m in modes):
                    continue  # n/a: listed at the end
                row = [c, RUNTIME_TITLES[r]] + [txt(c, r, m) for m in modes]
                ev_cell = cells.get((c, r, "light")) or {}
                ev = ev_cell.get("events_per_instance")
                nev = sum(ev.values()) if ev is not None else None
                row.append("%.3g" % nev if ev is not None else "–")
                e, n0 = ins(c, r, "empty"), ins(c, r, "none")
                row.append("%.1f" % ((e - n0) / nev) if nev and e is not None and n0 is not None
                           else "–")
                nc = ins(c, r, "nocb")
                row.append(fmt_ratio(ratio(nc, n0, tiny=0.5)))
                rows.append(row)
        out += [table(header, rows), ""]
    return out


def apps_section(res):
    cells = {(c["app"], c["threads"], c["runtime"]): c for c in res.get("apps", [])
             if c.get("mode", "none") == "none"}
    if not cells:
        return []
    runtimes = [r for r in TIME_RUNTIMES if any(k[2] == r for k in cells)]
    apps = sorted({k[0] for k in cells})
    threads = sorted({k[1] for k in cells})
    sizes = {}
    for c in res["apps"]:
        for run in c.get("runs", []):
            sizes[c["app"]] = run["raw"].get("size", "")
    out = ["## Application kernels (seconds)", "",
           "Median (minimum) of the runs; every run checked its own result.", ""]
    header = ["app", "size", "threads"] + [RUNTIME_TITLES[r] for r in runtimes]
    others = [r for r in runtimes if r != REFERENCE]
    header += ["%s ÷ libomp" % RUNTIME_TITLES[r] for r in others]
    rows = []
    for a in apps:
        for t in threads:
            cs = {r: cells.get((a, t, r)) for r in runtimes}
            row = [a, sizes.get(a, ""), str(t)] + [
                cell_text(cs[r], "median_s", "min_s", lambda v: "%.3f" % v) for r in runtimes]
            ref = cs.get(REFERENCE)
            row += [fmt_ratio(paired_ratio(cs[r], ref, "time_s", "median_s", tiny=0))
                    for r in others]
            rows.append(row)
    return out + [table(header, rows), ""]


def _trace_figures(cell):
    """Events glass-trace kept per run (slices), and whether any run dropped or spilled."""
    runs = [r.get("trace") or {} for r in (cell or {}).get("runs", [])]
    slices = median([r["slices"] for r in runs if "slices" in r])
    lost = any(r.get("dropped_events") for r in runs)
    spilled = any(r.get("spilled_events") for r in runs)
    return slices, lost, spilled


def trace_section(res):
    """The trace mode: each construct under glass-trace next to the same runtime with no tool."""
    cells = {(c["construct"], c["threads"], c["runtime"], c["mode"]): c for c in res["micro"]}
    apps = {(c["app"], c["threads"], c["runtime"], c.get("mode", "none")): c
            for c in res.get("apps", [])}
    if not any(k[3] == "trace" for k in cells) and not any(k[3] == "trace" for k in apps):
        return []
    out = ["## Tracing overhead (glass-trace)", "",
           "Each construct run under the `glass-trace` launcher (every event group recorded; "
           "outputs written at exit, outside the measured loops) next to the same runtime with "
           "no tool, in the same rounds: median (minimum) µs per instance. added = traced − "
           "untraced, from the medians and (in brackets) from the minimums, which a busy machine "
           "disturbs least; ratio: paired as above. slices = median slices in one run's trace "
           "(warm-up included). † = a run dropped events (its buffer was full), ‡ = a run spilled "
           "to a temporary file.", ""]
    rts = [r for r in TIME_RUNTIMES if any(k[2] == r and k[3] == "trace" for k in cells)]
    rows = []
    for c in construct_order({k[0] for k in cells if k[3] == "trace"}):
        for t in sorted({k[1] for k in cells if k[0] == c and k[3] == "trace"}):
            for r in rts:
                tr, base = cells.get((c, t, r, "trace")), cells.get((c, t, r, "none"))
                if tr is None:
                    continue
                vt, vb = value(tr), value(base)
                mt, mb = value(tr, "min_us"), value(base, "min_us")
                slices, lost, spilled = _trace_figures(tr)
                mark = ("†" if lost else "") + ("‡" if spilled else "")
                added = "–"
                if vt is not None and vb is not None:
                    added = fmt_us(vt - vb)
                    if mt is not None and mb is not None:
                        added += " (%s)" % fmt_us(mt - mb)
                rows.append([c, str(t), RUNTIME_TITLES[r], cell_text(base), cell_text(tr) + mark,
                             added,
                             fmt_ratio(paired_ratio(tr, base)),
                             "%.0f" % slices if slices is not None else "–"])
    if rows:
        out += [table(["construct", "threads", "runtime", "no tool", "glass-trace", "added",
                       "ratio", "slices"], rows), ""]
    rows = []
    for a in sorted({k[0] for k in apps if k[3] == "trace"}):
        for t in sorted({k[1] for k in apps if k[0] == a and k[3] == "trace"}):
            for r in [r for r in TIME_RUNTIMES if (a, t, r, "trace") in apps]:
                tr, base = apps[(a, t, r, "trace")], apps.get((a, t, r, "none"))
                slices, lost, spilled = _trace_figures(tr)
                mark = ("†" if lost else "") + ("‡" if spilled else "")
                rows.append([a, str(t), RUNTIME_TITLES[r],
                             cell_text(base, "median_s", "min_s", lambda v: "%.3f" % v),
                             cell_text(tr, "median_s", "min_s", lambda v: "%.3f" % v) + mark,
                             fmt_ratio(paired_ratio(tr, base, "time_s", "median_s", tiny=0)),
                             "%.0f" % slices if slices is not None else "–"])
    if rows:
        out += ["Application kernels (seconds, median (minimum); each kernel times its own "
                "work, so writing the outputs at exit is not included):", "",
                table(["app", "threads", "runtime", "no tool", "glass-trace", "ratio", "slices"],
                      rows), ""]
    return out


def _mb(v):
    return "–" if v is None else ("%.1f" % (v / 1e6) if v >= 1e5 else "%.2f" % (v / 1e6))


def _paired(tr, base, key):
    """Median over rounds of traced ÷ untraced, runs of the same round paired."""
    a = {x["round"]: x[key] for x in tr["runs"]}
    b = {x["round"]: x[key] for x in base["runs"]}
    rs = [a[k] / b[k] for k in a if k in b and b[k] > 0]
    return median(rs) if rs else None


def tracing_section(res):
    """The tracing benchmark (bench/tracing/): each workload untraced and under glass-trace."""
    cells = {(c["workload"], c["threads"], c["runtime"], c["mode"]): c
             for c in res.get("tracing", [])}
    if not cells:
        return []
    out = ["## Tracing benchmark (bench/tracing, glass-trace)", "",
           "Each workload untraced and under the `glass-trace` launcher (every event group), in "
           "the same rounds. *in program*: the workload's own time (the recording's cost); "
           "*in all*: the process's wall time, which under glass-trace includes writing the "
           "outputs at exit. Seconds, median (minimum). Peak: resident memory, MB (median). "
           "Outputs in MB (median): the HTML page, the JSON, the Perfetto trace where one was "
           "written, the summary.", ""]
    rows = []
    for (w, t, r, mode), tr in sorted(cells.items()):
        if mode != "trace":
            continue
        base = cells.get((w, t, r, "none"))
        if tr.get("status") == "error" or not base or base.get("status") == "error":
            rows.append([w, tr.get("size", ""), str(t), RUNTIME_TITLES.get(r, r), "error: %s" % (
                tr.get("error") or (base or {}).get("error"))] + [""] * 7)
            continue

        def stat(cell, key):
            vals = [x[key] for x in cell["runs"] if x.get(key) is not None]
            return (median(vals), min(vals)) if vals else (None, None)

        def txt(cell, key):
            m, lo = stat(cell, key)
            return "–" if m is None else "%.3f (%.3f)" % (m, lo)

        def size(kind):
            vals = [x["bytes"].get(kind) for x in tr["runs"] if x.get("bytes", {}).get(kind)]
            return _mb(median(vals)) if vals else "–"

        pf = [k for k in {k for x in tr["runs"] for k in x.get("bytes", {})}
              if k not in ("html", "json", "txt")]
        slices = [x["slices"] for x in tr["runs"] if x.get("slices") is not None]
        rows.append([w, tr.get("size", ""), str(t), RUNTIME_TITLES.get(r, r),
                     txt(base, "time_s"), txt(tr, "time_s"),
                     fmt_ratio(_paired(tr, base, "time_s")),
                     txt(base, "wall_s"), txt(tr, "wall_s"),
                     fmt_ratio(_paired(tr, base, "wall_s")),
                     "%.0f / %.0f" % (stat(base, "maxrss_mb")[0], stat(tr, "maxrss_mb")[0]),
                     " / ".join([size("html"), size("json")] + [size(k) for k in sorted(pf)] +
                                [size("txt")]) + (" (%s)" % ", ".join(sorted(pf)) if pf else ""),
                     "%.0f" % median(slices) if slices else "–"])
    out += [table(["workload", "size", "threads", "runtime", "untraced, in program",
                   "traced, in program", "ratio", "untraced, in all", "traced, in all", "ratio",
                   "peak MB", "HTML / JSON / [Perfetto] / summary MB", "slices"], rows), ""]
    return out


def availability_section(res):
    out = []
    for rt, groups in sorted(res.get("availability", {}).items()):
        missing = {g: m for g, m in groups.items() if m}
        if not missing:
            continue
        if not out:
            out = ["## Not measured (n/a)", "",
                   "A binary that needs an entry point the runtime does not define cannot load; "
                   "these groups were skipped:", ""]
        out.append("- **%s**: " % RUNTIME_TITLES.get(rt, rt) + "; ".join(
            "%s (%s)" % (g, ", ".join(m)) for g, m in sorted(missing.items())))
    return out + [""] if out else []


def render(res):
    m = res["meta"]
    mach = m["machine"]
    out = ["# Glass benchmark results", "",
           "- date: %s" % m["date"],
           "- machine: %s, %d CPUs, %s GiB, Linux %s" % (mach.get("cpu", "?"), mach["cpus"],
                                                         mach.get("memory_gib", "?"),
                                                         mach["kernel"]),
           "- command: `%s`" % m["command"],
           "- Glass: %s (%s)" % (m.get("glass_commit", "?"), m.get("glass_lib", "?")),
           "- LLVM libomp: %s; libgomp: %s" % (m.get("libomp_version", "?"),
                                              m.get("libgomp_version", "?")),
           "- compilers: %s" % "; ".join(m.get("compilers", [])),
           "- delay: %s µs per work unit (%s); %d runs per figure, each the median of %d "
           "repetitions of ~%g µs" % (res["options"]["delay"], ", ".join(
               "%s: %d loop units" % kv for kv in sorted(m.get("delay_len", {}).items())),
               res["options"]["reps"], res["options"]["inner_reps"],
               res["options"]["rep_time"])]
    for note in m.get("notes", []):
        out.append("- note: %s" % note)
    st = res.get("stats", {})
    if st:
        out.append("- disturbance (%s): %d runs, %d rejected as disturbed and rerun, %d kept "
                   "although disturbed (retries exhausted), %d failed" % (
                       mach.get("disturbance_source"), st.get("runs", 0), st.get("rejected", 0),
                       st.get("kept_disturbed", 0), st.get("errors", 0)))
    pp = sorted(v for v in st.get("pingpong_ns", []) if v)
    if pp:
        p10, p90 = pp[len(pp) // 10], pp[(len(pp) * 9) // 10]
        out.append("- core-to-core round trip (`probe/pingpong.c`, before each round): 10th "
                   "percentile %.0f, median %.0f, 90th percentile %.0f ns over %d rounds%s" % (
                       p10, median(pp), p90, len(pp),
                       "; **it moved %.1f× during the run**: the host placed the virtual CPUs "
                       "differently over time, so absolute times vary between rounds (the "
                       "minimums come from the fast placement; ratios pair runs of the same "
                       "round)" % (p90 / p10) if p90 > 1.5 * p10 else ""))
    out.append("")
    out += micro_sections(res)
    out += instr_sections(res)
    out += apps_section(res)
    out += trace_section(res)
    out += tracing_section(res)
    out += availability_section(res)
    return "\n".join(out)
