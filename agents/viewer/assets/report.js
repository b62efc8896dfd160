// The reports' games table: rows from JSON, sorted by clicking a column (numbers as numbers).
(function () {
  "use strict";
  const el = document.getElementById("table-data");
  if (!el) { document.body.dataset.ready = "1"; return; }
  const T = JSON.parse(el.textContent);
  const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;"}[c]));
  const numeric = new Set(T.numeric);
  const LIMIT = 500;
  let key = T.columns.indexOf(T.sort), desc = T.sort !== "game", all = false;
  if (key < 0) key = 0;

  function value(row, k) {
    const v = row[k];
    if (numeric.has(T.columns[k])) return v === "" ? -Infinity : v;
    if (T.columns[k] === "glory") return String(v).split(" ").reduce((a, b) => a + Number(b), 0);
    return String(v);
  }
  function draw() {
    const rows = T.rows.slice().sort((a, b) => {
      const x = value(a, key), y = value(b, key);
      const c = x < y ? -1 : x > y ? 1 : a[0] - b[0];
      return desc ? -c : c;
    });
    const shown = all ? rows : rows.slice(0, LIMIT);
    const head = T.columns.map((c, k) =>
      `<th data-col="${k}" class="${k === key ? (desc ? "sorted-desc" : "sorted-asc") : ""}">${esc(c)}</th>`).join("");
    const body = shown.map((r) => {
      const link = T.links[String(r[0])];
      const cells = r.map((v, k) => k === 0 && link ? `<td><a href="${esc(link)}">${esc(v)}</a></td>` : `<td>${esc(v)}</td>`);
      return `<tr data-game="${r[0]}">${cells.join("")}</tr>`;
    }).join("");
    const more = rows.length > LIMIT && !all ?
      `<p><button id="show-all">show all ${rows.length} games</button> (${LIMIT} shown)</p>` : "";
    document.getElementById("games").innerHTML = `<table><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>${more}`;
    const btn = document.getElementById("show-all");
    if (btn) btn.onclick = () => { all = true; draw(); };
  }
  document.getElementById("games").addEventListener("click", (e) => {
    const th = e.target.closest("th");
    if (!th) return;
    const k = Number(th.dataset.col);
    if (k === key) desc = !desc; else { key = k; desc = numeric.has(T.columns[k]); }
    draw();
  });
  draw();
  document.body.dataset.ready = "1";
})();
