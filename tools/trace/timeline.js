// glass-trace timeline viewer (write_html.c embeds it and the data). One lane per OpenMP thread,
// and under a thread that offloaded, a lane of its device operations (target regions, data
// transfers, kernels). Wheel zooms around the pointer, drag pans, double-click resets, hovering
// shows the construct, source location and duration. Device events (initialize, load, unload,
// finalize) and map clauses are instants: a red mark at the top of the issuing thread's lane.
//
// Level of detail: gt-meta holds, per lane, a pyramid of aggregates (the share of each bucket
// of time that each category was the innermost construct). At coarse zoom the viewer draws
// those, one column per pixel, stacked by category. Once the slices of the detail windows in
// view are few enough (MAXDRAW), it parses those windows (gt-w<N>, on demand, cached) and draws
// every slice. Windows the page did not keep (GLASS_TRACE_HTML_MAX) always show aggregates.
(function () {
  'use strict';
  var COL = {parallel: '#8da0cb', work: '#66c2a5', sync: '#e5c494', wait: '#fc8d62',
             task: '#a6d854', mutex: '#e78ac3', target: '#6a9fd4', transfer: '#b3a2d9',
             kernel: '#2f8f83', other: '#bbbbbb'};
  var RH = 18, LW = 190, AX = 24, BAND = 5, GAP = 8, S = 7, MAXDRAW = 100000, CACHE = 48;
  var M = JSON.parse(document.getElementById('gt-meta').textContent);
  var cv = document.getElementById('c'), ctx = cv.getContext('2d');
  var tip = document.getElementById('tip'), wrap = document.getElementById('wrap');
  var showFlows = document.getElementById('flows');
  var lanes = M.lanes, nl = lanes.length, top = [], y = AX + BAND + 2, l, k;
  for (l = 0; l < nl; l++) { top.push(y); y += lanes[l].rows * RH + GAP; }
  var H = y + 4, W = 800, dpr = window.devicePixelRatio || 1;
  var home0 = M.start, home1 = Math.max(M.end, M.start + 1), v0 = home0, v1 = home1;
  var DW = M.detail.windows, A = M.agg, IN = M.instants, IS = 5; // numbers per instant

  // Aggregates: per lane and level, one Uint8Array of cats.length x buckets (category-major).
  function unb64(s) {
    var b = atob(s), u = new Uint8Array(b.length);
    for (var i = 0; i < b.length; i++) u[i] = b.charCodeAt(i);
    return u;
  }
  var agg = A.lanes.map(function (ln) { return ln.d.map(unb64); });

  function fmt(ns) {
    if (ns >= 1e9) return (ns / 1e9).toFixed(3) + ' s';
    if (ns >= 1e6) return (ns / 1e6).toFixed(3) + ' ms';
    if (ns >= 1e3) return (ns / 1e3).toFixed(1) + ' µs';
    return Math.round(ns) + ' ns';
  }
  function X(tn) { return LW + (tn - v0) / (v1 - v0) * (W - LW); }
  function T(x) { return v0 + (x - LW) / (W - LW) * (v1 - v0); }

  // Detail windows, parsed on first use; the least recently used are forgotten.
  var cache = new Map();
  function chunk(k) {
    var c = cache.get(k);
    if (c) { cache.delete(k); cache.set(k, c); return c; }
    var el = document.getElementById('gt-w' + k);
    if (!el) return null;
    c = JSON.parse(el.textContent);
    c.base = DW[k][0];
    cache.set(k, c);
    if (cache.size > CACHE) cache.delete(cache.keys().next().value);
    return c;
  }
  function visibleWindows() {
    var lo = 0, hi = DW.length, out = [];
    while (hi - lo > 1) { var mid = (lo + hi) >> 1; if (DW[mid][0] <= v0) lo = mid; else hi = mid; }
    for (var k = lo; k < DW.length && DW[k][0] < v1; k++) if (DW[k][1] > v0) out.push(k);
    return out;
  }
  // The windows drawn slice by slice in the current view ([] at coarse zoom).
  function detailWindows() {
    var vis = visibleWindows(), n = 0, kept = [];
    vis.forEach(function (k) { if (DW[k][4]) { n += DW[k][3]; kept.push(k); } });
    return n <= MAXDRAW ? kept : [];
  }

  function resize() {
    W = Math.max(400, wrap.clientWidth);
    cv.width = W * dpr; cv.height = H * dpr;
    cv.style.width = W + 'px'; cv.style.height = H + 'px';
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    draw();
  }
  function axis() {
    var span = v1 - v0, step = Math.pow(10, Math.floor(Math.log10(span / 8)));
    if (span / step > 16) step *= 5; else if (span / step > 8) step *= 2;
    ctx.fillStyle = '#555'; ctx.strokeStyle = '#e4e4e4'; ctx.font = '11px sans-serif';
    ctx.textBaseline = 'alphabetic';
    for (var tk = Math.ceil(v0 / step) * step; tk <= v1; tk += step) {
      var x = X(tk);
      ctx.beginPath(); ctx.moveTo(x, AX - 4); ctx.lineTo(x, H); ctx.stroke();
      ctx.fillText(fmt(tk), x + 2, 12);
    }
    if (M.detail.state === 'all' || M.detail.state === 'lod') return;
    // Where the page kept slice detail (green) and where it shows aggregates only (grey).
    visibleWindows().forEach(function (k) {
      ctx.fillStyle = DW[k][4] ? '#4caf50' : '#c8c8c8';
      var a = Math.max(X(DW[k][0]), LW), b = Math.min(X(DW[k][1]), W);
      ctx.fillRect(a, AX, Math.max(b - a, 1), BAND);
    });
  }

  // The finest level whose buckets are at least as narrow as a pixel is enough.
  function level() {
    var px = (v1 - v0) / (W - LW), best = 0;
    for (var i = 0; i < A.levels.length; i++)
      if ((A.t1 - A.t0) / A.levels[i] <= px) best = i;
    return best;
  }
  // Mean share of each category of lane l over [a, b), at level lv: array by category slot.
  function shares(l, lv, a, b) {
    var nb = A.levels[lv], bw = (A.t1 - A.t0) / nb, d = agg[l][lv], nc = A.lanes[l].cats.length;
    var b0 = Math.max(0, Math.floor((a - A.t0) / bw)), b1 = Math.min(nb, Math.ceil((b - A.t0) / bw));
    var out = [];
    for (var c = 0; c < nc; c++) {
      var sum = 0;
      for (var q = b0; q < b1; q++) sum += d[c * nb + q];
      out.push(b1 > b0 ? sum / (b1 - b0) / 255 : 0);
    }
    return out;
  }
  function drawAgg(a, b) {
    var lv = level(), nb = A.levels[lv], bw = (A.t1 - A.t0) / nb, px = (v1 - v0) / (W - LW);
    var step = Math.max(px, bw); // one column per pixel, or per bucket when zoomed past them
    var t = Math.max(a, A.t0);
    if (bw > px) t = A.t0 + Math.floor((t - A.t0) / bw) * bw;
    for (; t < Math.min(b, A.t1); t += step) {
      var xa = Math.max(X(t), X(a), LW), xb = Math.min(X(t + step), X(b), W);
      if (xb <= xa) continue;
      for (var l = 0; l < nl; l++) {
        var sh = shares(l, lv, t, t + step), cats = A.lanes[l].cats, h = lanes[l].rows * RH - 2;
        var yy = top[l] + h + 1;
        for (var c = 0; c < sh.length; c++) {
          if (sh[c] <= 0) continue;
          var hh = Math.min(sh[c], 1) * h;
          ctx.fillStyle = COL[M.cats[cats[c]]] || COL.other;
          ctx.fillRect(xa, yy - hh, Math.max(xb - xa, 1), hh);
          yy -= hh;
        }
      }
    }
  }
  function drawRecords(rec, base) {
    for (var k = 0; k < rec.length; k += S) {
      var t0 = base + rec[k + 2], t1 = t0 + rec[k + 3];
      if (t1 < v0 || t0 > v1) continue;
      var x0 = X(t0), x1 = X(t1), w = Math.max(x1 - x0, 1);
      var yy = top[rec[k]] + rec[k + 1] * RH;
      var name = M.names[rec[k + 4]];
      ctx.fillStyle = COL[M.cats[name.c]] || COL.other;
      ctx.fillRect(x0, yy + 1, w, RH - 2);
      if (w > 4) { ctx.strokeStyle = '#0002'; ctx.strokeRect(x0 + .5, yy + 1.5, w - 1, RH - 3); }
      if (w > 40) {
        var label = name.n + (rec[k + 5] ? ' ' + M.locs[rec[k + 5]].l : '');
        ctx.fillStyle = '#111';
        ctx.save(); ctx.beginPath(); ctx.rect(Math.max(x0, LW), yy, w, RH); ctx.clip();
        ctx.fillText(label, Math.max(x0, LW) + 3, yy + RH / 2); ctx.restore();
      }
    }
  }
  function drawFlows(fl, base) {
    for (var f = 0; f < fl.length; f += 5) {
      var a = X(base + fl[f]), b = X(base + fl[f + 2]);
      if ((a < LW && b < LW) || (a > W && b > W)) continue;
      var ya = top[fl[f + 1]] + RH / 2, yb = top[fl[f + 3]] + RH / 2;
      ctx.setLineDash(fl[f + 4] ? [] : [3, 3]);
      ctx.beginPath(); ctx.moveTo(a, ya); ctx.lineTo(b, yb); ctx.stroke();
      ctx.beginPath(); ctx.arc(b, yb, 2, 0, 7); ctx.fill();
    }
    ctx.setLineDash([]);
  }
  function drawInstants() {
    ctx.fillStyle = '#c0392b';
    for (var i = 0; i < IN.v.length; i += IS) {
      var x = X(IN.v[i]), yy = top[IN.v[i + 1]];
      if (x < LW - 4 || x > W + 4 || yy === undefined) continue;
      ctx.beginPath(); ctx.moveTo(x - 4, yy); ctx.lineTo(x + 4, yy); ctx.lineTo(x, yy + 7);
      ctx.closePath(); ctx.fill();
    }
  }
  function instantTip(i) {
    var v = IN.v, kind = IN.kinds[v[i + 2]], what;
    if (kind === 'target map') what = v[i + 3] + ' item(s), ' + bytes(v[i + 4]);
    else if (kind === 'device unload') what = 'device ' + v[i + 3] + ', module ' + v[i + 4];
    else if (kind === 'device load') what = 'device ' + v[i + 3] + ', image of ' + bytes(v[i + 4]);
    else what = 'device ' + v[i + 3];
    return kind + '\n' + what + '\nat ' + fmt(v[i]) + '\n' + lanes[v[i + 1]].n;
  }
  // The instant drawn nearest to x on lane l's first row, within 4 pixels, or -1.
  function instantAt(l, mx) {
    var best = -1, bd = 4;
    for (var i = 0; i < IN.v.length; i += IS) {
      var dx = Math.abs(X(IN.v[i]) - mx);
      if (IN.v[i + 1] === l && dx <= bd) { best = i; bd = dx; }
    }
    return best;
  }
  var shown = [];
  function draw() {
    ctx.clearRect(0, 0, W, H);
    ctx.fillStyle = '#fff'; ctx.fillRect(0, 0, W, H);
    axis();
    ctx.save();
    ctx.beginPath(); ctx.rect(LW, 0, W - LW, H); ctx.clip();
    ctx.font = '11px sans-serif'; ctx.textBaseline = 'middle';
    shown = detailWindows();
    var set = {}, segA = null;
    shown.forEach(function (k) { set[k] = true; });
    // Aggregates wherever no detail window is drawn, in runs of adjacent windows.
    visibleWindows().forEach(function (k) {
      if (set[k]) { if (segA !== null) drawAgg(segA, DW[k][0]); segA = null; }
      else if (segA === null) segA = Math.max(DW[k][0], v0);
    });
    if (segA !== null) drawAgg(segA, v1);
    shown.forEach(function (k) {
      var c = chunk(k);
      if (c) { drawRecords(c.c, c.base); drawRecords(c.s, c.base); }
    });
    if (showFlows.checked) {
      ctx.strokeStyle = '#3557a8'; ctx.fillStyle = '#3557a8'; ctx.lineWidth = 1;
      shown.forEach(function (k) {
        var c = chunk(k);
        if (c) { drawFlows(c.f, c.base); drawFlows(c.g, c.base); }
      });
    }
    drawInstants();
    ctx.restore();
    ctx.fillStyle = '#222'; ctx.font = '12px sans-serif'; ctx.textBaseline = 'middle';
    for (var ln = 0; ln < nl; ln++) {
      ctx.fillStyle = lanes[ln].dev ? '#555' : '#222';
      ctx.fillText(lanes[ln].n, lanes[ln].dev ? 16 : 6, top[ln] + RH / 2);
      ctx.strokeStyle = '#ccc';
      ctx.beginPath(); ctx.moveTo(0, top[ln] + lanes[ln].rows * RH + GAP / 2);
      ctx.lineTo(W, top[ln] + lanes[ln].rows * RH + GAP / 2); ctx.stroke();
    }
    document.getElementById('mode').textContent = shown.length ?
      'showing slices' : 'showing the share of time per construct kind (zoom in for slices)';
  }

  function laneAt(my) {
    for (var l = 0; l < nl; l++)
      if (my >= top[l] && my < top[l] + lanes[l].rows * RH) return l;
    return -1;
  }
  function hitIn(rec, base, l, d, tn, tol) {
    for (var k = 0; k < rec.length; k += S)
      if (rec[k] === l && rec[k + 1] === d && base + rec[k + 2] - tol <= tn &&
          base + rec[k + 2] + rec[k + 3] + tol >= tn)
        return k;
    return -1;
  }
  function bytes(n) {
    var u = ['bytes', 'KiB', 'MiB', 'GiB'], i = 0, v = n;
    while (v >= 1024 && i < 3) { v /= 1024; i++; }
    return (i ? v.toFixed(1) + ' ' + u[i] + ' (' + n + ' bytes)' : n + ' bytes');
  }
  // The record's last field, by what the construct name says it holds (write_html.c).
  function extra(nm, x) {
    if (nm.x === 'bytes') return bytes(x) + '\n';
    if (nm.x === 'teams') return 'requested teams ' + x + '\n';
    if (nm.x === 'device') return 'device ' + x + '\n';
    return '';
  }
  function sliceTip(rec, base, k) {
    var nm = M.names[rec[k + 4]], loc = M.locs[rec[k + 5]];
    return nm.n + '\n' + (rec[k + 5] ? loc.l + (loc.f ? '  (' + loc.f + ')' : '') + '\n' : '') +
      extra(nm, rec[k + 6]) + 'duration ' + fmt(rec[k + 3]) + ', start ' +
      fmt(base + rec[k + 2]) + '\n' + lanes[rec[k]].n;
  }
  function aggTip(l, mx) {
    var a = T(mx), b = T(mx + 1), lv = level(), bw = (A.t1 - A.t0) / A.levels[lv];
    if (b - a < bw) { a = A.t0 + Math.floor((a - A.t0) / bw) * bw; b = a + bw; }
    var sh = shares(l, lv, a, b), lines = [], cats = A.lanes[l].cats;
    for (var c = 0; c < sh.length; c++)
      if (sh[c] > 0) lines.push(M.cats[cats[c]] + ' ' + (sh[c] * 100).toFixed(1) + '%');
    if (!lines.length) return null;
    var k = visibleWindows().filter(function (q) { return DW[q][0] <= a && a < DW[q][1]; })[0];
    var more = k !== undefined && !DW[k][4] ?
      'slices of this time are not in the page: see ' + M.detail.full :
      M.detail.state === 'lod' ? 'zoom in for the slices of at least ' + fmt(M.detail.min_dur) :
      'zoom in for slices';
    return lanes[l].n + ', ' + fmt(a) + ' to ' + fmt(b) + '\n' + lines.join(', ') + '\n' + more;
  }
  function tipAt(mx, my) {
    var l = laneAt(my);
    if (l < 0 || mx < LW) return null;
    var tn = T(mx), tol = (v1 - v0) / (W - LW), d = Math.floor((my - top[l]) / RH);
    var hit = d === 0 ? instantAt(l, mx) : -1;
    if (hit >= 0) return instantTip(hit);
    for (var i = 0; i < shown.length; i++) {
      var w = DW[shown[i]];
      if (w[1] + tol < tn || w[0] - tol > tn) continue;
      var c = chunk(shown[i]);
      if (!c) continue;
      var k = hitIn(c.s, c.base, l, d, tn, tol);
      if (k >= 0) return sliceTip(c.s, c.base, k);
      k = hitIn(c.c, c.base, l, d, tn, tol);
      if (k >= 0) return sliceTip(c.c, c.base, k);
    }
    var inDetail = shown.some(function (q) { return DW[q][0] <= tn && tn < DW[q][1]; });
    return inDetail ? null : aggTip(l, mx);
  }

  var drag = null;
  cv.addEventListener('wheel', function (e) {
    e.preventDefault();
    var r = cv.getBoundingClientRect(), mx = e.clientX - r.left;
    if (mx < LW) return;
    var at = T(mx), z = e.deltaY > 0 ? 1.25 : 0.8;
    var n0 = at - (at - v0) * z, n1 = at + (v1 - at) * z;
    if (n1 - n0 < 100) return;
    v0 = Math.max(0, n0); v1 = Math.min(M.end * 1.05 + 1, n1); draw();
  }, {passive: false});
  cv.addEventListener('mousedown', function (e) { drag = {x: e.clientX, v0: v0, v1: v1}; });
  window.addEventListener('mouseup', function () { drag = null; });
  cv.addEventListener('dblclick', function () { v0 = home0; v1 = home1; draw(); });
  cv.addEventListener('mousemove', function (e) {
    var r = cv.getBoundingClientRect(), mx = e.clientX - r.left, my = e.clientY - r.top;
    if (drag) {
      var dt = (e.clientX - drag.x) / (W - LW) * (drag.v1 - drag.v0);
      v0 = drag.v0 - dt; v1 = drag.v1 - dt; draw(); tip.style.display = 'none'; return;
    }
    var text = tipAt(mx, my);
    if (!text) { tip.style.display = 'none'; return; }
    tip.textContent = text;
    tip.style.display = 'block';
    tip.style.left = Math.min(mx + 12, W - 300) + 'px'; tip.style.top = (my + 14) + 'px';
  });
  showFlows.addEventListener('change', draw);
  window.addEventListener('resize', resize);

  var lg = document.getElementById('legend'), used = {};
  M.names.forEach(function (nm) { used[M.cats[nm.c]] = true; });
  M.cats.forEach(function (c) {
    if (!used[c]) return;
    var s = document.createElement('span'), b = document.createElement('i');
    b.style.background = COL[c] || COL.other; s.appendChild(b); s.appendChild(document.createTextNode(c));
    lg.appendChild(s);
  });
  var nthreads = lanes.filter(function (x) { return !x.dev; }).length;
  document.getElementById('info').textContent = nthreads + ' threads, ' + M.detail.slices +
    ' slices, ' + M.detail.flows + ' flows, ' +
    (IN.total ? IN.total + ' device events (' + IN.v.length / IS + ' drawn), ' : '') +
    fmt(M.end - M.start) + ' traced';
  var D = M.detail, note = '';
  if (D.state === 'lod') {
    note = 'This page holds the slices of at least ' + fmt(D.min_dur) + ' over the whole run (' +
      (D.slices - D.outside) + ' of ' + D.slices + ' slices), to stay within ' +
      'GLASS_TRACE_HTML_MAX (' + D.bound + ' bytes); shorter ones count in the share of time ' +
      'per construct kind drawn at coarse zoom.';
  } else if (D.state !== 'all') {
    var kept = DW.filter(function (w) { return w[4]; }), covered = 0, keptSlices = 0;
    kept.forEach(function (w) { covered += w[1] - w[0]; keptSlices += w[2]; });
    note = D.state === 'none' ?
      'This page holds no individual slices: they would exceed its size bound (' +
      'GLASS_TRACE_HTML_MAX, ' + D.bound + ' bytes). It shows the share of time per construct kind.' :
      'This page holds the individual slices of ' + fmt(kept[0][0]) + ' to ' +
      fmt(kept[kept.length - 1][1]) + ' only (' + keptSlices + ' of ' + D.slices + ' slices, ' +
      (100 * covered / Math.max(1, home1 - home0)).toFixed(1) + '% of the run; green band), ' +
      'to stay within GLASS_TRACE_HTML_MAX (' + D.bound + ' bytes). Elsewhere: the share of ' +
      'time per construct kind.';
  }
  if (D.state !== 'all')
    note += ' Every slice is in the full trace written with this page (' + D.full +
      '; open it in ui.perfetto.dev).';
  document.getElementById('note').textContent = note;
  document.getElementById('sum').textContent = M.summary;
  // For scripts and tests: set the view, read what is drawn, ask for the tooltip at a point.
  window.glassTimeline = {
    view: function (a, b) { v0 = a; v1 = b; draw(); },
    state: function () { return {v0: v0, v1: v1, width: W, detail: shown.slice()}; },
    tip: tipAt, lanes: function () { return top.slice(); },
    instants: function () { return IN; }
  };
  resize();
})();
