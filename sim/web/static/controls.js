// A question laid out as the game's own control, and the game's state in words, from what
// the server wrote (docs/web.md: the view's "controls" and "panel"; a game's web part
// writes them in Python). table.js calls these; the server decides what is legal.
"use strict";

(() => {
  const trixsim = (window.trixsim = window.trixsim || {});
  const esc = (s) => String(s).replace(/[&<>"']/g, (c) => (
    { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]));

  // a game's question laid out as its own control (docs/web.md, "controls"): a row, or a
  // grid with its columns named; a blank cell is a choice not open now
  function drawControls(ask, groups, act, plain) {
    groups.forEach((g) => {
      const box = document.createElement("div");
      box.className = "group";
      if (g.label) box.insertAdjacentHTML("beforeend", `<p class="q">${esc(g.label)}</p>`);
      if (g.note) box.insertAdjacentHTML("beforeend", `<p class="rule">${esc(g.note)}</p>`);
      g.rows.forEach((cells, r) => {
        const row = document.createElement("div");
        const width = Math.max(g.header.length, cells.length);
        row.className = g.header.length ? "grid" : "choices";
        // equal columns: every row of a grid lines up under its header (#47.12)
        if (g.header.length) row.style.gridTemplateColumns = `repeat(${width}, minmax(44px, 4.2em))`;
        if (g.header.length && r === 0) {
          g.header.forEach((h) => row.insertAdjacentHTML("beforeend",
            `<span class="head${/[♥♦]/.test(h) ? " red" : ""}">${esc(h)}</span>`));
        }
        cells.forEach((c) => {
          if (c.action === null || c.action === undefined) {
            if (g.header.length) row.insertAdjacentHTML("beforeend", `<span class="blank" title="${esc(c.title || "")}"></span>`);
            return;
          }
          const b = document.createElement("button");
          b.type = "button";
          b.dataset.act = c.action;
          if (c.action in plain) b.dataset.action = c.action; // [data-action="pass"]
          b.textContent = c.text;
          if (c.title) { b.title = c.title; b.setAttribute("aria-label", c.title); }
          if (/[♥♦]/.test(c.text) && !/[♠♣]/.test(c.text)) b.classList.add("red");
          b.addEventListener("click", () => act(c.action));
          row.appendChild(b);
        });
        box.appendChild(row);
      });
      ask.appendChild(box);
    });
  }

  // [what, words] rows as a list of terms
  function panelHtml(rows) {
    return rows.length ? `<dl>` + rows.map(([k, v]) => `<dt>${esc(k)}</dt><dd>${esc(v)}</dd>`).join("") +
      `</dl>` : "";
  }

  trixsim.drawControls = drawControls;
  trixsim.panelHtml = panelHtml;
})();
