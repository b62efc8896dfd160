// The replay page: frames (delta-encoded, carried forward here), the board's pieces swapped per
// frame, the panels, the decision list, the controls and the seat selector (R41 views).
(function () {
  "use strict";
  const D = JSON.parse(document.getElementById("replay-data").textContent);
  const F = [];
  let carried = {};
  for (const delta of D.frames) { carried = Object.assign({}, carried, delta); F.push(carried); }
  const $ = (id) => document.getElementById(id);
  const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;"}[c]));
  let cur = 0, timer = null;

  function viewer() { const v = $("view").value; return v === "all" ? null : Number(v); }
  function sees(v, seat) { return v === null || v === seat; }
  function chip(id, cls, note) {
    const text = D.cards[id] || id;
    return `<span class="card ${cls || ""}" data-card="${esc(id)}" title="${esc(text)}">${esc(text)}${note || ""}</span>`;
  }
  function hiddenChip(what) { return `<span class="card hidden" data-hidden="1">${esc(what)}</span>`; }
  function heading(d, v) {
    const text = sees(v, d.s) ? d.x : (d.px === undefined ? d.x : d.px);
    return text.startsWith(`seat ${d.s}:`) ? text : `seat ${d.s}: ${text}`;
  }
  function hero(s) {
    const seat = D.seats[s];
    return `<span class="swatch" style="background:${seat.colour}"></span>hero ${s + 1} (seat ${s}, ${esc(seat.label)})`;
  }

  function caption(f, v) {
    const lines = f.t.slice();
    if (f.k === "decision") lines.unshift(heading(D.decisions[f.a], v));
    const badge = {start: "start", decision: "decision", effect: "Hydra", flow: "game"}[f.k] || f.k;
    const items = lines.map((t, i) => `<li class="${i === 0 ? "heading" : ""}">${esc(t)}</li>`).join("");
    $("caption").innerHTML = `<h2>what happens</h2><span class="kind ${f.k}">${badge}</span>` +
      `<ul data-kind="${f.k}">${items}</ul>`;
  }

  function decision(f, v) {
    const box = $("decision");
    if (f.p === null || f.p === undefined) {
      box.innerHTML = `<h2>decision</h2><span class="muted">${f.over ? "the game is over" : "no decision: the game runs on"}</span>`;
      return;
    }
    const d = D.decisions[f.p];
    let html = `<h2>decision ${f.p + 1} of ${D.decisions.length}</h2>` +
      `<div>${hero(d.s)} decides (${esc(d.k)}, ${d.o} option${d.o === 1 ? "" : "s"}):</div>` +
      `<div class="chosen" data-decision="${f.p}">→ ${esc(heading(d, v))}</div>`;
    if (d.n && sees(v, d.s)) {
      const rows = d.n.items.map(([text, value, picked]) =>
        `<tr class="${picked ? "picked" : ""}"><td>${esc(text)}</td><td class="value">${esc(value)}</td></tr>`).join("");
      html += `<table class="notes" data-kind="${d.n.kind}"><tr><th>${esc(d.n.label)}</th><th></th></tr>${rows}</table>`;
    }
    box.innerHTML = html;
  }

  function status(f) {
    const moon = f.moon ? (f.moon[f.round - 1] === "L" ? "light moon" : "red moon") : "";
    let html = `<h2>status</h2>round ${f.round}/${f.rounds} (${moon}) · ${esc(f.phase)} · walls ` +
      `<b id="walls" data-walls="${f.walls}">${f.walls}</b>/${D.meta.walls_max} · action deck ${f.deck}`;
    if (D.solo) html += ` · actions done ${f.done}/${D.meta.tokens}`;
    else html += ` · turn ${f.turn}/${D.meta.tokens} · order ${f.order.map((s) => "seat " + s).join(" → ")}`;
    html += "<table><tr><th>hero</th><th>glory</th><th>shield</th>" +
      (D.solo ? "" : "<th>tokens</th><th>hand</th>") + "</tr>";
    for (let s = 0; s < D.seats.length; s++) {
      const hand = D.solo ? "" : `<td>${f.hands[s][2]}</td><td>${f.hands[s][1]} action, ${f.hands[s][3]} hydra</td>`;
      html += `<tr data-seat="${s}"><td>${hero(s)}</td><td>${f.glory[s] >= 0 ? "+" : ""}${f.glory[s]}</td>` +
        `<td>${f.shield[s] ? "yes" : ""}</td>${hand}</tr>`;
    }
    $("status").innerHTML = html + "</table>";
  }

  function cards(f, v) {
    let html = "<h2>cards</h2>";
    const token = (t) => !t ? "" : D.solo ? ` [${t === 1 ? "I" : "II"}]` : ` [seat ${t - 1}]`;
    if (D.solo) {
      const cols = f.row.length;
      for (let r = 0; r < 2; r++) {
        html += `<div>row ${"AB"[r]}: `;
        for (let c = 0; c < cols; c++) {
          const [id, t] = f.display[r * cols + c] || [null, 0];
          html += id ? chip(id, t ? "token" : "", token(t)) : '<span class="card muted">empty</span>';
        }
        html += "</div>";
      }
      html += '<div id="row-c">row C: ';
      f.row.forEach(([id, present, blocked], c) => {
        const cls = blocked ? "blocked" : "";
        const note = blocked ? " [blocked]" : "";
        if (!present) html += '<span class="card muted">empty</span>';
        else if (id) html += chip(id, cls, note);
        else if (v === null && f.hidden.row[c]) html += chip(f.hidden.row[c], "hidden " + cls, " (face down)" + note);
        else html += hiddenChip("face down" + note);
      });
      html += "</div>";
    } else {
      html += "<div>display: " + (f.display.map(([id, t]) => id ? chip(id, t ? "token" : "", token(t)) : "").join("") ||
        '<span class="muted">empty</span>') + "</div>";
      for (let s = 0; s < D.seats.length; s++) {
        const visible = sees(v, s);
        const [played, unused] = f.hands[s];
        let inner = played.map((id) => chip(id, "used", " (played)")).join("");
        if (visible) {
          inner += f.own[s].action_cards.filter((c) => !c.used).map((c) => chip(c.card, "")).join("");
          inner += f.own[s].hydra_hand.map((id) => chip(id, "")).join("");
        } else {
          for (let k = 0; k < unused; k++) inner += hiddenChip("action card");
          for (let k = 0; k < f.hands[s][3]; k++) inner += hiddenChip("hydra card");
        }
        html += `<div class="hand" data-seat="${s}" data-visible="${visible ? 1 : 0}">hand of seat ${s}: ${inner || '<span class="muted">empty</span>'}</div>`;
      }
      html += `<div>hydra stack: ${f.stack} face down · Hydra-phase cards to go: ${f.queue_left}</div>`;
    }
    if (v === null && f.hidden) {
      const h = f.hidden;
      html += '<div class="omniscient muted">hidden from every seat: next action cards ' +
        h.deck_top.map((id) => chip(id, "hidden")).join("");
      if (!D.solo) html += " · stack " + h.stack.map((id) => chip(id, "hidden")).join("") +
        " · queue " + h.queue.map((id) => chip(id, "hidden")).join("");
      html += "</div>";
    }
    $("cards").innerHTML = html;
  }

  function buildList() {
    const v = viewer();
    const marks = D.marks.slice();
    let html = "", m = 0;
    D.decisions.forEach((d, i) => {
      while (m < marks.length && marks[m].f <= d.f) {
        html += `<li class="sep" data-frame="${marks[m].f}">${esc(marks[m].label)}</li>`; m++;
      }
      html += `<li data-decision="${i}" data-frame="${d.f}" value="${i + 1}">${esc(heading(d, v))}</li>`;
    });
    for (; m < marks.length; m++) html += `<li class="sep" data-frame="${marks[m].f}">${esc(marks[m].label)}</li>`;
    $("decisions").innerHTML = html;
  }

  function markList() {
    const items = $("decisions").querySelectorAll("li[data-decision]");
    let best = null;
    items.forEach((li) => { li.classList.remove("current"); if (Number(li.dataset.frame) <= cur) best = li; });
    if (best) {
      best.classList.add("current");
      const box = $("decisions");
      if (best.offsetTop < box.scrollTop || best.offsetTop > box.scrollTop + box.clientHeight - 20)
        box.scrollTop = best.offsetTop - box.clientHeight / 2;
    }
  }

  function render(i) {
    cur = Math.max(0, Math.min(F.length - 1, i));
    const f = F[cur], v = viewer();
    $("pieces").innerHTML = f.pc.map((j) => D.pieces[j]).join("");
    const board = $("board");
    board.dataset.frame = cur;
    board.dataset.walls = f.walls;
    board.dataset.kind = f.k;
    $("slider").value = cur;
    $("position").textContent = `step ${cur} / ${F.length - 1}`;
    caption(f, v); decision(f, v); status(f); cards(f, v); markList();
    const tl = document.querySelector("#timeline svg");
    const x = Number(tl.dataset.x0) + cur * Number(tl.dataset.dx);
    const line = $("cursor"); line.setAttribute("x1", x); line.setAttribute("x2", x);
    $("final").classList.toggle("at-end", cur === F.length - 1);
    if (history.replaceState) history.replaceState(null, "", "#step=" + cur);
  }

  function decisionStep(dir) {
    const frames = D.decisions.map((d) => d.f);
    const next = dir > 0 ? frames.find((f) => f > cur) : frames.filter((f) => f < cur).pop();
    render(next === undefined ? (dir > 0 ? F.length - 1 : 0) : next);
  }
  function play() {
    if (timer) { clearInterval(timer); timer = null; $("play").textContent = "▶"; return; }
    if (cur >= F.length - 1) render(0);
    $("play").textContent = "II";
    timer = setInterval(() => { if (cur >= F.length - 1) play(); else render(cur + 1); }, Number($("speed").value));
  }

  $("slider").max = F.length - 1;
  $("first").onclick = () => render(0);
  $("prev").onclick = () => render(cur - 1);
  $("next").onclick = () => render(cur + 1);
  $("last").onclick = () => render(F.length - 1);
  $("prev-decision").onclick = () => decisionStep(-1);
  $("next-decision").onclick = () => decisionStep(1);
  $("play").onclick = play;
  $("slider").oninput = (e) => render(Number(e.target.value));
  $("speed").onchange = () => { if (timer) { play(); play(); } };
  $("view").onchange = () => { buildList(); render(cur); };
  $("decisions").onclick = (e) => { const li = e.target.closest("li"); if (li) render(Number(li.dataset.frame)); };
  document.addEventListener("keydown", (e) => {
    if (e.target === $("slider") || e.target.tagName === "SELECT") return;
    if (e.key === "ArrowRight") { e.shiftKey ? decisionStep(1) : render(cur + 1); e.preventDefault(); }
    else if (e.key === "ArrowLeft") { e.shiftKey ? decisionStep(-1) : render(cur - 1); e.preventDefault(); }
    else if (e.key === "Home") { render(0); e.preventDefault(); }
    else if (e.key === "End") { render(F.length - 1); e.preventDefault(); }
    else if (e.key === " ") { play(); e.preventDefault(); }
  });
  buildList();
  const m = /step=(\d+)/.exec(location.hash);
  render(m ? Number(m[1]) : 0);
  document.body.dataset.ready = "1";
})();
