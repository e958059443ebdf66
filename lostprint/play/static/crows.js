"use strict";
// The Crows scorekeeper: the page shows the board the engine keeps and asks the open step's input.
// An input is built by clicks (a tile type, then a square; a spell, then its squares) and sent whole;
// the server's answer is the new state, drawn from scratch. Nothing here holds a rule: the squares
// offered are the ones the engine lists, and a refused input comes back with the rule it breaks.

const SHORT = { "barrens": "Bar", "trees-1": "T1", "trees-2": "T2", "trees-3": "T3", "gem-cave": "Gem",
  "ley-line": "Ley", "lava": "Lava", "queen": "Qn", "carrion": "Car" };
const DIRS = [["N", "north"], ["E", "east"], ["S", "south"], ["W", "west"]];
const page = { view: null, draft: {}, busy: false };
const $ = (id) => document.getElementById(id);
const key = (sq) => sq[0] + "," + sq[1];
const name = (sq) => "[" + sq[0] + ", " + sq[1] + "]";

async function api(path, body) {
  const init = body === undefined ? {} : { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) };
  const answer = await fetch(path, init);
  let data = null;
  try { data = await answer.json(); } catch (e) { data = null; }
  if (!answer.ok) throw new Error((data && data.error) || ("the server answered " + answer.status));
  return data;
}

function banner(text, note) {
  const b = $("banner");
  b.textContent = text || "";
  b.hidden = !text;
  b.className = note ? "note" : "";
}

async function act(path, body) {
  if (page.busy) return;
  page.busy = true;
  let ok = false;
  try {
    const view = await api(path, body);
    banner(view.conflict || "", !!view.conflict);
    page.draft = {};
    show(view);
    ok = true;
  } catch (e) {
    banner(e.message);
    page.draft = {};
    try { page.view = await api("api/state"); } catch (e2) { /* the banner already says what went wrong */ }
    if (page.view) draw();
    $("status").textContent = "refused: " + e.message;
  } finally {
    page.busy = false;
  }
  if (ok) giveForced();  // a refused one is not tried again: the banner says why
}

// A step whose only legal input the server names (no spell in hand, no empty tile for a totem, Nightfall
// out of reach) asks nothing: the page gives it at once, and Undo takes it back with the choice before it.
function giveForced() {
  const q = page.view && page.view.question;
  if (q && q.forced !== undefined) give(q.forced);
}

const give = (value) => act("api/give", { value: value, at: page.view.inputs });
const undo = () => act("api/undo", { at: page.view.inputs });

function show(view) {
  page.view = view;
  draw();
}

// --- drawing ---------------------------------------------------------------------------------------

function draw() {
  const v = page.view;
  $("title").textContent = v.title || "Crows";
  $("file").textContent = v.file;
  $("status").textContent = v.status;
  $("save").hidden = v.mode !== "edit";
  $("undo").disabled = !v.inputs;
  if (v.recovered && $("banner").hidden) banner("Unsaved work from an earlier session was recovered; Save writes it to the record.", true);
  $("setup").hidden = !v.setup;
  $("board-panel").hidden = v.setup;
  $("turn").hidden = v.setup;
  $("scores").hidden = v.setup;
  if (v.setup) { drawSetup(v); return; }
  drawGrid(v);
  drawQuestion(v);
  drawScores(v);
  focusNext();
}

function drawSetup(v) {
  const list = $("names");
  if (list.children.length) return;
  $("game-title").value = v.title || "";
  for (let i = 0; i < v.max_players; i++) {
    const li = document.createElement("li");
    const input = document.createElement("input");
    input.id = "name-" + i;
    input.maxLength = 40;
    input.setAttribute("aria-label", "player " + (i + 1));
    input.placeholder = i < v.min_players ? "name" : "name (optional)";
    li.appendChild(input);
    list.appendChild(li);
  }
}

function pieces(v) {
  const tiles = new Map(v.tiles.map((t) => [key(t), t[2]]));
  const crows = new Map(v.crows.map((c) => [key(c), c[2]]));
  const totems = new Map(v.totems.map((t) => [t[1] + "," + t[2], t[0]]));
  const corrupt = new Set(v.corruption.map(key));
  return { tiles, crows, totems, corrupt, queen: v.queen ? key(v.queen) : null };
}

function initials(v) {
  const out = {};
  for (const p of v.players) {
    let k = 1;
    while (Object.values(out).includes(p.name.slice(0, k).toUpperCase()) && k < p.name.length) k++;
    out[p.name] = p.name.slice(0, k).toUpperCase();
  }
  return out;
}

