// lostprint play: the page asks what the engine's open step needs (dice or a choice), sends it, and
// draws the answer. The server keeps every step on disk before it answers, so the page holds nothing
// that could be lost: a reload shows the same step.
"use strict";

const $ = (sel) => document.querySelector(sel);
const SVGNS = "http://www.w3.org/2000/svg";
const page = { game: null, map: null, dice: [], place: [], placeOpen: false, hint: null, busy: false,
  journalSaving: null, typed: "", typedAt: 0 };

async function api(path, body) {
  const init = body === undefined ? {} :
    { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) };
  let answer;
  try {
    answer = await fetch(path, init);
  } catch (err) {
    throw new Error("the lostprint play server does not answer (is it still running?)");
  }
  const data = await answer.json().catch(() => ({ error: `answer ${answer.status}` }));
  if (!answer.ok) {
    const err = new Error(data.error || `answer ${answer.status}`);
    err.status = answer.status;
    throw err;
  }
  return data;
}

function banner(text) {
  const b = $("#banner");
  b.textContent = text || "";
  b.hidden = !text;
}

function status(text) { $("#status").textContent = text; }

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "on") for (const [ev, fn] of Object.entries(v)) node.addEventListener(ev, fn);
    else if (k === "dataset") Object.assign(node.dataset, v);
    else if (v !== false && v !== undefined && v !== null) node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children) node.append(c);
  return node;
}

function svgEl(tag, attrs) {
  const node = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  return node;
}

// --- doing -------------------------------------------------------------------------------------

async function act(path, body) {
  if (page.busy) return;
  page.busy = true;
  status("saving…");
  try {
    await page.journalSaving;  // a click that blurred the journal comes after its line, not instead of it
    show(await api(path, body));
    banner("");
  } catch (err) {
    if (err.status === 400) {  // refused as it was sent: show the game as it is now (another tab's steps)
      try { show(await api("api/state")); } catch (again) { /* the banner says what went wrong */ }
    }
    banner(err.message);
    const refused = err.status === 422 || err.status === 400;
    status(refused ? "refused: nothing changed" : "not saved: see the message above");
  } finally {
    page.busy = false;
  }
}

// each input says how many steps the page has seen: a stale tab's is refused, not taken for a later step
const give = (value) => act("api/give", { value, at: page.game.inputs });
const rollForMe = () => act("api/roll", { at: page.game.inputs });
const undo = () => act("api/undo", { at: page.game.inputs });

async function askHint() {
  status("thinking…");
  try {
    page.hint = await api("api/hint", {});
    drawHint();
    status(savedText());
  } catch (err) { banner(err.message); }
}

// the journal's day: the day being played (1672's next orders: the day they begin), once the game is over its last
const journalDay = (g) => g.question?.day || Math.max(1, g.board.day);

async function keepJournal() {
  const g = page.game;
  const day = journalDay(g);
  const text = $("#journal").value;
  if ((g.journal[String(day)] || "") === text.trim()) return;
  page.journalSaving = api("api/journal", { day, text }).then((answer) => {
    g.journal = answer.journal;
    banner("");
  }, (err) => banner(`the journal line was not kept: ${err.message}`));
  await page.journalSaving;
}

// --- drawing -------------------------------------------------------------------------------------

function show(game) {
  page.game = game;
  page.dice = [];
  page.place = [];
  page.placeOpen = false;
  page.hint = null;
  draw();
}

function savedText() {
  const n = page.game.inputs;
  return `saved · ${n} step${n === 1 ? "" : "s"} played`;
}

function draw() {
  const g = page.game;
  $("#title").textContent = g.title || "lostprint play";
  $("#file").textContent = g.file;
  status(savedText());
  $("#undo").disabled = g.inputs === 0;
  $("#hint").disabled = !g.question;
  drawMap();
  drawBoard();
  drawQuestion();
  drawHint();
  const pencil = $("#pencil");
  const none = g.inputs ? "nothing changes on the sheet" : "nothing yet: the sheet starts as printed";
  pencil.replaceChildren(...(g.last.length ? g.last : [none]).map((t) => el("li", {}, t)));
  const day = journalDay(g);
  $("#journal-day").textContent = `(day ${day})`;
  if (document.activeElement !== $("#journal")) $("#journal").value = g.journal[String(day)] || "";
}

