// The designer's desk: every figure comes from the server, which formats it with the same code as
// `ruian-sim compare` and `ruian-sim report`; this file only lays it out.
"use strict";

const TOKEN = new URLSearchParams(location.search).get("token") || "";
const $ = (id) => document.getElementById(id);
let games = null, current = null, poll = null, checkTimer = null;

async function api(path, body) {
  const init = {headers: {"X-Token": TOKEN}, credentials: "same-origin"};
  if (body !== undefined) {
    init.method = "POST";
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const r = await fetch(path, init);
  const data = await r.json();
  if (!r.ok) throw Object.assign(new Error(data.error || r.statusText), {data});
  return data;
}

function el(tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") e.className = v; else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v);
  }
  for (const c of children) e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return e;
}

// -- A: game and variants -------------------------------------------------------------------------
function specA() {
  const picked = [...document.querySelectorAll("#variants input:checked")].map((i) => i.value);
  return [$("game").value, ...picked].join("+");
}

function showVariants() {
  const box = $("variants");
  box.replaceChildren(...games.variants.filter((v) => v.extends === $("game").value).map((v) =>
    el("label", {title: v.about}, el("input", {type: "checkbox", value: v.name, onchange: aChanged}),
       el("span", {class: "name"}, v.name), el("span", {class: "note"}, v.about))));
}

function aChanged() {
  const a = specA();
  $("a-spec").textContent = "A = " + a;
  const ed = $("overlay");
  if (/^extends:.*$/m.test(ed.value)) ed.value = ed.value.replace(/^extends:.*$/m, "extends: " + a);
  else ed.value = "extends: " + a + "\n" + ed.value;
  gutter();
  check();
}

// -- B: the overlay editor ------------------------------------------------------------------------
function gutter(bad) {
  const n = $("overlay").value.split("\n").length;
  const lines = [];
  for (let i = 1; i <= n; i++) {
    const s = el("span", bad && bad.has(i) ? {class: "bad"} : {}, String(i));
    lines.push(s, "\n");
  }
  $("gutter").replaceChildren(...lines);
  $("gutter").scrollTop = $("overlay").scrollTop;
}

function check() {
  clearTimeout(checkTimer);
  checkTimer = setTimeout(async () => {
    const box = $("check");
    try {
      const r = await api("/api/validate", {text: $("overlay").value, a: specA()});
      renderCheck(r);
    } catch (e) { box.replaceChildren(el("span", {class: "problem"}, e.message)); }
  }, 250);
}

function renderCheck(r) {
  const box = $("check");
  if (!r.ok) {
    const bad = new Set(r.problems.filter((p) => p.line).map((p) => p.line));
    gutter(bad);
    box.replaceChildren(...r.problems.map((p) => el("span", {class: p.warning ? "warning" : "problem",
      onclick: () => p.line && goToLine(p.line)}, p.text)));
    $("run").disabled = true;
    return;
  }
  gutter();
  const kids = [el("span", {class: "ok"}, `ok: ${r.name} (hash ${r.hash}), ${r.changes.length} rule key` +
                   `${r.changes.length === 1 ? "" : "s"} differ from A`)];
  for (const c of r.changes) kids.push(el("div", {class: "note"}, `${c.key}: ${c.a} → ${c.b}`));
  for (const n of r.notes) kids.push(el("span", {class: "warning"}, n));
  box.replaceChildren(...kids);
  $("run").disabled = false;
}

function goToLine(n) {
  const ed = $("overlay");
  const lines = ed.value.split("\n");
  const start = lines.slice(0, n - 1).reduce((s, l) => s + l.length + 1, 0);
  ed.focus();
  ed.setSelectionRange(start, start + (lines[n - 1] || "").length);
}

// -- runs -------------------------------------------------------------------------------------------
async function start() {
  const body = {a: specA(), text: $("overlay").value, hands: parseInt($("hands").value, 10),
                bots: $("bots").value.trim(), seed: parseInt($("seed").value, 10)};
  try {
    const r = await api("/api/runs", body);
    follow(r.id);
  } catch (e) {
    if (e.data && e.data.problems) renderCheck(e.data);
    else showProgress({state: "failed", error: e.message});
  }
}

function follow(id) {
  current = id;
  clearInterval(poll);
  poll = setInterval(() => watch(id), 500);
  watch(id);
}

