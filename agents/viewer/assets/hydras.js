// The Hydras replay page: step through the decisions; each frame's hydras are indices into the pieces table.
(function () {
  "use strict";
  const data = JSON.parse(document.getElementById("replay-data").textContent);
  const frames = data.frames, last = frames.length - 1;
  const slider = document.getElementById("slider"), view = document.getElementById("view");
  const list = document.getElementById("decisions");
  let at = 0;
  slider.max = String(last);

  function esc(text) {
    return String(text).replace(/[&<>"']/g, (c) => ({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;"})[c]);
  }
  function decisionText(d) {
    const v = view.value;
    return v === "all" || Number(v) === d.s ? d.x : d.px;
  }
  data.decisions.forEach((d, k) => {
    const li = document.createElement("li");
    li.dataset.frame = String(k + 1);
    li.addEventListener("click", () => show(k + 1));
    list.appendChild(li);
  });
  function fillList() {
    data.decisions.forEach((d, k) => { list.children[k].textContent = `seat ${d.s}: ${decisionText(d)}`; });
  }

  function show(k) {
    at = Math.max(0, Math.min(last, k));
    const f = frames[at], v = view.value;
    document.querySelectorAll(".seat").forEach((box) => {
      const s = Number(box.dataset.seat);
      box.querySelector("g.cards").innerHTML = f.hydras[s].map((i) => data.pieces[i]).join("");
      box.dataset.frame = String(at);
      box.querySelector(".facts").textContent = `board score ${f.board[s]} · neck ${f.necks[s]}` +
        (f.complete[s] ? " · complete" : "") + ` · ${f.hand_sizes[s]} cards in hand`;
      const hand = box.querySelector(".hand");
      if (v === "all" || Number(v) === s) {
        hand.innerHTML = "hand: " + (f.hands[s].map((c) => `<span class="card">${esc(c)}</span>`).join("") || "empty");
        hand.dataset.hidden = "0";
      } else {
        hand.innerHTML = `hand: <span class="card hidden">${f.hand_sizes[s]} hidden</span>`;
        hand.dataset.hidden = "1";
      }
      box.classList.toggle("deciding", f.pending !== null && f.pending.startsWith(`seat ${s}:`));
    });
    document.getElementById("status").innerHTML = `<b>${esc(f.status)}</b> · deck ${f.deck} · discard ${f.discard}` +
      (f.pending ? ` · to decide: ${esc(f.pending)}` : " · game over") + (f.chain ? `<br>under block: ${esc(f.chain)}` : "");
    const caption = document.getElementById("caption");
    if (at === 0) {
      caption.innerHTML = "<h2>start</h2><p>the cards are dealt</p>";
    } else {
      const d = data.decisions[at - 1];
      caption.innerHTML = `<h2>decision ${at}</h2><p class="chosen">seat ${d.s}: ${esc(decisionText(d))}</p><ul>` +
        d.e.map((t) => `<li>${esc(t)}</li>`).join("") + "</ul>";
    }
    document.getElementById("position").textContent = `decision ${at} / ${last}`;
    slider.value = String(at);
    Array.from(list.children).forEach((li, k) => li.classList.toggle("current", k + 1 === at));
  }
  replayStepper(show, () => at, last, 500);
  view.addEventListener("change", () => { fillList(); show(at); });
  fillList();
  show(0);
  document.body.dataset.ready = "1";
})();
