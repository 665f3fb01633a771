// The lobby: the game and bot pickers from GET /api/games, a new table, the tables of this
// device. A file, not an inline script: the pages' Content-Security-Policy runs no other.
"use strict";
(() => {
  const $ = (id) => document.getElementById(id);
  const PREFIX = "trixsim.token.";
  const fail = (text) => {
    const box = $("lobby-error");
    box.textContent = text;
    box.hidden = false;
  };
  const newButton = document.querySelector('[data-action="new-table"]');
  // the pickers, from the registered games (GET /api/games): the bots follow the game
  let games = [];
  const option = (value, text, title, selected) => {
    const o = document.createElement("option");
    o.value = value;
    o.textContent = text;
    if (title) o.title = title;
    o.selected = selected;
    return o;
  };
  const about = (bot) => [bot.doc, ...bot.params.map((p) => `${p.name}=${p.default}: ${p.help}`)]
    .filter(Boolean).join("\n");
  const fillBots = () => {
    const game = games.find((g) => g.name === $("game").value);
    const was = $("bots").value;
    const keep = game && game.bots.some((b) => b.name === was);
    $("bots").replaceChildren(...(game ? game.bots : []).map((b) =>
      option(b.name, b.name, about(b), keep ? b.name === was : b.default)));
  };
  const loadGames = async () => {
    try {
      const r = await fetch("/api/games");
      if (!r.ok) throw new Error(`the server said ${r.status}`);
      games = (await r.json()).games;
      $("game").replaceChildren(...games.map((g) => option(g.name, g.label, g.title, g.default)));
      fillBots();
    } catch (e) {
      fail(`No list of games: ${e.message}; a new table plays the server's default game.`);
    }
    newButton.disabled = false;
  };
  $("game").addEventListener("change", fillBots);
  // The seed goes as the digits typed: Number() would round one above 2**53 (#47.9); the
  // server reads JSON integers exactly and checks the range.
  const withSeed = (body, digits) => {
    const text = JSON.stringify(body);
    if (digits === "") return text;
    const seed = digits.replace(/^0+(?=[0-9])/, ""); // JSON numbers have no leading zeros
    return `${text.slice(0, -1)}${text === "{}" ? "" : ","}"seed":${seed}}`;
  };
  // the tables this device holds a seat at, newest first, each by its game and when it was
  // first seen (the table page keeps both: trixsim.about.<id>), not a bare id (#47.13)
  const listMine = () => {
    const label = (name) => (games.find((g) => g.name === name) || { label: name }).label;
    const mine = Object.keys(localStorage).filter((k) => k.startsWith(PREFIX)).map((k) => {
      const id = k.slice(PREFIX.length);
      let about = {};
      try { about = JSON.parse(localStorage.getItem(`trixsim.about.${id}`)) || {}; } catch (e) { about = {}; }
      return { id, about };
    }).sort((x, y) => (y.about.at || 0) - (x.about.at || 0));
    if (!mine.length) return;
    $("mine").hidden = false;
    for (const { id, about } of mine) {
      const li = document.createElement("li");
      const a = document.createElement("a");
      a.href = `/t/${encodeURIComponent(id)}`;
      const when = about.at ? new Date(about.at).toLocaleString([], { dateStyle: "medium", timeStyle: "short" }) : "";
      a.textContent = about.game ? `${label(about.game)}${when ? ` · ${when}` : ""}` : id;
      const small = document.createElement("small");
      small.textContent = about.game ? ` (${id})` : "";
      li.append(a, small);
      $("mine-list").appendChild(li);
    }
  };
  const newTable = async () => {
    const button = newButton;
    button.disabled = true;
    const seedText = $("seed").value.trim();
    if (seedText !== "" && !/^[0-9]{1,20}$/.test(seedText)) {
      fail("No table: a seed is a whole number from 0 to 18446744073709551615, or nothing (a random one).");
      button.disabled = false;
      return;
    }
    const body = {};
    const name = $("name").value.trim();
    if (name) {
      body.name = name;
      localStorage.setItem("trixsim.name", name); // a table joined later uses it too
    }
    if ($("game").value) body.game = $("game").value;
    if ($("bots").value) body.bots = $("bots").value;
    try {
      const r = await fetch("/api/tables", {
        method: "POST", headers: { "content-type": "application/json" }, body: withSeed(body, seedText),
      });
      const data = await r.json().catch(() => ({}));
      if (!r.ok) throw new Error(data.message || data.error || data.detail || `the server said ${r.status}`);
      localStorage.setItem(PREFIX + data.table, data.token);
      location.href = `/t/${encodeURIComponent(data.table)}`; // this origin (a proxy's)
    } catch (e) {
      fail(`No table: ${e.message}`);
      button.disabled = false;
    }
  };
  newButton.addEventListener("click", newTable);
  $("name").value = localStorage.getItem("trixsim.name") || "";
  loadGames().then(listMine); // the names of the games first: the list says them
  const go = () => {
    const text = $("join-id").value.trim();
    if (!text) return;
    const m = text.match(/\/t\/([^/?#\s]+)/);
    location.href = `/t/${m ? m[1] : encodeURIComponent(text)}`;
  };
  $("join-go").addEventListener("click", go);
  $("join").addEventListener("submit", (e) => e.preventDefault());
  $("new").addEventListener("submit", (e) => e.preventDefault());  // not inline: the CSP runs no inline script
  $("join-id").addEventListener("keydown", (e) => { if (e.key === "Enter") go(); });
})();