function centre(points) {
  let x = 0, y = 0;
  for (const [px, py] of points) { x += px; y += py; }
  return [x / points.length, y / points.length];
}

function drawMap() {
  const holder = $("#map");
  if (!holder.firstChild) holder.innerHTML = page.map.svg;
  const svg = holder.querySelector("svg");
  const [bx, by, bw, bh] = page.map.box;
  svg.setAttribute("viewBox", `${bx} ${by} ${bw} ${bh}`);
  svg.removeAttribute("width");
  svg.removeAttribute("height");
  let layer = svg.querySelector("g#play-layer");
  if (layer) layer.remove();
  layer = svgEl("g", { id: "play-layer", style: "mix-blend-mode: multiply" });
  svg.append(layer);
  const g = page.game;
  const hexes = page.map.hexes;
  for (const [lab, terrain] of g.board.drawn) {
    if (!hexes[lab]) continue;
    layer.append(svgEl("polygon", { points: hexes[lab].map((p) => p.join(",")).join(" "),
      fill: page.map.colours[terrain] || "#ddd", "fill-opacity": ".85", stroke: "#555", "stroke-width": ".6",
      "data-hex": lab }));
  }
  const route = g.route.filter((lab) => hexes[lab]).map((lab) => centre(hexes[lab]));
  if (route.length > 1) layer.append(svgEl("polyline", { class: "route", points: route.map((p) => p.join(",")).join(" ") }));
  const q = g.question;
  if (q && q.hex && hexes[q.hex]) {
    layer.append(svgEl("polygon", { class: "asked", points: hexes[q.hex].map((p) => p.join(",")).join(" ") }));
  }
  if (q && q.targets) {  // a hex to choose: click it on the map
    for (const [lab, i] of Object.entries(q.targets)) {
      if (!hexes[lab]) continue;
      const poly = svgEl("polygon", { class: "target", points: hexes[lab].map((p) => p.join(",")).join(" "),
        "data-target": lab });
      poly.addEventListener("click", () => give(q.values[i]));
      layer.append(poly);
    }
  }
  if (q && q.key === "route") {
    const ends = new Map();
    q.values.forEach((v, i) => { if (v.length && !ends.has(v[v.length - 1])) ends.set(v[v.length - 1], i); });
    for (const [lab, i] of ends) {
      const poly = svgEl("polygon", { class: "target", points: hexes[lab].map((p) => p.join(",")).join(" "),
        "data-target": lab });
      poly.addEventListener("click", () => give(q.values[i]));
      layer.append(poly);
    }
  }
  if (hexes[g.board.pos]) {
    const [x, y] = centre(hexes[g.board.pos]);
    layer.append(svgEl("circle", { class: "party", cx: x, cy: y, r: 6, "data-party": g.board.pos }));
  }
}

function drawBoard() {
  const b = page.game.board;
  const day = page.game.question?.day || b.day;  // the day being played, once its first step is open
  const rows = [el("div", { class: "tracker" }, el("span", {}, "Day"), el("strong", { id: "day" }, String(day)))];
  if (b.weather) rows.push(el("div", { class: "tracker" }, el("span", {}, "Weather"), el("strong", { id: "weather" }, b.weather)));
  for (const t of b.trackers) {
    rows.push(el("div", { class: "tracker", dataset: { key: t.key } }, el("span", {}, t.name),
      el("strong", {}, `${t.value} / ${t.max}`)));
  }
  $("#trackers").replaceChildren(...rows);
  // what a game keeps beside its trackers: 1672's crew; 1872's unit boxes, Crows, vision, Spirit Dancers
  const kept = [];
  if (b.crew && b.crew.length) {
    kept.push(el("h3", {}, "Crew"), el("ul", { id: "crew" }, ...b.crew.map((s) => el("li", { class: s.status }, `${s.name}: ${s.status}`))));
  }
  if (b.boxes) {
    kept.push(el("h3", {}, "Tribal units"), el("ul", { id: "boxes" }, ...b.boxes.map((u) =>
      el("li", {}, `${u.unit}: ${u.top ?? "·"} / ${u.bottom ?? "·"}`))));
  }
  if (b.crows) kept.push(el("div", { class: "tracker" }, el("span", {}, "Crows"), el("strong", { id: "crows" }, String(b.crows.length))));
  if (b.dancers_left !== undefined) kept.push(el("div", { class: "tracker" }, el("span", {}, "Spirit Dancers left"), el("strong", {}, String(b.dancers_left))));
  if (b.fever) kept.push(el("div", { class: "tracker" }, el("span", {}, "Shaman's fever"), el("strong", {}, String(b.fever))));
  if (b.vision) kept.push(el("div", { class: "tracker" }, el("span", {}, "Vision Quest"), el("strong", {}, "done")));
  for (const [name, value] of b.kept || []) kept.push(el("div", { class: "tracker" }, el("span", {}, name), el("strong", {}, value)));
  if (b.marks && b.marks.length) kept.push(el("h3", {}, "On the map"), el("ul", { id: "marks" }, ...b.marks.map((m) => el("li", {}, m))));
  $("#kept").replaceChildren(...kept);
  const score = $("#score");
  if (page.game.score) {
    const total = page.game.score.reduce((a, [, p]) => a + p, 0);
    score.replaceChildren(el("h3", {}, b.over ? `Game ${b.over[0]}: ${b.over[1]}` : "Score"),
      ...page.game.score.map(([label, p]) => el("div", { class: "tracker" }, el("span", {}, label), el("strong", {}, String(p)))),
      el("div", { class: "tracker" }, el("span", {}, "Total"), el("strong", { id: "total" }, String(total))));
    score.hidden = false;
  } else score.hidden = true;
}

