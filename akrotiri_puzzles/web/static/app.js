// Akrotiri puzzles: the page's play. The server judges every action (POST /api/puzzles/ID/play);
// this script shows the answers and keeps the player's progress in localStorage.
"use strict";

const STORE = "akrotiri-progress";

function progress() {
  let p = {};
  try { p = JSON.parse(localStorage.getItem(STORE) || "{}") || {}; } catch (e) { p = {}; }
  return Object.assign({ solved: {}, revealed: {}, streak: 0, best: 0, lines: {}, level: "" }, p);
}

function save(p) { localStorage.setItem(STORE, JSON.stringify(p)); }

function showStreak() {
  const p = progress();
  const el = document.getElementById("streak");
  const n = Object.keys(p.solved).length;
  if (el) el.textContent = `Streak ${p.streak} · best ${p.best} · solved ${n}`;
}

function markList() {
  const p = progress();
  document.querySelectorAll("li.puzzle").forEach((li) => {
    const id = li.dataset.id;
    const mark = li.querySelector(".mark");
    if (!mark) return;
    mark.className = "mark";
    if (p.solved[id]) { mark.textContent = "✓ solved"; mark.classList.add("solved"); }
    else if (p.revealed[id]) { mark.textContent = "solution shown"; mark.classList.add("revealed"); }
    else if ((p.lines[id] || []).length) { mark.textContent = "started"; }
    else { mark.textContent = ""; }
  });
}

function indexPage() {
  const select = document.getElementById("level");
  const p = progress();
  select.value = p.level || "";
  const filter = () => {
    const level = select.value;
    let shown = 0, solved = 0;
    document.querySelectorAll("#puzzles li.puzzle").forEach((li) => {
      const hide = level && li.dataset.level !== level;
      li.classList.toggle("hidden", !!hide);
      if (!hide) { shown += 1; if (progress().solved[li.dataset.id]) solved += 1; }
    });
    document.getElementById("counts").textContent = `${solved} of ${shown} solved`;
    const q = progress(); q.level = level; save(q);
  };
  select.addEventListener("change", filter);
  filter();
  markList();
}

async function api(path, body, tries = 3) {
  const res = await fetch(path, body === undefined ? {} : {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  });
  if (res.status === 503 && tries > 1) {  // the server is busy: wait as it asks, then ask again
    await new Promise((r) => setTimeout(r, 1000 * (Number(res.headers.get("Retry-After")) || 2)));
    return api(path, body, tries - 1);
  }
  const data = res.status === 503 ? { error: "The server is busy; try again in a moment." } : await res.json();
  if (!res.ok) throw new Error(data.error || `HTTP ${res.status}`);
  return data;
}

