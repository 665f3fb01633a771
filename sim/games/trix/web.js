// Trix's own drawing in the table page (docs/web.md, "The game's script"): the title with the
// contract, the seats' tricks and badges, the piles of the trix layout, the contract choice,
// the K♥ offer and the pass; the last trick may be looked at in trick contracts only (R4.4).
// table.js calls these hooks with the view (view.public is sim/games/trix/web.py's block).
"use strict";

(() => {
  const trixsim = (window.trixsim = window.trixsim || {});
  const games = (trixsim.games = trixsim.games || {});

  const ordinal = (n) => n + (["th", "st", "nd", "rd"][n] || "th"); // 1 to 7
  // how each contract scores, on its button (#47.12): points are bad, the trix's are good
  const SCORES = {
    diamonds: "+10 a ♦ taken; all 8: +150 (R5.1)",
    queens: "+20 a queen taken (R5.2)",
    tricks: "+10 a trick taken; all 8: +150 (R5.3)",
    "last-trick": "+100 to the 8th trick's taker (R5.4)",
    king: "+100 to K♥'s taker; +200 if announced (R5.5, R5.6)",
    general: "all five above at once; all 8 tricks: 0 (R5.7)",
    trix: "lay out the suits: −100, −50 to the first two out (R9.6)",
  };
  const scored = (el, c) => {
    if (!SCORES[c]) return el;
    const small = document.createElement("small");
    small.className = "scores";
    small.textContent = SCORES[c];
    el.appendChild(small);
    el.title = SCORES[c];
    return el;
  };

  function pilesHtml(piles, ui) {
    return `<div class="piles">` + piles.map((pile) => {
      const cards = pile.cards.slice().reverse(); // high at the top, low at the bottom
      const body = cards.length ? cards.map((c) => ui.faceDiv(c)).join("") :
        `<div class="empty">${Cards.SUITS[pile.suit]}</div>`;
      return `<div class="pile" data-suit="${ui.esc(pile.suit)}">${body}</div>`;
    }).join("") + `</div>`;
  }

  games.trix = {
    actionWords: { double: "Announce K♥ (double)", "no-double": "Don't announce" },
    facts: false, // everything public is drawn: no list of the facts beside the log

    deal: (view) => view.public.contract_no,
    looksPerDeal: (view) => view.public.looks_per_contract,
    lastTrick: (view) => view.public.phase === "tricks",

    title(view, ui) {
      const p = view.public;
      // R3.9: said from the start, not only at the end (#47.12)
      if (view.state === "over") return `Trix · game over after contract ${p.contract_no}/${p.contracts} · the lowest total wins`;
      let text = `Trix (lowest total wins) · contract ${p.contract_no}/${p.contracts}`;
      if (p.contract) {
        const who = p.chooser === ui.me() ? "you" : ui.seatName(p.chooser);
        const whose = p.chooser === ui.me() ? "your" : "his";
        // R3.3, R7.1-R7.3: which of his seven choices this is, and what his own points count
        const mult = p.multiplier > 1 ? `, ${whose} own points count ×${p.multiplier}` : "";
        text += ` · ${p.contract} · chosen by ${who} (${ordinal(p.choice)} of 7 choices${mult})`;
      } else text += ` · ${ui.says(p.chooser, "chooses", "choose")}`;
      return text;
    },

    seat(view, i) {
      const p = view.public;
      const stats = [];
      const badges = [];
      if (p.phase === "tricks") stats.push(`tricks ${p.tricks_won[i]}`);
      if (p.chooser === i) badges.push("chooser");
      if (p.announcer === i) badges.push("announced K♥");
      if (p.phase === "trix" && p.passes[i]) badges.push(`passed ${p.passes[i]}×`);
      const out = (p.out || []).indexOf(i);
      if (p.phase === "trix" && out >= 0) badges.push(out === 0 ? "out 1st −100" : "out 2nd −50");
      return { stats, badges };
    },

    center(view, ui) {
      const p = view.public;
      const own = {};
      if (p.piles) own.html = pilesHtml(p.piles, ui);
      if (p.phase === "choose") {
        own.lines = [`${ui.says(p.chooser, "chooses", "choose")} contract ${p.contract_no} of ${p.contracts}; left: ` +
          (p.contracts_left[p.chooser] || []).join(", ")];
        const prev = p.previous;
        if (prev) {
          // each seat's points by its name, not a bare row of numbers (#47.12)
          const pts = prev.points.map((x, i) => `${ui.seatName(i)} ${x > 0 ? `+${x}` : `${x}`}`).join(", ");
          own.lines.push(`Contract ${prev.number} (${prev.contract}, ${ui.seatName(prev.chooser)}): ${pts}`);
        }
      }
      return own;
    },

    ask(view, ui) {
      const p = view.public;
      const { say, row } = ui;
      if (view.prompt === "contract") {
        (p.notes || []).forEach((n) => say(n, "note"));
        const legal = new Set(view.actions);
        (p.contracts_left ? p.contracts_left[ui.me()] : view.actions).forEach((c) => {
          if (legal.has(c)) row.appendChild(scored(ui.actionButton(c, "contract"), c));
          else {
            const off = document.createElement("span");
            off.className = "off";
            off.textContent = c;
            row.appendChild(scored(off, c));
            off.title = "not allowed now (R3.4)";
          }
        });
      } else if (view.prompt === "double") {
        say("Your turn: you hold K♥ and this is your first turn: announce it? Announced, K♥ is worth +200 " +
          "to whoever takes it, and you lose 50 if another player takes it (R5.6).", "note");
        view.actions.forEach((a) => row.appendChild(ui.actionButton(a)));
      } else {
        const verb = p.phase === "trix" ? "lay" : "play";
        if (view.prompt === "pass") say("Your turn: you have nothing to lay: pass (R9.4).");
        else if (Object.keys(view.card_actions).length) say(`Your turn: ${verb} a card (tap it, or drag it to the table).`);
        view.actions.forEach((a) => row.appendChild(ui.actionButton(a)));
      }
      return true;
    },
  };
})();