function drawQuestion() {
  const q = page.game.question;
  const box = $("#question");
  if (!q) {
    const over = page.game.board.over;
    $("#where").textContent = "";
    box.replaceChildren(el("h2", { id: "ask" }, over ? `The game is ${over[0]}: ${over[1]}` : "The game is over"),
      el("p", {}, "The save is complete: lostprint render makes its journal."));
    return;
  }
  $("#where").textContent = `Day ${q.day || 1} · Phase ${q.phase}: ${q.phase_name}`;
  const parts = [el("h2", { id: "ask" }, q.text), el("p", { class: "summary" }, q.summary)];
  if (q.kind === "roll") parts.push(...rollControls(q));
  else if (q.key === "orders") parts.push(...ordersForm(q));
  else if (q.boxes || q.dance || q.rolled) {
    parts.push((q.boxes ? placeForm : q.dance ? danceForm : keepForm)(q), el("details",
      { class: "all-options", open: page.placeOpen },
      el("summary", {}, `or pick from every choice (${q.options.length})`), optionList(q)));
  }
  else parts.push(optionList(q));
  if (q.refused && q.refused.length) {  // what the rules do not allow now, and why
    parts.push(el("details", { class: "refused" }, el("summary", {}, "Not allowed now"),
      el("ul", {}, ...q.refused.map((t) => el("li", {}, t)))));
  }
  parts.push(el("div", { class: "why", id: "why" }));
  box.replaceChildren(...parts);
  const first = box.querySelector("#keep-these") || box.querySelector("button, input");
  if (first && !["TEXTAREA", "INPUT"].includes(document.activeElement?.tagName)) first.focus({ preventScroll: true });
}

function rollControls(q) {
  const dice = [];
  for (let d = 0; d < q.dice; d++) {
    const faces = [];
    for (let f = 1; f <= 6; f++) {
      faces.push(el("button", { class: page.dice[d] === f ? "face on" : "face", "aria-label": `die ${d + 1}: ${f}`,
        dataset: { die: d, face: f }, on: { click: () => { page.dice[d] = f; drawQuestion(); } } }, String(f)));
    }
    dice.push(el("div", { class: "die" }, el("span", {}, `die ${d + 1}`), ...faces));
  }
  const ready = page.dice.filter(Boolean).length === q.dice;
  const parts = [];
  if (q.chart) parts.push(chartTable(q.chart, ready ? page.dice.slice(0, q.dice) : null));
  return [...parts, el("div", { class: "dice" }, ...dice),
    el("div", {}, el("button", { id: "take-dice", class: "primary", disabled: !ready,
      on: { click: takeDice } }, "Take these dice"), " ",
    el("button", { id: "roll-for-me", on: { click: rollForMe } }, "Roll for me (R)"))];
}

