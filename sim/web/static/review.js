// The Review of a finished deal (docs/web.md): every decision of every seat, valued with
// every hand seen (double dummy), with each seat's par, result and total loss. The server
// makes it (GET /api/tables/{id}/review/{deal}); the page only draws it.
"use strict";

(() => {
  const $ = (id) => document.getElementById(id);
  const parts = location.pathname.split("/").filter(Boolean); // t, id, review, deal
  const tableId = decodeURIComponent(parts[1] || "");
  const deal = decodeURIComponent(parts[3] || "");
  const esc = (s) => String(s).replace(/[&<>"']/g, (c) => (
    { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]));
  const num = (x) => (x === null || x === undefined ? "–" : Number(x).toFixed(1));
  $("back").href = `/t/${encodeURIComponent(tableId)}`;

  function verdict(d) {
    if (d.cost === undefined) return `<span class="forced">forced</span>`;
    if (!d.best) return `<span class="best">best</span>`;
    return `<span class="cost">cost ${num(d.cost)}: ${esc(d.best.join(" or "))} was best</span>`;
  }

  function draw(r) {
    const word = r.deal_word.charAt(0).toUpperCase() + r.deal_word.slice(1);
    document.title = `trixsim · review of ${r.deal_word} ${r.deal}`;
    $("title").textContent = `Review: ${word} ${r.deal} (${r.game})`;
    $("status").textContent = `Every decision valued with every hand seen (${r.evaluator}: ` +
      `the oracle's values), in ${r.unit}. Par: a seat's value at its first decision of the ` +
      `${r.deal_word}, played perfectly from there; result: after the ${r.deal_word} as played.`;
    $("summary").innerHTML = `<table class="review-seats"><thead><tr><th>seat</th><th>par</th>` +
      `<th>result</th><th>lost</th></tr></thead><tbody>` +
      r.seats.map((s, i) => `<tr data-seat="${i}"><td>${i}: ${esc(s.name)}</td><td>${num(s.par)}</td>` +
        `<td>${num(s.end)}</td><td>${num(s.loss)}</td></tr>`).join("") + `</tbody></table>`;
    $("hands").innerHTML = `<details><summary>The hands as dealt</summary><ul>` +
      r.hands.map((h, i) => `<li>${i}: ${esc(r.seats[i].name)} — ${esc(h)}</li>`).join("") +
      `</ul></details>`;
    // a seat by its name, with its number where two seats share one (two bots, two guests)
    const named = (s) => r.seats.filter((x) => x.name === r.seats[s].name).length > 1
      ? `${r.seats[s].name} (${s})` : r.seats[s].name;
    let trick = null;
    const rows = [];
    for (const d of r.decisions) {
      const head = d.trick ? `trick ${d.trick}` : d.phase;
      if (head !== trick) {
        if (trick !== null) rows.push(`</ol>`);
        rows.push(`<h3>${esc(head)}</h3><ol class="decisions">`);
        trick = head;
      }
      rows.push(`<li data-seat="${d.seat}" data-cost="${d.cost === undefined ? "" : d.cost}">` +
        `<b>${esc(named(d.seat))}</b> ${esc(d.did)} — ${verdict(d)}</li>`);
    }
    if (trick !== null) rows.push(`</ol>`);
    $("decisions").innerHTML = rows.join("");
    document.documentElement.dataset.reviewed = "1";
  }

  fetch(`/api/tables/${encodeURIComponent(tableId)}/review/${encodeURIComponent(deal)}`)
    .then(async (res) => {
      const body = await res.json().catch(() => ({ error: `the server answered ${res.status}` }));
      if (!res.ok) throw new Error(body.error || `the server answered ${res.status}`);
      draw(body);
    })
    .catch((e) => {
      $("status").textContent = `No review: ${e.message}.`;
      document.documentElement.dataset.reviewed = "error";
    });
})();