function drawGrid(v) {
  const P = pieces(v);
  const squares = v.tiles.map((t) => [t[0], t[1]]);
  const q = v.question;
  if (q && q.square) squares.push(q.square);
  if (!squares.length) squares.push([0, 0], [4, 4]);
  let c0 = Math.min(...squares.map((s) => s[0])) - 1, c1 = Math.max(...squares.map((s) => s[0])) + 1;
  let r0 = Math.min(...squares.map((s) => s[1])) - 1, r1 = Math.max(...squares.map((s) => s[1])) + 1;
  if (v.round === 0) { c0 = Math.min(c0, 0); r0 = Math.min(r0, 0); c1 = Math.max(c1, 4); r1 = Math.max(r1, 4); }
  const targets = new Set(targetSquares().map(key));
  const picked = new Set(Object.values(page.draft).filter(Array.isArray).map(key));
  const asked = q && q.square ? key(q.square) : null;
  const colors = Object.fromEntries(v.players.map((p) => [p.name, p.hex]));
  const ini = initials(v);
  const grid = $("grid");
  grid.innerHTML = "";
  grid.style.gridTemplateColumns = "auto repeat(" + (c1 - c0 + 1) + ", auto)";
  const head = (text) => { const h = document.createElement("div"); h.className = "head"; h.textContent = text; grid.appendChild(h); };
  head("");
  for (let c = c0; c <= c1; c++) head(c);  // the record's [column, row] numbers
  for (let r = r0; r <= r1; r++) {
    head(r);
    for (let c = c0; c <= c1; c++) {
      const k = c + "," + r;
      const cell = document.createElement("button");
      cell.className = "cell";
      cell.id = "sq_" + c + "_" + r;
      cell.dataset.c = c; cell.dataset.r = r;
      const kind = P.tiles.get(k);
      const label = [name([c, r])];
      if (kind) {
        cell.classList.add("tile", "k-" + kind);
        cell.insertAdjacentHTML("beforeend", '<span class="kind">' + SHORT[kind] + "</span>");
        label.push(v.kinds.find((t) => t.key === kind).name);
      } else {
        label.push("open square");
      }
      const n = P.crows.get(k);
      if (n) { cell.insertAdjacentHTML("beforeend", '<span class="crows">' + n + "</span>"); label.push(n + " crow" + (n > 1 ? "s" : "")); }
      if (P.queen === k) { cell.insertAdjacentHTML("beforeend", '<span class="queen">♛</span>'); label.push("the Queen"); }
      if (P.corrupt.has(k)) { cell.insertAdjacentHTML("beforeend", '<span class="corrupt">✕</span>'); label.push("corrupted"); }
      const who = P.totems.get(k);
      if (who) {
        const span = document.createElement("span");
        span.className = "totem";
        span.style.background = colors[who];
        span.textContent = ini[who];
        cell.appendChild(span);
        label.push(who + "'s totem");
      }
      if (targets.has(k)) cell.classList.add("target");
      else cell.disabled = true;
      if (picked.has(k)) cell.classList.add("picked");
      if (asked === k) cell.classList.add("asked");
      cell.setAttribute("aria-label", label.join(", "));
      cell.title = label.join(", ");
      cell.addEventListener("click", () => clickSquare([c, r]));
      grid.appendChild(cell);
    }
  }
}

function button(text, onclick, hotkey, cls) {
  const b = document.createElement("button");
  b.textContent = text;
  if (hotkey) { b.dataset.key = hotkey; b.title = "key " + hotkey.toUpperCase(); }
  if (cls) b.className = cls;
  b.addEventListener("click", onclick);
  return b;
}

function group(...buttons) {
  const div = document.createElement("div");
  div.className = "group";
  buttons.forEach((b) => div.appendChild(b));
  return div;
}

function kindButtons(v, pick) {
  const out = [];
  v.kinds.forEach((t, i) => {
    const b = button(SHORT[t.key] + " · " + t.name + " (" + t.left + " left)", () => pick(t.key), String(i + 1), "kind-btn k-" + t.key);
    b.id = "kind-" + t.key;
    b.disabled = t.left <= 0;
    out.push(b);
  });
  return group(...out);
}