async function watch(id) {
  let s;
  try { s = await api("/api/runs/" + id); } catch (e) { clearInterval(poll); return; }
  if (id !== current) return;
  showProgress(s);
  if (s.state !== "running") {
    clearInterval(poll);
    listRuns();
    if (s.state === "done") openResult(id);
  }
}

function showProgress(s) {
  $("progress").classList.remove("hidden");
  const frac = s.hands ? s.hands_done / s.hands : 0;
  $("bar-fill").style.width = (100 * (s.state === "done" ? 1 : frac)).toFixed(1) + "%";
  const words = {
    running: s.hands_done ? `playing: ${s.hands_done.toLocaleString()} of ${s.hands.toLocaleString()} hands ` +
             `(${(100 * frac).toFixed(0)}%)` : s.phase,
    done: `done: ${(s.hands || 0).toLocaleString()} hands asked; the figures below say how many each side played`,
    cancelled: `cancelled at ${(s.hands_done || 0).toLocaleString()} hands; its finished work is kept`,
    failed: "failed: " + (s.error || ""), stopped: "stopped (the server that ran it has gone)"};
  $("progress-text").textContent = words[s.state] || s.state;
  $("progress-text").className = s.state === "failed" ? "error" : "";
  $("cancel").classList.toggle("hidden", s.state !== "running");
  $("resume").classList.toggle("hidden", s.state !== "cancelled");
}

async function listRuns() {
  const r = await api("/api/runs");
  $("runs").replaceChildren(...r.runs.map((s) => el("li", {onclick: () => reopen(s)},
    `${s.started} · ${s.a} → ${s.b} · ${s.hands.toLocaleString()} hands · `, el("span", {class: "state"}, s.state))));
}

function reopen(s) {
  current = s.id;
  showProgress(s);
  if (s.state === "running") follow(s.id);
  else if (s.state === "done") openResult(s.id);
}

// -- the result -------------------------------------------------------------------------------------
function figureTable(rows, id) {
  const head = el("tr", {}, ...["figure", "A", "B", "B − A", "paired 95% CI", "p", "pairing gain"].map((h) => el("th", {}, h)));
  const body = rows.map((r) => el("tr", {"data-metric": r.metric}, el("td", {}, (r.headline ? "*" : "") + r.metric),
    el("td", {}, r.a), el("td", {}, r.b),
    el("td", {class: r.clear ? "clear " + (r.diff.startsWith("-") ? "down" : "up") : ""}, r.diff),
    el("td", {}, r.ci), el("td", {}, r.p), el("td", {}, r.gain)));
  $(id).replaceChildren(head, ...body);
}

async function openResult(id) {
  const r = await api(`/api/runs/${id}/result`);
  $("result").classList.remove("hidden");
  $("result-title").textContent = `${r.a.name} (A) vs ${r.b.name} (B)`;
  const hands = r.hands === r.hands_b ? `${r.hands.toLocaleString()} hands each` :
    `${r.hands.toLocaleString()} hands under A, ${r.hands_b.toLocaleString()} under B`;
  $("result-sub").textContent = `${hands}, ${r.matches.toLocaleString()} paired matches, seed ${r.seed}, bots ${r.bots}. ` +
    "B − A with paired 95% intervals; bold where the interval excludes 0.";
  $("brief").replaceChildren(...r.brief.map((t) => el("p", {}, t)));
  figureTable(r.lead, "lead");
  figureTable(r.table, "table");
  $("rules").replaceChildren(el("tr", {}, ...["rule key", "A", "B", "fired"].map((h) => el("th", {}, h))),
    ...r.rules.map((d) => el("tr", {}, el("td", {}, d.key), el("td", {}, d.a), el("td", {}, d.b), el("td", {}, d.fired))));
  $("warnings").replaceChildren(...r.warnings.map((w) => el("p", {class: "warn"}, "Warning: " + w)));
  $("charts").replaceChildren(...r.charts.map(chart));
  $("transcript").replaceChildren();
}

