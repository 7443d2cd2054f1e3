// glass-trace timeline viewer: draws the slices in D (embedded by write_html.c) on a canvas,
// one track per OpenMP thread. Wheel zooms around the pointer, drag pans, double-click resets,
// hovering a slice shows its construct, source location and duration.
(function () {
  'use strict';
  var COL = {parallel: '#8da0cb', work: '#66c2a5', sync: '#e5c494', wait: '#fc8d62',
             task: '#a6d854', mutex: '#e78ac3', other: '#bbbbbb'};
  var RH = 18, LW = 190, AX = 24, GAP = 8, S = 6;
  var cv = document.getElementById('c'), ctx = cv.getContext('2d');
  var tip = document.getElementById('tip'), wrap = document.getElementById('wrap');
  var showFlows = document.getElementById('flows');
  var ntr = D.tracks.length, depth = [], top = [], i, t;
  for (t = 0; t < ntr; t++) depth.push(1);
  for (i = 0; i < D.s.length; i += S)
    if (D.s[i + 1] + 1 > depth[D.s[i]]) depth[D.s[i]] = D.s[i + 1] + 1;
  var y = AX;
  for (t = 0; t < ntr; t++) { top.push(y); y += depth[t] * RH + GAP; }
  var first = D.end;
  for (i = 0; i < D.s.length; i += S) if (D.s[i + 2] < first) first = D.s[i + 2];
  var home0 = Math.max(0, first - (D.end - first) * 0.02), home1 = Math.max(D.end, home0 + 1);
  var H = y + 4, W = 800, v0 = home0, v1 = home1, dpr = window.devicePixelRatio || 1;

  function fmt(ns) {
    if (ns >= 1e9) return (ns / 1e9).toFixed(3) + ' s';
    if (ns >= 1e6) return (ns / 1e6).toFixed(3) + ' ms';
    if (ns >= 1e3) return (ns / 1e3).toFixed(1) + ' µs';
    return ns + ' ns';
  }
  function X(tn) { return LW + (tn - v0) / (v1 - v0) * (W - LW); }
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
    for (var tk = Math.ceil(v0 / step) * step; tk <= v1; tk += step) {
      var x = X(tk);
      ctx.beginPath(); ctx.moveTo(x, AX - 4); ctx.lineTo(x, H); ctx.stroke();
      ctx.fillText(fmt(tk), x + 2, 12);
    }
  }
  function draw() {
    ctx.clearRect(0, 0, W, H);
    ctx.fillStyle = '#fff'; ctx.fillRect(0, 0, W, H);
    axis();
    ctx.save();
    ctx.beginPath(); ctx.rect(LW, 0, W - LW, H); ctx.clip();
    ctx.font = '11px sans-serif'; ctx.textBaseline = 'middle';
    for (var k = 0; k < D.s.length; k += S) {
      var t0 = D.s[k + 2], t1 = t0 + D.s[k + 3];
      if (t1 < v0 || t0 > v1) continue;
      var x0 = X(t0), x1 = X(t1), w = Math.max(x1 - x0, 1);
      var yy = top[D.s[k]] + D.s[k + 1] * RH;
      var name = D.names[D.s[k + 4]];
      ctx.fillStyle = COL[name.c] || COL.other;
      ctx.fillRect(x0, yy + 1, w, RH - 2);
      if (w > 4) { ctx.strokeStyle = '#0002'; ctx.strokeRect(x0 + .5, yy + 1.5, w - 1, RH - 3); }
      if (w > 40) {
        var label = name.n + (D.s[k + 5] ? ' ' + D.locs[D.s[k + 5]].l : '');
        ctx.fillStyle = '#111';
        ctx.save(); ctx.beginPath(); ctx.rect(Math.max(x0, LW), yy, w, RH); ctx.clip();
        ctx.fillText(label, Math.max(x0, LW) + 3, yy + RH / 2); ctx.restore();
      }
    }
    if (showFlows.checked) {
      ctx.strokeStyle = '#3557a8'; ctx.fillStyle = '#3557a8'; ctx.lineWidth = 1;
      for (var f = 0; f < D.f.length; f += 5) {
        var a = X(D.f[f]), b = X(D.f[f + 2]);
        if ((a < LW && b < LW) || (a > W && b > W)) continue;
        var ya = top[D.f[f + 1]] + RH / 2, yb = top[D.f[f + 3]] + RH / 2;
        ctx.setLineDash(D.f[f + 4] ? [] : [3, 3]);
        ctx.beginPath(); ctx.moveTo(a, ya); ctx.lineTo(b, yb); ctx.stroke();
        ctx.beginPath(); ctx.arc(b, yb, 2, 0, 7); ctx.fill();
      }
      ctx.setLineDash([]);
    }
    ctx.restore();
    ctx.fillStyle = '#222'; ctx.font = '12px sans-serif'; ctx.textBaseline = 'middle';
    for (var tr = 0; tr < ntr; tr++) {
      ctx.fillText(D.tracks[tr], 6, top[tr] + RH / 2);
      ctx.strokeStyle = '#ccc';
      ctx.beginPath(); ctx.moveTo(0, top[tr] + depth[tr] * RH + GAP / 2);
      ctx.lineTo(W, top[tr] + depth[tr] * RH + GAP / 2); ctx.stroke();
    }
  }
  function hit(mx, my) {
    var tn = v0 + (mx - LW) / (W - LW) * (v1 - v0), tol = (v1 - v0) / (W - LW);
    for (var tr = 0; tr < ntr; tr++) {
      if (my < top[tr] || my >= top[tr] + depth[tr] * RH) continue;
      var d = Math.floor((my - top[tr]) / RH);
      for (var k = 0; k < D.s.length; k += S)
        if (D.s[k] === tr && D.s[k + 1] === d && D.s[k + 2] - tol <= tn &&
            D.s[k + 2] + D.s[k + 3] + tol >= tn)
          return k;
    }
    return -1;
  }
  var drag = null;
  cv.addEventListener('wheel', function (e) {
    e.preventDefault();
    var r = cv.getBoundingClientRect(), mx = e.clientX - r.left;
    if (mx < LW) return;
    var at = v0 + (mx - LW) / (W - LW) * (v1 - v0), z = e.deltaY > 0 ? 1.25 : 0.8;
    var n0 = at - (at - v0) * z, n1 = at + (v1 - at) * z;
    if (n1 - n0 < 100) return;
    v0 = Math.max(0, n0); v1 = Math.min(D.end * 1.05 + 1, n1); draw();
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
    var k = hit(mx, my);
    if (k < 0) { tip.style.display = 'none'; return; }
    var nm = D.names[D.s[k + 4]], loc = D.locs[D.s[k + 5]];
    tip.textContent = nm.n + '\n' + (D.s[k + 5] ? loc.l + (loc.f ? '  (' + loc.f + ')' : '') +
      '\n' : '') + 'duration ' + fmt(D.s[k + 3]) + ', start ' + fmt(D.s[k + 2]) + '\n' +
      D.tracks[D.s[k]];
    tip.style.display = 'block';
    tip.style.left = Math.min(mx + 12, W - 260) + 'px'; tip.style.top = (my + 14) + 'px';
  });
  showFlows.addEventListener('change', draw);
  window.addEventListener('resize', resize);
  var lg = document.getElementById('legend');
  Object.keys(COL).forEach(function (c) {
    if (c === 'other') return;
    var s = document.createElement('span'), b = document.createElement('i');
    b.style.background = COL[c]; s.appendChild(b); s.appendChild(document.createTextNode(c));
    lg.appendChild(s);
  });
  document.getElementById('info').textContent = ntr + ' threads, ' + (D.s.length / S) +
    ' slices, ' + (D.f.length / 5) + ' flows, ' + fmt(D.end) + ' traced';
  document.getElementById('sum').textContent = D.summary;
  resize();
})();