function drawQuestion(v) {
  const q = v.question, d = page.draft, box = $("choices");
  box.innerHTML = "";
  $("hint").textContent = "";
  $("where").textContent = v.round ? "Round " + v.round + (v.player ? " · " + v.player + "'s turn" : " · the round ends") : "The starting layout";
  if (!q) {
    $("ask").textContent = v.over ? "The game is over. " + v.over[1] : "";
    return;
  }
  $("ask").textContent = q.text;
  const hint = (t) => { $("hint").textContent = t; };
  if (q.key === "start") {
    box.appendChild(kindButtons(v, (k) => give(k)));
    hint("Pick the tile type lying on the lit square " + name(q.square) + ".");
  } else if (q.key === "tile" || (q.key === "spell" && d.spell === "landfall")) {
    if (q.key === "spell") box.appendChild(group(button("Back", () => redraft({}), "escape")));
    if (!d.kind) { box.appendChild(kindButtons(v, (k) => redraft({ ...d, kind: k }))); hint("Which tile type was placed?"); }
    else if (!d.at) hint(d.kind === "lava" ? "Click an open square, or an empty tile for the Lava Pool to replace." : "Click the square it went on.");
    else hint("The replaced tile went where? Click an open square touching the board.");
  } else if (q.key === "totem") {
    hint("Click the empty tile the totem stands on.");  // with no empty tile left the page gives "none" itself
  } else if (q.key === "spell") {
    drawSpell(v, q, box, hint);
  } else if (q.key === "nightfall") {
    // asked only when both answers are possible: the page gives the one the setup leaves by itself
    box.appendChild(group(button("No, not this turn", () => give(false), "x", "primary"),
      button("Nightfall came up", () => give(true), "y")));
  } else if (q.key === "scatter") {
    box.appendChild(group(...DIRS.map(([k, word]) => button("Start " + word + " (" + k + ")", () => give(k), k.toLowerCase()))));
    hint("One crow to each square around the tile, clockwise, ring after ring.");
  }
}

function drawSpell(v, q, box, hint) {
  const d = page.draft;
  if (!d.spell) {
    const bs = [button("No spell", () => give(null), "0", "primary")];
    q.spells.forEach((s, i) => {
      const b = button(s.title + ": " + s.short, () => pickSpell(s.name), String(i + 1));
      b.id = "spell-" + s.name;
      bs.push(b);
    });
    box.appendChild(group(...bs));
    return;
  }
  box.appendChild(group(button("Back", () => redraft({}), "escape")));
  if (d.spell === "attract") {
    if (!d.target) hint("Attract: click the empty tile the crows fly to.");
    else box.appendChild(group(...DIRS.map(([k, word]) => button("From the " + word + " (" + k + ")", () =>
      give({ name: "attract", target: d.target, direction: k }), k.toLowerCase()))));
  } else if (d.spell === "disperse") hint("Disperse: click the tile the crows are pushed away from.");
  else if (d.spell === "populate") hint("Populate: click an empty tile showing 2 or 3 crows.");
  else if (d.spell === "teleport") {
    if (!d.from) hint("Teleport: click the tile the crows leave.");
    else if (!d.target) hint("Teleport: click the empty tile they land on.");
    else {
      const have = pieces(v).crows.get(key(d.from)) || 0;
      const bs = [button("1 crow", () => give({ name: "teleport", from: d.from, target: d.target, count: 1 }), "1")];
      if (have >= 2) bs.push(button("2 crows", () => give({ name: "teleport", from: d.from, target: d.target, count: 2 }), "2"));
      box.appendChild(group(...bs));
    }
  }
}

function pickSpell(spell) {
  if (spell === "drain") { give({ name: "drain" }); return; }
  redraft({ spell: spell });
}

function redraft(d) {
  page.draft = d;
  draw();
}

function drawScores(v) {
  const body = $("score-table").querySelector("tbody");
  body.innerHTML = "";
  for (const p of v.players) {
    const tr = document.createElement("tr");
    tr.innerHTML = '<td><span class="swatch"></span></td><td></td><td></td><td></td>';
    tr.children[0].firstChild.style.background = p.hex;
    tr.children[0].appendChild(document.createTextNode(p.name));
    tr.children[1].textContent = v.over ? p.final : p.total;
    tr.children[1].id = "total-" + p.name;
    tr.children[2].textContent = "+" + p.points;
    tr.children[3].textContent = p.hand;
    body.appendChild(tr);
  }
  $("final").hidden = !v.over && !(v.checks || []).length;
  $("final").textContent = (v.over ? v.over[1] + " (unused spells count 2 each). " : "") + (v.checks || []).join(". ");
  const moved = v.moved || [];
  $("moved-box").hidden = !moved.length;
  $("moved-title").textContent = v.history.length ? v.history[0].split(":")[0] + " is over: set the crows so" : "";
  $("moved").innerHTML = "";
  for (const line of moved) {
    const li = document.createElement("li");
    li.textContent = line;
    $("moved").appendChild(li);
  }
  const hist = $("history");
  hist.innerHTML = "";
  for (const line of v.history) {
    const li = document.createElement("li");
    li.textContent = line;
    hist.appendChild(li);
  }
}

