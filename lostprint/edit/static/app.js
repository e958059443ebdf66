// lostprint edit: the page. Plain JavaScript, no build step.
// The page's state is one value (S.save, the save as plain JSON) and the view is drawn from it from
// scratch after every change. An edit is a function of the save: it runs on a copy, the copy
// becomes the state, the state before it goes on the undo stack (undo/redo are snapshots), the
// new state is stored in the browser and sent to the server's autosave copy, and only then drawn.
// Any script error is caught, shown once, and checking and keeping go on.
"use strict";
const SVGNS = "http://www.w3.org/2000/svg";
const $ = (id) => document.getElementById(id);
const S = {
  save: null, base: null, rev: 0, exists: false, savedAt: null, dirty: false, file: "", game: null, map: null,
  forms: { marks: [], day: [] }, day: 0, tool: "move", terrain: null, markKind: null, pending: null, hover: null,
  undo: [], redo: [], problems: [], checking: false, checkSeq: 0, checkTimer: null,
  queue: [], keeping: false, offline: false, shown: new Set(), staleShown: false, typing: false,
  saving: false, drawnDay: null, heldDay: false, unanswered: null, pressing: false, deferred: false,
  server: null, clash: null, keepFailed: null,
};

// --- errors: caught, shown once, never stopping the page --------------------------------------
function report(err) {
  const text = (err && err.message) ? err.message : String(err);
  console.error(err);
  if (S.shown.has(text)) return;
  S.shown.add(text);
  banner("Something went wrong on this page (" + text + "). Your work is kept; checking goes on.");
}
window.addEventListener("error", (e) => report(e.error || e.message));
window.addEventListener("unhandledrejection", (e) => report(e.reason));
function safely(fn) { return (...args) => { try { const r = fn(...args); if (r && r.catch) r.catch(report); return r; } catch (e) { report(e); } }; }

// --- flow YAML for the few free-text fields (rolls): {a: 1, b: [x, y]} -------------------------
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
  const v = value([]); ws(); if (i < s.length) fail("unexpected text");
  return v;
}
function parseTop(text) {  // "kind: value" without braces is a one-key mapping, as in YAML
  const t = text.trim();
  if (!t.startsWith("{") && !t.startsWith("[") && /^[^"':]+:\s/.test(t)) return parseFlow("{" + t + "}");
  return parseFlow(t);
}

// --- the state and its edits -------------------------------------------------------------------
const days = (save) => ((save || S.save).days || []);
const today = () => days()[S.day];
const clone = (v) => JSON.parse(JSON.stringify(v));
function tidy(save) {
  for (const day of save.days || []) {
    if (!day || typeof day !== "object") continue;
    for (const k of Object.keys(day)) {
      const v = day[k];
      if (v === "" || v === null || v === undefined || (Array.isArray(v) && !v.length) ||
          (v && typeof v === "object" && !Array.isArray(v) && !Object.keys(v).length && k !== "resources")) delete day[k];
    }
  }
  if (save.setup && !Object.keys(save.setup).length) delete save.setup;
}
function edit(op) {  // op(save) changes a copy of the save; nothing changes when it throws
  const before = JSON.stringify(S.save);
  const next = JSON.parse(before);
  try { op(next); tidy(next); } catch (e) { report(e); return; }
  if (JSON.stringify(next) === before) return;
  S.undo.push(before); if (S.undo.length > 500) S.undo.shift();
  S.redo = [];
  commit(next, op);
}
function commit(next, op) {
  S.save = next; S.dirty = true;
  S.day = Math.max(0, Math.min(S.day, days().length - 1));
  S.queue.push(op);
  remember();
  scheduleCheck();
  keep();
  render();
}
const whole = (snapshot) => (save) => { for (const k of Object.keys(save)) delete save[k]; Object.assign(save, JSON.parse(snapshot)); };
// --- two pages on one save: what each changed since the work both had, merged -----------------
// `base` is the server's work this page last had (S.server), `mine` this page's, `theirs` the newer
// work another page kept. What only one side changed is taken from it; lists are merged by the
// stretch each side changed (a move added in each page: both kept, once if it is the same move);
// the same thing changed differently on both sides is a Clash, said to the player, never guessed.
class Clash extends Error { constructor(path) { super("changed in both pages: " + path.join(".")); this.path = path; } }
const isMap = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
function same(a, b) {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, n) => same(x, b[n]));
  if (isMap(a) && isMap(b)) { const ka = Object.keys(a); return ka.length === Object.keys(b).length && ka.every((k) => k in b && same(a[k], b[k])); }
  return false;
}
function merge3(base, mine, theirs, path = []) {
  if (same(mine, base) || same(mine, theirs)) return theirs;
  if (same(theirs, base)) return mine;
  if (isMap(mine) && isMap(theirs) && (base === undefined || isMap(base))) {
    const b = base || {}; const out = {};
    for (const k of new Set([...Object.keys(theirs), ...Object.keys(mine)])) {
      const v = merge3(b[k], mine[k], theirs[k], path.concat(k)); if (v !== undefined) out[k] = v;
    }
    return out;
  }
  if (Array.isArray(mine) && Array.isArray(theirs) && (base === undefined || Array.isArray(base))) return mergeList(base || [], mine, theirs, path);
  throw new Clash(path);
}
function stretch(base, side, who) {  // the stretch [from, to) of base a side replaced by its items
  let p = 0; while (p < base.length && p < side.length && same(base[p], side[p])) p++;
  let s = 0; while (s < base.length - p && s < side.length - p && same(base[base.length - 1 - s], side[side.length - 1 - s])) s++;
  return { from: p, to: base.length - s, items: side.slice(p, side.length - s), who };
}
function mergeList(base, mine, theirs, path) {
  const m = stretch(base, mine, "mine"); const t = stretch(base, theirs, "theirs");
  const around = (from, items, to) => [...base.slice(0, from), ...items, ...base.slice(to)];
  const added = m.from === m.to && t.from === t.to && m.from === t.from;
  if (added && path[path.length - 1] === "days") {  // days added in both pages: the same days, by number
    const n = Math.max(m.items.length, t.items.length); const both = [];
    for (let k = 0; k < n; k++) both.push(merge3(undefined, m.items[k], t.items[k], path.concat(m.from + k)));
    return around(m.from, both, m.to);
  }
  if (added && (same(m.items, t.items.slice(0, m.items.length)) || same(t.items, m.items.slice(0, t.items.length))))
    return around(m.from, m.items.length > t.items.length ? m.items : t.items, m.to);  // the same added first
  if (!added && m.from === t.from && m.to === t.to && m.items.length === t.items.length)  // the same items edited
    return around(m.from, m.items.map((x, k) => merge3(base[m.from + k], x, t.items[k], path.concat(m.from + k))), m.to);
  const [first, second] = [t, m].sort((x, y) => x.from - y.from || x.to - y.to);
  if (first.to > second.from) throw new Clash(path);
  return [...base.slice(0, first.from), ...first.items, ...base.slice(first.to, second.from), ...second.items, ...base.slice(second.to)];
}
function undo() { if (!S.undo.length) return; const now = JSON.stringify(S.save); const back = S.undo.pop(); S.redo.push(now); S.pending = null; commit(JSON.parse(back), whole(back)); }
function redo() { if (!S.redo.length) return; const now = JSON.stringify(S.save); const fwd = S.redo.pop(); S.undo.push(now); S.pending = null; commit(JSON.parse(fwd), whole(fwd)); }