function chartTable(chart, dice) {
  // the row the chosen dice land on is lit before they are taken; a d66 reads them as tens and ones
  const read = (d) => chart.modifier === "d66" ? d[0] * 10 + d[1] : d.reduce((a, b) => a + b, 0) + chart.bonus;
  const total = dice === null ? null : read(dice);
  const covers = (r) => total !== null && (r.low === null || total >= r.low) && (r.high === null || total <= r.high);
  let lit = chart.rows.findIndex(covers);
  if (total !== null && lit < 0) lit = chart.rows.length - 1;
  const signed = chart.bonus > 0 ? `+${chart.bonus}` : `−${-chart.bonus}`;
  const caption = chart.title + (chart.bonus ? ` (${signed} to the roll)` : "") +
    (total !== null ? ` — ${chart.modifier === "d66" ? "" : "total "}${total}` : "");
  return el("table", { class: "chart", id: "chart" }, el("caption", {}, caption),
    ...chart.rows.map((r, i) => el("tr", { class: i === lit ? "lit" : "" }, el("th", {}, r.label), el("td", {}, r.text))));
}

function takeDice() {
  const q = page.game.question;
  const faces = page.dice.slice(0, q.dice);
  if (faces.length !== q.dice || faces.some((f) => !f)) return;
  give(q.dice === 1 ? faces[0] : faces);
}

function placeForm(q) {
  // 1872's Phase 1: each die picks its box (two clicks), instead of one button per placing of both
  const rows = q.dice_faces.map((face, d) => {
    const open = new Set(q.values.map((v) => v[d]));
    const boxes = q.boxes.map(([box, name]) => el("button", {
      class: page.place[d] === box ? "box on" : "box", disabled: !open.has(box), dataset: { die: d, box },
      on: { click: () => pickBox(q, d, box) } }, name));
    const caption = el("span", { class: "caption" }, `${face} goes in`);
    return el("div", { class: "place-die", dataset: { die: d } }, caption, ...boxes);
  });
  return el("div", { id: "place" }, ...rows);
}

function pickBox(q, d, box) {
  page.place[d] = box;
  const chosen = q.dice_faces.map((_, i) => page.place[i]);
  drawQuestion();
  if (chosen.some((b) => b === undefined)) return;
  const i = q.values.findIndex((v) => v.every((b, k) => b === chosen[k]));
  if (i >= 0) { give(q.values[i]); return; }
  const name = q.boxes.find(([b]) => b === box)[1];
  $("#why").textContent = chosen.every((b) => b === chosen[0])
    ? `a box holds one die: the ${name} is taken by the ${q.dice_faces[0]}; pick another box for the ${q.dice_faces[d]}`
    : "the rules do not allow these two boxes together";
}

function keepForm(q) {
  // 1572's planning: the dice to keep are clicked (or their number typed), as they lie on the table
  const kept = q.rolled.filter((_, d) => page.place[d]);
  const rest = q.rolled.length - kept.length;
  const dice = q.rolled.map((face, d) => el("button", { class: page.place[d] ? "box on" : "box", dataset: { die: d },
    "aria-pressed": String(!!page.place[d]), "aria-label": `die ${d + 1}: ${face}`,
    on: { click: () => toggleKeep(d) } }, String(face)));
  const what = !kept.length ? `Keep none, reroll all ${rest}` : !rest ? `Keep all ${kept.length}: no reroll`
    : `Keep ${kept.join(", ")}; reroll ${rest} ${rest === 1 ? "die" : "dice"}`;
  const keep = el("button", { id: "keep-these", class: "primary", on: { click: () => keepThese(q) } }, what);
  const row = el("div", { class: "place-die" }, el("span", { class: "caption" }, "keep"), ...dice);
  return el("div", { id: "keep" }, row, keep);
}

function toggleKeep(d) {
  page.place[d] = !page.place[d];
  drawQuestion();
  $("#keep-these").focus();
}

function keepThese(q) {
  const want = JSON.stringify(q.rolled.filter((_, d) => page.place[d]).sort((a, b) => a - b));
  const i = q.values.findIndex((v) => JSON.stringify(v) === want);
  if (i >= 0) give(q.values[i]);
  else $("#why").textContent = "the rules do not allow keeping these dice";
}

