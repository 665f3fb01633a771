// The table page: joins the table, keeps a WebSocket open and draws every view the server
// sends (docs/web.md). The page only shows and asks: the server decides what is legal.
// A game's own drawing comes from its script (the server puts it before this one), which
// registers hooks in window.trixsim.games[name] (docs/web.md, "The game's script").
"use strict";

(() => {
  const $ = (id) => document.getElementById(id);
  const root = document.documentElement;
  const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean)[1] || "");
  const TOKEN_KEY = "trixsim.token." + tableId;
  const ABOUT_KEY = "trixsim.about." + tableId; // its game and when first seen, for the lobby
  const NAME_KEY = "trixsim.name"; // the name this device's person chose (the lobby's too)
  const HOLD_MS = 1300; // a completed trick stays in view this long before the next view
  // where each seat sits, counted from yours (the next seat on your right: counter-clockwise)
  const LAYOUT = {
    2: ["me", "top"],
    3: ["me", "right", "left"],
    4: ["me", "right", "top", "left"],
    5: ["me", "right", "tr", "tl", "left"],
    6: ["me", "right", "tr", "top", "tl", "left"],
  };
  const ACTION_WORDS = { pass: "Pass" }; // a game's own words: its hooks' actionWords

  let view = null;
  let ws = null;
  let seq = -1;
  const SILENT_MS = 12000; // no message (not even the server's ping) for this long: offline
  let retry = 0;
  const pending = [];
  let holdUntil = 0;
  let holdTimer = null;
  let lastTakenKey = null;
  let dismissedLook = null;
  let looksLeft = null;
  let looksDeal = null;
  let localPre; // a pre-selection sent but not yet confirmed (undefined: none)
  let busy = 0; // when an action was sent (no second one until the answer)
  let choosing = null; // a card with several actions (a joker's suit): its choices
  let dragging = null;
  let suppressClick = false;

  const esc = (s) => String(s).replace(/[&<>"']/g, (c) => (
    { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]));

  // -- talking to the server ---------------------------------------------------------------
  function send(msg) {
    if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(msg));
    else showError("not connected: trying again…");
  }

  function setConn(text) {
    $("conn").textContent = text;
  }

  let watching = "every seat has a player"; // why a page without a seat only watches
  let resultClosed = false; // the game-over sheet, once its Close is tapped
  let errorTimer = null;
  function showError(message) {
    const box = $("error");
    box.textContent = message;
    box.hidden = false;
    clearTimeout(errorTimer);
    errorTimer = setTimeout(() => { box.hidden = true; }, 7000);
  }

  async function join() {
    let token = localStorage.getItem(TOKEN_KEY);
    try {
      const r = await fetch(`/api/tables/${encodeURIComponent(tableId)}/join`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ token: token || null, name: localStorage.getItem(NAME_KEY) || null }),
      });
      if (r.status === 404) {
        $("title").textContent = "There is no such table.";
        setConn("");
        return;
      }
      if (r.status === 403) { // a table dealt from its creator's seed: watch, and say why
        const why = await r.json().catch(() => ({}));
        watching = why.error || "this table seats no one else";
        showError(watching);
        connect(null);
        return;
      }
      if (!r.ok) throw new Error(`join: ${r.status}`);
      const data = await r.json();
      if (data.token) {
        token = data.token;
        localStorage.setItem(TOKEN_KEY, token);
      }
      connect(data.seat === null || data.seat === undefined ? null : token);
    } catch (e) {
      setConn("cannot reach the server: trying again…");
      setTimeout(join, Math.min(10000, 500 * 2 ** retry++));
    }
  }

  function connect(token) {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const query = token ? `?token=${encodeURIComponent(token)}` : "";
    ws = new WebSocket(`${proto}//${location.host}/ws/${encodeURIComponent(tableId)}${query}`);
    ws.onopen = () => { retry = 0; seq = -1; heard = Date.now(); setConn(""); };
    ws.onmessage = (e) => {
      heard = Date.now(); // the server pings every 5 s: silence means a dead connection
      let msg;
      try { msg = JSON.parse(e.data); } catch (err) { return; }
      if (msg.type === "view" && msg.view) {
        if (typeof msg.seq === "number") {
          if (msg.seq <= seq) return;
          seq = msg.seq;
        }
        pending.push({ v: msg.view, at: Date.now() });
        pump();
        if (msg.view.last_trick && view) showLook(msg.view.last_trick); // asked for: at once
      } else if (msg.type === "error") {
        busy = 0;
        localPre = undefined;
        showError(msg.message || "refused");
        if (view) renderHand();
      }
    };
    ws.onclose = () => {
      ws = null;
      setConn("offline, reconnecting…");
      setTimeout(join, Math.min(10000, 500 * 2 ** retry++));
    };
  }

  // a connection that died without closing (a lost network) is noticed within ~12 s
  let heard = Date.now();
  setInterval(() => {
    if (ws && ws.readyState === WebSocket.OPEN && Date.now() - heard > SILENT_MS) {
      const dead = ws;
      ws = null;
      dead.onclose = null;
      dead.close();
      setConn("offline, reconnecting…");
      setTimeout(join, 500);
    }
  }, 1000);

  // views are drawn in order; a trick just taken holds the next one back a moment (counted
  // from when it came: a page never falls more than a moment behind the table)
  function pump() {
    clearTimeout(holdTimer);
    while (pending.length) {
      const wait = holdUntil - Date.now();
      if (wait > 0) {
        holdTimer = setTimeout(pump, wait);
        return;
      }
      const next = pending.shift();
      render(next.v, next.at);
    }
  }

  // -- small helpers on the view ---------------------------------------------------------------
  const pub = () => (view && view.public) || {};
  // the hooks of the view's game (docs/web.md): {} for a game without a script
  const hooks = () => (view && ((window.trixsim || {}).games || {})[view.game]) || {};
  const me = () => (view && view.seat !== null && view.seat !== undefined ? view.seat : null);

  function seatName(p) {
    if (!view || p === null || p === undefined) return "";
    const s = view.seats[p];
    let name = s ? s.name : `seat ${p}`; // a person's chosen name, or a bot's spec
    if (view.seats.some((o, q) => q !== p && o.name === name)) name += ` (seat ${p})`; // 3 × greedy
    return p === me() && name !== "you" ? `${name} (you)` : name;
  }

  // a seat in a sentence, with its verb: "greedy chooses", "you choose"
  function says(p, verb, base) {
    return p === me() ? `you ${base}` : `${seatName(p)} ${verb}`;
  }

  function pos(p) {
    const n = view.seats.length;
    const lay = LAYOUT[n] || LAYOUT[6];
    return lay[(p - (me() ?? 0) + n) % n] || "top";
  }

  function totalOf(p) {
    const t = view.totals || [];
    if (t.length === view.seats.length) return { label: "total", value: t[p] };
    const team = (view.teams || []).findIndex((members) => members.includes(p));
    return team >= 0 ? { label: "team total", value: t[team] } : null;
  }

  function cardButton(card, legal, pre) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "card" + (legal ? " legal" : "") + (pre ? " pre" : "");
    b.dataset.card = card;
    b.dataset.legal = legal ? "true" : "false";
    b.setAttribute("aria-pressed", pre ? "true" : "false");
    b.setAttribute("aria-label", Cards.label(card) + (legal ? ", playable" : "") +
      (pre ? ", pre-selected" : ""));
    b.innerHTML = Cards.svg(card);
    return b;
  }

  const faceDiv = (card, cls = "") => `<div class="tcard ${cls}">${Cards.svg(card)}</div>`;

  // what a game's hooks may use to draw (ask also gets say(text, cls) and the row of buttons)
  const ui = { esc, faceDiv, seatName, says, me, actionButton };

  // -- drawing ---------------------------------------------------------------------------------
  function render(v, at) {
    if (localPre !== undefined && (v.preselect === localPre || v.state !== "waiting")) {
      localPre = undefined;
    }
    busy = 0;
    choosing = null;
    view = v;
    root.dataset.state = v.state;
    if (me() !== null && !localStorage.getItem(ABOUT_KEY)) { // a seat here: the lobby lists it
      localStorage.setItem(ABOUT_KEY, JSON.stringify({ game: v.game, at: Date.now() }));
    }
    const game = hooks();
    const deal = game.deal ? game.deal(v) : undefined;
    if (v.taken) {
      const key = JSON.stringify(v.taken) + deal;
      if (key !== lastTakenKey) {
        lastTakenKey = key;
        holdUntil = at + HOLD_MS; // from its arrival: views that come quicker never fall behind
      }
    }
    if (deal !== looksDeal) {
      looksDeal = deal;
      looksLeft = (game.looksPerDeal ? game.looksPerDeal(v) : null) ?? null;
    }
    if (v.last_trick && typeof v.last_trick.looks_left === "number") looksLeft = v.last_trick.looks_left;
    renderTitle();
    renderSeats();
    renderCenter();
    renderAsk();
    renderHand();
    renderPanel();
    renderLog();
    renderLook();
    renderResult();
    renderNameBar();
    document.title = (v.state === "your-turn" ? "▶ your turn · " : "") + "trixsim";
  }

  function renderTitle() {
    const game = hooks();
    let text = game.title ? game.title(view, ui) : null;
    if (text === null || text === undefined) text = view.title || view.game;
    if (me() === null) text += " · watching";
    $("title").textContent = text;
    const link = `${location.origin}/t/${encodeURIComponent(tableId)}`;
    const share = $("share");
    share.href = link;
    share.textContent = link;
  }

  function renderSeats() {
    const p = pub();
    const game = hooks();
    const box = $("seats");
    box.innerHTML = "";
    view.seats.forEach((s, i) => {
      const el = document.createElement("div");
      el.className = `seat pos-${pos(i)}` + (view.to_act === i ? " to-act" : "") +
        (i === me() ? " mine" : "");
      el.dataset.seat = i;
      const total = totalOf(i);
      const own = (game.seat && game.seat(view, i)) || {};
      const stats = [];
      if (total) stats.push(`${total.label} ${total.value}`);
      stats.push(...(own.stats || []));
      if (p.cards_left) stats.push(`${p.cards_left[i]} card${p.cards_left[i] === 1 ? "" : "s"}`);
      const badges = [...((view.badges || [])[i] || []), ...(own.badges || [])];
      const dot = s.kind === "person" ? `<i class="dot ${s.connected ? "on" : "off"}" title="${
        s.connected ? "connected" : "away"}"></i>` : "";
      if (s.away && view.state !== "over") badges.push("away: a bot plays meanwhile (R10.2)");
      el.innerHTML = `<div class="name">${dot}${esc(seatName(i))}` +
        `<span class="kind">${s.kind === "bot" ? "bot" : ""}</span></div>` +
        `<div class="stats">${esc(stats.join(" · "))}</div>` +
        (badges.length ? `<div class="badges">${badges.map((b) => `<span>${esc(b)}</span>`).join("")}</div>` : "");
      box.appendChild(el);
    });
  }

  function trickHtml(cards, cls, winner = null) {
    return `<div class="trick n${view.seats.length}">` + cards.map((c, i) => (c ?
      `<div class="slot pos-${pos(i)}">${faceDiv(c, cls + (i === winner ? " win" : ""))}</div>` : "")).join("") + `</div>`;
  }

  function renderCenter() {
    const p = pub();
    const center = $("center");
    const own = (hooks().center && hooks().center(view, ui)) || {};
    let lines = [];
    let html = "";
    const trick = view.trick || [];
    if (typeof own.html === "string") {
      html = own.html;
    } else if (trick.some((c) => c)) {
      html = trickHtml(trick, "");
    } else if (view.taken) {
      html = trickHtml(view.taken.cards, "taken", view.taken.winner);
      lines.push(`${says(view.taken.winner, "takes", "take")} trick ${view.taken.number}`);
    }
    if (Array.isArray(own.lines)) lines = lines.concat(own.lines);
    else if (p.about) lines.push(p.about);
    if (view.state !== "over" && view.to_act !== null && view.state !== "your-turn") {
      lines.push(`waiting for ${seatName(view.to_act)}…`);
    }
    const shown = (view.felt || []).filter((f) => f.cards.length);
    const extra = shown.length ? `<div class="felt-cards">` + shown.map((f) =>
      `<figure>${f.cards.map((c) => faceDiv(c)).join("")}<figcaption>${esc(f.label)}</figcaption></figure>`).join("") + `</div>` : "";
    center.innerHTML = extra + html + `<div class="caption">${lines.map((l) => `<p>${esc(l)}</p>`).join("")}</div>`;
  }

  // a button for a legal action; `data` (e.g. "contract") marks it [data-contract=…] in bold
  function actionButton(text, data) {
    const b = document.createElement("button");
    b.type = "button";
    const words = { ...ACTION_WORDS, ...(view.words || {}), ...(hooks().actionWords || {}) };
    if (text in ACTION_WORDS || text in (hooks().actionWords || {})) {
      b.dataset.action = text;
      b.textContent = words[text];
    } else if (data) {
      b.dataset[data] = text;
      b.innerHTML = `<b>${esc(text)}</b>`;
    } else {
      b.dataset.act = text;
      b.textContent = words[text] || text;
    }
    b.addEventListener("click", () => act(text));
    return b;
  }

  function renderAsk() {
    const ask = $("ask");
    ask.innerHTML = "";
    if (view.state !== "your-turn") return;
    const say = (text, cls = "") => {
      const el = document.createElement("p");
      el.className = cls;
      el.textContent = text;
      ask.appendChild(el);
    };
    const row = document.createElement("div");
    row.className = "choices";
    if (choosing) {
      say(`${Cards.short(choosing.card)}: which?`);
      choosing.actions.forEach((a) => row.appendChild(actionButton(a)));
      ask.appendChild(row);
      return;
    }
    const game = hooks();
    if (!(game.ask && game.ask(view, { ...ui, say, row }))) {
      const cards = Object.keys(view.card_actions).length;
      say(`Your turn: ${view.ask || (cards ? "play a card" : "choose")}` +
        (cards ? " (tap a card, or drag it to the table)." : "."));
      if (view.controls && view.controls.length) {
        window.trixsim.drawControls(ask, view.controls, act, ACTION_WORDS);
      } else view.actions.forEach((a) => row.appendChild(actionButton(a)));
    }
    if (row.childNodes.length) ask.appendChild(row);
  }

  function renderHand() {
    const hand = $("hand");
    const focused = document.activeElement && hand.contains(document.activeElement) ?
      [...hand.children].indexOf(document.activeElement) : -1;
    hand.innerHTML = "";
    const pre = localPre !== undefined ? localPre : view.preselect;
    const width = Math.min(hand.clientWidth || window.innerWidth, 1000) - 16;
    const { cw, overlap } = Cards.handLayout(width, view.hand.length);
    hand.style.setProperty("--cw", `${cw}px`);
    hand.style.setProperty("--ov", `${overlap}`);
    view.hand.forEach((card) => {
      const legal = view.state === "your-turn" && !!view.card_actions[card];
      hand.appendChild(cardButton(card, legal, pre === card));
    });
    // why this page only watches, kept (#47.9): the join's refusal, else a full table
    if (me() === null) hand.innerHTML = `<p class="note">You are watching: ${esc(watching)}.</p>`;
    if (focused >= 0 && hand.children.length) {
      hand.children[Math.min(focused, hand.children.length - 1)].focus();
    }
  }

  function logText(entry) {
    if (typeof entry === "string") return entry;
    if (!entry || typeof entry !== "object") return String(entry);
    if (entry.text) return entry.text;
    const who = entry.seat !== undefined && entry.seat !== null ? seatName(entry.seat) + ": " : "";
    return who + (entry.action || entry.message || JSON.stringify(entry));
  }

  // a public fact in words: text as it is, lists joined, objects as "key: value"
  function fact(v) {
    if (v === null || v === undefined) return "–";
    if (Array.isArray(v)) return v.map(fact).join(", ");
    if (typeof v === "object") return Object.entries(v).map(([k, x]) => `${k}: ${fact(x)}`).join("; ");
    return String(v);
  }

  // the game's state in words (its describe's panel), below the hand
  function renderPanel() {
    const rows = view.panel || [];
    $("panel").hidden = !rows.length;
    $("panel").innerHTML = window.trixsim.panelHtml(rows);
  }

  // a seated person without a name chosen is asked for one (kept with the seat)
  function renderNameBar() {
    const mine = me() !== null ? view.seats[me()] : null;
    $("namebar").hidden = !(mine && mine.kind === "person" && !mine.named && view.state !== "over");
  }

  function renderLog() {
    const log = $("log");
    const items = (view.log || []).slice(-120);
    log.innerHTML = `<h2>What happened</h2><ol>` +
      items.map((e) => `<li>${esc(logText(e))}</li>`).join("") + `</ol>`;
    const drawn = hooks().facts === false || (view.panel && view.panel.length);
    if (!drawn && view.public && Object.keys(view.public).length) { // a game with no words of its own
      log.innerHTML += `<details open><summary>the table</summary><dl>` +
        Object.entries(view.public).map(([k, v]) => `<dt>${esc(k.replace(/_/g, " "))}</dt><dd>${esc(fact(v))}</dd>`).join("") +
        `</dl></details>`;
    }
    log.innerHTML += reviewLinks();
    const list = log.querySelector("ol");
    if (list) list.scrollTop = list.scrollHeight;
  }

  // each finished deal's Review (every decision valued, every hand then public: #45.3)
  function reviewLinks() {
    const n = view.reviews || 0;
    if (!n) return "";
    const word = view.deal || "deal";
    const link = (k) => `<a href="/t/${encodeURIComponent(tableId)}/review/${k}" title="review ${esc(word)} ${k}">${k}</a>`;
    return `<p class="reviews">Review each ${esc(word)}: ` +
      Array.from({ length: n }, (_, i) => link(i + 1)).join(" ") + `</p>`;
  }

  // [seat, card] pairs: in play order ({seat, card} objects), or by seat (null: no card)
  function lookCards(lt) {
    return (lt.cards || []).map((c, i) => (c && typeof c === "object" ? [c.seat, c.card] : [i, c]))
      .filter(([, card]) => card);
  }

  function renderLook() {
    const btn = document.querySelector('[data-action="last-trick"]');
    btn.textContent = "Last trick" + (looksLeft !== null ? ` (${looksLeft} left)` : "");
    const game = hooks();
    // only when there is a trick to see and a look left (the server says so: can_look)
    btn.disabled = view.state === "over" || !view.can_look || (!!game.lastTrick && !game.lastTrick(view));
    if (view.last_trick) showLook(view.last_trick);
  }

  function showLook(lt) {
    const key = JSON.stringify(lt);
    if (key === dismissedLook) return;
    const cards = lookCards(lt);
    const rows = cards.map(([p, c]) => `<div class="look-seat"><span>${esc(seatName(p))}</span>${faceDiv(c)}</div>`).join("");
    let foot = "";
    if (lt.winner !== undefined && lt.winner !== null) foot += `${says(lt.winner, "took", "took")} it. `;
    if (typeof lt.looks_left === "number") foot += `${lt.looks_left} look${lt.looks_left === 1 ? "" : "s"} left in this ${view.deal || "deal"}.`;
    $("overlay-body").innerHTML = `<div class="look">${rows}</div><p>${esc(foot)}</p>`;
    $("overlay").hidden = false;
    $("overlay").dataset.key = key;
    $("overlay-close").focus();
  }

  function closeLook() {
    dismissedLook = $("overlay").dataset.key || null;
    $("overlay").hidden = true;
  }

  function renderResult() {
    const box = $("result");
    const r = view.result;
    if (!r || resultClosed) { // closed by its button: the finished table stays in view
      box.hidden = true;
      if (!r) box.removeAttribute("data-result");
      return;
    }
    const order = r.ranks.map((rank, seat) => ({ rank, seat })).sort((a, b) => a.rank - b.rank || a.seat - b.seat);
    box.dataset.result = JSON.stringify(r.ranks);
    const total = (seat) => { const t = totalOf(seat); return t ? ` — ${t.label} ${t.value}` : ""; };
    // the reason as the server words it: it may begin with a bot's name, written as its spec
    const why = r.why ? `<p class="why">The game ended: ${esc(r.why)}.</p>` : "";
    box.innerHTML = `<h2>Game over</h2>${why}<ol class="ranks">` +
      order.map((o) => `<li data-rank="${o.rank}" data-seat="${o.seat}">${o.rank}. ${esc(seatName(o.seat))}${esc(total(o.seat))}</li>`).join("") +
      `</ol><p class="note">${r.lowest_wins ? "The lowest total wins." : "The highest total wins."}</p>` +
      reviewLinks() +
      `<p><a href="/t/${encodeURIComponent(tableId)}/record">the game's record</a> · <a href="/">a new table</a></p>` +
      `<p><button type="button" data-close-result>Close</button></p>`;
    box.hidden = false;
  }

  // -- what a person does -----------------------------------------------------------------------
  function act(action) {
    if (busy && Date.now() - busy < 3000) return;
    busy = Date.now();
    choosing = null;
    send({ type: "act", action });
  }

  function currentPre() {
    return localPre !== undefined ? localPre : view.preselect;
  }

  function onCard(card) {
    if (!view || me() === null || view.state === "over") return;
    if (view.state === "your-turn") {
      const actions = view.card_actions[card] || [];
      if (actions.length > 1) {
        choosing = { card, actions };
        renderAsk();
        return;
      }
      // acknowledged at once (#47.10): the card leaves the hand's row, and a trick held in
      // view is let go, its taker having seen it, so the answer is drawn when it comes
      const btn = hand.querySelector(`.card[data-card="${CSS.escape(card)}"]`);
      if (btn && btn.dataset.legal === "true") btn.classList.add("sent");
      if (holdUntil > Date.now()) {
        holdUntil = 0;
        pump();
      }
      act(actions[0] || card); // an illegal card: the server says which rule forbids it
      return;
    }
    const next = currentPre() === card ? null : card; // tap again to cancel (R10.3)
    localPre = next;
    send({ type: "preselect", action: next });
    renderHand();
  }

  const hand = $("hand");
  hand.addEventListener("click", (e) => {
    const btn = e.target.closest(".card");
    if (!btn || suppressClick) return;
    onCard(btn.dataset.card);
  });
  hand.addEventListener("keydown", (e) => {
    const btn = e.target.closest(".card");
    if (!btn) return;
    const cards = [...hand.querySelectorAll(".card")];
    const i = cards.indexOf(btn);
    let j = -1;
    if (e.key === "ArrowRight" || e.key === "ArrowDown") j = Math.min(cards.length - 1, i + 1);
    else if (e.key === "ArrowLeft" || e.key === "ArrowUp") j = Math.max(0, i - 1);
    else if (e.key === "Home") j = 0;
    else if (e.key === "End") j = cards.length - 1;
    if (j >= 0) {
      e.preventDefault();
      cards[j].focus();
    }
  });

  // drag a card onto the table to play it
  const felt = $("felt");
  const overFelt = (e) => {
    const r = felt.getBoundingClientRect();
    return e.clientX >= r.left && e.clientX <= r.right && e.clientY >= r.top && e.clientY <= r.bottom;
  };
  function endDrag() {
    if (!dragging) return;
    if (dragging.ghost) dragging.ghost.remove();
    dragging.btn.classList.remove("lifted");
    felt.classList.remove("drop");
    dragging = null;
  }
  hand.addEventListener("pointerdown", (e) => {
    suppressClick = false; // a new touch: only the click that ends a drag is not a tap
    const btn = e.target.closest(".card");
    if (!btn || (e.pointerType === "mouse" && e.button !== 0)) return;
    dragging = { btn, card: btn.dataset.card, x: e.clientX, y: e.clientY, ghost: null, id: e.pointerId };
  });
  window.addEventListener("pointermove", (e) => {
    if (!dragging || e.pointerId !== dragging.id) return;
    if (!dragging.ghost) {
      if (Math.hypot(e.clientX - dragging.x, e.clientY - dragging.y) < 10) return;
      const ghost = dragging.btn.cloneNode(true);
      ghost.classList.add("ghost");
      ghost.style.width = `${dragging.btn.offsetWidth}px`;
      document.body.appendChild(ghost);
      dragging.ghost = ghost;
      dragging.btn.classList.add("lifted");
    }
    const g = dragging.ghost;
    g.style.transform = `translate(${e.clientX - g.offsetWidth / 2}px, ${e.clientY - g.offsetHeight / 2}px)`;
    felt.classList.toggle("drop", overFelt(e));
    e.preventDefault();
  }, { passive: false });
  window.addEventListener("pointerup", (e) => {
    if (!dragging || e.pointerId !== dragging.id) return;
    const { card, ghost } = dragging;
    endDrag();
    if (ghost) {
      suppressClick = true;
      setTimeout(() => { suppressClick = false; }, 60);
      if (overFelt(e)) onCard(card);
    }
  });
  window.addEventListener("pointercancel", endDrag);

  $("last").addEventListener("click", () => {
    dismissedLook = null;
    send({ type: "last_trick" });
  });
  $("overlay-close").addEventListener("click", closeLook);
  $("result").addEventListener("click", (e) => { // the game-over sheet can be closed (#47.13)
    if (!e.target.closest("[data-close-result]")) return;
    resultClosed = true;
    $("result").hidden = true;
  });
  $("overlay").addEventListener("click", (e) => { if (e.target === $("overlay")) closeLook(); });
  $("logbtn").addEventListener("click", () => {
    const log = $("log");
    log.hidden = !log.hidden;
    $("logbtn").setAttribute("aria-expanded", String(!log.hidden));
  });
  $("namebar").addEventListener("submit", (e) => {
    e.preventDefault();
    const name = $("myname").value.trim().replace(/\s+/g, " ");
    if (!name) return;
    localStorage.setItem(NAME_KEY, name);
    send({ type: "name", name });
  });
  $("copy").addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText($("share").href);
      $("copy").textContent = "copied";
    } catch (e) {
      showError("copy the link by hand: " + $("share").href);
    }
  });
  document.addEventListener("keydown", (e) => {
    if (e.target.closest && e.target.closest("input, textarea, select")) return;
    if (e.key === "Escape" && !$("overlay").hidden) closeLook();
    else if ((e.key === "l" || e.key === "L") && !e.ctrlKey && !e.metaKey && !e.altKey) $("last").click();
  });
  window.addEventListener("resize", () => { if (view) renderHand(); });

  if (!tableId) $("title").textContent = "No table in this address.";
  else join();
})();