// --- keeping every edit: in this browser at once, then in the server's autosave copy ----------
const storeKey = () => "lostprint-edit " + S.autosaveFile;  // the same after a restart (a new token)
function remember() {  // with the server's work it was based on: a reload merges it with newer work
  try { localStorage.setItem(storeKey(), JSON.stringify({ rev: S.rev, base: S.server, save: S.save })); } catch (e) { /* private mode: the server keeps it */ }
}
function forget() { try { localStorage.removeItem(storeKey()); } catch (e) { /* nothing kept */ } }
function adoptStatus(j) {
  if ("rev" in j) S.rev = j.rev;
  if ("exists" in j) S.exists = j.exists;
  if ("saved_at" in j) S.savedAt = j.saved_at;
  if ("dirty" in j && !S.queue.length) S.dirty = j.dirty;
  if (j.changed_on_disk && !S.staleShown) { S.staleShown = true; staleChoice(S.file + " was changed by another program while this page is open."); }
}
async function keep() {
  if (S.keeping || S.saving || S.clash || !S.queue.length) return;  // after a save in flight, on the revision it answers
  S.keeping = true; drawStatus();
  const sent = S.queue.length; const body = { save: S.save, rev: S.rev };
  try {
    const r = await post("keep", body);
    const j = await r.json();
    const lost = S.unanswered; S.unanswered = null;
    if (r.status === 409 && j.other && lost && j.other.rev === lost.rev + 1 && JSON.stringify(j.other.save) === lost.text) {
      // the keep whose answer never came had landed: its edits are not applied a second time (a day
      // or a mark added twice, a step taken back)
      S.queue.splice(0, lost.count); S.server = j.other.save; adoptStatus(j.other);
    } else if (r.status === 409 && j.other) onOtherWork(j.other);  // another page's newer work
    else if (!r.ok) { S.keepFailed = j.error; banner(j.error + " This page's work is not in the autosave copy: it is kept in this browser; keep this page open."); S.queue.splice(0, sent); }
    else { S.queue.splice(0, sent); S.keepFailed = null; if (j.rev === body.rev + 1) S.server = body.save; adoptStatus(j); remember(); }
    S.offline = false;
  } catch (e) {
    S.offline = true;  // the server is not answering: the edits stay in this page and this browser
    if (!S.unanswered) S.unanswered = { text: JSON.stringify(body.save), count: sent, rev: body.rev };  // it may have landed
    setTimeout(keep, 2000);
  } finally {
    S.keeping = false;
  }
  if (S.queue.length && !S.offline && !S.clash) keep();
  redraw();
}
function onOtherWork(other) {  // this page's work merged with another page's newer work, or the clash said
  let next;
  try { next = merge3(S.server, S.save, other.save); } catch (e) { if (!(e instanceof Clash)) throw e; clash(other, e.path); return; }
  S.undo.push(JSON.stringify(S.save)); S.save = next; S.server = other.save; S.rev = other.rev; remember();
  if (same(next, other.save)) S.queue = [];
  banner("This save was changed in another page too: this page now shows both pages' edits.", true);
  scheduleCheck(); render();
}
function clash(other, path) {  // the same thing changed differently in two pages: the player chooses
  S.clash = { other, path }; remember(); drawStatus();
  banner("Another page changed " + plainField(path.map((k) => (typeof k === "number" ? "[" + k + "]" : k)).join(".").replace(/\.\[/g, "[")) +
    " too, differently: this page's work is not kept in the autosave copy yet (it is kept in this browser). Choose:", false, [
    ["Keep this page's work (replaces the other page's change)", keepMine, "keep-mine"],
    ["Show the other page's work (Undo brings this page's back)", takeTheirs, "take-theirs"]]);
}
function keepMine() {
  const c = S.clash; if (!c) return;
  S.clash = null; S.server = c.other.save; S.rev = c.other.rev; S.queue.push(whole(JSON.stringify(S.save)));
  banner(""); remember(); keep(); render();
}
function takeTheirs() {
  const c = S.clash; if (!c) return;
  S.clash = null; S.undo.push(JSON.stringify(S.save)); S.redo = [];
  S.save = clone(c.other.save); S.server = c.other.save; S.rev = c.other.rev; S.queue = [];
  adoptStatus(c.other); remember(); banner("This page now shows the other page's work. Undo brings back this page's.", true);
  scheduleCheck(); render();
}
async function whenKept() { for (let n = 0; (S.queue.length || S.keeping) && !S.clash && n < 600; n++) await new Promise((ok) => setTimeout(ok, 50)); }
async function poll() {  // what other pages (or programs) did since
  if (S.queue.length || S.keeping || S.saving || S.clash || document.hidden) return;
  const asked = S.rev; const edits = S.undo.length;
  try {
    let r = await fetch("api/work?since=" + S.rev); let j = await r.json();
    if (r.ok && j.rev !== S.rev && !("save" in j)) { r = await fetch("api/work"); j = await r.json(); }
    // an answer overtaken by this page's own edits (or their keeping) tells nothing new
    if (!r.ok || S.queue.length || S.keeping || S.saving || S.rev !== asked || S.undo.length !== edits) return;
    S.offline = false;
    if (j.rev > S.rev && !same(S.save, S.server)) {  // this page's work the server does not have (a keep it refused)
      S.queue.push(whole(JSON.stringify(S.save))); onOtherWork(j); keep();
    } else if (j.rev > S.rev) {
      S.undo.push(JSON.stringify(S.save)); S.redo = [];
      S.save = j.save; S.server = j.save; adoptStatus(j); remember(); scheduleCheck();
      banner("This save was changed in another page: this page now shows the newest work (Undo brings back what it showed).", true);
    } else adoptStatus(j);
    redraw();
  } catch (e) { S.offline = true; drawStatus(); }
}

// --- talking to the server ---------------------------------------------------------------------
async function post(what, body) {
  return fetch("api/" + what, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
}
function banner(text, ok, buttons) {
  const b = $("banner"); b.hidden = !text; b.textContent = text || ""; b.className = ok ? "ok" : "";
  for (const [label, fn, id] of buttons || []) { const btn = el("button", { id: id || "" }, label); btn.onclick = safely(fn); b.append(" ", btn); }
}
function scheduleCheck() { clearTimeout(S.checkTimer); S.checking = true; S.checkTimer = setTimeout(safely(check), 150); }
async function check() {  // one check in flight at a time; edits made meanwhile are checked right after
  if (S.checkInFlight) { S.checkAgain = true; return; }
  const seq = ++S.checkSeq; S.checking = true; S.checkInFlight = true; S.checkAgain = false; drawStatus();
  let again = false;
  try {
    const r = await post("check", { save: S.save });
    const j = await r.json();
    if (!r.ok) banner(j.error); else if (j.superseded) again = true; else S.problems = j.problems;
  } catch (e) {
    S.offline = true; setTimeout(scheduleCheck, 2000); again = false;
  } finally {
    S.checkInFlight = false;
    if (S.checkAgain || again) scheduleCheck();
    else { S.checking = false; document.body.dataset.checked = String(seq); }
    redraw();
  }
}
function staleChoice(why) {
  banner(why + " Choose:", false, [
    ["Overwrite it with this page's work", () => save(true), "overwrite"],
    ["Show the file's version instead (Undo brings this page's work back)", takeFile, "take-file"]]);
}
async function save(overwrite) {
  await whenKept();
  if (S.clash) { clash(S.clash.other, S.clash.path); return; }  // nothing is written before the player chooses
  if (S.saving) return;
  // while Save is answered nothing else moves the server's revision (a keep waits; a poll tells nothing)
  S.saving = true; const sent = S.save;
  let r, j;
  try {
    r = await post("save", { save: sent, version: S.base, rev: S.rev, overwrite: overwrite === true });
    j = await r.json();
  } catch (e) {
    S.saving = false; S.offline = true; drawStatus(); keep();
    banner("Not saved: the editor is not answering. Your work is kept in this page and this browser; Save again once it runs.");
    return;
  } finally { S.saving = false; }
  if (r.status === 409 && j.stale) { staleChoice(j.error); keep(); return; }
  if (r.status === 409 && j.other) { keep(); await poll(); banner("Another page changed this save: check the newest work, then Save again."); return; }
  if (!r.ok) { banner(j.error); keep(); return; }
  S.base = j.version; S.problems = j.problems; S.staleShown = false; if (j.rev === S.rev + 1) S.server = sent; adoptStatus(j);
  if (S.save === sent) { S.dirty = false; forget(); } else { S.dirty = true; remember(); }  // edits made while it was written
  banner("Saved " + j.file + " at " + j.saved_at + (j.problems.length ? " — with " + j.problems.length + " problem(s) still to fix" : " — clean"), true);
  keep(); if (S.save !== sent) scheduleCheck();
  render();
}
async function takeFile() {
  await whenKept();
  if (S.saving) return;
  S.saving = true; const sent = S.save;  // as for Save: no keep or poll answer in between
  let r, j;
  try { r = await post("take-file", {}); j = await r.json(); }
  catch (e) { S.saving = false; S.offline = true; drawStatus(); keep(); banner("The editor is not answering: nothing was taken."); return; }
  finally { S.saving = false; }
  if (!r.ok) { banner(j.error); keep(); return; }
  S.undo.push(JSON.stringify(S.save)); S.redo = [];
  let next = j.save;  // edits made while it was answered go on top of the file's version
  try { next = merge3(sent, S.save, j.save); } catch (e) { if (!(e instanceof Clash)) throw e; S.queue = []; }  // Undo has them
  if (same(next, j.save)) S.queue = [];
  S.save = next; S.server = j.save; S.clash = null; S.base = j.version; S.staleShown = false; adoptStatus(j); S.dirty = j.dirty || S.queue.length > 0; remember();
  banner("This page now shows " + S.file + " as it is on disk. Undo brings back the work it showed.", true);
  keep(); scheduleCheck(); render();
}
async function preview() {
  const r = await post("preview", { save: S.save });
  if (!r.ok) { const j = await r.json(); banner(j.error + (j.problems && j.problems.length ? ": " + plainProblem(j.problems[0]) : "")); return; }
  const url = URL.createObjectURL(await r.blob());
  $("preview-frame").src = url; $("preview-panel").hidden = false; banner("");
}

// --- problems: in the page's day numbers and plain words, beside their field, on the map -------
function dayOf(p) { const m = /^days\[(\d+)\]/.exec(p.field || ""); return m ? parseInt(m[1], 10) : null; }
function freshDay() {  // the last day when it holds nothing yet but the values carried from the day before
  const all = days(); const i = all.length - 1; const d = all[i];
  const carried = new Set(["day", "resources", ...S.forms.day.filter((f) => f.carry).map((f) => f.key)]);
  if (!d || typeof d !== "object" || Object.keys(d).some((k) => !carried.has(k) || (k !== "day" && k !== "resources" && i > 0 && JSON.stringify(d[k]) !== JSON.stringify(all[i - 1][k])))) return null;
  const before = i > 0 ? (all[i - 1] || {}).resources : Object.fromEntries(S.game.resources.map((r) => [r.key, r.start]));
  return JSON.stringify(d.resources || {}) === JSON.stringify(before || {}) ? i : null;
}
const toChoose = (p) => !S.exists && /^setup\./.test(p.field || "") && /^missing/.test(p.message || "");  // a new save's setup, not chosen yet
function shownProblems() { const f = freshDay(); return S.problems.filter((p) => (f === null || dayOf(p) !== f) && !toChoose(p)); }
function dayName(i) { const d = days()[i]; return "Day " + (d && Number.isInteger(d.day) ? d.day : i + 1); }
function plainField(field) {
  let f = field || "";
  f = f.replace(/^days\[(\d+)\]\.?/, (_, i) => dayName(parseInt(i, 10)) + (f.length > _.length ? ", " : ""));
  f = f.replace(/moved\[(\d+)\]/g, (_, i) => "step " + (parseInt(i, 10) + 1));
  f = f.replace(/marks\[(\d+)\]/g, (_, i) => "mark " + (parseInt(i, 10) + 1));
  f = f.replace(/\[(\d+)\]/g, (_, i) => " " + (parseInt(i, 10) + 1));
  return f.replace(/(^|, )resources\./, "$1").replace(/\./g, " ");
}
function plainMessage(text) {
  return String(text || "")
    .replace(/days\[(\d+)\]/g, (_, i) => dayName(parseInt(i, 10)))
    // the 1872 replay's words for a search it cut short, said plainly
    .replace(/;?\s*not replayed over every branch to say more:\s*only the \d+ branches nearest it after each unit/g,
             "; the check tried only the ways of playing the day closest to what is written")
    .replace(/\s*\(not replayed over every branch to say more\)/g, " (the check tried only those)")
    .replace(/whatever the dice the \d+ branches nearest it after each unit/g, "whatever the dice, the ways of playing the day closest to it")
    .replace(/the \d+ branches nearest it after each unit/g, "the ways of playing the day closest to it");
}
function plainProblem(p) { const where = plainField(p.field); return (where ? where + ": " : "") + plainMessage(p.message); }
function hexesIn(value) {  // every hex label inside a mark's value, whatever its shape
  const out = [];
  const walk = (v) => { if (typeof v === "string") { if (S.map.hexes[v]) out.push(v); } else if (Array.isArray(v)) v.forEach(walk); else if (v && typeof v === "object") Object.values(v).forEach(walk); };
  walk(value);
  return out;
}
function hexesOf(p, i) {
  const out = new Set(); const day = days()[i] || {};
  const rest = (p.field || "").replace(/^days\[\d+\]\.?/, "");
  let m;
  if ((m = /^mapped\.(\w+)/.exec(rest))) out.add(m[1]);
  if ((m = /^moved\[(\d+)\]/.exec(rest)) && Array.isArray(day.moved)) out.add(day.moved[m[1]]);
  if ((m = /^marks\[(\d+)\]/.exec(rest)) && Array.isArray(day.marks)) for (const h of hexesIn(day.marks[m[1]])) out.add(h);
  if (!/^marks\[/.test(rest))  // a mark's message names codes like A3 (a plot encounter), not hexes
    for (const w of String(p.message || "").match(/\b[A-Z]{1,2}\d{1,2}\b/g) || []) out.add(w);
  return [...out].filter((h) => typeof h === "string" && S.map.hexes[h]);
}

// --- drawing the page from the state -----------------------------------------------------------
function el(tag, attrs, text) { const e = document.createElement(tag); Object.assign(e, attrs || {}); if (text !== undefined) e.textContent = text; return e; }
function svg(tag, attrs) { const e = document.createElementNS(SVGNS, tag); for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v); return e; }
const centre = (h) => { const c = S.map.hexes[h]; return [c.reduce((a, p) => a + p[0], 0) / c.length, c.reduce((a, p) => a + p[1], 0) / c.length]; };
const pts = (h) => S.map.hexes[h].map((p) => p.join(",")).join(" ");
const hexSize = () => { const h = Object.keys(S.map.hexes)[0]; const [x, y] = centre(h); const [px, py] = S.map.hexes[h][0]; return Math.hypot(px - x, py - y); };

const entering = (e) => e && e.tagName === "INPUT" && !/^(checkbox|radio|button)$/.test(e.type) && !!e.dataset.field;
function redraw() {  // after an answer (a check, a keep, a poll): never under the cursor
  // A field the player is in stays the very element it is (its text, its selection, its change event
  // are the browser's): the day panel around it is drawn again once the field is left. Replacing it
  // lost the selection a player types over ("3" over a selected "4" became "43", then the cap) and,
  // typed into the field being replaced, the value itself.
  // Nor between a button's press and its release: the click would go to no button at all.
  if (S.pressing) { S.deferred = true; drawStatus(); return; }
  S.deferred = false;
  const a = document.activeElement;
  const hold = entering(a) && $("day-panel").contains(a) && S.drawnDay === S.day;
  render(hold);
}
function render(holdDay) {
  // a field being typed in survives the redraw: its text, its focus and its caret move to the new field
  const a = document.activeElement;
  const typing = entering(a) ? { field: a.dataset.field, value: a.value, at: a.selectionStart } : null;
  S.heldDay = holdDay === true;
  for (const part of [drawDays, drawTools, drawMap, S.heldDay ? null : drawDay, drawTop, drawStatus]) {
    if (part) try { part(); } catch (e) { report(e); }
  }
  if (typing && !document.body.contains(a)) {
    const n = document.querySelector('input[data-field="' + CSS.escape(typing.field) + '"]');
    if (n) { n.value = typing.value; n.focus(); try { n.setSelectionRange(typing.at, typing.at); } catch (e) { /* a number field has no caret */ } }
  }
}
function drawStatus() {
  let text = !S.exists ? "never written" : S.dirty ? "unsaved" : "saved at " + S.savedAt;
  if (S.offline) text += " · the editor is not answering: keep this page open";
  else if (S.clash) text += " · not kept: another page changed the same thing, choose above";
  else if (S.keepFailed) text += " · not kept in the autosave copy: keep this page open";
  else if (S.queue.length || S.keeping) text += " · keeping…";
  const shown = shownProblems(); const fresh = freshDay();
  text += S.checking ? " · checking…" : " · " + (shown.length ? shown.length + " problem(s)" : "clean") +
    (S.problems.some(toChoose) ? " · setup to choose" : "") +
    (fresh !== null && S.problems.some((p) => dayOf(p) === fresh) ? " · " + dayName(fresh) + " to copy" : "");
  $("status").textContent = text;
  $("status").dataset.state = !S.exists ? "new" : S.dirty ? "unsaved" : "saved";
  document.body.dataset.queue = String(S.queue.length + (S.keeping ? 1 : 0));
}
function drawDays() {
  const ol = $("days"); ol.textContent = "";
  const bad = new Set(shownProblems().map(dayOf).filter((d) => d !== null)); const fresh = freshDay();
  days().forEach((d, i) => {
    const li = el("li", { className: (i === S.day ? "current " : "") + (i === fresh ? "todo" : bad.has(i) ? "bad" : "clean") }, dayName(i));
    li.dataset.day = i; li.onclick = safely(() => { S.day = i; S.pending = null; render(); });
    ol.append(li);
  });
}
function drawTools() {
  for (const r of document.querySelectorAll("input[name=mode]")) r.checked = r.value === S.tool;
  for (const b of document.querySelectorAll("#palette button")) b.classList.toggle("on", S.tool === "terrain" && b.dataset.terrain === S.terrain);
  for (const b of document.querySelectorAll("#mark-palette button")) b.classList.toggle("on", S.tool === "mark" && b.dataset.mark === S.markKind);
  const f = markForm(S.markKind);
  $("tool-hint").textContent = S.tool === "mark" && f
    ? "Click the hex of the " + f.kind + (f.place === "hexes" ? " (" + f.count + " hexes, one click each)" : "") + "."
    : S.tool === "move" ? "Click the hexes entered today, in order (the last one again takes it back)."
    : S.tool === "terrain" ? "Click a hex to draw it " + S.terrain + " (again to erase)." : "";
}
function routeSoFar() {  // the hexes from the start to where the shown day begins
  const route = [{ hex: S.map.start, day: 0 }];
  days().slice(0, S.day).forEach((d, i) => (Array.isArray(d.moved) ? d.moved : []).forEach((h) => S.map.hexes[h] && route.push({ hex: h, day: d.day ?? i + 1 })));
  return route;
}
function pill(g, x, y, text, cls) {
  const s = hexSize(); const h = Math.max(5, s * 0.28); const w = Math.max(h * 2, h * 1.1 * String(text).length + h);
  g.append(svg("rect", { x: x - w / 2, y: y - h / 2 - h * 0.15, width: w, height: h * 1.3, rx: h * 0.65, class: cls }));
  const t = svg("text", { x, y: y + h * 0.35, class: cls + "-text", "font-size": h * 0.95 }); t.textContent = text; g.append(t);
}
function drawMap() {
  const root = $("map").querySelector("svg"); let g = root.querySelector("#overlay");
  if (g) g.remove();
  g = svg("g", { id: "overlay" }); root.insertBefore(g, root.querySelector("#hits"));
  const s = hexSize();
  days().forEach((d, i) => {
    for (const [h, t] of Object.entries((d && d.mapped) || {})) if (S.map.hexes[h] && i <= S.day)
      g.append(svg("polygon", { points: pts(h), class: "drawn" + (i === S.day ? " drawn-today" : ""), fill: S.map.colours[t] || "#ccc" }));
  });
  for (const m of (today() || {}).marks || []) for (const h of hexesIn(m)) g.append(svg("polygon", { points: pts(h), class: "mark-hex" }));
  for (const p of shownProblems()) { const i = dayOf(p); if (i === S.day || i === null) for (const h of hexesOf(p, S.day)) g.append(svg("polygon", { points: pts(h), class: "problem-hex" })); }
  // the route as the journal map draws it: a red line on a white casing, the days' numbers in tags
  const route = routeSoFar();
  const here = route[route.length - 1].hex;
  const steps = [here, ...((today() || {}).moved || []).filter((h) => typeof h === "string" && S.map.hexes[h])];
  const line = (hexes, cls) => { if (hexes.length > 1) { const p = hexes.map((h) => centre(h).join(",")).join(" ");
    g.append(svg("polyline", { points: p, class: cls + "-casing", "stroke-width": Math.max(1.8, s * 0.1) + 1.8 }));
    g.append(svg("polyline", { points: p, class: cls, "stroke-width": Math.max(1.8, s * 0.1) })); } };
  line(route.map((r) => r.hex), "route");
  line(steps, "route-today");
  const tagged = new Set();
  for (const r of route.slice(1)) if (!tagged.has(r.hex)) { tagged.add(r.hex); const [x, y] = centre(r.hex); pill(g, x, y - s * 0.45, r.day, "day-tag"); }
  steps.slice(1).forEach((h, n) => { const [x, y] = centre(h); pill(g, x + s * 0.35 * (n % 2 ? -1 : 1), y + s * 0.42, n + 1, "step"); });
  // the party: where it stands at the end of the shown day
  const end = steps[steps.length - 1]; const [ex, ey] = centre(end);
  g.append(svg("polygon", { points: pts(end), class: "party-ring" }));
  const pawn = svg("circle", { cx: ex, cy: ey, r: s * 0.2, class: "party", "data-party": end }); g.append(pawn);
}
function buildHits(root) {  // the hexes' click targets, made once, above the overlay drawn from the state
  const g = svg("g", { id: "hits" });
  for (const h of Object.keys(S.map.hexes)) {
    const hit = svg("polygon", { points: pts(h), class: "hex-hit", "data-hex": h });
    const title = svg("title"); title.textContent = h; hit.append(title);
    g.append(hit);
  }
  root.append(g);
}
function problemsFor(prefix) { return shownProblems().filter((p) => p.field === prefix || (p.field || "").startsWith(prefix + ".") || (p.field || "").startsWith(prefix + "[")); }
function showProblems(box, list) { box.textContent = ""; for (const p of list) { const d = el("div", {}, plainProblem(p)); d.dataset.field = p.field; box.append(d); } }
function problemBox(list) { const pb = el("div", { className: "problems" }); showProblems(pb, list); return pb; }
function flag(elm, list) { elm.classList.toggle("field-bad", list.length > 0); }

// widgets: each reads the state when it is used, never a value captured when it was drawn
function numberInput(field, value, min, max, set) {
  const inp = el("input", { type: "number", min, max, value: value ?? "", className: "num" }); inp.dataset.field = field;
  inp.onchange = safely(() => { const t = inp.value.trim(); if (t === "") return set(null); const n = Number(t);
    if (!Number.isInteger(n)) { banner(plainField(field) + ": a whole number, please"); return; } set(Math.max(min, Math.min(max, n))); });
  inp.onkeydown = (e) => { if (e.key === "Enter") inp.blur(); };
  return inp;
}
function choiceButtons(field, options, labels, current, set) {
  const box = el("span", { className: "choices" }); box.dataset.field = field;
  options.forEach((o, n) => { const b = el("button", { className: current === o ? "on" : "", title: labels[n] }, labels[n]); b.dataset.value = o;
    b.onclick = safely(() => set((now) => (now === o ? null : o))); box.append(b); });
  return box;
}
function dayEdit(fn) { const i = S.day; edit((save) => fn(save.days[i], save)); }
// A widget's `set` takes a value, or a function of the value as the edit finds it: what a click
// adds to or removes from a list or a mapping is applied to the newest state, never to a copy
// captured when the widget was drawn (a count typed after another kept both).
const valueOf = (v, now) => (typeof v === "function" ? v(now) : v);
const mapping = (v) => (v && typeof v === "object" && !Array.isArray(v) ? v : {});
function setIn(obj, key, v) { if (v === null || v === undefined || v === "") delete obj[key]; else obj[key] = v; }

function fieldWidget(spec, field, value, set, save) {
  if (spec.type === "choice") return choiceButtons(field, spec.options, spec.labels, value, set);
  if (spec.type === "int" && spec.buttons) { const opts = []; for (let n = spec.min; n <= spec.max; n++) opts.push(n); return choiceButtons(field, opts, opts.map(String), value, set); }
  if (spec.type === "int") return numberInput(field, value, spec.min, spec.max, set);
  if (spec.type === "bool") { const c = el("input", { type: "checkbox", checked: value === true }); c.dataset.field = field; c.onchange = safely(() => set(c.checked)); return c; }
  if (spec.type === "hex") { const h = el("input", { value: value ?? "", placeholder: "a hex, like B3", className: "hexin" }); h.dataset.field = field; h.onchange = safely(() => set(h.value.trim().toUpperCase() || null)); return h; }
  if (spec.type === "multi") {
    const box = el("span", { className: "multi" }); box.dataset.field = field;
    const list = Array.isArray(value) ? value : [];
    list.forEach((v, n) => { const chip = el("span", { className: "chip" }, String(v) + " "); const x = el("button", { title: "remove" }, "×");
      x.onclick = safely(() => set((now) => (Array.isArray(now) ? now : []).filter((_, k) => k !== n))); chip.append(x); box.append(chip); });
    let opts = spec.options;
    if (spec.options_from === "setup.sailors" && save.setup && Array.isArray(save.setup.sailors) && save.setup.sailors.length) opts = save.setup.sailors;
    for (const o of opts) { if (spec.unique && list.includes(o)) continue; const b = el("button", { className: "add" }, "+ " + o); b.dataset.value = o; b.onclick = safely(() => set((now) => [...(Array.isArray(now) ? now : []), o])); box.append(b); }
    return box;
  }
  if (spec.type === "counts") {
    const box = el("span", { className: "counts" }); const cur = value && typeof value === "object" ? value : {};
    for (const k of spec.keys) { const lab = el("label", { className: "count" }, k + " ");
      lab.append(numberInput(field + "." + k, cur[k], spec.min, spec.max, (n) => set((now) => Object.fromEntries(Object.entries({ ...mapping(now), [k]: n }).filter(([, v]) => v !== null && v !== 0))))); box.append(lab); }
    return box;
  }
  if (spec.type === "group") {
    const box = el("span", { className: "group-field" }); const cur = value && typeof value === "object" ? value : {};
    for (const sub of spec.fields) { box.append(el("span", { className: "sub" }, sub.key + " "));
      box.append(fieldWidget(sub, field + "." + sub.key, cur[sub.key], (v) => set((now) => { const nv = { ...mapping(now) }; setIn(nv, sub.key, valueOf(v, nv[sub.key])); return Object.keys(nv).length ? nv : null; }), save)); }
    return box;
  }
  const inp = el("input", { value: fmt(value), placeholder: spec.hint || "", title: spec.hint || "" }); inp.dataset.field = field;
  inp.onchange = safely(() => { let v; try { v = inp.value.trim() ? parseFlow(inp.value) : null; } catch (e) { banner(plainField(field) + ": " + e.message); return; } set(v); });
  return inp;
}

const markForm = (kind) => S.forms.marks.find((f) => f.kind === kind);
const kindOf = (m) => (m && typeof m === "object" && !Array.isArray(m) && Object.keys(m).length === 1) ? Object.keys(m)[0] : null;
function markRow(d, m, j, f) {
  const row = el("div", { className: "mark-row" + (S.pending && S.pending.day === S.day && S.pending.index === j ? " placing" : "") });
  const field = f + ".marks[" + j + "]"; row.dataset.field = field;
  const kind = kindOf(m); const form = markForm(kind); const value = kind ? m[kind] : m;
  const del = el("button", { title: "remove this mark", className: "del" }, "×");
  del.onclick = safely(() => { S.pending = null; dayEdit((day) => { if (Array.isArray(day.marks)) day.marks.splice(j, 1); }); });
  const setValue = (fn) => dayEdit((day) => { const m = day.marks[j]; day.marks[j] = { [kind]: fn({ ...mapping(m && m[kind]) }) }; });
  if (form && form.place !== "map") {
    row.append(el("span", { className: "mark-kind" }, kind + ": " + (Array.isArray(value) ? value.join(", ") : String(value))), del);
  } else if (form && value && typeof value === "object" && !Array.isArray(value)) {
    const where = form.hex_key ? [].concat(value[form.hex_key] ?? []).join(", ") : (value.letter ?? "");
    const head = el("div", { className: "mark-head" }); head.append(el("span", { className: "mark-kind" }, kind + " " + where), del); row.append(head);
    for (const spec of form.fields || []) {
      const fld = field + "." + spec.key; let w;
      if (spec.type === "plot-choice" || spec.type === "plot-outcome") {
        const enc = form.encounters[String(value.letter) + String(value.roll)];
        if (!enc) continue;
        if (spec.type === "plot-outcome") { if (value.outcome) row.append(el("div", { className: "sub" }, "outcome " + value.outcome)); continue; }
        row.append(el("div", { className: "sub" }, enc.title));
        if (!enc.choices.length) continue;
        w = choiceButtons(fld, enc.choices.map((c) => c.text), enc.choices.map((c) => c.text + " → " + c.outcome), value.choice,
          (v) => setValue((nv) => { const text = valueOf(v, nv.choice); const c = enc.choices.find((x) => x.text === text);
            setIn(nv, "choice", text); setIn(nv, "outcome", c ? c.outcome : null); return nv; }));
      } else {
        w = fieldWidget(spec, fld, value[spec.key], (v) => setValue((nv) => { setIn(nv, spec.key, valueOf(v, nv[spec.key]));
          if (spec.key === "roll" && form.kind === "plot") { delete nv.choice; delete nv.outcome; } return nv; }), S.save);
      }
      const lab = el("div", { className: "mark-field" }); lab.append(el("span", { className: "sub" }, spec.key + " "), w); row.append(lab);
      const ps = problemsFor(fld); flag(w, ps);
    }
  } else {  // a mark of a shape the page has no form for: its flow text
    const inp = el("input", { value: fmt(m).replace(/^\{(.*)\}$/, "$1") }); inp.dataset.field = field;
    inp.onchange = safely(() => { let v; try { v = parseTop(inp.value); } catch (e) { banner(plainField(field) + ": " + e.message); return; } dayEdit((day) => { day.marks[j] = v; }); });
    row.append(inp, del);
  }
  flag(row, problemsFor(field));
  return row;
}
function drawDay() {
  const d = today(); const f = "days[" + S.day + "]"; S.drawnDay = S.day;
  $("day-heading").textContent = d ? dayName(S.day) : "Day —";
  for (const id of ["mapped", "moved", "marks", "resources", "extra"]) $(id).textContent = "";
  if (!d || typeof d !== "object") return;
  const named = ["mapped", "moved", "marks", "resources", "journal", ...S.forms.day.map((x) => x.key)];
  if (freshDay() === S.day) { const box = document.querySelector('[data-for="day"]'); box.textContent = ""; box.append(el("div", { className: "todo" }, "Copy this day from your sheet: what was drawn, the moves, the marks, the values at the end of the day.")); }
  else showProblems(document.querySelector('[data-for="day"]'), shownProblems().filter((p) => dayOf(p) === S.day && !named.some((n) => p.field.startsWith(f + "." + n))));
  const chips = (id, items, field) => { const box = $(id); for (const [t, drop] of items) { const c = el("span", { className: "chip" }, t + " "); const x = el("button", { title: "remove" }, "×"); x.onclick = safely(drop); c.append(x); box.append(c); } box.append(problemBox(problemsFor(f + "." + field))); };
  chips("mapped", Object.entries(d.mapped || {}).map(([h, t]) => [h + " " + t, () => dayEdit((day) => { delete day.mapped[h]; })]), "mapped");
  chips("moved", (Array.isArray(d.moved) ? d.moved : []).map((h, n) => [n + 1 + ". " + h, () => dayEdit((day) => { day.moved.splice(n, 1); })]), "moved");
  const marks = $("marks");
  (Array.isArray(d.marks) ? d.marks : []).forEach((m, j) => { marks.append(markRow(d, m, j, f)); marks.append(problemBox(problemsFor(f + ".marks[" + j + "]"))); });
  const res = $("resources");
  const all = el("input", { className: "all-values", placeholder: "or type them all: " + S.game.resources.map((r) => (d.resources || {})[r.key] ?? r.start).join(" "),
    title: "the end-of-day values in the sheet's order (" + S.game.resources.map((r) => r.name).join(", ") + "), then Enter" });
  all.dataset.field = f + ".resources";
  all.onkeydown = (e) => { if (e.key === "Enter") all.blur(); };
  all.onchange = safely(() => {
    const ns = all.value.trim().split(/[\s,;]+/).filter(Boolean).map(Number); all.value = "";
    if (ns.length !== S.game.resources.length || !ns.every((n, k) => Number.isInteger(n) && n >= 0 && n <= S.game.resources[k].cap)) {
      banner("Type " + S.game.resources.length + " whole numbers, in this order: " + S.game.resources.map((r) => r.name + " (0–" + r.cap + ")").join(", ") + "."); return; }
    dayEdit((day) => { day.resources = Object.fromEntries(S.game.resources.map((r, k) => [r.key, ns[k]])); });
  });
  res.append(all);
  for (const r of S.game.resources) {
    const row = el("div", { className: "stepper" }); const v = (d.resources || {})[r.key];
    const set = (n) => dayEdit((day) => { day.resources = day.resources || {}; if (n === null) delete day.resources[r.key]; else day.resources[r.key] = n; });
    const step = (by) => () => { const cur = ((today() || {}).resources || {})[r.key]; set(Math.max(0, Math.min(r.cap, (cur ?? r.start) + by))); };
    const minus = el("button", { title: "one less" }, "−"); const plus = el("button", { title: "one more" }, "+");
    minus.onclick = safely(step(-1)); plus.onclick = safely(step(1));
    minus.dataset.step = r.key + "-"; plus.dataset.step = r.key + "+"; minus.disabled = v === 0; plus.disabled = v >= r.cap;
    const inp = numberInput(f + ".resources." + r.key, v, 0, r.cap, set); inp.dataset.resource = r.key;
    row.append(el("span", {}, r.name + " (0–" + r.cap + ")"), minus, inp, plus); res.append(row);
    const ps = problemsFor(f + ".resources." + r.key); flag(inp, ps); res.append(problemBox(ps));
  }
  const extra = $("extra");
  for (const spec of S.forms.day) {
    const fld = f + "." + spec.key;
    const w = fieldWidget(spec, fld, d[spec.key], (v) => dayEdit((day) => setIn(day, spec.key, valueOf(v, day[spec.key]))), S.save);
    const ps = problemsFor(fld); flag(w, ps);
    extra.append(el("label", {}, spec.key + (spec.key === "rolls" ? " (dice, optional)" : "")), w, problemBox(ps));
  }
  const j = $("journal"); if (document.activeElement !== j) j.value = typeof d.journal === "string" ? d.journal : "";
  const jp = problemsFor(f + ".journal"); flag(j, jp); showProblems(document.querySelector('[data-for="journal"]'), jp);
}
function drawTop() {
  for (const k of ["title", "player"]) { const i = $("save-" + k); if (document.activeElement !== i) i.value = S.save[k] ?? ""; flag(i, problemsFor(k)); }
  const box = $("setup"); if (box.contains(document.activeElement)) return; box.textContent = "";
  for (const [k, allowed] of Object.entries(S.game.setup)) {
    const cur = (S.save.setup || {})[k]; let inp;
    const set = (v) => edit((save) => { save.setup = save.setup || {}; setIn(save.setup, k, v); });
    if (allowed) { inp = el("select"); inp.append(el("option", { value: "" }, "—")); for (const a of allowed) inp.append(el("option", { value: a, selected: cur === a }, a));
      inp.onchange = safely(() => set(inp.value || null)); }
    else { inp = el("input", { value: Array.isArray(cur) ? cur.join(", ") : fmt(cur), placeholder: "names, separated by commas" });
      inp.onchange = safely(() => set(inp.value.trim() ? inp.value.split(",").map((x) => x.trim()).filter(Boolean) : null)); }
    inp.dataset.field = "setup." + k;
    flag(inp, problemsFor("setup." + k)); box.append(el("label", {}, "Setup: " + k), inp);
  }
  const top = document.querySelector('[data-for="(top)"]');
  showProblems(top, shownProblems().filter((p) => dayOf(p) === null));
  for (const p of S.problems.filter(toChoose)) top.append(el("div", { className: "todo" }, plainProblem(p).replace(": missing", ": to choose")));
}

// --- editing by clicks and keys ----------------------------------------------------------------
function terrainAt(h, save) {  // the terrain of a hex as the shown day ends: drawn on a day so far, or printed
  let t = S.map.printed[h];
  days(save).slice(0, S.day + 1).forEach((d) => { if (d && d.mapped && d.mapped[h]) t = d.mapped[h]; });
  return t;
}
function placeMark(kind, h) {
  const form = markForm(kind); if (!form) return;
  const i = S.day; const p = S.pending;
  if (p && p.day === i && p.kind === kind) {  // the next hex of a mark being placed
    const d = today(); const m = d && Array.isArray(d.marks) ? d.marks[p.index] : null; const v = m && m[kind];
    const list = form.place === "hexes" ? v : (v && Array.isArray(v[form.hex_key]) ? v[form.hex_key] : null);
    if (Array.isArray(list) && list.length < p.count) {
      edit((save) => { const mv = save.days[i].marks[p.index][kind]; (form.place === "hexes" ? mv : mv[form.hex_key]).push(h); });
      if (list.length + 1 >= p.count) { S.pending = null; S.tool = "move"; }
      render(); return;
    }
    S.pending = null;
  }
  let value; let count = 1;
  if (form.place === "hex") value = h;
  else if (form.place === "hexes") { value = [h]; count = form.count; }
  else {
    value = {};
    if (form.letter_of_hex) {  // a plot's letter is its hex's
      const letter = form.letter_of_hex[h];
      if (!letter) { banner(h + " is not a plot hex (" + Object.entries(form.letter_of_hex).map(([x, l]) => l + " " + x).join(", ") + ")"); return; }
      value.letter = letter;
    }
    if (form.hex_key === "hex") value.hex = h;
    if (form.hex_key === "hexes") value.hexes = [h];
    const known = {};
    for (const spec of form.fields || []) if ("default" in spec) known[spec.key] = spec.default;
    if (form.size_from_terrain) { const size = form.size_from_terrain[terrainAt(h)]; if (size) { known.size = size; count = (form.hexes_of_size || {})[size] || 1; } }
    for (const spec of form.fields || []) if (spec.key in known) value[spec.key] = known[spec.key];  // in the form's order
  }
  let index = 0;
  edit((save) => { const d = save.days[i]; d.marks = Array.isArray(d.marks) ? d.marks : []; d.marks.push({ [kind]: value }); index = d.marks.length - 1; });
  S.pending = count > 1 ? { day: i, kind, index, count } : null;
  if (!S.pending) S.tool = "move";  // placed: the next click moves again (choose a mark again for another)
  render();
}
function clickHex(h) {
  const i = S.day; if (!today()) return;
  if (S.tool === "terrain") paint(h, S.terrain, true);
  else if (S.tool === "move") edit((save) => { const d = save.days[i]; d.moved = Array.isArray(d.moved) ? d.moved : []; if (d.moved[d.moved.length - 1] === h) d.moved.pop(); else d.moved.push(h); });
  else if (S.tool === "mark" && S.markKind) placeMark(S.markKind, h);
}
function paint(h, terrain, toggle) {
  const i = S.day;
  edit((save) => { const d = save.days[i]; d.mapped = d.mapped && typeof d.mapped === "object" && !Array.isArray(d.mapped) ? d.mapped : {};
    if (toggle && d.mapped[h] === terrain) delete d.mapped[h]; else d.mapped[h] = terrain; });
}
function setTool(t) { S.tool = t; S.pending = null; render(); }
function addDay() {
  edit((save) => { save.days = Array.isArray(save.days) ? save.days : []; const prev = save.days[save.days.length - 1] || {};
    const res = prev.resources && typeof prev.resources === "object" ? { ...prev.resources } : {};
    const next = { day: (Number.isInteger(prev.day) ? prev.day : save.days.length) + 1, resources: res };
    for (const spec of S.forms.day) if (spec.carry && prev[spec.key] !== undefined) next[spec.key] = clone(prev[spec.key]);
    save.days.push(next); });
  S.day = days().length - 1; S.pending = null; render();
}
function buildPalettes() {
  const pal = $("palette"); pal.textContent = "";
  S.game.terrains.forEach((t, n) => {
    const b = el("button", { title: t.name + " (" + (n + 1) + "; or point at a hex and press " + (n + 1) + ")" }); b.dataset.terrain = t.key;
    b.append(el("span", { className: "swatch", style: "background:" + S.map.colours[t.key] }), document.createTextNode(n + 1 + " " + t.name));
    b.onclick = safely(() => { S.terrain = t.key; setTool("terrain"); });
    pal.append(b);
  });
  const mp = $("mark-palette"); mp.textContent = "";
  for (const f of S.forms.marks) {
    const key = f.key ? " (Shift+" + f.key.toUpperCase() + "; or point at its hex and press Shift+" + f.key.toUpperCase() + ")" : "";
    const b = el("button", { title: f.kind + key + ": " + f.hint }, f.kind); b.dataset.mark = f.kind;
    if (f.key) b.append(" ", el("kbd", {}, "⇧" + f.key.toUpperCase()));
    b.onclick = safely(() => { S.markKind = f.kind; setTool("mark"); });  // chosen here, placed by one click on its hex
    mp.append(b);
  }
}
function keys(e) {
  const at = document.activeElement;  // a checkbox or a mode button clicked last does not take the keys
  const typing = /TEXTAREA|SELECT/.test(at.tagName) || (at.tagName === "INPUT" && !/^(checkbox|radio|button)$/.test(at.type));
  const mod = e.ctrlKey || e.metaKey;
  const k = e.key.toLowerCase();
  if (mod && k === "z") { e.preventDefault(); if (typing) document.activeElement.blur(); e.shiftKey ? redo() : undo(); return; }
  if (mod && k === "y") { e.preventDefault(); redo(); return; }
  if (mod && k === "s") { e.preventDefault(); if (typing) document.activeElement.blur(); save(); return; }
  if (mod && k === "p") { e.preventDefault(); preview(); return; }
  if (typing || mod || e.altKey) return;
  const mark = e.shiftKey ? S.forms.marks.find((f) => f.key === k) : null;
  if (mark) {  // Shift and a mark's letter: placed on the hex pointed at (or chosen, to click its hexes)
    if (S.hover) placeMark(mark.kind, S.hover);
    else { S.markKind = mark.kind; setTool("mark"); }
    if (S.pending) { S.markKind = mark.kind; S.tool = "mark"; }  // more hexes to go: by key or by click
    render();
    return;
  }
  if (/^[1-9]$/.test(k) && S.game.terrains[k - 1]) {
    S.terrain = S.game.terrains[k - 1].key;
    if (S.hover) paint(S.hover, S.terrain, false);  // pointing at a hex: draw it at once
    else setTool("terrain");
    render();
  }
  else if (k === "t") setTool("terrain"); else if (k === "m") setTool("move"); else if (k === "k") setTool("mark");
  else if (k === "n" && S.day < days().length - 1) { S.day++; S.pending = null; render(); }
  else if (k === "p" && S.day > 0) { S.day--; S.pending = null; render(); }
  else if (k === "d") addDay();
  else if (k === "j") { e.preventDefault(); $("journal").focus(); }
  else if (k === "escape") { S.pending = null; render(); }
}

async function start() {
  const r = await fetch("api/state"); const st = await r.json();
  if (!r.ok) { banner(st.error); return; }
  Object.assign(S, { save: st.save, server: st.save, autosaveFile: st.autosave_file, base: st.version, rev: st.rev, exists: st.exists, savedAt: st.saved_at, dirty: st.dirty,
    file: st.file, game: st.game, map: st.map, forms: st.game.forms, terrain: st.game.terrains[0].key });
  document.title = "lostprint edit — " + st.file; $("file").textContent = st.file;
  $("title").textContent = st.game.name;
  $("map").innerHTML = st.map.svg;
  const root = $("map").querySelector("svg"); const [x, y, w, h] = st.map.box;
  root.setAttribute("viewBox", [x - 4, y - 4, w + 8, h + 8].join(" ")); root.removeAttribute("width"); root.removeAttribute("height");
  buildHits(root);
  root.addEventListener("click", safely((e) => { const hx = e.target.getAttribute && e.target.getAttribute("data-hex"); if (hx) clickHex(hx); }));
  root.addEventListener("mouseover", (e) => { S.hover = (e.target.getAttribute && e.target.getAttribute("data-hex")) || null; });
  $("map").addEventListener("mouseleave", () => { S.hover = null; });
  for (const rb of document.querySelectorAll("input[name=mode]")) rb.onchange = safely(() => setTool(rb.value));
  $("undo").onclick = safely(undo); $("redo").onclick = safely(redo); $("save").onclick = safely(() => save(false)); $("preview").onclick = safely(preview);
  $("add-day").onclick = safely(addDay);
  $("drop-day").onclick = safely(() => { if (days().length > 1) edit((save) => { save.days.pop(); }); });
  $("close-preview").onclick = () => { $("preview-panel").hidden = true; };
  $("journal").oninput = safely(() => {  // one undo step per stretch of typing; every keystroke kept
    const i = S.day; const v = $("journal").value;
    const before = JSON.stringify(S.save); const next = JSON.parse(before);
    if (v.trim()) next.days[i].journal = v; else delete next.days[i].journal;
    if (!S.typing) { S.undo.push(before); S.redo = []; S.typing = true; }
    commit(next, (save) => { if (v.trim()) save.days[i].journal = v; else delete save.days[i].journal; });
  });
  $("journal").onblur = () => { S.typing = false; };
  document.addEventListener("focusout", () => setTimeout(safely(() => { if (S.heldDay) redraw(); }), 0));
  document.addEventListener("mousedown", () => { S.pressing = true; }, true);
  document.addEventListener("mouseup", () => setTimeout(safely(() => {  // after the click it makes
    S.pressing = false; if (S.deferred) redraw(); }), 0), true);
  for (const [on, what] of [[window, "blur"], [document, "dragend"]])  // released where the page does not see it
    on.addEventListener(what, () => { S.pressing = false; if (S.deferred) setTimeout(safely(redraw), 0); });
  for (const k of ["title", "player"]) $("save-" + k).onchange = safely((e) => { const v = e.target.value; edit((save) => setIn(save, k, v)); });
  document.addEventListener("keydown", safely(keys));
  window.addEventListener("beforeunload", (e) => { if (S.queue.length || S.keeping) { remember(); e.preventDefault(); e.returnValue = ""; } });
  buildPalettes();
  if (!S.save.days || !S.save.days.length) S.save.days = [{ day: 1, resources: Object.fromEntries(st.game.resources.map((x) => [x.key, x.start])) }];
  // work this browser kept that never reached the server (the page or the server went away first)
  let local = null; try { local = JSON.parse(localStorage.getItem(storeKey()) || "null"); } catch (e) { local = null; }
  let back = null; let clashed = null;  // merged with what the server kept since (another page, a restart)
  if (local && local.save && !same(local.save, S.save)) {
    if ("base" in local) { try { back = merge3(local.base, local.save, S.save); } catch (e) { if (!(e instanceof Clash)) throw e; clashed = e.path; } }
    else if (local.rev === S.rev) back = local.save;
  }
  if (clashed) {
    S.save = local.save; S.server = local.base; S.dirty = true; S.queue.push(whole(JSON.stringify(local.save)));
    clash({ save: st.save, rev: st.rev }, clashed);
  } else if (back && !same(back, S.save)) {
    const snap = JSON.stringify(back); S.undo.push(JSON.stringify(S.save)); commit(JSON.parse(snap), whole(snap));
    banner("Your last edits, made just before the page closed, are back (Save writes them to " + S.file + ").", true);
  } else if (st.recovered) {
    banner("Your unsaved work from " + st.recovered.at + " is back: the file on disk is older." +
      (st.recovered.stale ? " The file was changed by another program since, so Save will ask before replacing it." : " Save writes it to " + S.file + "."),
      true, [["Discard it and show the file", takeFile, "discard"]]);
  }
  render(); scheduleCheck();
  setInterval(safely(poll), 2500);
  document.addEventListener("visibilitychange", safely(poll));
}
start().catch(report);