function danceForm(q) {
  // 1872's Spirit Dancers: the box a dancer changes, then the face it becomes
  const done = q.values.findIndex((v) => !Array.isArray(v));
  const picked = page.place[0];
  const boxes = q.dance.map(([box, name, face]) => el("button", {
    class: picked === box ? "box on" : "box", disabled: !q.values.some((v) => Array.isArray(v) && v[0] === box),
    dataset: { box }, on: { click: () => { page.place = [box]; drawQuestion(); } } }, `${name}: ${face}`));
  const stop = el("button", { class: "primary", on: { click: () => give(q.values[done]) } }, q.options[done]);
  const parts = [stop,
    el("div", { class: "place-die" }, el("span", { class: "caption" }, "change"), ...boxes)];
  if (picked !== undefined) {
    const faces = [1, 2, 3, 4, 5, 6].map((f) => {
      const i = q.values.findIndex((v) => Array.isArray(v) && v[0] === picked && v[1] === f);
      return el("button", { class: "box", disabled: i < 0, dataset: { face: f },
        on: { click: () => give(q.values[i]) } }, String(f));
    });
    parts.push(el("div", { class: "place-die" }, el("span", { class: "caption" }, "to"), ...faces));
  }
  return el("div", { id: "dance" }, ...parts);
}

function optionList(q) {
  return el("div", { class: "options", role: "listbox" }, ...q.options.map((label, i) =>
    el("button", { class: "option", dataset: { index: i, value: JSON.stringify(q.values[i]) },
      on: { click: () => give(q.values[i]) } }, `${i + 1}. ${label}`)));
}

function ordersForm(q) {
  const used = new Set();
  for (const v of q.values) for (const k of Object.keys(v)) used.add(k);
  const rows = [];
  for (const job of q.jobs) {
    const input = el("input", { type: "number", min: 0, max: job.slots, value: 0, "data-job": job.key,
      "aria-label": job.key, on: { input: checkOrders } });
    const off = !used.has(job.key);
    rows.push(el("label", { for: `job-${job.key}`, class: off ? "off" : "",
      title: off ? "no sailor here can change anything today" : "" }, `${job.key} (${job.slots} slot${job.slots > 1 ? "s" : ""})`));
    input.id = `job-${job.key}`;
    rows.push(input);
  }
  return [el("div", { class: "jobs" }, ...rows),
    el("button", { id: "take-orders", class: "primary", on: { click: () => give(ordersValue()) } }, "Send the crew")];
}

function ordersValue() {
  const out = {};
  for (const job of page.game.question.jobs) {
    const n = Number($(`#job-${job.key}`).value) || 0;
    if (n > 0) out[job.key] = job.flag ? true : n;
  }
  return out;
}

async function checkOrders() {
  try {
    const answer = await api("api/check", { value: ordersValue() });
    $("#why").textContent = answer.ok ? "" : answer.why;
  } catch (err) { $("#why").textContent = err.message; }
}

function drawHint() {
  const box = $("#hint-box");
  const h = page.hint;
  document.querySelectorAll(".option.hinted, .box.hinted").forEach((n) => n.classList.remove("hinted"));
  if (!h) { box.hidden = true; return; }
  const pct = (x) => Math.round(x * 100);
  const chance = h.win_chance === null ? "" : ` The careful player wins ${pct(h.win_chance)}% of ${h.playouts} games from here` +
    ` (95% sure the chance is ${pct(h.interval[0])}–${pct(h.interval[1])}%).`;
  box.textContent = (h.label ? `The careful player would choose: ${h.label}.` : "This step is a roll.") + chance;
  box.hidden = false;
  if (h.choice !== undefined) {
    const want = JSON.stringify(h.choice);
    const list = document.querySelector("details.all-options");
    if (list) { list.open = page.placeOpen = true; }
    if (page.game.question?.dance && Array.isArray(h.choice)) {
      document.querySelector(`#dance button[data-box="${h.choice[0]}"]`)?.classList.add("hinted");
    }
    if (page.game.question?.rolled) {  // the dice the careful player keeps
      const left = [...h.choice];
      page.game.question.rolled.forEach((face, d) => {
        const at = left.indexOf(face);
        if (at < 0) return;
        left.splice(at, 1);
        document.querySelector(`#keep button[data-die="${d}"]`).classList.add("hinted");
      });
    }
    if (page.game.question?.boxes) h.choice.forEach((box, d) =>
      document.querySelector(`#place button[data-die="${d}"][data-box="${box}"]`)?.classList.add("hinted"));
    document.querySelectorAll(".option").forEach((n) => { if (n.dataset.value === want) n.classList.add("hinted"); });
    if (page.game.question && page.game.question.key === "orders") {
      for (const job of page.game.question.jobs) {
        const v = h.choice[job.key];
        $(`#job-${job.key}`).value = v === true ? 1 : (v || 0);
      }
    }
  }
}

