// The Heroica replay page: step through the decisions; each frame places the heroes, monsters and potions.
(function () {
  "use strict";
  const data = JSON.parse(document.getElementById("replay-data").textContent);
  const frames = data.frames, last = frames.length - 1, half = data.cell / 2;
  const slider = document.getElementById("slider"), list = document.getElementById("decisions");
  const colours = ["#3c78d8", "#cc4125", "#6aa84f", "#8e7cc3"];
  let at = 0;
  slider.max = String(last);

  function esc(text) {
    return String(text).replace(/[&<>"']/g, (c) => ({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;"})[c]);
  }
  // A die face: Shield (a shield), Three/Sword, Two/Skull, One/Sword & Skull (pips and marks).
  function dieSvg(face) {
    const pips = {shield: 0, three_sword: 3, two_skull: 2, one_sword_skull: 1}[face] || 0;
    let inner = "";
    if (face === "shield") {
      inner = '<path d="M14 5 L22 8 L21 17 Q14 24 14 24 Q7 24 7 17 L6 8 Z" fill="#3c78d8"/>';
    } else {
      for (let k = 0; k < pips; k++) { inner += `<circle cx="${6 + k * 5}" cy="8" r="2" fill="#222"/>`; }
      if (face.includes("sword")) { inner += '<path d="M9 24 L21 14 M18 13 L22 17" stroke="#555" stroke-width="2"/>'; }
      if (face.includes("skull")) { inner += '<circle cx="21" cy="22" r="3.5" fill="#cc4125"/>'; }
    }
    return `<svg class="die" data-face="${esc(face)}" width="28" height="28" viewBox="0 0 28 28">` +
      `<rect x="1" y="1" width="26" height="26" rx="5" fill="#fffdf5" stroke="#444"/>${inner}</svg>`;
  }
  function eventHtml(e) {
    if (e[0] === "roll") {
      return `<li class="roll" data-roll="${Number(e[1])}">${dieSvg(e[4])}roll ${Number(e[1])}, ${esc(e[2])} die of ` +
        `${esc(e[3])}: <b>${esc(data.faces[e[4]] || e[4])}</b></li>`;
    }
    return `<li>${esc(e[1])}</li>`;
  }
  function seatName(s) { return s < 0 ? "" : `seat ${s} (${data.seats[s] || "?"})`; }
  data.steps.slice(1).forEach((d, k) => {
    const li = document.createElement("li");
    li.dataset.frame = String(k + 1);
    li.textContent = `${seatName(d.s)}: ${d.x}`;
    li.addEventListener("click", () => show(k + 1));
    list.appendChild(li);
  });

  function pieces(f) {
    let svg = "";
    f.p.forEach((s) => {
      const [x, y] = data.centres[s];
      svg += `<g class="piece potion"><rect x="${x + 6}" y="${y - 14}" width="9" height="14" rx="3" fill="#d81b60"/></g>`;
    });
    f.m.forEach(([s, kind]) => {
      const [x, y] = data.centres[s], boss = kind === "G";
      svg += `<g class="piece monster" data-space="${s}"><circle cx="${x}" cy="${y}" r="${boss ? 14 : 11}" ` +
        `fill="${boss ? "#4a148c" : "#2e7d32"}"/><text x="${x}" y="${y + 5}">${boss ? "G" : "g"}</text>` +
        (boss && f.c ? `<path d="M${x + 10} ${y - 18} l5 6 l-5 6 l-5 -6 z" fill="#4dd0e1" stroke="#00838f"/>` : "") + "</g>";
    });
    const count = {};
    f.h.forEach((h, k) => {
      const s = h[0], n = count[s] = (count[s] || 0) + 1, [cx, cy] = data.centres[s];
      const x = cx + (n - 1) * 9 - 4, y = cy + (n - 1) * 5;
      const hero = data.heroes[k], deciding = f.pend && f.pend.startsWith(`seat ${hero.owner}:`);
      svg += `<g class="piece hero${h[2] ? " healing" : ""}${deciding ? " deciding" : ""}" data-hero="${k}" data-space="${s}">` +
        `<circle cx="${x}" cy="${y}" r="12" fill="${colours[k % colours.length]}"/>` +
        `<text x="${x}" y="${y + 5}">${h[2] ? hero.letter.toLowerCase() : hero.letter}</text></g>`;
    });
    return svg;
  }
  function show(k) {
    at = Math.max(0, Math.min(last, k));
    const f = frames[at], d = data.steps[at];
    document.getElementById("pieces").innerHTML = pieces(f);
    document.getElementById("status").innerHTML = `<b>${esc(f.st)}</b>` +
      (f.pend ? ` · to decide: ${esc(f.pend)}` : " · game over") + (f.c ? " · the General carries the Crystal" : "");
    document.getElementById("heroes").innerHTML = "<tr><th>hero</th><th>seat</th><th>space</th><th>Health</th>" +
      "<th>potions</th><th>trophies</th><th>knock-outs</th></tr>" + f.h.map((h, k) =>
      `<tr><td style="color:${colours[k % colours.length]}">${esc(data.heroes[k].cls)}${h[2] ? " (healing)" : ""}</td>` +
      `<td>${esc(seatName(data.heroes[k].owner))}</td><td>${h[0]}</td><td>${h[1]}/${data.max_health}</td>` +
      `<td>${h[3]}</td><td>${h[4]}</td><td>${h[5]}</td></tr>`).join("");
    document.getElementById("caption").innerHTML = (at === 0 ? "<h2>start</h2>" : `<h2>decision ${at}</h2>` +
      `<p class="chosen">${esc(seatName(d.s))}: ${esc(d.x)}</p>`) + `<ul>${d.e.map(eventHtml).join("")}</ul>`;
    document.getElementById("position").textContent = `decision ${at} / ${last}`;
    slider.value = String(at);
    Array.from(list.children).forEach((li, j) => li.classList.toggle("current", j + 1 === at));
  }
  replayStepper(show, () => at, last, 600);
  show(0);
  document.body.dataset.ready = "1";
})();
