// lostprint edit: the page. Plain JavaScript, no build step. State is the save as plain JSON;
// every edit pushes the previous state on the undo stack, asks the server to check, autosaves.
"use strict";
const SVGNS = "http://www.w3.org/2000/svg";
const $ = (id) => document.getElementById(id);
const S = { save: null, version: null, game: null, map: null, day: 0, mode: "terrain", terrain: null,
            markKind: null, undo: [], redo: [], problems: [], checkSeq: 0, dirty: false, timers: {} };

// --- flow YAML, the way the examples write small values: {a: 1, b: [x, y]} -----------------------
function fmt(v) {
  if (v === null || v === undefined) return "";
  if (Array.isArray(v)) return "[" + v.map(fmt).join(", ") + "]";
  if (typeof v === "object") return "{" + Object.entries(v).map(([k, x]) => k + ": " + fmt(x)).join(", ") + "}";
  if (typeof v === "string" && (!/^[^\s{}\[\],:#"'&*!|>%@`-][^{}\[\],:#]*$/.test(v) || /^(true|false|null|~|-?\d+)$/.test(v) || v !== v.trim()))
    return JSON.stringify(v);
  return String(v);
}
function parseFlow(text) {
  let i = 0; const s = text;
  const ws = () => { while (i < s.length && /\s/.test(s[i])) i++; };
  const fail = (what) => { throw new Error(what + " at character " + (i + 1)); };
  function scalar(stops) {
    ws();
    if (s[i] === '"') { const m = /^"(?:[^"\\]|\\.)*"/.exec(s.slice(i)); if (!m) fail("unclosed quote"); i += m[0].length; return JSON.parse(m[0]); }
    if (s[i] === "'") { const j = s.indexOf("'", i + 1); if (j < 0) fail("unclosed quote"); const v = s.slice(i + 1, j); i = j + 1; return v; }
    let j = i; while (j < s.length && !stops.includes(s[j]) && !(s[j] === ":" && (s[j + 1] === " " || j + 1 === s.length) && stops.includes(":"))) j++;
    const raw = s.slice(i, j).trim(); i = j;
    if (/^-?\d+$/.test(raw)) return parseInt(raw, 10);
    if (raw === "true" || raw === "false") return raw === "true";
    if (raw === "null" || raw === "~" || raw === "") return null;
    return raw;
  }
  function value(stops) {
    ws();
    if (s[i] === "{") { i++; const o = {}; ws(); if (s[i] === "}") { i++; return o; }
      for (;;) { const k = scalar([":", ",", "}"]); ws(); if (s[i] !== ":") fail("expected ':'"); i++;
        o[String(k)] = value([",", "}"]); ws(); if (s[i] === ",") { i++; continue; } if (s[i] === "}") { i++; return o; } fail("expected ',' or '}'"); } }
    if (s[i] === "[") { i++; const a = []; ws(); if (s[i] === "]") { i++; return a; }
      for (;;) { a.push(value([",", "]"])); ws(); if (s[i] === ",") { i++; continue; } if (s[i] === "]") { i++; return a; } fail("expected ',' or ']'"); } }
    return scalar(stops);
  }
  const v = value(stops0(s)); ws(); if (i < s.length) fail("unexpected text");
  return v;
  function stops0(t) { return /^\s*[^{\[]*:\s/.test(t) ? [] : []; }
}
function parseTop(text) {  // "kind: value" without braces is a one-key mapping, as in YAML
  const t = text.trim();
  if (!t.startsWith("{") && !t.startsWith("[") && /^[^"':]+:\s/.test(t)) return parseFlow("{" + t + "}");
  return parseFlow(t);
}

// --- the state -------------------------------------------------------------------------------
const days = () => S.save.days || (S.save.days = []);
const today = () => days()[S.day];
function change(fn) {
  S.undo.push(JSON.stringify(S.save)); if (S.undo.length > 500) S.undo.shift();
  S.redo = [];
  fn();
  tidy(today());
  touched();
}
function tidy(day) {
  if (!day) return;
  for (const k of Object.keys(day)) {
    const v = day[k];
    if (v === "" || v === null || (Array.isArray(v) && !v.length) || (v && typeof v === "object" && !Array.isArray(v) && !Object.keys(v).length && k !== "resources")) delete day[k];
  }
}
function touched() {
  S.dirty = true; status("unsaved");
  draw();
  clearTimeout(S.timers.check); S.timers.check = setTimeout(check, 150);
  clearTimeout(S.timers.auto); S.timers.auto = setTimeout(autosave, 2000);
}
function undo() { if (!S.undo.length) return; S.redo.push(JSON.stringify(S.save)); S.save = JSON.parse(S.undo.pop()); S.day = Math.min(S.day, days().length - 1); touched(); }
function redo() { if (!S.redo.length) return; S.undo.push(JSON.stringify(S.save)); S.save = JSON.parse(S.redo.pop()); touched(); }

// --- talking to the server -------------------------------------------------------------------
async function post(what, body) {
  const r = await fetch("api/" + what, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  return r;
}
function status(text) { $("status").textContent = text; }
function banner(text, ok) { const b = $("banner"); b.hidden = !text; b.textContent = text || ""; b.className = ok ? "ok" : ""; }
async function check() {
  const seq = ++S.checkSeq; status(S.dirty ? "unsaved · checking…" : "checking…");
  const r = await post("check", { save: S.save });
  if (seq !== S.checkSeq) return;
  const j = await r.json();
  if (!r.ok) { banner(j.error); return; }
  S.problems = j.problems; status((S.dirty ? "unsaved · " : "saved · ") + (j.problems.length ? j.problems.length + " problem(s)" : "clean"));
  document.body.dataset.checked = String(seq);
  draw();
}
async function autosave() { if (S.dirty) await post("autosave", { save: S.save }); }
async function save() {
  const r = await post("save", { save: S.save, version: S.version });
  const j = await r.json();
  if (!r.ok) { banner(j.error); return; }
  S.version = j.version; S.dirty = false; S.problems = j.problems;
  banner("saved " + j.file + (j.problems.length ? " — with " + j.problems.length + " problem(s) still to fix" : " — clean"), true);
  status("saved · " + (j.problems.length ? j.problems.length + " problem(s)" : "clean"));
  draw();
}
async function preview() {
  const r = await post("preview", { save: S.save });
  if (!r.ok) { const j = await r.json(); banner(j.error + (j.problems && j.problems.length ? ": " + j.problems[0].text : "")); return; }
  const url = URL.createObjectURL(await r.blob());
  $("preview-frame").src = url; $("preview-panel").hidden = false; banner("");
}

// --- problems: beside their field, on the map, in the day list --------------------------------
function dayOf(p) { const m = /^days\[(\d+)\]/.exec(p.field); return m ? parseInt(m[1], 10) : null; }
function hexesOf(p, i) {
  const out = new Set(); const day = days()[i] || {};
  const rest = p.field.replace(/^days\[\d+\]\.?/, "");
  let m;
  if ((m = /^mapped\.(\w+)/.exec(rest))) out.add(m[1]);
  if ((m = /^moved\[(\d+)\]/.exec(rest)) && day.moved) out.add(day.moved[m[1]]);
  if ((m = /^marks\[(\d+)\]/.exec(rest)) && day.marks) JSON.stringify(day.marks[m[1]]).replace(/"([A-Z]+\d+)"/g, (_, h) => out.add(h));
  for (const w of p.message.match(/\b[A-Z]{1,2}\d{1,2}\b/g) || []) out.add(w);
  return [...out].filter((h) => S.map.hexes[h]);
}

// --- drawing the page ------------------------------------------------------------------------
function el(tag, attrs, text) { const e = document.createElement(tag); Object.assign(e, attrs || {}); if (text !== undefined) e.textContent = text; return e; }
function svg(tag, attrs) { const e = document.createElementNS(SVGNS, tag); for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v); return e; }
const centre = (h) => { const c = S.map.hexes[h]; return [c.reduce((a, p) => a + p[0], 0) / c.length, c.reduce((a, p) => a + p[1], 0) / c.length]; };
const pts = (h) => S.map.hexes[h].map((p) => p.join(",")).join(" ");

function draw() { drawDays(); drawMap(); drawDay(); drawTop(); }
function drawDays() {
  const ol = $("days"); ol.textContent = "";
  const bad = new Set(S.problems.map(dayOf).filter((d) => d !== null));
  days().forEach((d, i) => {
    const li = el("li", { className: (i === S.day ? "current " : "") + (bad.has(i) ? "bad" : "clean") }, "Day " + (d.day ?? i + 1));
    li.dataset.day = i; li.onclick = () => { S.day = i; draw(); };
    ol.append(li);
  });
}
function drawMap() {
  const root = $("map").querySelector("svg"); let g = root.querySelector("#overlay");
  if (g) g.remove();
  g = svg("g", { id: "overlay" }); root.append(g);
  const route = [S.map.start];
  days().forEach((d, i) => {
    for (const [h, t] of Object.entries(d.mapped || {})) if (S.map.hexes[h] && i <= S.day)
      g.append(svg("polygon", { points: pts(h), class: "drawn" + (i === S.day ? " drawn-today" : ""), fill: S.map.colours[t] || "#ccc" }));
  });
  days().slice(0, S.day).forEach((d) => (d.moved || []).forEach((h) => S.map.hexes[h] && route.push(h)));
  if (route.length > 1) g.append(svg("polyline", { points: route.map((h) => centre(h).join(",")).join(" "), class: "route" }));
  const here = route[route.length - 1]; const steps = [here, ...((today() || {}).moved || []).filter((h) => S.map.hexes[h])];
  if (steps.length > 1) g.append(svg("polyline", { points: steps.map((h) => centre(h).join(",")).join(" "), class: "route-today" }));
  steps.slice(1).forEach((h, n) => { const [x, y] = centre(h); const t = svg("text", { x: x + 4, y: y - 4, class: "step" }); t.textContent = n + 1; g.append(t); });
  for (const m of (today() || {}).marks || []) JSON.stringify(m).replace(/"([A-Z]+\d+)"/g, (_, h) => { if (S.map.hexes[h]) g.append(svg("polygon", { points: pts(h), class: "mark-hex" })); });
  for (const p of S.problems) { const i = dayOf(p); if (i === S.day || i === null) for (const h of hexesOf(p, S.day)) g.append(svg("polygon", { points: pts(h), class: "problem-hex" })); }
  for (const h of Object.keys(S.map.hexes)) {
    const hit = svg("polygon", { points: pts(h), class: "hex-hit", "data-hex": h });
    const title = svg("title"); title.textContent = h; hit.append(title);
    g.append(hit);
  }
}
function problemsFor(prefix) { return S.problems.filter((p) => p.field === prefix || p.field.startsWith(prefix + ".") || p.field.startsWith(prefix + "[")); }
function showProblems(box, list) { box.textContent = ""; for (const p of list) { const d = el("div", {}, p.text); d.dataset.field = p.field; box.append(d); } }
function mark(elm, list) { elm.classList.toggle("field-bad", list.length > 0); }
function drawDay() {
  const d = today(); const f = "days[" + S.day + "]";
  $("day-heading").textContent = "Day " + (d ? d.day : "—");
  if (!d) return;
  const named = ["mapped", "moved", "marks", "resources", "journal", ...Object.keys(S.game.day_fields)];
  showProblems(document.querySelector('[data-for="day"]'), S.problems.filter((p) => dayOf(p) === S.day && !named.some((n) => p.field.startsWith(f + "." + n))));
  const chips = (id, items, field) => { const box = $(id); box.textContent = ""; for (const t of items) box.append(el("span", {}, t)); const ps = problemsFor(f + "." + field); const pb = el("div", { className: "problems" }); showProblems(pb, ps); box.append(pb); };
  chips("mapped", Object.entries(d.mapped || {}).map(([h, t]) => h + " " + t), "mapped");
  chips("moved", (d.moved || []).map((h, n) => n + 1 + ". " + h), "moved");
  const marks = $("marks"); marks.textContent = "";
  (d.marks || []).forEach((m, j) => {
    const row = el("div", { className: "mark-row" });
    const inp = el("input", { value: fmt(m).replace(/^\{(.*)\}$/, "$1") }); inp.dataset.field = f + ".marks[" + j + "]";
    inp.onchange = () => { try { const v = parseTop(inp.value); change(() => { d.marks[j] = v; }); } catch (e) { banner("mark: " + e.message); } };
    const del = el("button", { title: "remove this mark" }, "×"); del.onclick = () => change(() => d.marks.splice(j, 1));
    row.append(inp, del); marks.append(row);
    const ps = problemsFor(f + ".marks[" + j + "]"); mark(inp, ps); const pb = el("div", { className: "problems" }); showProblems(pb, ps); marks.append(pb);
  });
  const res = $("resources"); res.textContent = "";
  for (const r of S.game.resources) {
    const row = el("div", { className: "stepper" }); const v = (d.resources || {})[r.key];
    const minus = el("button", { title: "one less" }, "−"); const plus = el("button", { title: "one more" }, "+");
    const out = el("output", {}, v ?? "—"); out.dataset.field = f + ".resources." + r.key;
    const set = (n) => change(() => { d.resources = d.resources || {}; d.resources[r.key] = Math.max(0, Math.min(r.cap, n)); });
    minus.onclick = () => set((v ?? r.start) - 1); plus.onclick = () => set((v ?? r.start) + 1);
    minus.disabled = v === 0; plus.disabled = v >= r.cap; minus.dataset.step = r.key + "-"; plus.dataset.step = r.key + "+";
    row.append(el("span", {}, r.name + " (0–" + r.cap + ")"), minus, out, plus); res.append(row);
    const ps = problemsFor(f + ".resources." + r.key); mark(out, ps); const pb = el("div", { className: "problems" }); showProblems(pb, ps); res.append(pb);
  }
  const extra = $("extra"); extra.textContent = "";
  for (const [k, what] of Object.entries(S.game.day_fields)) {
    const inp = el("input", { value: fmt(d[k]), placeholder: what, title: what }); inp.dataset.field = f + "." + k;
    inp.onchange = () => { try { const v = inp.value.trim() ? parseFlow(inp.value) : null; change(() => { if (v === null) delete d[k]; else d[k] = v; }); } catch (e) { banner(k + ": " + e.message); } };
    const ps = problemsFor(f + "." + k); mark(inp, ps); const pb = el("div", { className: "problems" }); showProblems(pb, ps);
    extra.append(el("label", {}, k + (k === "rolls" ? " (dice, optional)" : "")), inp, pb);
  }
  const j = $("journal"); if (document.activeElement !== j) j.value = d.journal || "";
  const jp = problemsFor(f + ".journal"); mark(j, jp); showProblems(document.querySelector('[data-for="journal"]'), jp);
}
function drawTop() {
  for (const k of ["title", "player"]) { const i = $("save-" + k); if (document.activeElement !== i) i.value = S.save[k] || ""; mark(i, problemsFor(k)); }
  const box = $("setup"); if (box.contains(document.activeElement)) return; box.textContent = "";
  for (const [k, allowed] of Object.entries(S.game.setup)) {
    const cur = (S.save.setup || {})[k]; let inp;
    if (allowed) { inp = el("select"); inp.append(el("option", { value: "" }, "—")); for (const a of allowed) inp.append(el("option", { value: a, selected: cur === a }, a)); }
    else inp = el("input", { value: fmt(cur), placeholder: "[name, name, …]" });
    inp.dataset.field = "setup." + k;
    inp.onchange = () => { let v = inp.value; try { if (!allowed) v = v.trim() ? parseFlow(v) : null; } catch (e) { banner(k + ": " + e.message); return; }
      change(() => { S.save.setup = S.save.setup || {}; if (v === null || v === "") delete S.save.setup[k]; else S.save.setup[k] = v; if (!Object.keys(S.save.setup).length) delete S.save.setup; }); };
    mark(inp, problemsFor("setup." + k)); box.append(el("label", {}, "Setup: " + k), inp);
  }
  showProblems(document.querySelector('[data-for="(top)"]'), S.problems.filter((p) => dayOf(p) === null));
}

// --- editing by clicks and keys ----------------------------------------------------------------
function markShape(kind) {
  const what = S.game.marks[kind] || "";
  if (/^\{/.test(what)) {
    const keys = what.replace(/^\{|\}.*$/g, "").split(",").map((s) => s.trim()).filter(Boolean);
    return { keys };
  }
  if (/^three/.test(what)) return { n: 3 };
  if (/^two/.test(what)) return { n: 2 };
  return { n: 1 };
}
function addMark(kind, hex) {
  const shape = markShape(kind);
  change(() => {
    const d = today(); d.marks = d.marks || []; const last = d.marks[d.marks.length - 1];
    if (shape.keys) {
      if (!hex && shape.keys.some((k) => k === "hex" || k === "hexes")) return;
      const v = {}; for (const k of shape.keys) v[k] = k === "hex" ? hex : k === "hexes" ? [hex] : ""; d.marks.push({ [kind]: v });
    } else if (shape.n === 1) { if (hex) d.marks.push({ [kind]: hex }); }
    else if (last && Array.isArray(last[kind]) && last[kind].length < shape.n) last[kind].push(hex);
    else if (hex) d.marks.push({ [kind]: [hex] });
  });
}
function clickHex(h) {
  const d = today(); if (!d) return;
  if (S.mode === "terrain") change(() => { d.mapped = d.mapped || {}; if (d.mapped[h] === S.terrain) delete d.mapped[h]; else d.mapped[h] = S.terrain; });
  else if (S.mode === "move") change(() => { d.moved = d.moved || []; if (d.moved[d.moved.length - 1] === h) d.moved.pop(); else d.moved.push(h); });
  else if (S.mode === "mark" && S.markKind) addMark(S.markKind, h);
}
function setMode(m) { S.mode = m; for (const r of document.querySelectorAll('input[name=mode]')) r.checked = r.value === m; }
function addDay() {
  change(() => { const prev = days()[days().length - 1] || {}; days().push({ day: (prev.day || days().length) + 1, resources: Object.assign({}, prev.resources || {}) }); S.day = days().length - 1; });
}
function buildPalettes() {
  const pal = $("palette"); pal.textContent = "";
  S.game.terrains.forEach((t, n) => {
    const b = el("button", { title: t.name + " (" + (n + 1) + ")" }); b.dataset.terrain = t.key;
    b.append(el("span", { className: "swatch", style: "background:" + S.map.colours[t.key] }), document.createTextNode(t.name));
    b.onclick = () => { S.terrain = t.key; setMode("terrain"); buildPalettes(); };
    if (S.terrain === t.key) b.classList.add("on"); pal.append(b);
  });
  const mp = $("mark-palette"); mp.textContent = "";
  for (const [kind, what] of Object.entries(S.game.marks)) {
    const b = el("button", { title: kind + ": " + what }, kind); b.dataset.mark = kind;
    b.onclick = () => { S.markKind = kind; setMode("mark"); buildPalettes(); if (!/hex/.test(what)) addMark(kind, null); };
    if (S.markKind === kind) b.classList.add("on"); mp.append(b);
  }
}
function keys(e) {
  const typing = /INPUT|TEXTAREA|SELECT/.test(document.activeElement.tagName);
  const mod = e.ctrlKey || e.metaKey;
  if (mod && e.key.toLowerCase() === "z") { e.preventDefault(); if (typing) document.activeElement.blur(); e.shiftKey ? redo() : undo(); return; }
  if (mod && e.key.toLowerCase() === "y") { e.preventDefault(); redo(); return; }
  if (mod && e.key.toLowerCase() === "s") { e.preventDefault(); if (typing) document.activeElement.blur(); save(); return; }
  if (mod && e.key.toLowerCase() === "p") { e.preventDefault(); preview(); return; }
  if (typing || mod || e.altKey) return;
  const k = e.key.toLowerCase();
  if (/^[1-9]$/.test(k) && S.game.terrains[k - 1]) { S.terrain = S.game.terrains[k - 1].key; setMode("terrain"); buildPalettes(); }
  else if (k === "t") setMode("terrain"); else if (k === "m") setMode("move"); else if (k === "k") setMode("mark");
  else if (k === "n" && S.day < days().length - 1) { S.day++; draw(); }
  else if (k === "p" && S.day > 0) { S.day--; draw(); }
  else if (k === "d") addDay();
  else if (k === "j") { e.preventDefault(); $("journal").focus(); }
  else return;
}

async function start() {
  const r = await fetch("api/state"); const st = await r.json();
  if (!r.ok) { banner(st.error); return; }
  Object.assign(S, { save: st.save, version: st.version, game: st.game, map: st.map, terrain: st.game.terrains[0].key });
  if (!S.save.days || !S.save.days.length) S.save.days = [{ day: 1, resources: Object.fromEntries(st.game.resources.map((x) => [x.key, x.start])) }];
  document.title = "lostprint edit — " + st.file; $("file").textContent = st.file + (st.exists ? "" : " (new)");
  $("title").textContent = st.game.name;
  $("map").innerHTML = st.map.svg;
  const root = $("map").querySelector("svg"); const [x, y, w, h] = st.map.box;
  root.setAttribute("viewBox", [x - 4, y - 4, w + 8, h + 8].join(" ")); root.removeAttribute("width"); root.removeAttribute("height");
  root.addEventListener("click", (e) => { const h = e.target.getAttribute && e.target.getAttribute("data-hex"); if (h) clickHex(h); });
  for (const rb of document.querySelectorAll("input[name=mode]")) rb.onchange = () => setMode(rb.value);
  $("undo").onclick = undo; $("redo").onclick = redo; $("save").onclick = save; $("preview").onclick = preview;
  $("add-day").onclick = addDay;
  $("drop-day").onclick = () => { if (days().length > 1) change(() => { days().pop(); S.day = Math.min(S.day, days().length - 1); }); };
  $("close-preview").onclick = () => { $("preview-panel").hidden = true; };
  $("journal").oninput = () => { const d = today(); const v = $("journal").value;
    if (!S.typing) { S.undo.push(JSON.stringify(S.save)); S.redo = []; S.typing = true; }
    if (v.trim()) d.journal = v; else delete d.journal; touched(); };
  $("journal").onblur = () => { S.typing = false; };
  for (const k of ["title", "player"]) $("save-" + k).onchange = (e) => change(() => { if (e.target.value) S.save[k] = e.target.value; else delete S.save[k]; });
  document.addEventListener("keydown", keys);
  window.addEventListener("beforeunload", (e) => { if (S.dirty) { autosave(); e.preventDefault(); e.returnValue = ""; } });
  if (st.autosave) banner("An autosave copy newer than the file exists (" + st.autosave + "): edits made after the last Save in an earlier page are there. Open it with lostprint edit to take them back.");
  buildPalettes(); draw(); check();
}
start();