// --- keys ------------------------------------------------------------------------------------------

function onKey(ev) {
  const active = document.activeElement;
  const typing = active?.tagName === "TEXTAREA" || (active?.tagName === "INPUT" && active.type !== "number");
  // a number field takes digits and arrows; letters stay the page's keys
  const inNumber = active?.tagName === "INPUT" && active.type === "number" && !/^[a-zA-Z]$/.test(ev.key) && ev.key !== "Enter";
  if (typing || inNumber || ev.ctrlKey || ev.metaKey || ev.altKey) return;
  const q = page.game?.question;
  if (ev.key === "u" || ev.key === "U") { ev.preventDefault(); undo(); return; }
  if (ev.key === "h" || ev.key === "H") { ev.preventDefault(); askHint(); return; }
  if (!q) return;
  if (q.kind === "roll") {
    if (/^[1-6]$/.test(ev.key)) {
      const free = page.dice.findIndex((f, i) => i < q.dice && !f);
      const at = free >= 0 ? free : (page.dice.length < q.dice ? page.dice.length : q.dice - 1);
      page.dice[at] = Number(ev.key);
      drawQuestion();
      if (page.dice.filter(Boolean).length === q.dice) $("#take-dice").focus();
      ev.preventDefault();
    } else if (/^[0789]$/.test(ev.key)) {
      $("#why").textContent = `a die shows 1 to 6: ${ev.key} is not a face`;
    } else if (ev.key === "r" || ev.key === "R") { ev.preventDefault(); rollForMe(); }
    else if (ev.key === "Enter" && document.activeElement?.id !== "roll-for-me") { ev.preventDefault(); takeDice(); }
    return;
  }
  if (q.key === "orders") {
    if (ev.key === "Enter") { ev.preventDefault(); give(ordersValue()); }
    return;
  }
  if (q.rolled) {  // the dice to keep: a die's number toggles it, Enter keeps them
    const d = Number(ev.key) - 1;
    if (d >= 0 && d < q.rolled.length) { ev.preventDefault(); toggleKeep(d); }
    if (ev.key === "Enter" && document.activeElement?.tagName !== "BUTTON") { ev.preventDefault(); keepThese(q); }
    return;
  }
  const buttons = [...document.querySelectorAll(".option")];
  if (/^[0-9]$/.test(ev.key)) {  // a choice's number; a second digit within a second makes 10 and on
    const now = Date.now();
    const more = now - page.typedAt < 1000 ? page.typed + ev.key : ev.key;
    page.typed = Number(more) <= buttons.length ? more : ev.key;
    page.typedAt = now;
    const b = buttons[Number(page.typed) - 1];
    if (b) { ev.preventDefault(); b.focus(); }
  }
  if (ev.key === "ArrowDown" || ev.key === "ArrowUp") {
    ev.preventDefault();
    const i = buttons.indexOf(document.activeElement);
    const next = buttons[Math.max(0, Math.min(buttons.length - 1, i + (ev.key === "ArrowDown" ? 1 : -1)))];
    if (next) next.focus();
  }
}

// --- start ----------------------------------------------------------------------------------------

window.addEventListener("error", (ev) => banner(`page error: ${ev.message} (the game is safe on disk; reload)`));
window.addEventListener("unhandledrejection", (ev) => banner(`page error: ${ev.reason?.message || ev.reason}`));
document.addEventListener("keydown", onKey);
$("#undo").addEventListener("click", undo);
$("#hint").addEventListener("click", askHint);
$("#journal").addEventListener("change", keepJournal);
// a line being typed is kept as the typing pauses, and when the tab goes (reload, close) before the
// field loses the focus
$("#journal").addEventListener("input", () => {
  clearTimeout(page.journalTimer);
  page.journalTimer = setTimeout(keepJournal, 800);
});
window.addEventListener("pagehide", () => {
  const g = page.game;
  const text = $("#journal").value;
  if (!g || (g.journal[String(journalDay(g))] || "") === text.trim()) return;
  fetch("api/journal", { method: "POST", keepalive: true, headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ day: journalDay(g), text }) });
});

(async () => {
  try {
    page.map = await api("api/map");
    show(await api("api/state"));
  } catch (err) {
    banner(err.message);
    status("not loaded");
  }
})();