// A forest plot: B − A with its paired 95% interval, one row a figure, every row in the chart's one unit.
function chart(c) {
  const NS = "http://www.w3.org/2000/svg", W = 640, left = 210, row = 18, H = row * c.bars.length + 30;
  const svg = document.createElementNS(NS, "svg");
  svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
  svg.setAttribute("width", W);
  const ends = c.bars.flatMap((b) => [b.ci[0], b.ci[1], b.diff]).filter((x) => x !== null && isFinite(x));
  const span = Math.max(1e-12, ...ends.map(Math.abs));
  const x = (v) => left + (W - left - 20) * (0.5 + 0.5 * v / span);
  const add = (tag, attrs, text) => {
    const e = document.createElementNS(NS, tag);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    if (text !== undefined) e.textContent = text;
    svg.append(e);
  };
  add("line", {x1: x(0), x2: x(0), y1: 4, y2: H - 22, class: "zero"});
  c.bars.forEach((b, i) => {
    const y = 12 + i * row;
    add("text", {x: 4, y: y + 4}, b.metric);
    if (b.ci[0] !== null && b.ci[1] !== null) add("line", {x1: x(b.ci[0]), x2: x(b.ci[1]), y1: y, y2: y, class: "ci"});
    add("circle", {cx: x(b.diff), cy: y, r: 3, class: "dot"});
  });
  add("text", {x: left, y: H - 6}, (-span).toPrecision(2));
  add("text", {x: x(0) - 3, y: H - 6}, "0");
  add("text", {x: W - 60, y: H - 6}, "+" + span.toPrecision(2));
  return el("div", {class: "chart"}, el("h4", {}, c.title + ": B − A, paired 95% CI"), svg);
}

// -- a hand, drawn --------------------------------------------------------------------------------------
const HONOURS = "东南西北白发中", FLOWERS = "春夏秋冬梅兰竹菊", SUITS = {m: "万", p: "筒", s: "条"};

function tileEl(d, suit) {
  const n = parseInt(d, 10);
  if (suit === "z") return el("span", {class: "tile z", title: d + suit}, HONOURS[n - 1] || "?");
  if (suit === "f") return el("span", {class: "tile f", title: d + suit}, FLOWERS[n - 1] || "?");
  return el("span", {class: "tile " + suit, title: d + suit}, String(n), el("small", {}, SUITS[suit]));
}

function drawn(text) {
  const out = [];
  const group = /\b((?:\d+[mpszf])+)\b/g;
  let last = 0, m;
  while ((m = group.exec(text)) !== null) {
    out.push(text.slice(last, m.index));
    const span = el("span", {class: "tiles"});
    for (const [, digits, suit] of m[1].matchAll(/(\d+)([mpszf])/g)) for (const d of digits) span.append(tileEl(d, suit));
    out.push(span);
    last = m.index + m[0].length;
  }
  out.push(text.slice(last));
  return out;
}

async function replay() {
  const q = `side=${$("side").value}&match=${parseInt($("match").value, 10) || 0}&hand=${parseInt($("hand").value, 10) || 0}`;
  $("transcript").replaceChildren(el("span", {class: "note"}, "replaying…"));
  try {
    const r = await api(`/api/runs/${current}/hand?${q}`);
    $("transcript").replaceChildren(...drawn(r.text));
  } catch (e) { $("transcript").replaceChildren(el("span", {class: "error"}, e.message)); }
}

// -- start --------------------------------------------------------------------------------------------
async function main() {
  games = await api("/api/games");
  $("game").replaceChildren(...games.games.map((g) => el("option", {value: g.name}, `${g.name} · ${g.title}`)));
  $("game").value = games.games.some((g) => g.name === "ruian") ? "ruian" : games.games[0].name;
  $("game").addEventListener("change", () => { showVariants(); aChanged(); });
  $("overlay").value = "extends: ruian\nname: my-change\n# set what your table plays differently, e.g.\n" +
    "# aborts:\n#   four_winds: {action: draw}\n";
  $("overlay").addEventListener("input", () => { gutter(); check(); });
  $("overlay").addEventListener("scroll", () => { $("gutter").scrollTop = $("overlay").scrollTop; });
  $("run").addEventListener("click", start);
  $("cancel").addEventListener("click", () => current && api(`/api/runs/${current}/cancel`, {}));
  $("resume").addEventListener("click", async () => { await api(`/api/runs/${current}/resume`, {}); follow(current); });
  $("replay").addEventListener("click", replay);
  showVariants();
  aChanged();
  listRuns();
}

main();
