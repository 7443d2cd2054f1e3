"""The ratio plot, as hand-written SVG: one row per construct, one panel per view, ratios on a
log scale with 1 (LLVM libomp, or the runtime without a tool) as the middle line. Left of the
line is faster / fewer instructions."""

import math
from xml.sax.saxutils import escape

from .common import REFERENCE
from .report import construct_order, paired_ratio

LO, HI = 1 / 8, 8  # ratio domain; beyond it markers sit on the edge with an arrow
ROW_H = 17
LABEL_W = 120
PANEL_W = 205
NA_W = 24  # right margin of each panel, for "n/a" tags
GAP = 16
TOP = 78
COLORS = {"glass": "#1f5fbf", "libgomp": "#e07b00", "glass-noompt": "#6fa8ff",
          "libomp": "#c0392b", "disabled": "#666666", "nocb": "#17a2b8", "empty": "#7a3db8",
          "light": "#1a9e55"}


def _x(panel_x, r):
    r = min(max(r, LO), HI)
    f = (math.log2(r) - math.log2(LO)) / (math.log2(HI) - math.log2(LO))
    return panel_x + 8 + f * (PANEL_W - 16 - NA_W)


def _marker(shape, x, y, color):
    if shape == "circle":
        return '<circle cx="%.1f" cy="%.1f" r="4.2" fill="%s"/>' % (x, y, color)
    if shape == "ring":
        return ('<circle cx="%.1f" cy="%.1f" r="4.2" fill="none" stroke="%s" stroke-width="1.8"/>'
                % (x, y, color))
    if shape == "diamond":
        return '<path d="M%.1f %.1f l4.6 4.6 l-4.6 4.6 l-4.6 -4.6 z" fill="%s"/>' % (
            x, y - 4.6, color)
    if shape == "square":
        return '<rect x="%.1f" y="%.1f" width="8" height="8" fill="%s"/>' % (x - 4, y - 4, color)
    if shape == "triangle":
        return '<path d="M%.1f %.1f l4.8 8.4 l-9.6 0 z" fill="%s"/>' % (x, y - 4.6, color)
    return '<path d="M%.1f %.1f l4 4 m0 -4 l-4 4" stroke="%s" stroke-width="1.5"/>' % (
        x - 2, y - 2, color)


def _panels(res):
    """[(title, subtitle, {construct: [(series, shape, ratio or None, label)]})]."""
    panels = []
    micro = {(c["construct"], c["threads"], c["runtime"], c["mode"]): c for c in res["micro"]}

    def rat(a, b, tiny):
        return a / b if a is not None and b is not None and b > tiny and a > 0 else None

    threads = sorted({k[1] for k in micro})
    for t in threads:
        rows = {}
        for (c, tt, r, m), cell in micro.items():
            if tt != t or m != "none" or r == REFERENCE:
                continue
            if r not in ("glass", "libgomp"):
                continue
            ref = micro.get((c, t, REFERENCE, "none"))
            na = cell.get("status") == "n/a"
            rows.setdefault(c, []).append((r, "circle" if r == "glass" else "diamond",
                                           None if na else paired_ratio(cell, ref),
                                           "n/a" if na else None))
        if rows:
            panels.append(("time, %d thread%s" % (t, "s" if t > 1 else ""),
                           "÷ LLVM libomp, no tool", rows))
    instr = {(c["construct"], c["runtime"], c["mode"]): c for c in res.get("instr", [])}
    if instr:
        rows = {}
        for (c, r, m), cell in instr.items():
            if m != "none" or r == REFERENCE:
                continue
            ref = instr.get((c, REFERENCE, "none"))
            refv = ref.get("instructions") if ref and ref.get("status") == "ok" else None
            v = cell.get("instructions") if cell.get("status") == "ok" else None
            na = cell.get("status") == "n/a"
            shape = {"glass": "circle", "glass-noompt": "ring"}.get(r, "diamond")
            rows.setdefault(c, []).append((r, shape, None if na else rat(v, refv, 0.5),
                                           "n/a" if na and r == "glass" else None))
        panels.append(("instructions, 1 thread", "÷ LLVM libomp, no tool", rows))
    tool_t = 2 if 2 in threads else (threads[0] if threads else None)
    for rt in ("glass", REFERENCE):
        rows = {}
        for (c, t, r, m), cell in micro.items():
            if t != tool_t or r != rt or m == "none" or m == "trace":
                continue
            base = micro.get((c, t, r, "none"))
            shape = {"disabled": "x", "nocb": "circle", "empty": "square",
                     "light": "triangle"}[m]
            rows.setdefault(c, []).append((m, shape, paired_ratio(cell, base), None))
        if rows:
            panels.append(("%s tool modes, %d threads" % ("Glass" if rt == "glass" else
                                                          "LLVM libomp", tool_t),
                           "÷ the same runtime, no tool", rows))
    return panels


