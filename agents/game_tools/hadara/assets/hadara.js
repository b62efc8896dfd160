// The Hadara replay page: step through the decisions; each frame draws the wheel, the piles and every board.
(function () {
  "use strict";
  const data = JSON.parse(document.getElementById("replay-data").textContent);
  const frames = data.frames, last = frames.length - 1;
  const slider = document.getElementById("slider"), list = document.getElementById("decisions");
  let at = 0;
  slider.max = String(last);

  function esc(text) {
    return String(text).replace(/[&<>"']/g, (c) => ({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;"})[c]);
  }
  function colourOf(k) { return data.colours[k]; }
  function card(k) {
    const c = data.cards[k];
    return `<span class="card" data-card="${Number(k)}" style="background:${data.paint[colourOf(c[1])]}40" ` +
      `title="${esc(colourOf(c[1]))}, cost ${Number(c[2])}, ${Number(c[3])} points">${esc(c[0])}</span>`;
  }
  function cards(list) { return list.length ? list.map(card).join("") : "-"; }
  function seatName(s) { return s < 0 ? "" : `seat ${s} (${data.seats[s] || "?"})`; }
  data.steps.slice(1).forEach((d, k) => {
    const li = document.createElement("li");
    li.dataset.frame = String(k + 1);
    li.textContent = `${seatName(d.s)}: ${d.x}`;
    li.addEventListener("click", () => show(k + 1));
    list.appendChild(li);
  });
  function centre(position, scale) {
    const angle = -Math.PI / 2 + (position + 0.5) * 2 * Math.PI / 5;
    return [110 + scale * 90 * Math.cos(angle), 110 + scale * 90 * Math.sin(angle)];
  }
  function wheel(f) {
    document.querySelectorAll("#wheel text.deck").forEach((t) => {
      t.textContent = `deck ${f.decks[Number(t.dataset.colour)]}`;
    });
    document.getElementById("setting").textContent = f.w < 0 ? "wheel not set" : `wheel ${f.w}`;
    const count = {};
    document.getElementById("icons").innerHTML = f.ptr.map((pos, s) => {
      const n = count[pos] = (count[pos] || 0) + 1, [x, y] = centre(pos, 0.42);
      return `<g class="icon" data-seat="${s}" data-position="${pos}"><circle cx="${x + (n - 1) * 8}" cy="${y}" r="8" ` +
        `fill="#333"/><text x="${x + (n - 1) * 8}" y="${y + 3.5}">${s}</text></g>`;
    }).join("");
  }
  function board(f, s) {
    const tracks = data.tracks.map((t, k) => `<span>${esc(t)} <b>${Number(f.tracks[s][k])}</b></span>`).join("");
    const colonies = f.col[s].map((c) => `L${Number(c[0])} ${c[2] ? esc(c[1]) + " (integrated)" : "(plundered)"}`);
    const statues = f.stat[s].map((v, k) => v < 0 ? null : `${k}: ${esc(data.tracks[v >> 1])} ${v % 2 ? "down" : "up"}`)
      .filter((x) => x !== null);
    const silver = f.silver[s].map((t) => esc(data.tracks[t]));
    return `<p class="tracks">coins <b>${Number(f.coins[s])}</b> · ${tracks}</p>` +
      `<p>tableau (${f.tab[s].length}): ${cards(f.tab[s])}</p>` +
      (f.pair[s].length ? `<p>drawn pair: ${cards(f.pair[s])}</p>` : "") +
      `<p>colonies: ${colonies.join(", ") || "-"}</p><p>statues: ${statues.join(", ") || "-"}</p>` +
      `<p>medals: silver ${silver.join(", ") || "-"}; gold ${Number(f.gold[s])}</p>` +
      `<p>sold in the draft (private): ${cards(f.sa[s])}</p><p>sold in phase B: ${cards(f.sb[s])}</p>` +
      (f.rm[s].length ? `<p>removed by feeding: ${cards(f.rm[s])}</p>` : "");
  }
  function show(k) {
    at = Math.max(0, Math.min(last, k));
    const f = frames[at], d = data.steps[at];
    wheel(f);
    document.getElementById("status").innerHTML = `<b>${esc(f.st)}</b>` + (f.pend ? ` · to decide: ${esc(f.pend)}` : " · game over");
    document.getElementById("piles").innerHTML = "<h2>discard piles (top last)</h2>" + f.piles.map((p, c) =>
      `<p data-colour="${esc(colourOf(c))}"><b>${esc(colourOf(c))}</b>: ${cards(p)}</p>`).join("");
    document.querySelectorAll(".seat").forEach((el) => {
      const s = Number(el.dataset.seat);
      el.querySelector(".facts").innerHTML = board(f, s);
      el.classList.toggle("deciding", Boolean(f.pend) && f.pend.startsWith(`seat ${s}:`));
    });
    document.getElementById("caption").innerHTML = (at === 0 ? "<h2>start</h2>" : `<h2>decision ${at}</h2>` +
      `<p class="chosen">${esc(seatName(d.s))}: ${esc(d.x)}</p>`) + `<ul>${d.e.map((e) => `<li>${esc(e)}</li>`).join("")}</ul>`;
    document.getElementById("position").textContent = `decision ${at} / ${last}`;
    slider.value = String(at);
    Array.from(list.children).forEach((li, j) => li.classList.toggle("current", j + 1 === at));
  }
  replayStepper(show, () => at, last, 400);
  show(0);
  document.body.dataset.ready = "1";
})();