function puzzlePage() {
  const body = document.body;
  const id = body.dataset.id;
  const base = `/api/puzzles/${encodeURIComponent(id)}`;
  const order = (body.dataset.order || "").split(" ").filter(Boolean);
  const levels = (body.dataset.levels || "").split(" ").map((l) => l.replace(/_/g, " "));
  const $ = (x) => document.getElementById(x);
  let line = (progress().lines[id] || []).slice();
  let offAt = null;        // index of the first action after which the budget cannot be met
  let hintLevel = 0;
  let revealTimer = null;

  function feedback(text, kind) {
    const el = $("feedback");
    el.textContent = text;
    el.className = "feedback" + (kind ? " " + kind : "");
  }

  function keepLine() { const p = progress(); p.lines[id] = line; save(p); markList(); }

  function render(state) {
    line = state.line;
    $("budget").textContent = state.budget === null ? "" : `· in ${state.budget} action${state.budget === 1 ? "" : "s"} · spent ${state.spent}`;
    $("overlay").innerHTML = state.overlay.replace(/^<\?xml[^>]*>\s*/, "");
    const ol = $("line");
    ol.innerHTML = "";
    state.line.forEach((a, i) => {
      const li = document.createElement("li");
      li.textContent = a;
      if (offAt !== null && i >= offAt) li.classList.add("off");
      ol.appendChild(li);
    });
    $("position").innerHTML = "";
    state.position.forEach((w) => { const p = document.createElement("p"); p.textContent = w; $("position").appendChild(p); });
    const box = $("actions");
    box.innerHTML = "";
    const groups = new Map();
    state.actions.forEach((a) => { if (!groups.has(a.kind)) groups.set(a.kind, []); groups.get(a.kind).push(a.text); });
    if (!state.actions.length) box.textContent = state.finished ? "The goal is reached." : "No actions left.";
    groups.forEach((texts, kind) => {
      const d = document.createElement("details");
      d.open = texts.length <= 24;
      const s = document.createElement("summary");
      s.textContent = `${kind} (${texts.length})`;
      d.appendChild(s);
      const g = document.createElement("div");
      g.className = "group";
      texts.forEach((t) => {
        const b = document.createElement("button");
        b.type = "button"; b.textContent = t; b.dataset.action = t;
        b.addEventListener("click", () => play(t));
        g.appendChild(b);
      });
      d.appendChild(g);
      box.appendChild(d);
    });
    $("undo").disabled = !line.length;
    keepLine();
  }

  async function load() {
    // A line kept from an earlier visit is replayed, and its last action judged again.
    const last = line.length ? line[line.length - 1] : null;
    line = line.slice(0, -1);
    try { render(await api(`${base}/state`, { line })); }
    catch (e) { line = []; render(await api(`${base}/state`, { line })); return; }
    if (last !== null) await play(last);
  }

  async function play(text) {
    text = text.trim();
    if (!text) return;
    feedback("Checking…", "");
    let r;
    try { r = await api(`${base}/play`, { line, action: text }); }
    catch (e) { feedback(`Error: ${e.message}`, "bad"); return; }
    hintLevel = 0;
    $("hinttext").textContent = "";
    if (r.verdict === "off track" || r.verdict === "too long") { if (offAt === null) offAt = line.length; }
    render(r.state);
    const kinds = { illegal: "bad", unreadable: "bad", "on track": "good", "off track": "warn", "too long": "warn", solved: "solved", undecided: "warn" };
    feedback(r.message, kinds[r.verdict] || "");
    if (r.verdict !== "illegal" && r.verdict !== "unreadable") $("action").value = "";
    if (r.verdict === "solved") solved();
  }

  function solved() {
    const p = progress();
    if (!p.revealed[id] && !p.solved[id]) {
      p.solved[id] = true;
      p.streak += 1;
      p.best = Math.max(p.best, p.streak);
    }
    save(p);
    showStreak();
    $("next").focus();
  }

  async function undo() {
    if (!line.length) return;
    line = line.slice(0, -1);
    if (offAt !== null && line.length <= offAt) offAt = null;
    render(await api(`${base}/state`, { line }));
    feedback(offAt === null ? "Undone. Your move." : "Undone; still off the best line: undo more.", offAt === null ? "" : "warn");
  }

  async function restart() {
    line = []; offAt = null; hintLevel = 0;
    $("hinttext").textContent = "";
    render(await api(`${base}/state`, { line }));
    feedback("Your move.", "");
  }

  async function hint() {
    hintLevel = Math.min(hintLevel + 1, 2);
    try { $("hinttext").textContent = (await api(`${base}/hint`, { line, level: hintLevel })).hint; }
    catch (e) { $("hinttext").textContent = `Error: ${e.message}`; }
  }

  function reveal() {
    const btn = $("reveal");
    if (revealTimer !== null) {  // a second press cancels
      clearInterval(revealTimer); revealTimer = null;
      btn.textContent = "Show solution"; feedback("Your move.", ""); return;
    }
    let left = 3;
    feedback(`Showing the solution in ${left}… (press again to cancel)`, "warn");
    btn.textContent = "Cancel";
    revealTimer = setInterval(async () => {
      left -= 1;
      if (left > 0) { feedback(`Showing the solution in ${left}… (press again to cancel)`, "warn"); return; }
      clearInterval(revealTimer); revealTimer = null;
      btn.textContent = "Show solution";
      const s = await api(`${base}/solution`);
      const p = progress();
      if (!p.solved[id]) { p.revealed[id] = true; p.streak = 0; }
      save(p); showStreak();
      offAt = null;
      line = s.solution;
      render(await api(`${base}/state`, { line }));
      feedback(`Solution (${s.budget} actions): ${s.solution.join("; ")}. Not counted as solved.`, "warn");
    }, 1000);
  }

  function next() {
    const p = progress();
    const here = order.indexOf(id);
    const fits = (i) => !p.level || body.dataset.kind !== "puzzle" || levels[i] === p.level;
    for (let k = 1; k <= order.length; k += 1) {
      const i = (here + k) % order.length;
      if (fits(i) && !p.solved[order[i]]) { go(order[i]); return; }
    }
    if (here + 1 < order.length) go(order[here + 1]); else window.location.href = "/";
  }

  function go(other) { window.location.href = `/${body.dataset.kind === "lesson" ? "learn" : "puzzle"}/${encodeURIComponent(other)}`; }

  $("typed").addEventListener("submit", (ev) => { ev.preventDefault(); play($("action").value); });
  $("undo").addEventListener("click", undo);
  $("restart").addEventListener("click", restart);
  $("hint").addEventListener("click", hint);
  $("reveal").addEventListener("click", reveal);
  $("next").addEventListener("click", next);
  $("zoom").addEventListener("click", () => {
    const z = document.querySelector(".stage-wrap").classList.toggle("zoomed");
    $("zoom").textContent = z ? "Fit picture" : "Zoom picture";
  });
  $("action").addEventListener("input", () => {
    const typed = $("action").value.trim().toLowerCase();
    document.querySelectorAll("#actions button").forEach((b) => {
      b.hidden = typed.length > 0 && !b.dataset.action.startsWith(typed);
    });
  });
  document.addEventListener("keydown", (ev) => {
    const typing = ev.target instanceof HTMLInputElement || ev.target instanceof HTMLSelectElement;
    if (ev.key === "Escape" && typing) { ev.target.blur(); return; }
    if (typing || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    const keys = { u: undo, r: restart, h: hint, n: next, "/": () => $("action").focus() };
    if (keys[ev.key]) { ev.preventDefault(); keys[ev.key](); }
  });
  load();
}

document.addEventListener("DOMContentLoaded", () => {
  showStreak();
  if (document.body.dataset.page === "index") indexPage();
  if (document.body.dataset.page === "puzzle") puzzlePage();
});