def render(res):
    panels = _panels(res)
    if not panels:
        return None
    constructs = construct_order({c for _, _, rows in panels for c in rows})
    width = LABEL_W + len(panels) * (PANEL_W + GAP) + 10
    height = TOP + len(constructs) * ROW_H + 80
    s = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" '
         'font-family="DejaVu Sans, Arial, sans-serif" font-size="11">' % (width, height),
         '<rect width="100%" height="100%" fill="white"/>',
         '<text x="10" y="20" font-size="15" font-weight="bold">Glass vs LLVM libomp 19 and '
         'libgomp: ratios (log scale; left of the line = faster / fewer instructions)</text>',
         '<text x="10" y="37" fill="#555">%s · %s · median of %d runs</text>' % (
             escape(res["meta"]["date"]), escape(res["meta"]["machine"].get("cpu", "")),
             res["options"]["reps"])]
    y0 = TOP
    for i, c in enumerate(constructs):
        y = y0 + i * ROW_H + ROW_H / 2
        if i % 2 == 0:
            s.append('<rect x="5" y="%.1f" width="%d" height="%d" fill="#f4f4f4"/>' % (
                y - ROW_H / 2, width - 10, ROW_H))
        s.append('<text x="%d" y="%.1f" text-anchor="end" dominant-baseline="middle">%s</text>'
                 % (LABEL_W - 6, y, escape(c)))
    for p, (title, sub, rows) in enumerate(panels):
        px = LABEL_W + p * (PANEL_W + GAP)
        s.append('<text x="%.1f" y="%d" text-anchor="middle" font-weight="bold">%s</text>' % (
            px + PANEL_W / 2, TOP - 24, escape(title)))
        s.append('<text x="%.1f" y="%d" text-anchor="middle" fill="#555">%s</text>' % (
            px + PANEL_W / 2, TOP - 11, escape(sub)))
        bottom = y0 + len(constructs) * ROW_H
        s.append('<rect x="%.1f" y="%d" width="%.1f" height="%d" fill="#e8f5e9" opacity="0.55"/>'
                 % (px + 8, y0, _x(px, 1) - px - 8, bottom - y0))
        for k in range(-3, 4):
            r = 2.0 ** k
            x = _x(px, r)
            s.append('<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="%s" stroke-width="%s"/>'
                     % (x, y0, x, bottom, "#333" if k == 0 else "#ccc",
                        "1.4" if k == 0 else "0.7"))
            label = "1" if k == 0 else ("%g" % r if k > 0 else "1/%d" % (2 ** -k))
            s.append('<text x="%.1f" y="%d" text-anchor="middle" fill="#555">%s</text>' % (
                x, bottom + 13, label))
        for i, c in enumerate(constructs):
            y = y0 + i * ROW_H + ROW_H / 2
            for series, shape, r, note in rows.get(c, []):
                color = COLORS.get(series, "#333")
                if r is None:
                    if note:
                        s.append('<text x="%.1f" y="%.1f" fill="#999" font-size="9" '
                                 'dominant-baseline="middle">%s</text>' % (
                                     px + PANEL_W - NA_W + 2, y, escape(note)))
                    continue
                x = _x(px, r)
                s.append('<g><title>%s %s: %.3g×</title>%s</g>' % (
                    escape(c), escape(series), r, _marker(shape, x, y, color)))
                if r > HI or r < LO:  # off the scale: the value beside the marker
                    s.append('<text x="%.1f" y="%.1f" font-size="8.5" fill="%s" '
                             'text-anchor="%s" dominant-baseline="middle">%.3g</text>' % (
                                 x + (-7 if r > HI else 7), y, color,
                                 "end" if r > HI else "start", r))
    # Legend
    ly = y0 + len(constructs) * ROW_H + 34
    items = [("circle", "glass", "Glass"), ("ring", "glass-noompt", "Glass OMPT-off"),
             ("diamond", "libgomp", "libgomp"), ("x", "disabled", "OMP_TOOL=disabled"),
             ("circle", "nocb", "tool, no callback"), ("square", "empty", "every callback, empty"),
             ("triangle", "light", "every callback, light work")]
    x = 10
    for shape, key, label in items:
        s.append(_marker(shape, x + 5, ly, COLORS[key]))
        s.append('<text x="%d" y="%d" dominant-baseline="middle">%s</text>' % (
            x + 14, ly, escape(label)))
        x += 30 + 6.9 * len(label)
    s.append('<text x="10" y="%d" fill="#555">Green band: better than the reference. n/a: the '
             'runtime lacks the construct. Hover a marker for its value.</text>' % (ly + 22))
    s.append("</svg>")
    return "\n".join(s)
