// The Hail Hydra replay page: step through the decisions in one view (everything, or what one seat
// saw). Each view's frames come whole from the page's data (built on the server from that seat's own
// information); this script only picks the view and draws it, writing text with textContent only.
(function () {
  "use strict";
  const data = JSON.parse(document.getElementById("replay-data").textContent);
  const last = data.movers.length - 1;
  const slider = document.getElementById("slider"), list = document.getElementById("decisions");
  const picker = document.getElementById("view");
  const NONE = -1, UP = -2, OPEN = -3;
  slider.max = String(last);
  // Each view's frames, rebuilt from frame 0 and the keys each step changed.
  const views = data.views.map((v) => {
    const frames = [];
    v.frames.forEach((delta, k) => { frames.push(k === 0 ? delta : Object.assign({}, frames[k - 1], delta)); });
    return {captions: v.captions, frames: frames, pool: v.pool};
  });
  let at = 0, view = 0;

  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) { e.className = cls; }
    if (text !== undefined && text !== null) { e.textContent = String(text); }
    return e;
  }
  function add(parent, tag, cls, text) { const e = el(tag, cls, text); parent.appendChild(e); return e; }
  function cards(values) { return values && values.length ? values.map((v) => data.values[v]).join(" ") : "nothing"; }
  function seatName(s) { return s < 0 ? "" : `seat ${s} (${data.seats[s] || "?"})`; }
  function hero(h) { return h >= 0 ? data.heroes[h][1] : "(hero to draft)"; }
  function loyalty(v) { return v === 1 ? "HYDRA" : v === 0 ? "SHIELD" : "loyalty unknown"; }
  function villainName(k) { return k >= 0 ? `${data.villains[k][0]} ${data.villains[k][1]}` : "none"; }
  function target(t) { return t === UP ? "up (nobody)" : t === OPEN ? "—" : `seat ${t}`; }

  function fillList() {
    const captions = views[view].captions;
    list.replaceChildren();
    for (let k = 1; k <= last; k++) {
      const li = el("li", null, `${seatName(data.movers[k])}: ${captions[k]}`);
      li.dataset.frame = String(k);
      li.addEventListener("click", () => show(k));
      list.appendChild(li);
    }
  }

  function drawStatus(f) {
    const status = document.getElementById("status");
    status.replaceChildren();
    add(status, "b", null, view === 0 ? "everything (all hidden information)" : `what ${seatName(view - 1)} saw`);
    if (f.over) {
      add(status, "span", "over", ` · game over: ${String(f.winner).toUpperCase()} wins (${String(f.cause).replace(/_/g, " ")})`);
    } else if (f.dec) {
      add(status, "span", null, ` · to decide: ${seatName(f.dec[0])}, ${f.dec[1]}`);
    }
    const city = document.getElementById("city");
    city.replaceChildren();
    add(city, "span", null, `New York: ${f.city} / ${data.city} `);
    const bar = add(city, "span", "bar");
    const fill = add(bar, "span", "fill");
    fill.style.width = `${Math.max(0, Math.min(100, 100 * f.city / data.city))}%`;
    const villain = document.getElementById("villain");
    villain.replaceChildren();
    if (f.villain >= 0) {
      const v = data.villains[f.villain];
      add(villain, "p", "villain-line", `mission ${f.mission + 1}: ${v[0]} ${v[1]} (tier ${v[2]}) — health ${f.health} / ` +
        `${f.start}, defence ${f.defence}, strength ${f.strength}; power: ${v[3].replace(/_/g, " ")}` + (v[4] ? ` ${v[4]}` : ""));
    } else {
      add(villain, "p", "villain-line", "no villain yet");
    }
    add(villain, "p", null, `tiers to come: ${f.tiers.join(", ") || "none"} · defeated: ` +
      `${f.defeated.map(villainName).join(", ") || "none"}`);
    add(villain, "p", null, `draw pile ${f.draw} · discard pile ${f.discard} · reshuffles ${f.resh}` +
      (f.total !== null ? ` · team total ${f.total}` : "") + (f.left ? ` · vote rounds left ${f.left}` : ""));
  }

  function drawPrivate(f) {
    const box = document.getElementById("private");
    box.replaceChildren();
    if (f.me >= 0) {
      add(box, "p", "mine", `you are seat ${f.me}, ${loyalty(f.loyal[f.me])} (${data.hydra_count} HYDRA at the table); ` +
        `your hand: ${cards(f.hand)}`);
    } else {
      const agents = f.loyal.map((v, s) => v === 1 ? s : -1).filter((s) => s >= 0);
      add(box, "p", "mine", `HYDRA agents: ${agents.map((s) => `seat ${s}`).join(", ") || "not dealt yet"}` +
        (f.ko ? ` · knocked out so far: ${f.ko[0]} SHIELD, ${f.ko[1]} HYDRA` : ""));
    }
    f.intel.forEach((line) => add(box, "p", "intel", line));
  }

  function drawSeats(f) {
    document.querySelectorAll(".seat").forEach((box) => {
      const s = Number(box.dataset.seat), facts = box.querySelector(".facts");
      facts.replaceChildren();
      const known = f.loyal[s];
      box.classList.toggle("deciding", Boolean(f.dec) && f.dec[0] === s && !f.over);
      box.classList.toggle("me", f.me === s);
      box.dataset.loyalty = known === 1 ? "hydra" : known === 0 ? "shield" : "unknown";
      const h = f.hero[s];
      const name = add(facts, "p", "hero", hero(h));
      if (h >= 0) { name.title = data.heroes[h][2]; }
      add(facts, "p", "loyalty", loyalty(known));
      const hand = f.hands ? f.hands[s] : f.me === s ? f.hand : null;
      add(facts, "p", "hand", `hand ${f.hs[s]}` + (hand ? `: ${cards(hand)}` : ""));
      const flags = [[f.token === s, "token"], [f.out[s], "knocked out"], [f.rev[s], "revealed"],
        [f.imm[s], "immune"], [f.used[s], "ability used"]].filter((x) => x[0]).map((x) => x[1]);
      add(facts, "p", "flags", flags.join(" · ") || "active");
    });
  }

  function offensiveBox(parent, o, me) {
    const box = add(parent, "div", "offensive");
    box.dataset.index = String(o.i);
    add(box, "h4", null, `offensive ${o.i + 1} (token: seat ${o.h})`);
    const table = add(box, "table", "plays");
    const head = add(table, "tr");
    ["seat", "gift", "play", "claim", "ability"].forEach((t) => add(head, "th", null, t));
    for (let s = 0; s < data.players; s++) {
      const row = add(table, "tr");
      row.dataset.seat = String(s);
      add(row, "td", null, `seat ${s}` + (o.out[s] ? " (out)" : o.rev[s] ? " (revealed)" : ""));
      let gift = o.gv[s] ? `${o.gv[s]} card${o.gv[s] > 1 ? "s" : ""} to seat ${o.gt[s]}` : "";
      if (gift && o.gift) { gift += `: ${cards(o.gift[s])}`; } else if (gift && me === s) { gift += `: ${cards(o.og)}`; }
      if (o.gt[s] >= 0 && o.gt[s] === me && o.rc && o.rc.length && !o.gift) { gift += ` (you received in all: ${cards(o.rc)})`; }
      add(row, "td", "gift", gift);
      let play = "";
      if (o.up[s].length) { play = `face up: ${cards(o.up[s])}`; }
      if (o.dc[s]) {
        const down = o.down ? o.down[s] : me === s ? o.own : null;
        play += (play ? "; " : "") + `${o.dc[s]} face down` + (down ? `: ${cards(down)}` : "");
      }
      if (!play && o.pl[s]) { play = "nothing"; }
      add(row, "td", "play", play);
      add(row, "td", "claim", o.cl[s] >= 0 ? `${o.cl[s]} good, ${o.dc[s] - o.cl[s]} bad` : "");
      add(row, "td", null, o.us[s] ? "used" : "");
    }
    const shown = o.cards !== null ? cards(o.cards) + (o.hid ? " (hidden at the table: only the total)" : "")
      : o.hid ? "hidden (only the total is announced)" : "not revealed yet";
    add(box, "p", "revealed", `revealed: ${shown}` + (o.T !== null ? ` · total ${o.T}` : ""));
    if (o.T !== null || o.def) {
      add(box, "p", null, `villain damage ${o.vd} · city damage ${o.cd}` + (o.def ? " · villain defeated" : ""));
    }
  }

  function roundBox(parent, r) {
    const box = add(parent, "div", "round");
    add(box, "h4", null, `vote round ${r.r + 1}` + (r.closed ? "" : " (open)"));
    add(box, "p", "nominations", "nominations: " + r.nom.map((t, s) => `${s}→${target(t)}`).join(", "));
    // An open round's votes: the omniscient view shows each cast vote ("—" not cast yet); a seat's
    // view holds its own vote only ("?": another seat's vote, hidden until the round closes).
    const unseen = r.closed || view === 0 ? "—" : "?";
    add(box, "p", "votes", "votes: " + r.votes.map((t, s) => `${s}→${t === OPEN ? unseen : target(t)}`).join(", "));
    let result = r.closed ? (r.res >= 0 ? `seat ${r.res} knocked out` : "nobody knocked out")
      : r.res >= 0 ? `seat ${r.res} on top (verdict pending)` : "not tallied yet";
    if (r.amb) { result += " · ambush"; }
    if (r.rally) { result += " · rallied (knock-out cancelled)"; }
    add(box, "p", "result", result);
  }

  function drawMissions(f) {
    const pool = views[view].pool, out = document.getElementById("mission-list");
    out.replaceChildren();
    const offs = f.offs.map((k) => pool.off[k]), rounds = f.rds.map((k) => pool.rd[k]);
    const missions = new Set(offs.map((o) => o.m).concat(rounds.map((r) => r.ph)));
    Array.from(missions).sort((a, b) => b - a).forEach((m) => {
      const section = add(out, "section", "mission");
      section.dataset.mission = String(m);
      const villain = m < f.defeated.length ? f.defeated[m] : m === f.mission ? f.villain : -1;
      add(section, "h3", null, `mission ${m + 1}: ${villainName(villain)}`);
      offs.filter((o) => o.m === m).forEach((o) => offensiveBox(section, o, f.me));
      rounds.filter((r) => r.ph === m).forEach((r) => roundBox(section, r));
    });
  }

  function show(k) {
    at = Math.max(0, Math.min(last, k));
    const f = views[view].frames[at];
    drawStatus(f);
    drawPrivate(f);
    drawSeats(f);
    drawMissions(f);
    const caption = document.getElementById("caption");
    caption.replaceChildren();
    add(caption, "h2", null, at === 0 ? "start" : `decision ${at}`);
    add(caption, "p", "chosen", at === 0 ? views[view].captions[0] : `${seatName(data.movers[at])}: ${views[view].captions[at]}`);
    document.getElementById("position").textContent = `decision ${at} / ${last}`;
    document.body.dataset.view = String(view);
    document.body.dataset.step = String(at);
    slider.value = String(at);
    Array.from(list.children).forEach((li, j) => li.classList.toggle("current", j + 1 === at));
  }

  picker.value = "0";
  picker.addEventListener("change", () => { view = Number(picker.value); fillList(); show(at); });
  fillList();
  replayStepper(show, () => at, last, 500);
  show(0);
  document.body.dataset.ready = "1";
})();
