// Runs a glass-trace HTML page's viewer under node with a stand-in for the DOM and the canvas,
// then performs the actions on the command line and prints what the page shows:
//   node page_run.js PAGE [home] [view T0 T1] [window K] [hover X LANE] [hover-dropped LANE]
//     [hover-instant NAME] (zooms onto the first device event or map instant of that kind)
// (window K: zooms to the middle tenth of detail window K; hover-dropped: hovers over the middle
// of the first window after window 0 whose detail the page did not keep, in the current view)
// Prints "mode:", "note:", "info:", "rects:" (filled rectangles in the last drawing), "texts:"
// (labels drawn) and "tip:" lines, for FileCheck. Any exception fails the run.
'use strict';
const fs = require('fs');
const html = fs.readFileSync(process.argv[2], 'utf8');
const scripts = {};
let viewer = null;
for (const m of html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)) {
  const id = /id="([^"]+)"/.exec(m[1]);
  if (id) scripts[id[1]] = m[2];
  else viewer = m[2];
}
if (!viewer) throw new Error('no viewer script');

let rects = 0, texts = [];
const ctx = new Proxy({}, {
  get(target, name) {
    if (name in target) return target[name];
    if (name === 'fillRect') return () => { rects++; };
    if (name === 'fillText') return (t) => { texts.push(String(t)); };
    return () => {};
  },
  set(target, name, v) { target[name] = v; return true; }
});
const handlers = {};
function element(id) {
  return {
    id, style: {}, textContent: scripts[id] || '', checked: true, clientWidth: 1200,
    getContext: () => ctx, getBoundingClientRect: () => ({left: 0, top: 0}),
    addEventListener: (ev, fn) => { handlers[id + ':' + ev] = fn; },
    appendChild: () => {}
  };
}
const elements = {};
const document = {
  getElementById: (id) => elements[id] || (elements[id] = element(id)),
  createElement: () => element(''),
  createTextNode: (t) => ({t})
};
const window = {devicePixelRatio: 1, addEventListener: () => {}};
const atob = (s) => Buffer.from(s, 'base64').toString('binary');
new Function('document', 'window', 'atob', viewer)(document, window, atob);
const G = window.glassTimeline;
const el = (id) => document.getElementById(id).textContent;
console.log('info: ' + el('info'));
console.log('note: ' + el('note'));

function report() {
  console.log('mode: ' + el('mode'));
  console.log('rects: ' + rects);
  console.log('texts: ' + texts.filter((t) => !/^[0-9.]+ (s|ms|µs|ns)$/.test(t)).slice(0, 40).join(' | '));
}
const meta = JSON.parse(scripts['gt-meta']);
const args = process.argv.slice(3);
for (let i = 0; i < args.length; i++) {
  rects = 0; texts = [];
  if (args[i] === 'home') {
    handlers['c:dblclick']();
    report();
  } else if (args[i] === 'view') {
    G.view(Number(args[i + 1]), Number(args[i + 2])); i += 2;
    report();
  } else if (args[i] === 'window') { // the middle tenth of detail window K
    const w = meta.detail.windows[Number(args[++i])], span = w[1] - w[0];
    G.view(w[0] + span * 0.45, w[0] + span * 0.55);
    report();
  } else if (args[i] === 'hover') { // at x = X, in the first row of lane LANE
    const x = Number(args[i + 1]), lane = Number(args[i + 2]); i += 2;
    const tip = G.tip(x, G.lanes()[lane] + 5);
    console.log('tip: ' + (tip === null ? '(none)' : tip.replace(/\n/g, ' / ')));
  } else if (args[i] === 'hover-at') { // at time T (ns), in row ROW of lane LANE
    const t = Number(args[i + 1]), lane = Number(args[i + 2]), row = Number(args[i + 3]); i += 3;
    const st = G.state(), x = 190 + (t - st.v0) / (st.v1 - st.v0) * (st.width - 190);
    const tip = G.tip(x, G.lanes()[lane] + 18 * row + 5);
    console.log('tip: ' + (tip === null ? '(none)' : tip.replace(/\n/g, ' / ')));
  } else if (args[i] === 'hover-first') { // zooms onto the first slice named NAME, hovers it
    const name = args[++i];
    let found = null;
    meta.detail.windows.forEach((w, k) => {
      const el = scripts['gt-w' + k];
      if (found || !el) return;
      const c = JSON.parse(el).s;
      for (let j = 0; j < c.length && !found; j += 7)
        if (meta.names[c[j + 4]].n === name) found = {w: w, r: c.slice(j, j + 7)};
    });
    if (!found) throw new Error('no slice named ' + name);
    const t0 = found.w[0] + found.r[2], d = Math.max(found.r[3], 10);
    G.view(t0 - d, t0 + 2 * d);
    const st = G.state(), x = 190 + (t0 + d / 2 - st.v0) / (st.v1 - st.v0) * (st.width - 190);
    const tip = G.tip(x, G.lanes()[found.r[0]] + 18 * found.r[1] + 5);
    console.log('tip: ' + (tip === null ? '(none)' : tip.replace(/\n/g, ' / ')));
  } else if (args[i] === 'hover-instant') { // zooms onto the first instant of kind NAME, hovers it
    const name = args[++i], IN = meta.instants;
    let j = 0;
    while (j < IN.v.length && IN.kinds[IN.v[j + 2]] !== name) j += 5;
    if (j >= IN.v.length) throw new Error('no instant ' + name);
    G.view(IN.v[j] - 100, IN.v[j] + 100); // a pixel is a third of a ns: no neighbour is as near
    const st = G.state(), x = 190 + (IN.v[j] - st.v0) / (st.v1 - st.v0) * (st.width - 190);
    const tip = G.tip(x, G.lanes()[IN.v[j + 1]] + 5);
    console.log('tip: ' + (tip === null ? '(none)' : tip.replace(/\n/g, ' / ')));
  } else if (args[i] === 'hover-dropped') {
    const lane = Number(args[++i]), st = G.state();
    // Not window 0 if another will do: it starts at the page's start, before the first slice.
    const ws = meta.detail.windows, w = ws.find((x, k) => k > 0 && !x[4]) || ws.find((x) => !x[4]);
    if (!w) throw new Error('every window is kept');
    const x = 190 + ((w[0] + w[1]) / 2 - st.v0) / (st.v1 - st.v0) * (st.width - 190);
    const tip = G.tip(x, G.lanes()[lane] + 5);
    console.log('tip: ' + (tip === null ? '(none)' : tip.replace(/\n/g, ' / ')));
  } else {
    throw new Error('unknown action ' + args[i]);
  }
}
