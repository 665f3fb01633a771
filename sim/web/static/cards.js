// Card faces drawn by the page itself as inline SVG (nothing is fetched).
// A card is its record notation: rank then suit ("QS", "TD", "7H"), or "JK" (a joker).
"use strict";

const Cards = (() => {
  const SUITS = { H: "♥", C: "♣", D: "♦", S: "♠" };
  const SUIT_WORDS = { H: "hearts", C: "clubs", D: "diamonds", S: "spades" };
  const RANK_WORDS = {
    A: "ace", K: "king", Q: "queen", J: "jack", T: "10",
    9: "9", 8: "8", 7: "7", 6: "6", 5: "5", 4: "4", 3: "3", 2: "2",
  };
  const RED = { H: true, D: true };
  const W = 60, H = 84; // the card's own units; the page scales it

  // pip positions (x, y) in a 60 × 84 card, by the number of pips
  const L = 19, C = 30, R = 41, T = 20, B = 64, M = 42;
  const Q1 = 34.7, Q3 = 49.3;
  const PIPS = {
    1: [[C, M]],
    2: [[C, T], [C, B]],
    3: [[C, T], [C, M], [C, B]],
    4: [[L, T], [R, T], [L, B], [R, B]],
    5: [[L, T], [R, T], [C, M], [L, B], [R, B]],
    6: [[L, T], [R, T], [L, M], [R, M], [L, B], [R, B]],
    7: [[L, T], [R, T], [C, 31], [L, M], [R, M], [L, B], [R, B]],
    8: [[L, T], [R, T], [C, 31], [L, M], [R, M], [C, 53], [L, B], [R, B]],
    9: [[L, T], [R, T], [L, Q1], [R, Q1], [C, M], [L, Q3], [R, Q3], [L, B], [R, B]],
    10: [[L, T], [R, T], [C, 27.5], [L, Q1], [R, Q1], [L, Q3], [R, Q3], [C, 56.5], [L, B], [R, B]],
  };
  const COUNT = { A: 1, T: 10, 9: 9, 8: 8, 7: 7, 6: 6, 5: 5, 4: 4, 3: 3, 2: 2 };

  function parse(text) {
    const t = String(text || "").toUpperCase();
    if (t === "JK" || t === "JOKER") return { rank: "JK", suit: "", joker: true };
    return { rank: t.slice(0, -1), suit: t.slice(-1), joker: false };
  }

  function label(text) {
    const c = parse(text);
    if (c.joker) return "joker";
    const rank = RANK_WORDS[c.rank] || c.rank;
    return `${rank} of ${SUIT_WORDS[c.suit] || c.suit}`;
  }

  // the short text a person reads: "10♦", "Q♠"
  function short(text) {
    const c = parse(text);
    if (c.joker) return "Joker";
    return (c.rank === "T" ? "10" : c.rank) + (SUITS[c.suit] || c.suit);
  }

  function isRed(text) {
    return !!RED[parse(text).suit];
  }

  function corner(rank, sym, color) {
    const r = rank === "T" ? "10" : rank;
    const size = r.length > 1 ? 10.5 : 12;
    return `<g fill="${color}" font-family="Georgia, 'Times New Roman', serif" font-weight="700">` +
      `<text x="7.5" y="14" font-size="${size}" text-anchor="middle">${r}</text>` +
      `<text x="7.5" y="25" font-size="10" text-anchor="middle">${sym}</text></g>`;
  }

  function pips(n, sym, color) {
    const big = n === 1 ? 30 : 13;
    return PIPS[n].map(([x, y]) => {
      const flip = n > 1 && y > M + 0.1 ? ` transform="rotate(180 ${x} ${y})"` : "";
      return `<text x="${x}" y="${y + big * 0.35}" font-size="${big}" text-anchor="middle" ` +
        `fill="${color}"${flip}>${sym}</text>`;
    }).join("");
  }

  function face(rank, sym, color) {
    const crown = rank === "K" ? "M22 30 l4 -7 l4 5 l4 -5 l4 7 z" :
      rank === "Q" ? "M23 30 q7 -9 14 0 z" : "M25 30 l5 -6 l5 6 z";
    return `<rect x="13" y="11" width="34" height="62" rx="3" fill="${color === "#c62828" ? "#fdeaea" : "#eaeefa"}" ` +
      `stroke="${color}" stroke-width="0.8"/>` +
      `<path d="${crown}" fill="#e0b33a" stroke="${color}" stroke-width="0.6"/>` +
      `<text x="30" y="54" font-size="24" font-weight="700" text-anchor="middle" fill="${color}" ` +
      `font-family="Georgia, 'Times New Roman', serif">${rank}</text>` +
      `<text x="30" y="68" font-size="11" text-anchor="middle" fill="${color}">${sym}</text>`;
  }

  function joker() {
    return `<text x="30" y="50" font-size="26" text-anchor="middle" fill="#6a1b9a">★</text>` +
      `<text x="9" y="16" font-size="7.5" font-weight="700" fill="#6a1b9a" ` +
      `font-family="sans-serif">JOKER</text>` +
      `<text x="51" y="68" font-size="7.5" font-weight="700" fill="#6a1b9a" ` +
      `font-family="sans-serif" transform="rotate(180 51 68)">JOKER</text>`;
  }

  // An <svg> string of the face of ``text``.
  function svg(text) {
    const c = parse(text);
    const sym = SUITS[c.suit] || c.suit;
    const color = RED[c.suit] ? "#c62828" : "#1a1a1a";
    let body;
    if (c.joker) body = joker();
    else {
      const inner = COUNT[c.rank] ? pips(COUNT[c.rank], sym, color) : face(c.rank, sym, color);
      body = corner(c.rank, sym, color) + inner +
        `<g transform="rotate(180 ${W / 2} ${H / 2})">${corner(c.rank, sym, color)}</g>`;
    }
    return `<svg class="face" viewBox="0 0 ${W} ${H}" role="img" aria-label="${label(text)}">` +
      `<rect x="0.5" y="0.5" width="${W - 1}" height="${H - 1}" rx="5" fill="#fff" stroke="#8a8a8a"/>` +
      body + `</svg>`;
  }

  // The back of a card (other seats' hands).
  function back() {
    let dots = "";
    for (let y = 12; y < H - 6; y += 9) {
      for (let x = 10 + ((y / 9) % 2) * 4.5; x < W - 6; x += 9) {
        dots += `<circle cx="${x}" cy="${y}" r="1.6"/>`;
      }
    }
    return `<svg class="back" viewBox="0 0 ${W} ${H}" aria-hidden="true">` +
      `<rect x="0.5" y="0.5" width="${W - 1}" height="${H - 1}" rx="5" fill="#fff" stroke="#8a8a8a"/>` +
      `<rect x="4" y="4" width="${W - 8}" height="${H - 8}" rx="3" fill="#22468f"/>` +
      `<g fill="#6f8fd6">${dots}</g></svg>`;
  }

  // A hand of n cards in width px: cards of 38 to 84 px, each covering 18% of the one before;
  // where 38 px cards would not fit so (13 cards on a 390 px phone, #47.8) they cover more,
  // down to the corner that shows the rank and suit, so the hand never leaves the screen.
  function handLayout(width, n) {
    const cw = Math.max(38, Math.min(84, width / Math.max(1, n * 0.82 + 0.18)));
    const shown = n > 1 ? Math.min(0.82, (width - cw) / ((n - 1) * cw)) : 0.82;
    return { cw, overlap: 1 - Math.max(0.45, shown) };
  }

  return { svg, back, label, short, isRed, parse, handLayout, SUITS };
})();