// --- which squares the open input takes, and a click on one -------------------------------------------

function targetSquares() {
  const v = page.view, q = v.question, d = page.draft;
  if (!q) return [];
  const tiles = v.tiles.map((t) => [t[0], t[1]]);
  if (q.key === "totem") return q.squares;
  const placing = q.key === "tile" || (q.key === "spell" && d.spell === "landfall");
  if (placing) {
    if (!d.kind) return [];
    if (!d.at) return d.kind === "lava" ? q.open.concat(q.replace || q.empties) : q.open;
    return q.open;
  }
  if (q.key !== "spell" || !d.spell) return [];
  const P = pieces(v);
  if (d.spell === "attract") return d.target ? [] : q.empties;
  if (d.spell === "disperse") return tiles;
  if (d.spell === "populate") return q.empties.filter((s) => ["trees-2", "trees-3"].includes(P.tiles.get(key(s))));
  if (d.spell === "teleport") {
    if (!d.from) return v.crows.map((c) => [c[0], c[1]]);
    if (!d.target) return q.empties.filter((s) => key(s) !== key(d.from));
  }
  return [];
}

function clickSquare(sq) {
  const v = page.view, q = v.question, d = page.draft;
  if (!q || !targetSquares().some((s) => key(s) === key(sq))) return;
  if (q.key === "totem") { give(sq); return; }
  const placing = q.key === "tile" || (q.key === "spell" && d.spell === "landfall");
  if (placing) {
    const onTile = v.tiles.some((t) => t[0] === sq[0] && t[1] === sq[1]);
    let value = null;
    if (!d.at && d.kind === "lava" && onTile) { redraft({ ...d, at: sq }); return; }
    if (d.at) value = { tile: d.kind, at: d.at, moved_to: sq };
    else value = { tile: d.kind, at: sq };
    give(q.key === "tile" ? value : { name: "landfall", ...value });
    return;
  }
  if (d.spell === "disperse" || d.spell === "populate") give({ name: d.spell, target: sq });
  else if (d.spell === "attract") redraft({ ...d, target: sq });
  else if (d.spell === "teleport") {
    if (!d.from) redraft({ ...d, from: sq });
    else {
      const have = pieces(v).crows.get(key(d.from)) || 0;
      if (have < 2) give({ name: "teleport", from: d.from, target: sq, count: 1 });
      else redraft({ ...d, target: sq });
    }
  }
}

function focusNext() {
  const active = document.activeElement;
  if (active && active !== document.body && document.contains(active) && !active.disabled) return;
  const first = document.querySelector(".cell.target") || document.querySelector("#choices button:not(:disabled)");
  if (first) first.focus();
}

// --- keys ------------------------------------------------------------------------------------------------

function moveFocus(cell, dc, dr) {
  let c = +cell.dataset.c, r = +cell.dataset.r;
  for (let i = 0; i < 60; i++) {
    c += dc; r += dr;
    const next = document.getElementById("sq_" + c + "_" + r);
    if (!next) return;
    if (!next.disabled) { next.focus(); return; }
  }
}

document.addEventListener("keydown", (e) => {
  if (e.target.tagName === "INPUT" || e.target.tagName === "TEXTAREA" || e.ctrlKey || e.metaKey || e.altKey) {
    if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === "s" && page.view && page.view.mode === "edit") {
      e.preventDefault();
      act("api/save", {});
    }
    return;
  }
  const k = e.key.toLowerCase();
  const arrows = { arrowleft: [-1, 0], arrowright: [1, 0], arrowup: [0, -1], arrowdown: [0, 1] };
  if (arrows[k] && e.target.classList && e.target.classList.contains("cell")) {
    e.preventDefault();
    moveFocus(e.target, ...arrows[k]);
    return;
  }
  if (k === "u") { undo(); return; }
  const b = document.querySelector('#choices button[data-key="' + CSS.escape(k) + '"]:not(:disabled)');
  if (b) { e.preventDefault(); b.click(); return; }
  if (k === "escape" && Object.keys(page.draft).length) redraft({});
});

$("undo").addEventListener("click", undo);
$("save").addEventListener("click", () => act("api/save", { overwrite: !!$("banner").textContent.includes("changed on disk") }));
$("begin").addEventListener("click", () => {
  const names = [...document.querySelectorAll("#names input")].map((i) => i.value.trim()).filter((n) => n);
  act("api/setup", { players: names, title: $("game-title").value });
});
window.addEventListener("error", (e) => banner("This page hit a problem (" + e.message + "); reload it: every step is kept."));

(async () => {
  try { show(await api("api/state")); giveForced(); } catch (e) { banner(e.message); }
})();
