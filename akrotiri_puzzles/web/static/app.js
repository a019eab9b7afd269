// Akrotiri puzzles: the page's play. The server judges every action (POST /api/puzzles/ID/play);
// this script shows the answers, lets the fan move and zoom the board and place the tile in hand
// on it, and keeps the player's progress in localStorage. It runs under a strict Content Security
// Policy: no inline script or handler, no eval, no style attribute written in markup (sizes are
// set through the CSSOM).
"use strict";

const STORE = "akrotiri-progress";
const SVGNS = "http://www.w3.org/2000/svg";
const READABLE_PX = 11.5;  // the dock labels' size on screen at the default zoom, in CSS pixels

function progress() {
  let p = {};
  try { p = JSON.parse(localStorage.getItem(STORE) || "{}") || {}; } catch (e) { p = {}; }
  return Object.assign({ solved: {}, revealed: {}, streak: 0, best: 0, lines: {}, level: "", tags: [] }, p);
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
  const tagButtons = Array.from(document.querySelectorAll("#tags button[data-tag]"));
  const p = progress();
  if (select) select.value = Array.from(select.options).some((o) => o.value === p.level) ? p.level : "";
  const chosen = new Set((p.tags || []).filter((t) => tagButtons.some((b) => b.dataset.tag === t)));
  const filter = () => {
    const level = select ? select.value : "";
    let shown = 0, solved = 0;
    document.querySelectorAll("#puzzles li.puzzle").forEach((li) => {
      const tags = (li.dataset.tags || "").split("|");
      const hide = (level && li.dataset.level !== level) || Array.from(chosen).some((t) => !tags.includes(t));
      li.classList.toggle("hidden", !!hide);
      if (!hide) { shown += 1; if (progress().solved[li.dataset.id]) solved += 1; }
    });
    document.querySelectorAll("#puzzles section.level-group").forEach((sec) => {
      sec.classList.toggle("hidden", !sec.querySelector("li.puzzle:not(.hidden)"));
    });
    tagButtons.forEach((b) => b.setAttribute("aria-pressed", chosen.has(b.dataset.tag) ? "true" : "false"));
    const counts = document.getElementById("counts");
    if (counts) counts.textContent = `${solved} of ${shown} solved`;
    const q = progress(); q.level = level; q.tags = Array.from(chosen); save(q);
  };
  if (select) select.addEventListener("change", filter);
  tagButtons.forEach((b) => b.addEventListener("click", () => {
    if (chosen.has(b.dataset.tag)) chosen.delete(b.dataset.tag); else chosen.add(b.dataset.tag);
    filter();
  }));
  const clear = document.getElementById("tags-clear");
  if (clear) clear.addEventListener("click", () => { chosen.clear(); filter(); });
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

function svgEl(name, attrs) {
  const el = document.createElementNS(SVGNS, name);
  Object.entries(attrs || {}).forEach(([k, v]) => el.setAttribute(k, String(v)));
  return el;
}

// ---- the board: drag or scroll to move it, zoom with buttons, keys or Ctrl+wheel -----------------

function boardView() {
  const viewport = document.getElementById("viewport");
  const stage = document.getElementById("stage");
  const W = parseFloat(stage.dataset.width), H = parseFloat(stage.dataset.height);
  const labelPx = parseFloat(stage.dataset.labelPx) || 13;
  const readable = READABLE_PX / labelPx;  // the zoom at which dock labels read without zooming
  let z = 1;
  let moved = false;

  const fit = () => Math.min(viewport.clientWidth / W, viewport.clientHeight / H);
  const clamp = (v) => Math.max(Math.min(fit(), readable) * 0.9, Math.min(3, v));

  function zoom(to, cx, cy) {
    // Keep the board point under (cx, cy) of the viewport where it is.
    if (cx === undefined) { cx = viewport.clientWidth / 2; cy = viewport.clientHeight / 2; }
    const px = (viewport.scrollLeft + cx) / z, py = (viewport.scrollTop + cy) / z;
    z = clamp(to);
    stage.style.width = `${W * z}px`;
    stage.style.height = `${H * z}px`;
    viewport.scrollLeft = px * z - cx;
    viewport.scrollTop = py * z - cy;
    document.getElementById("zoom-fit").textContent = z <= fit() + 1e-6 ? "Readable labels" : "Whole board";
  }

  function centreOn(x, y) {
    viewport.scrollLeft = x * z - viewport.clientWidth / 2;
    viewport.scrollTop = y * z - viewport.clientHeight / 2;
  }

  function start(focus) {
    // Readable labels first; the whole board when it fits at that size anyway.
    z = clamp(Math.max(readable, Math.min(fit(), 1.25)));
    zoom(z);
    if (focus) centreOn(focus[0], focus[1]); else centreOn(W / 2, H / 2);
  }

  function toggle() {
    if (z > fit() + 1e-6) zoom(fit()); else zoom(Math.max(readable, fit()));
  }

  // Dragging with the mouse moves the board; a drag is not a click on a slot.
  let drag = null;
  viewport.addEventListener("pointerdown", (ev) => {
    if (ev.pointerType !== "mouse" || ev.button !== 0) return;
    drag = { x: ev.clientX, y: ev.clientY, left: viewport.scrollLeft, top: viewport.scrollTop };
    moved = false;
  });
  window.addEventListener("pointermove", (ev) => {
    if (!drag) return;
    const dx = ev.clientX - drag.x, dy = ev.clientY - drag.y;
    if (!moved && Math.hypot(dx, dy) < 5) return;
    moved = true;
    viewport.classList.add("dragging");
    viewport.scrollLeft = drag.left - dx;
    viewport.scrollTop = drag.top - dy;
  });
  window.addEventListener("pointerup", () => { drag = null; viewport.classList.remove("dragging"); });
  viewport.addEventListener("click", (ev) => { if (moved) { ev.stopPropagation(); ev.preventDefault(); moved = false; } }, true);
  viewport.addEventListener("wheel", (ev) => {
    if (!ev.ctrlKey) return;  // a plain wheel scrolls; Ctrl+wheel (and a touchpad's pinch) zooms
    ev.preventDefault();
    const r = viewport.getBoundingClientRect();
    zoom(z * Math.exp(-ev.deltaY / 300), ev.clientX - r.left, ev.clientY - r.top);
  }, { passive: false });
  document.getElementById("zoom-in").addEventListener("click", () => zoom(z * 1.25));
  document.getElementById("zoom-out").addEventListener("click", () => zoom(z / 1.25));
  document.getElementById("zoom-fit").addEventListener("click", toggle);
  window.addEventListener("resize", () => zoom(z));
  return { start, zoom: (k) => zoom(z * k), toggle, centreOn, scale: () => z };
}

// ---- the puzzle page -------------------------------------------------------------------------

function puzzlePage() {
  const body = document.body;
  const id = body.dataset.id;
  const base = `/api/puzzles/${encodeURIComponent(id)}`;
  const order = (body.dataset.order || "").split(" ").filter(Boolean);
  const levels = (body.dataset.levels || "").split(" ");
  const tagsOf = (body.dataset.tags || "").split(";").map((t) => (t ? t.split("|") : []));
  const $ = (x) => document.getElementById(x);
  const view = boardView();
  let line = (progress().lines[id] || []).slice();
  let offAt = null;        // index of the first action after which the budget cannot be met
  let hintLevel = 0;
  let revealTimer = null;
  let current = null;      // the last state the server sent
  let started = false;

  function feedback(text, kind) {
    const el = $("feedback");
    el.textContent = text;
    el.className = "feedback" + (kind ? " " + kind : "");
  }

  function keepLine() { const p = progress(); p.lines[id] = line; save(p); markList(); }

  function counted(budget, steps) {
    const n = steps.length, spent = steps.reduce((a, s) => a + s.cost, 0);
    return { spent, n };
  }

  function render(state) {
    current = state;
    line = state.line;
    const { spent, n } = counted(state.budget, state.steps);
    const stepWords = n === spent ? "" : ` in ${n} step${n === 1 ? "" : "s"}`;
    $("budget").textContent = state.budget === null ? "" :
      `· in ${state.budget} action${state.budget === 1 ? "" : "s"} · spent ${spent}${stepWords}`;
    $("overlay").innerHTML = state.overlay.replace(/^<\?xml[^>]*>\s*/, "");
    const ol = $("line");
    ol.innerHTML = "";
    state.steps.forEach((s, i) => {
      const li = document.createElement("li");
      const code = document.createElement("code");
      code.textContent = s.text;
      const note = document.createElement("span");
      note.className = "note" + (s.cost ? "" : " free");
      note.textContent = s.note;
      li.append(code, " ", note);
      if (offAt !== null && i >= offAt) li.classList.add("off");
      ol.appendChild(li);
    });
    $("position").innerHTML = "";
    state.position.forEach((w) => { const p = document.createElement("p"); p.textContent = w; $("position").appendChild(p); });
    $("panel").innerHTML = state.panel.replace(/^<\?xml[^>]*>\s*/, "");
    const box = $("actions");
    box.innerHTML = "";
    const groups = new Map();
    state.actions.forEach((a) => { if (!groups.has(a.kind)) groups.set(a.kind, []); groups.get(a.kind).push(a.text); });
    if (state.placing) {
      const p = document.createElement("p");
      p.className = "place-note";
      p.textContent = `Place the tile ${state.placing.tile} on the board: click a ringed slot (or type it, e.g. tile ${state.placing.slots[0].slot} r90).`;
      box.appendChild(p);
    }
    if (!state.actions.length && !state.placing) box.textContent = state.finished ? "The goal is reached." : "No actions left.";
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
    placer.show(state.placing);
    $("revealed").hidden = !state.revealed;
    $("revealed-tiles").innerHTML = state.revealed ? state.revealed.svg.replace(/^<\?xml[^>]*>\s*/, "") : "";
    keepLine();
    if (!started) { started = true; view.start(state.focus); }
    body.dataset.ready = String(line.length);  // for tests and tools: the page shows this line
  }

  // ---- placing the tile in hand: a slot, a turn, the second cube, then Place ------------------

  const placer = (() => {
    const stage = $("stage");
    const W = parseFloat(stage.dataset.width), H = parseFloat(stage.dataset.height);
    const chooser = svgEl("svg", { id: "chooser", class: "layer chooser", viewBox: `0 0 ${W} ${H}` });
    stage.appendChild(chooser);
    let placing = null;      // what the server offers, or null
    let slot = null;         // the chosen slot ("x,y")
    let rotation = 0;
    let colour = null;
    let piece = null;        // the canonical quadrant of the piece for the second cube
    let quadrants = null;    // the preview's quadrants: name -> {piece, x, y}
    let asked = 0;
    const chosen = new Map();  // the piece chosen at each slot and turn, kept while turning

    const slotOf = (name) => placing.slots.find((s) => s.slot === name);
    const pieces = () => (slot ? slotOf(slot).pieces[String(rotation)] || [] : []);
    const ready = () => slot !== null && (pieces().length === 0 || (colour !== null && piece !== null));
    const text = () => `tile ${slot} r${rotation}` + (pieces().length && colour && piece ? ` ${colour}@${piece}` : "");

    function show(offer) {
      placing = offer;
      $("placer").hidden = !offer;
      if (!offer) { clear(); chooser.innerHTML = ""; return; }
      $("placer-title").textContent = `Place the tile ${offer.tile} (${offer.icon})`;
      $("placer-tile").innerHTML = offer.drawn.replace(/^<\?xml[^>]*>\s*/, "");
      if (slot !== null && !slotOf(slot)) slot = null;
      draw();
      refresh();
    }

    function clear() {
      slot = null; colour = null; piece = null; quadrants = null; asked += 1; chosen.clear();
      $("preview").innerHTML = "";
    }

    function draw() {
      chooser.innerHTML = "";
      if (!placing) return;
      placing.slots.forEach((s) => {
        const r = svgEl("rect", {
          x: s.x + 6, y: s.y + 6, width: s.size - 12, height: s.size - 12, rx: 8,
          class: "slot-target" + (s.slot === slot ? " chosen" : ""), tabindex: 0, role: "button",
          "aria-label": `slot ${s.slot}`, "data-slot": s.slot,
        });
        r.addEventListener("click", () => choose(s.slot));
        r.addEventListener("keydown", (ev) => { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); choose(s.slot); } });
        chooser.appendChild(r);
      });
      if (slot && quadrants && pieces().length) {
        Object.entries(quadrants).forEach(([q, spot]) => {
          if (!pieces().includes(spot.piece)) return;
          const c = svgEl("circle", {
            cx: spot.x, cy: spot.y, r: 24, tabindex: 0, role: "button",
            class: "cube-target" + (spot.piece === piece ? " chosen" : ""), "data-quadrant": q, "data-piece": spot.piece,
            "aria-label": `second cube on the piece of ${slot}${q}`,
          });
          c.addEventListener("click", (ev) => { ev.stopPropagation(); choosePiece(spot.piece); });
          c.addEventListener("keydown", (ev) => { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); choosePiece(spot.piece); } });
          chooser.appendChild(c);
        });
      }
    }

    function refresh() {
      $("rotation").textContent = `r${rotation}`;
      const cube = pieces().length > 0;
      $("cube").hidden = !(slot && cube);
      const box = $("colours");
      box.innerHTML = "";
      if (slot && cube) {
        placing.colours.forEach((c) => {
          const b = document.createElement("button");
          b.type = "button"; b.className = `colour colour-${c}`; b.textContent = c; b.dataset.colour = c;
          b.setAttribute("aria-pressed", c === colour ? "true" : "false");
          b.addEventListener("click", () => { colour = c; refresh(); ask(); });
          box.appendChild(b);
        });
      }
      let step;
      if (!slot) step = "1. Click a ringed slot on the board where the tile may go.";
      else if (cube && !(colour && piece)) step = `2. Turn it (${"r" + rotation} now), then choose the second cube's colour and its piece.`;
      else step = `Ready: ${text()}. Turn it, or press Place the tile.`;
      $("placer-step").textContent = step;
      $("place").disabled = !ready();
    }

    async function ask() {
      // The preview of the tile in place, as the server's engine lays it.
      if (!slot) return;
      const mine = ++asked;
      let r;
      try { r = await api(`${base}/preview`, { line, action: text() }); }
      catch (e) { feedback(`Error: ${e.message}`, "bad"); return; }
      if (mine !== asked) return;  // a later choice came first
      $("preview").innerHTML = r.svg.replace(/^<\?xml[^>]*>\s*/, "");
      quadrants = r.quadrants;
      draw();
      refresh();
    }

    function pick() {
      // The piece for the second cube at this slot and turn: the one chosen here before, or the
      // only one there is.
      const here = chosen.get(`${slot} ${rotation}`);
      piece = pieces().includes(here) ? here : pieces().length === 1 ? pieces()[0] : null;
    }

    function choose(name) {
      if (!placing) return;
      slot = name;
      if (placing.colours.length === 1) colour = placing.colours[0];
      pick();
      quadrants = null;
      draw(); refresh(); ask();
    }

    function choosePiece(p) { piece = p; chosen.set(`${slot} ${rotation}`, p); draw(); refresh(); ask(); }

    function turn(by) {
      if (!placing) return;
      rotation = (rotation + by + 360) % 360;
      if (slot) {
        pick();
        quadrants = null;
        draw();
        ask();
      }
      refresh();
    }

    $("turn-left").addEventListener("click", () => turn(-90));
    $("turn-right").addEventListener("click", () => turn(90));
    $("place").addEventListener("click", () => { if (ready()) play(text()); });
    $("place-cancel").addEventListener("click", () => { clear(); draw(); refresh(); });
    return {
      show,
      active: () => placing !== null,
      turn,
      place: () => { if (ready()) { play(text()); return true; } return false; },
      cancel: () => { if (slot) { clear(); draw(); refresh(); return true; } return false; },
      reset: clear,
    };
  })();

  // ---- playing ------------------------------------------------------------------------------

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
    if (r.verdict !== "illegal" && r.verdict !== "unreadable") placer.reset();
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
    hintLevel = 0;
    $("hinttext").textContent = "";  // the hint was for the position undone
    placer.reset();
    render(await api(`${base}/state`, { line }));
    feedback(offAt === null ? "Undone. Your move." : "Undone; still off the best line: undo more.", offAt === null ? "" : "warn");
  }

  async function restart() {
    line = []; offAt = null; hintLevel = 0;
    $("hinttext").textContent = "";
    placer.reset();
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
      offAt = null; hintLevel = 0;
      $("hinttext").textContent = "";  // a hint for the position before is stale now
      line = s.solution;
      placer.reset();
      render(await api(`${base}/state`, { line }));
      const n = s.solution.length;
      const steps = n === s.budget ? "" : ` (${n} steps: the notes beside each say which are free or share a Move)`;
      feedback(`Solution, ${s.budget} action${s.budget === 1 ? "" : "s"}${steps}: ${s.solution.join("; ")}. Not counted as solved.`, "warn");
    }, 1000);
  }

  function next() {
    const p = progress();
    const here = order.indexOf(id);
    // The next puzzle the list's filters show: its level, and every technique chosen.
    const fits = (i) => body.dataset.kind !== "puzzle" ||
      ((!p.level || levels[i] === p.level) && (p.tags || []).every((t) => (tagsOf[i] || []).includes(t)));
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
    if (placer.active()) {
      if (ev.key === "r" || ev.key === "R") { ev.preventDefault(); placer.turn(ev.shiftKey ? -90 : 90); return; }
      if (ev.key === "Enter" && !(ev.target instanceof HTMLButtonElement) && placer.place()) { ev.preventDefault(); return; }
      if (ev.key === "Escape" && placer.cancel()) { ev.preventDefault(); return; }
    }
    const keys = {
      u: undo, Home: restart, h: hint, n: next, "/": () => $("action").focus(),
      "+": () => view.zoom(1.25), "=": () => view.zoom(1.25), "-": () => view.zoom(0.8), "0": () => view.toggle(),
    };
    if (keys[ev.key]) { ev.preventDefault(); keys[ev.key](); }
  });
  load();
}

document.addEventListener("DOMContentLoaded", () => {
  showStreak();
  if (document.body.dataset.page === "index") indexPage();
  if (document.body.dataset.page === "puzzle") puzzlePage();
});
