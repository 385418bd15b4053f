// cardrules web client: the lobby, the table (player and spectator) and the leaderboard.
// Plain JavaScript, no libraries. Everything shown comes from the server's JSON, which is
// built from the seat's view only; the browser never holds another player's cards.
"use strict";

const CARD_RE = /(?:10|[2-9AJQK])[♣♦♥♠]|JK/g;
const params = new URLSearchParams(location.search);
// Delay between the opponents' moves as they are shown, in milliseconds (?speed=0: none).
const SPEED = params.has("speed") ? Math.max(0, Number(params.get("speed")) || 0) : 450;

function el(tag, attrs, text) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (key === "class") node.className = value;
    else node.setAttribute(key, value);
  }
  if (text !== undefined) node.textContent = text;
  return node;
}

function isRed(card) { return card.includes("♥") || card.includes("♦"); }

// Text with its cards wrapped in spans (red suits red); built from text nodes, never innerHTML.
function cardText(parent, text) {
  let last = 0;
  for (const match of text.matchAll(CARD_RE)) {
    if (match.index > last) parent.append(text.slice(last, match.index));
    parent.append(el("span", { class: isRed(match[0]) ? "c red" : "c" }, match[0]));
    last = match.index + match[0].length;
  }
  if (last < text.length) parent.append(text.slice(last));
  return parent;
}

// The page runs in one of two modes: served by `cardrules serve` (the server holds the games
// and sends views), or as the static site of `cardrules site build` (data-mode="static": the
// engine runs in a Web Worker on this device and answers the same requests).
const STATIC = document.documentElement.dataset.mode === "static";

function tableLink(id) { return STATIC ? `table.html?id=${encodeURIComponent(id)}` : `/table/${id}`; }

async function serverApi(method, path, body) {
  const options = { method, headers: { Accept: "application/json" }, credentials: "same-origin" };
  if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, options);
  } catch (error) {
    return { ok: false, status: 0, lost: true, data: null };
  }
  let data = null;
  try { data = await response.json(); } catch (e) { data = null; }
  // A proxy or a restarting server may answer 502/503/504 without our JSON: that is a lost
  // request too, worth trying again.
  const lost = response.status >= 502 && response.status <= 504 && !(data && data.error);
  return { ok: response.ok, status: response.status, lost, data };
}

// ---------------------------------------------------------------- the static site's engine

const store = {
  read(key, fallback) {
    try { const text = localStorage.getItem(key); return text === null ? fallback : JSON.parse(text); }
    catch (e) { return fallback; }
  },
  write(key, value) { localStorage.setItem(key, JSON.stringify(value)); },
};
let site = null;
let worker = null;
let workerReady = null;
const waiting = new Map();
let nextRequest = 1;

async function siteInfo() {
  if (site === null) site = await (await fetch("site.json")).json();
  return site;
}

function startWorker() {
  if (worker !== null) return workerReady;
  worker = new Worker("static/worker.js");
  workerReady = new Promise((resolve, reject) => {
    worker.addEventListener("message", (event) => {
      const message = event.data;
      if (message.ready === true) { resolve(message.bootMs); return; }
      if (message.ready === false) { reject(new Error(message.error)); return; }
      const pending = waiting.get(message.id);
      if (!pending) return;
      waiting.delete(message.id);
      if (message.error) pending.reject(new Error(message.error)); else pending.resolve(message);
    });
  });
  return workerReady;
}

function askWorker(message) {
  startWorker();
  const id = nextRequest++;
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    worker.postMessage({ id, ...message });
  });
}

function gameList() { return store.read("cardrules.games", {}); }

// Ranking points as the server's leaderboard counts them: a won game earns the points of the
// hardest computer level at the table; a practice game (seed chosen) or one against an
// unranked level (random) earns nothing and is not recorded.
function recordResult(summary, points) {
  if (summary.practice) return "Practice game (you chose the seed): not recorded on the leaderboard.";
  const unranked = [...new Set(summary.rivals.filter((level) => !(level in points)))].sort();
  if (unranked.length) return `Not recorded on the leaderboard: ${unranked.join(", ")} opponents are unranked.`;
  const order = Object.keys(points);
  const best = summary.rivals.reduce((a, b) => (order.indexOf(a) >= order.indexOf(b) ? a : b));
  const earned = summary.won ? points[best] : 0;
  const results = store.read("cardrules.results", []);
  results.push({ id: summary.id, player: summary.player, game: summary.game, won: summary.won,
    points: earned, best: summary.won ? best : null, at: Date.now() });
  store.write("cardrules.results", results);
  return summary.won
    ? `${earned} ranking points for ${summary.player} on this browser's leaderboard.`
    : `Recorded a lost game for ${summary.player} on this browser's leaderboard.`;
}

function localLeaderboard(info) {
  const results = store.read("cardrules.results", []);
  const order = Object.keys(info.points);
  const tables = [];
  for (const game of [...Object.keys(info.titles), null]) {
    const rows = new Map();
    for (const r of results) {
      if (game !== null && r.game !== game) continue;
      const row = rows.get(r.player) || { player: r.player, points: 0, wins: 0, games: 0, best: null };
      row.points += r.points; row.games += 1;
      if (r.won) {
        row.wins += 1;
        if (row.best === null || order.indexOf(r.best) > order.indexOf(row.best)) row.best = r.best;
      }
      rows.set(r.player, row);
    }
    const sorted = [...rows.values()].sort((a, b) => b.points - a.points || b.wins - a.wins ||
      a.games - b.games || a.player.localeCompare(b.player));
    tables.push({ game, title: game === null ? "All games" : info.titles[game], rows: sorted });
  }
  return { tables, points: info.points };
}

async function localApi(method, path, body) {
  const info = await siteInfo();
  if (method === "GET" && path === "/api/leaderboard") {
    return { ok: true, status: 200, data: localLeaderboard(info) };
  }
  const games = gameList();
  if (method === "GET" && path === "/api/games") {
    const listed = Object.values(games).sort((a, b) => b.touched - a.touched);
    return { ok: true, status: 200, data: { games: listed } };
  }
  const id = path.split("/")[3];
  const saved = id ? localStorage.getItem(`cardrules.game.${id}`) : null;
  let answer;
  try {
    const message = await askWorker({ method, path, saved,
      body: body === undefined ? null : JSON.stringify(body) });
    answer = JSON.parse(message.reply);
  } catch (error) {
    return { ok: false, status: 500, data: { error: { code: "engine", message: `the game engine failed: ${error.message}` } } };
  }
  if (answer.summary) {
    const summary = answer.summary;
    const known = games[summary.id] || {};
    summary.touched = Date.now();
    summary.result = known.result || null;
    if (summary.over && summary.result === null) summary.result = recordResult(summary, info.points);
    localStorage.setItem(`cardrules.game.${summary.id}`, answer.document);
    games[summary.id] = summary;
    // Keep the ten most recent games; older ones' documents are let go.
    const order = Object.values(games).sort((a, b) => b.touched - a.touched);
    for (const old of order.slice(10)) {
      delete games[old.id];
      localStorage.removeItem(`cardrules.game.${old.id}`);
    }
    store.write("cardrules.games", games);
    if (summary.over) answer.data.result = summary.result;
  }
  return { ok: answer.status < 400, status: answer.status, data: answer.data };
}

function api(method, path, body) {
  return STATIC ? localApi(method, path, body) : serverApi(method, path, body);
}

function errorText(reply) {
  if (reply.data && reply.data.error) return reply.data.error.message;
  if (reply.lost) return "the connection to the server was lost";
  return `the server answered ${reply.status}`;
}

// ---------------------------------------------------------------- lobby

function lobby() {
  const form = document.getElementById("lobby");
  const game = document.getElementById("game");
  const message = document.getElementById("message");
  function showOptions() {
    for (const set of document.querySelectorAll(".opt")) {
      set.hidden = !set.dataset.games.split(" ").includes(game.value);
    }
  }
  document.getElementById("watch").hidden = !STATIC;
  game.addEventListener("change", showOptions);
  showOptions();
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const value = (id) => document.getElementById(id).value.trim();
    const checked = (id) => document.getElementById(id).checked;
    const body = {
      game: game.value,
      players: Number(value("opponents")) + 1,
      level: value("level"),
      name: value("name"),
    };
    if (game.value !== "vegas_rummy" && value("target")) body.target = Number(value("target"));
    if (game.value === "vegas_rummy") {
      if (value("max_score")) body.max_score = Number(value("max_score"));
      if (value("buy_in")) body.buy_in = value("buy_in");
    }
    if (game.value === "casino") {
      body.royal = checked("royal");
      body.sweeps = checked("sweeps");
      body.partners = checked("partners");
      if (body.partners) body.players = 4;
    }
    if (value("seed")) body.seed = Number(value("seed"));
    const speed = SPEED !== 450 ? `speed=${SPEED}` : "";
    if (STATIC && event.submitter && event.submitter.id === "watch") {
      // Every seat a computer player of the chosen level; the worker deals on the page.
      sessionStorage.setItem("cardrules.watch", JSON.stringify(body));
      location.href = `watch.html${speed ? `?${speed}` : ""}`;
      return;
    }
    if (STATIC) {
      // The engine starts in the table page's worker: the deal happens there, once.
      sessionStorage.setItem("cardrules.new", JSON.stringify(body));
      location.href = `table.html?new=1${speed ? `&${speed}` : ""}`;
      return;
    }
    message.textContent = "Dealing…";
    const reply = await api("POST", "/api/games", body);
    if (!reply.ok) { message.textContent = errorText(reply); return; }
    location.href = `${tableLink(reply.data.id)}${speed ? `?${speed}` : ""}`;
  });
  api("GET", "/api/games").then((reply) => {
    if (!reply.ok || !reply.data.games.length) return;
    const list = document.getElementById("mine-list");
    for (const g of reply.data.games.slice(0, 10)) {
      const item = el("li");
      const link = el("a", { href: tableLink(g.id) }, g.title);
      item.append(link, ` — ${g.over ? "finished" : "in progress"}, ${g.moves} moves`);
      list.append(item);
    }
    document.getElementById("mine").hidden = false;
  });
}

// ---------------------------------------------------------------- cards

const ASSETS = STATIC ? "static/" : "/static/";
const SVG_NS = "http://www.w3.org/2000/svg";
const RANK_NAMES = { A: "ace", J: "jack", Q: "queen", K: "king" };
const SUITS = { "♣": ["C", "clubs"], "♦": ["D", "diamonds"], "♥": ["H", "hearts"], "♠": ["S", "spades"] };
const RANK_ORDER = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
const SUIT_ORDER = ["♣", "♦", "♥", "♠"];

// What a screen reader says for a card: "queen of hearts", "joker".
function cardName(card) {
  if (card === "JK") return "joker";
  const rank = card.slice(0, -1);
  const suit = SUITS[card.slice(-1)];
  return `${RANK_NAMES[rank] || rank} of ${suit ? suit[1] : card.slice(-1)}`;
}

// Text with its cards named for a screen reader: "discard K♠" -> "discard king of spades";
// a build named by its cards, "[3♣ 4♦]", is "the build of 3 of clubs and 4 of diamonds".
function spokenText(text) {
  return text.replace(/\[([^\]]*)\]/g, (_, inner) => `the build of ${(inner.match(CARD_RE) || []).map(cardName).join(" and ")}`)
    .replace(CARD_RE, (card) => cardName(card));
}

function svgNode(tag, attrs) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  return node;
}

// One card face as SVG: the rank in the corners, the suit's symbol (static/cards.svg) large.
function cardFace(card) {
  const svg = svgNode("svg", { viewBox: "0 0 50 70", class: "face", "aria-hidden": "true", focusable: "false" });
  svg.append(svgNode("rect", { x: 1, y: 1, width: 48, height: 68, rx: 5, class: "paper" }));
  const joker = card === "JK";
  const rank = joker ? "JK" : card.slice(0, -1);
  const suit = joker ? "J" : (SUITS[card.slice(-1)] || ["J"])[0];
  const ink = suit === "H" || suit === "D" ? "red" : (joker ? "joker" : "black");
  // The rank and a small suit in the top-left corner, and the same turned round (bottom right).
  for (const turn of ["", "rotate(180 25 35)"]) {
    const corner = svgNode("g", turn ? { transform: turn } : {});
    const text = svgNode("text", { x: 4, y: 14, class: `rank ${ink}` });
    text.textContent = rank;
    corner.append(text, svgNode("use", { href: `${ASSETS}cards.svg#${suit}`, x: 4, y: 17, width: 9, height: 9 }));
    svg.append(corner);
  }
  svg.append(svgNode("use", { href: `${ASSETS}cards.svg#${suit}`, x: 14, y: 23, width: 24, height: 24 }));
  return svg;
}

function cardBack() {
  const svg = svgNode("svg", { viewBox: "0 0 50 70", class: "face back", "aria-hidden": "true", focusable: "false" });
  svg.append(svgNode("use", { href: `${ASSETS}cards.svg#back`, width: 50, height: 70 }));
  return svg;
}

// A card to look at (not to click): SVG with its name for screen readers.
function cardImage(card, extra) {
  const box = el("span", { class: `card-img${extra ? ` ${extra}` : ""}`, role: "img", "aria-label": cardName(card), "data-card": card });
  box.append(cardFace(card));
  return box;
}

function sortCards(cards, how) {
  const key = (card) => {
    if (card === "JK") return [99, 99];
    const rank = RANK_ORDER.indexOf(card.slice(0, -1));
    const suit = SUIT_ORDER.indexOf(card.slice(-1));
    return how === "rank" ? [rank, suit] : [suit, rank];
  };
  return [...cards].sort((a, b) => { const x = key(a), y = key(b); return x[0] - y[0] || x[1] - y[1]; });
}

// The keys that play the listed moves, in the order they are shown: 1-9, then a-z.
const MOVE_KEYS = [..."123456789abcdefghijklmnopqrstuvwxyz"];

// ---------------------------------------------------------------- table

function tablePage() {
  const parts = location.pathname.split("/");
  // A spectator: of a player's game on the server (/watch/{id}), or, on the static site,
  // of a game of computer players the worker plays move by move (watch.html).
  const watchingBots = STATIC && document.body.dataset.page === "watch";
  const spectator = watchingBots || (!STATIC && parts[1] === "watch");
  let id = STATIC ? params.get("id") : parts[2];
  const $ = (name) => document.getElementById(name);
  let current = null;
  let selected = new Set();   // cards of your hand
  let picked = new Set();     // cards on the table (Casino: what to capture or build with)
  let busy = false;
  let shownRounds = -1;
  let retryNow = null;
  let shownMoves = [];        // the moves as listed, in key order
  let hinted = null;          // the hint for this version of the table: {version, index, text, reason}
  let sortBy = localStorage.getItem("cardrules.sort") || "suit";
  let speed = params.has("speed") ? SPEED : Number(localStorage.getItem("cardrules.speed") || SPEED);

  function say(text) { $("message").textContent = text; }

  function cardsOf(text) { return text.match(CARD_RE) || []; }

  function visibleMoves() {
    if (!current) return [];
    return current.moves.filter((m) => {
      // A first step matches the table cards it may take next as well.
      const cards = [...cardsOf(m.text), ...(m.step ? m.step.then.flatMap(cardsOf) : [])];
      for (const c of selected) if (!cards.includes(c)) return false;
      for (const c of picked) if (!cards.includes(c)) return false;
      return true;
    });
  }

  function playable() { return current && current.your_turn && !busy; }

  // Play the listed move with this text, or, when none is listed, send the text anyway: the
  // game answers with its own reason why not (shown as "Not allowed: ...").
  function playText(text, match) {
    const move = current.moves.find(match || ((m) => m.text === text));
    if (move) play({ index: move.index }); else play({ text });
  }

  function seatBox(seat, data) {
    const box = el("div", { class: `seat${seat.to_act ? " acting" : ""}${seat.active === false ? " out" : ""}`,
      "data-seat": String(seat.seat) });
    box.append(el("div", { class: "seat-name" }, seat.name + (seat.to_act ? " ◂" : "")));
    const backs = el("div", { class: "backs", role: "img", "aria-label": `${seat.cards} cards in hand` });
    for (let i = 0; i < Math.min(seat.cards, 12); i++) {
      const back = el("span", { class: "card-img" });
      back.append(cardBack());
      backs.append(back);
    }
    box.append(backs);
    const facts = [`${seat.cards} card${seat.cards === 1 ? "" : "s"}`];
    if (seat.pile !== undefined) facts.push(`${seat.pile} captured`);
    if (seat.sweeps) facts.push(`${seat.sweeps} sweep${seat.sweeps === 1 ? "" : "s"}`);
    if (seat.busts) facts.push(`busted ${seat.busts}×`);
    if (seat.active === false) facts.push("retired");
    box.append(el("div", { class: "seat-facts" }, facts.join(" · ")));
    return box;
  }

  function drawOpponents(data) {
    const row = $("opponents");
    row.textContent = "";
    for (const seat of data.board.seats) {
      if (seat.seat === data.seat) continue;
      row.append(seatBox(seat, data));
    }
  }

  function drawStockAndPile(data) {
    const board = data.board;
    const stock = $("stock");
    stock.textContent = "";
    const draw = data.moves.find((m) => m.text === "draw");
    const stockButton = el("button", { type: "button", class: "pile-card stock",
      "aria-label": `stock: ${board.stock_size} cards${draw ? ", draw" : ""}` });
    stockButton.append(cardBack());
    stockButton.disabled = !draw || !playable();
    stockButton.addEventListener("click", () => { if (draw) play({ index: draw.index }); });
    stock.append(stockButton, el("div", { class: "count" }, `stock ${board.stock_size}`));
    const pile = $("pile");
    pile.textContent = "";
    if (data.game === "casino") { drawCasinoTable(data, pile); return; }
    pile.append(el("div", { class: "zone-name" }, `discard pile (${board.discard.length})`));
    const fan = el("div", { class: "discard-fan" });
    const takes = new Map();
    for (const m of data.moves) {
      const match = /^take(?: (\S+))?(?: \+(\d+))?$/.exec(m.text);
      if (!match) continue;
      const card = match[1] || board.discard[board.discard.length - 1];
      takes.set(card, { move: m, more: Number(match[2] || 0) });
    }
    const drawPhase = data.your_turn && data.moves.some((m) => m.text === "draw");
    board.discard.forEach((card, i) => {
      const take = takes.get(card);
      const below = board.discard.length - 1 - i;
      const label = `${cardName(card)}${take ? `: take it${take.more ? ` and the ${take.more} card${take.more === 1 ? "" : "s"} above it` : ""}` : ""}`;
      const button = el("button", { type: "button", class: `pile-card${take ? " takeable" : ""}`,
        "data-card": card, "aria-label": label });
      button.append(cardFace(card));
      if (take && take.more) button.append(el("span", { class: "cost" }, `+${take.more}`));
      button.disabled = !drawPhase || busy;
      button.addEventListener("click", () => {
        if (take) play({ index: take.move.index });
        else if (data.game === "rummy500") play({ text: `take ${card}` });  // the game says why not
        else if (below === 0) play({ text: "take" });
        else say("Not allowed: only the top card of the discard pile can be taken.");
      });
      button.title = take ? label : (below ? `digging here takes ${below} more card${below === 1 ? "" : "s"}` : label);
      fan.append(button);
    });
    pile.append(fan);
  }

  function drawCasinoTable(data, pile) {
    const board = data.board;
    pile.append(el("div", { class: "zone-name" }, `on the table (deal ${board.deal}${board.last_deal ? ", the last" : ""})`));
    const spread = el("div", { class: "spread" });
    for (const card of board.loose) {
      const button = el("button", { type: "button", class: "pile-card loose", "data-card": card,
        "aria-label": cardName(card), "aria-pressed": picked.has(card) ? "true" : "false" });
      button.append(cardFace(card));
      button.disabled = spectator;
      button.addEventListener("click", () => togglePicked([card]));
      spread.append(button);
    }
    for (const build of board.builds) {
      const isPicked = build.cards.every((c) => picked.has(c));
      const button = el("button", { type: "button", class: "build", "aria-pressed": isPicked ? "true" : "false",
        "aria-label": `build of ${build.value}, ${build.owner_name}'s: ${build.groups.map((g) => g.map(cardName).join(" and ")).join("; ")}` });
      for (const group of build.groups) {
        const stack = el("span", { class: "stack" });
        for (const card of group) stack.append(cardImage(card));
        button.append(stack);
      }
      button.append(el("span", { class: "build-label" }, `build ${build.value} · ${build.owner_name}`));
      button.disabled = spectator;
      button.addEventListener("click", () => togglePicked(build.cards));
      spread.append(button);
    }
    if (!board.loose.length && !board.builds.length) spread.append(el("p", { class: "note" }, "The table is empty."));
    pile.append(spread);
    if (board.pending) {
      pile.append(cardText(el("p", { class: "pending", id: "pending" }),
        `In progress: ${board.pending} … — it goes on with the moves listed under "go on".`));
    }
  }

  function togglePicked(cards) {
    const all = cards.every((c) => picked.has(c));
    for (const c of cards) if (all) picked.delete(c); else picked.add(c);
    draw(current);
  }

  function drawMelds(data) {
    const box = $("melds");
    box.textContent = "";
    if (data.game === "casino") { box.hidden = true; return; }
    box.hidden = false;
    box.append(el("div", { class: "zone-name" }, data.board.melds.length ? "melds" : "no melds yet"));
    const hand = [...selected];
    for (const meld of data.board.melds) {
      const target = hand.length === 1
        ? data.moves.filter((m) => m.text.startsWith(`lay off ${hand[0]}`) && m.text.endsWith(` on #${meld.number}`))
        : [];
      const button = el("button", { type: "button", class: `meld${target.length ? " target" : ""}`,
        "data-number": String(meld.number),
        "aria-label": `meld ${meld.number}, ${meld.owner_name}'s: ${meld.cards.map((c) => cardName(c.card)).join(", ")}${hand.length === 1 ? `; lay off ${cardName(hand[0])} here` : ""}` });
      button.append(el("span", { class: "meld-label" }, `#${meld.number} ${meld.owner_name}`));
      const cards = el("span", { class: "meld-cards" });
      for (const c of meld.cards) {
        const who = data.names[c.by] || "";
        const image = cardImage(c.card, `by-${c.by}`);
        image.setAttribute("aria-label", `${cardName(c.card)}, placed by ${who}`);
        image.title = `placed by ${who}`;
        image.append(el("span", { class: "by" }, c.by === data.seat ? who.slice(0, 1) : String(c.by)));
        cards.append(image);
      }
      button.append(cards);
      button.disabled = !playable() || hand.length !== 1;
      button.addEventListener("click", () => {
        // Lay off: the selected card on this meld. Several ways (a wild's rank): list them.
        if (target.length === 1) play({ index: target[0].index });
        else if (target.length > 1) say("Choose how below.");
        else play({ text: `lay off ${hand[0]} on #${meld.number}` });
      });
      box.append(button);
    }
  }

  function drawScores(data) {
    const grid = $("scores");
    grid.textContent = "";
    const head = el("tr");
    for (const h of ["", "score"]) head.append(el("th", { scope: "col" }, h));
    if (data.board.round_points) head.append(el("th", { scope: "col" }, "melded this round"));
    grid.append(head);
    data.board.scores.forEach((side, i) => {
      const row = el("tr");
      row.append(el("th", { scope: "row" }, side.name), el("td", {}, String(side.score)));
      if (data.board.round_points) row.append(el("td", {}, String(data.board.round_points[i])));
      grid.append(row);
    });
    const money = data.board.money;
    const box = $("money");
    box.hidden = !money;
    if (money) {
      box.textContent = "";
      box.append(el("div", { class: "pot" }, `Pot ${money.pot}`),
        el("div", { class: "note" }, `buy-in ${money.buy_in} · bust at ${money.max_score} · paid in: ` +
          money.paid.map((p) => `${p.name} ${p.paid}`).join(", ")));
    }
  }

  function drawTable(data) {
    $("title").textContent = data.title + (spectator ? " (watching)" : "");
    document.title = `cardrules — ${data.title}`;
    drawOpponents(data);
    drawStockAndPile(data);
    drawMelds(data);
    drawScores(data);
    let status;
    if (data.over) status = "The game is over.";
    else if (data.your_turn) status = "Your turn.";
    else status = `${data.to_act_name === null ? "Nobody" : data.to_act_name} to act.`;
    if (data.pot !== undefined) status += ` Pot: ${data.pot}.`;
    if (data.practice) status += " Practice game (no ranking points).";
    $("status").textContent = status;
  }

  function drawHand(data) {
    const hand = $("hand");
    hand.textContent = "";
    const usable = new Set();
    for (const m of data.moves) for (const c of cardsOf(m.text)) usable.add(c);
    const seen = new Map();
    for (const card of sortCards(data.hand, sortBy)) {
      const n = seen.get(card) || 0;
      seen.set(card, n + 1);
      const key = `${card}#${n}`;
      const button = el("button", {
        type: "button",
        class: `card${isRed(card) ? " red" : ""}${usable.has(card) ? " playable" : ""}`,
        "aria-pressed": selected.has(card) ? "true" : "false",
        "aria-label": cardName(card),
        "data-card": card,
        "data-key": key,
      });
      button.append(cardFace(card));
      button.addEventListener("click", () => {
        if (selected.has(card)) selected.delete(card); else selected.add(card);
        draw(current);
        const again = hand.querySelector(`[data-key="${CSS.escape(key)}"]`);
        if (again) again.focus();
      });
      hand.append(button);
    }
    $("sort").textContent = `Sort by ${sortBy === "suit" ? "rank" : "suit"}`;
    $("hand-hint").textContent = data.game === "casino"
      ? "Select a card of your hand and cards or builds on the table: the moves that use them are listed."
      : "Select cards to see the moves that use them. To lay off, select a card, then a meld. " +
        "Click a card of the discard pile to take it (the number on it: how many cards come with it).";
    $("hand-area").hidden = spectator;
  }

  // What a move's button says, and what a screen reader says for it. A Casino capture or
  // build that takes several table items is made one item at a time: its first step reads
  // as a start (what it starts, what it may take next, whether it could end there), not as
  // a whole move; the later steps say they go on with it.
  function moveLabel(move) {
    const step = move.step;
    if (step) {
      const next = step.then.join(" or ");
      const text = `start: ${move.text} … then take ${next}${step.can_end ? ", or done" : ""}`;
      const what = step.kind === "capture" ? "a capture"
        : step.kind === "new" ? `a build of ${step.value}`
        : step.kind === "raise" ? `raising a build to ${step.value}` : `adding to a build of ${step.value}`;
      const spoken = `first step of ${what}: ${spokenText(move.text)}. It is not finished: ` +
        `next take ${step.then.map(spokenText).join(" or ")}` +
        `${step.can_end ? ", or end it there with done" : " to go on"}.`;
      return { text, spoken };
    }
    if (move.text === "done") return { text: "done", spoken: "done: end the play in progress as it is" };
    if (move.text.startsWith("and ")) {
      return { text: move.text, spoken: `go on with the play in progress: also take ${spokenText(move.text.slice(4))}` };
    }
    return { text: move.text, spoken: spokenText(move.text) };
  }

  function moveKind(text) {
    if (text.startsWith("lay off")) return "lay off";
    if (text.startsWith("and ") || text === "done") return "go on";
    if (/ takes /.test(text)) return "capture";
    if (/ builds /.test(text)) return "build";
    const first = text.split(" ")[0];
    return /^(?:10|[2-9AJQK])[♣♦♥♠]$|^JK$/.test(first) ? "plays" : first;
  }

  function moveButton(move, key) {
    const label = moveLabel(move);
    const button = el("button", { type: "button", class: `move${move.step ? " first-step" : ""}`,
      "data-index": String(move.index), "data-text": move.text });
    if (key) { button.append(el("kbd", {}, key), " "); button.dataset.key = key; }
    cardText(button, label.text);
    const isHint = hinted !== null && hinted.version === current.version && hinted.index === move.index;
    if (isHint) { button.classList.add("hinted"); button.setAttribute("aria-describedby", "hint-text"); }
    button.setAttribute("aria-label", `${key ? `key ${key}: ` : ""}${label.spoken}${isHint ? " (the hint)" : ""}`);
    button.disabled = busy || !current.your_turn;
    button.addEventListener("click", () => play({ index: move.index }));
    return button;
  }

  function drawMoves(data) {
    const box = $("moves");
    box.textContent = "";
    const moves = visibleMoves();
    const choiceBox = $("choice-moves");
    choiceBox.textContent = "";
    const vegasChoice = data.game === "vegas_rummy" &&
      data.moves.some((m) => m.text === "rebuy" || m.text === "retire");
    $("choice").hidden = !vegasChoice;
    const groups = new Map();
    for (const move of moves) {
      const kind = moveKind(move.text);
      if (!groups.has(kind)) groups.set(kind, []);
      groups.get(kind).push(move);
    }
    // Keys follow the order the moves are shown in, group after group: 1, 2, 3, ... a, b, ...
    shownMoves = [...groups.values()].flat();
    const keyOf = new Map(shownMoves.map((m, i) => [m.index, MOVE_KEYS[i]]));
    if (vegasChoice) {
      const money = data.board.money;
      $("choice-terms").textContent = money && money.rebuy
        ? `Rebuy: pay ${money.rebuy.cost} into the pot and play on from ${money.rebuy.score} points ` +
          `(the highest score of those still standing). Retire: leave the game; what you paid stays in the pot.`
        : "Rebuy to stay in the game, or retire.";
      for (const move of data.moves) choiceBox.append(moveButton(move, keyOf.get(move.index)));
    }
    for (const [group, list] of groups) {
      const set = el("div", { class: "group", role: "group", "aria-label": group });
      set.append(el("span", { class: "group-name" }, group));
      for (const move of list) set.append(moveButton(move, keyOf.get(move.index)));
      box.append(set);
    }
    if (!moves.length) {
      box.append(el("p", { class: "note" }, data.your_turn
        ? "No listed move uses all the selected cards (type a move to learn why)."
        : "Not your turn."));
    }
    const hintBox = $("hint-text");
    if (hinted !== null && hinted.version === data.version) {
      hintBox.textContent = "";
      const shown = data.moves.find((m) => m.index === hinted.index);
      hintBox.append("Hint: ", cardText(el("strong"), shown ? moveLabel(shown).text : hinted.text), ` — ${hinted.reason}.`);
      hintBox.hidden = false;
    } else {
      hintBox.hidden = true;
      hintBox.textContent = "";
    }
    $("hint").disabled = busy || !data.your_turn;
    $("hint").hidden = spectator;
    const compose = $("compose");
    const verb = data.game === "casino" ? "trail" : (selected.size > 1 ? "meld" : "discard");
    compose.hidden = selected.size === 0 || !data.your_turn;
    compose.textContent = `${verb[0].toUpperCase()}${verb.slice(1)} selected`;
    compose.dataset.verb = verb;
    $("move-text").placeholder = {
      rummy500: "e.g. draw, take 9♥, meld 5H 6H 7H, lay off 8H on #1, discard KS",
      vegas_rummy: "e.g. draw, take, meld 5H 6H 7H, lay off 8H on #1, discard KS",
      casino: "e.g. 7C takes 3H 4D, 2S builds 9 with 7C, trail KH",
    }[data.game];
    $("moves-area").hidden = spectator;
  }

  function drawEnd(data) {
    const over = $("over");
    over.hidden = !data.over;
    if (data.over) {
      const box = $("over-lines");
      box.textContent = "";
      for (const line of data.over) box.append(cardText(el("p"), line));
      const money = data.board.money;
      if (money && money.split) {
        const grid = el("table", { class: "split" });
        const head = el("tr");
        for (const h of ["", "paid in", "receives"]) head.append(el("th", { scope: "col" }, h));
        grid.append(head);
        money.split.forEach((row, i) => {
          const tr = el("tr");
          tr.append(el("th", { scope: "row" }, row.name), el("td", {}, money.paid[i].paid), el("td", {}, row.receives));
          grid.append(tr);
        });
        box.append(el("p", {}, `The pot of ${money.pot} is split:`), grid);
      }
      $("result").textContent = data.result || "";
    }
    if (data.scoring.length && data.round_count !== shownRounds) {
      $("scoring-area").hidden = false;
      $("scoring").textContent = "";
      for (const line of data.scoring) cardText($("scoring"), line + "\n");
      shownRounds = data.round_count;
    }
  }

  function draw(data) {
    current = data;
    const inHand = new Set(data.hand);
    for (const c of [...selected]) if (!inHand.has(c)) selected.delete(c);
    const onTable = new Set([...(data.board.loose || []), ...(data.board.builds || []).flatMap((b) => b.cards)]);
    for (const c of [...picked]) if (!onTable.has(c)) picked.delete(c);
    drawTable(data);
    drawHand(data);
    drawMoves(data);
    drawEnd(data);
    $("spectate").textContent = spectator || STATIC ? "" : `Spectators can watch at ${location.origin}/watch/${data.id}`;
    document.body.dataset.version = String(data.version);
    document.body.dataset.state = data.over ? "over" : (data.your_turn ? "your-turn" : "waiting");
  }

  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

  // The opponents' moves, one by one: each is shown at the table — its cards travel from
  // where they come from (a hand, the stock, the discard pile, the table) to where they go
  // (a meld, the pile, the table, a hand) — and in the log, and said in the page's live
  // region for screen readers, with the page's speed between them. The cards that travel
  // are the event's own, which are public (a card drawn from the stock is never named,
  // so it travels face down); nothing else is drawn.
  const reducedMotion = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : { matches: false };

  function seatRect(seat) {
    const box = document.querySelector(`#opponents .seat[data-seat="${seat}"]`) ||
      (current && seat === current.seat ? $("hand") : null) || $("opponents");
    return box.getBoundingClientRect();
  }

  function flightPaths(event) {
    const seat = seatRect(event.seat);
    const stock = $("stock").getBoundingClientRect();
    const pile = $("pile").getBoundingClientRect();
    let melds = $("melds").getBoundingClientRect();
    const onMeld = / on #(\d+)/.exec(event.text);
    const target = onMeld ? document.querySelector(`#melds .meld[data-number="${onMeld[1]}"]`) : null;
    if (target) melds = target.getBoundingClientRect();
    const cards = event.cards || [];
    switch (event.kind) {
      case "draw": return [{ cards: [null], from: stock, to: seat }];
      case "take": return [{ cards, from: pile, to: seat }];
      case "meld": case "lay_off": case "swap": return [{ cards, from: seat, to: melds }];
      case "discard": case "build": case "trail": return [{ cards, from: seat, to: pile }];
      case "capture": return [{ cards: cards.slice(0, 1), from: seat, to: pile }, { cards: cards.slice(1), from: pile, to: seat }];
      default: return [];
    }
  }

  async function fly(path, ms) {
    if (!path.cards.length || ms <= 0 || !Element.prototype.animate) return;
    const layer = $("flights");
    const flights = path.cards.map((card, i) => {
      const node = el("span", { class: "card-img flying", "aria-hidden": "true", "data-card": card || "" });
      node.append(card ? cardFace(card) : cardBack());
      const x0 = path.from.left + path.from.width / 2 - 19 + i * 14;
      const y0 = path.from.top + path.from.height / 2 - 27;
      const x1 = path.to.left + path.to.width / 2 - 19 + i * 14;
      const y1 = path.to.top + path.to.height / 2 - 27;
      node.style.left = `${x0}px`;
      node.style.top = `${y0}px`;
      layer.append(node);
      return node.animate([{ transform: "translate(0, 0)" }, { transform: `translate(${x1 - x0}px, ${y1 - y0}px)` }],
        { duration: ms, easing: "ease-in-out", fill: "forwards" }).finished.catch(() => null);
    });
    await Promise.all(flights);
    layer.textContent = "";
  }

  function eventLine(event) { return `${event.who ? `${event.who}: ` : ""}${event.text}`; }

  // landed(event), when given, is called as each move's cards arrive (to draw the table as
  // that move left it).
  async function showEvents(events, animate, landed) {
    const list = $("events");
    const moving = animate && speed > 0;
    for (const event of events) {
      const item = el("li", { class: animate ? "event new" : "event" });
      cardText(item, eventLine(event));
      list.prepend(item);
      while (list.children.length > 60) list.lastChild.remove();
      if (moving) {
        $("announce").textContent = spokenText(eventLine(event));
        const banner = $("last-move");
        banner.textContent = "";
        banner.append(el("span", { class: "who" }, event.who ? `${event.who}: ` : ""), cardText(el("span"), event.text));
        banner.hidden = false;
        banner.classList.remove("flash");
        void banner.offsetWidth;  // restart the animation
        banner.classList.add("flash");
        const lightSeat = () => {
          for (const seat of document.querySelectorAll("#opponents .seat")) {
            seat.classList.toggle("moving", seat.dataset.seat === String(event.seat));
          }
        };
        lightSeat();
        const begun = performance.now();
        if (!reducedMotion.matches) {
          for (const path of flightPaths(event)) await fly(path, Math.round(speed * 0.7));
        }
        if (landed) { landed(event); lightSeat(); }
        await sleep(Math.max(0, speed - (performance.now() - begun)));
      }
    }
    // At once (speed off, or a page loaded afresh): the moves are said together.
    if (animate && !moving && events.length) $("announce").textContent = events.map((e) => spokenText(eventLine(e))).join(". ");
    $("last-move").hidden = true;
    for (const seat of document.querySelectorAll("#opponents .seat")) seat.classList.remove("moving");
  }

  // A request lost on the way (network down, server restarting) is tried again, with a
  // message, until it gets an answer: the table never sits frozen without saying why. A
  // move tried again cannot play twice: it carries the table's version, and the server
  // refuses a stale one (then the table is simply fetched again).
  async function steady(call) {
    let wait = 1000;
    for (;;) {
      const reply = await call();
      if (!reply.lost) {
        if (document.body.dataset.state === "offline") $("status").textContent = "";
        $("trouble").hidden = true;
        return reply;
      }
      document.body.dataset.state = "offline";
      $("trouble").hidden = false;
      $("trouble-text").textContent =
        `The connection to the server was lost; trying again in ${Math.round(wait / 1000)} s…`;
      await Promise.race([sleep(wait), new Promise((resolve) => { retryNow = resolve; })]);
      wait = Math.min(wait * 2, 8000);
    }
  }

  // The hint: the expert's move for your turn, worked out from your own view only (by the
  // server for your seat, or by the worker on this device), shown highlighted with why.
  async function askHint() {
    if (!playable() || spectator) return;
    const version = current.version;
    $("hint").disabled = true;
    say("");
    $("hint-text").hidden = false;
    $("hint-text").textContent = "Thinking…";
    const reply = await steady(() => api("GET", `/api/games/${id}/hint`));
    if (!current || current.version !== version) return;  // the table moved on meanwhile
    if (!reply.ok) {
      $("hint-text").textContent = "";
      say(`No hint: ${errorText(reply)}`);
      drawMoves(current);
      return;
    }
    hinted = { version, ...reply.data.hint };
    // The suggested move must be on the list: the selection that would hide it is cleared.
    if (!visibleMoves().some((m) => m.index === hinted.index)) { selected.clear(); picked.clear(); draw(current); }
    else drawMoves(current);
    const button = document.querySelector("#moves button.move.hinted, #choice-moves button.move.hinted");
    if (button) button.focus();
  }

  async function play(args) {
    if (busy || !current) return;
    busy = true;
    drawMoves(current);
    say("");
    const before = current;
    const reply = await steady(() => api("POST", `/api/games/${id}/act`, { ...args, version: before.version }));
    if (!reply.ok) {
      busy = false;
      say(`Not allowed: ${errorText(reply)}`);
      if (reply.status === 409) await refresh(false);
      else drawMoves(current);
      return;
    }
    selected.clear();
    picked.clear();
    $("move-text").value = "";
    const data = reply.data;
    const mine = args.text || (before.moves.find((m) => m.index === args.index) || {}).text;
    if (mine) await showEvents([{ who: before.names[before.seat], text: mine }], false);
    // The moves since yours: the last events of the answer (a Casino step that leaves its
    // play in progress has none; the events before it were shown already).
    const between = data.between;
    const fresh = between ? data.events.slice(data.events.length - between.after_event.length) : data.events;
    const others = fresh.filter((e) => e.seat !== data.seat);
    document.body.dataset.state = "animating";
    let landed = null;
    if (others.length && speed > 0) {
      // While the others' moves travel, the table is as your move left it, then as each
      // of their moves leaves it (your own views of those moments), with no move of yours.
      const shown = (table) => {
        current = { ...before, hand: table.hand, board: table.board, moves: [], your_turn: false };
        drawTable(current);
        drawHand(current);
        drawMoves(current);
        $("status").textContent = "The others are playing…";
      };
      if (between) {
        shown(between.tables[0]);
        landed = (event) => shown(between.tables[between.after_event[fresh.indexOf(event)]]);
      }
      $("status").textContent = "The others are playing…";
    }
    await showEvents(others, true, landed);
    busy = false;
    draw(data);
  }

  // A spectator's view carries the moves of about one trip round the table, a window that
  // slides as the game goes on: the moves not shown yet are those after the longest run
  // that ends the old window and starts the new one.
  function unseen(before, after) {
    const old = before.map((e) => JSON.stringify(e));
    const now = after.map((e) => JSON.stringify(e));
    for (let overlap = Math.min(old.length, now.length); overlap > 0; overlap--) {
      let matches = true;
      for (let i = 0; i < overlap && matches; i++) matches = old[old.length - overlap + i] === now[i];
      if (matches) return after.slice(overlap);
    }
    return after;
  }

  // Returns false when the page should stop asking (an error it cannot get past).
  async function refresh(first) {
    const path = spectator ? `/api/games/${id}/watch` : `/api/games/${id}`;
    const reply = await steady(() => api("GET", path));
    if (!reply.ok) {
      $("status").textContent = errorText(reply);
      document.body.dataset.state = "error";
      return false;
    }
    if (first) await showEvents(reply.data.events, false);
    else if (current && reply.data.version !== current.version) {
      if (spectator) {
        // The spectator sees the moves played since the last look travel, one by one.
        document.body.dataset.state = "animating";
        await showEvents(unseen(current.events, reply.data.events), true);
      } else {
        await showEvents(reply.data.events.filter((e) => e.seat !== reply.data.seat), false);
      }
    }
    draw(reply.data);
    return true;
  }

  // The spectator of a game on the server looks again 1.5 s after each look (and after its
  // moves have been shown), and stops once the game is over.
  async function spectate() {
    while (current && !current.over) {
      await sleep(1500);
      if (!(await refresh(false))) return;
    }
  }

  // The static site's spectator page: the worker plays the computers' moves one at a time,
  // each asked for when the one before has been shown (at the page's speed), and the page
  // stops asking when the game is over. Nothing polls.
  async function watchBots() {
    const options = sessionStorage.getItem("cardrules.watch");
    if (options === null) {
      $("status").textContent = "Nothing to watch: choose a game in the lobby and press “Watch the computer play”.";
      document.body.dataset.state = "error";
      return;
    }
    $("status").textContent = "Starting the game engine on this device…";
    let reply = await api("POST", "/api/watch", JSON.parse(options));
    if (!reply.ok) { $("status").textContent = errorText(reply); document.body.dataset.state = "error"; return; }
    id = reply.data.id;
    draw(reply.data);
    while (!current.over) {
      document.body.dataset.state = "watching";
      reply = await api("POST", `/api/watch/${id}/next`, { version: current.version });
      if (!reply.ok) { $("status").textContent = errorText(reply); document.body.dataset.state = "error"; return; }
      await showEvents(reply.data.events, true);
      draw(reply.data);
      // At speed "off" the moves come as fast as the engine plays them; the page still
      // draws each one (a frame apart).
      if (speed === 0) await new Promise((resolve) => requestAnimationFrame(() => resolve()));
    }
  }

  async function start() {
    if (watchingBots) { await watchBots(); return; }
    if (STATIC) {
      $("status").textContent = "Starting the game engine on this device…";
      const options = params.has("new") ? sessionStorage.getItem("cardrules.new") : null;
      if (options !== null) {
        const reply = await api("POST", "/api/games", JSON.parse(options));
        sessionStorage.removeItem("cardrules.new");
        if (!reply.ok) { $("status").textContent = errorText(reply); document.body.dataset.state = "error"; return; }
        id = reply.data.id;
        const keep = new URLSearchParams(location.search);
        keep.delete("new");
        keep.set("id", id);
        history.replaceState(null, "", `table.html?${keep}`);
        await showEvents(reply.data.events, false);
        draw(reply.data);
        return;
      }
      if (!id) { $("status").textContent = "No game here: start one from the lobby."; return; }
    }
    await refresh(true);
    if (spectator) await spectate();
  }

  $("typed").addEventListener("submit", (event) => {
    event.preventDefault();
    const text = $("move-text").value.trim();
    if (text) play({ text });
  });
  $("sort").addEventListener("click", () => {
    sortBy = sortBy === "suit" ? "rank" : "suit";
    localStorage.setItem("cardrules.sort", sortBy);
    if (current) draw(current);
  });
  const speeds = $("speed");
  if (![...speeds.options].some((o) => Number(o.value) === speed)) speeds.append(el("option", { value: String(speed) }, `${speed} ms`));
  speeds.value = String(speed);
  speeds.addEventListener("change", () => {
    speed = Number(speeds.value);
    localStorage.setItem("cardrules.speed", String(speed));
  });
  $("compose").addEventListener("click", () => {
    const verb = $("compose").dataset.verb;
    const cards = sortCards(current.hand, sortBy).filter((c) => selected.has(c));
    play({ text: `${verb} ${cards.join(" ")}` });
  });
  document.addEventListener("keydown", (event) => {
    if (event.target instanceof HTMLInputElement || event.ctrlKey || event.metaKey || event.altKey) {
      if (event.key === "Escape" && event.target instanceof HTMLInputElement) event.target.blur();
      return;
    }
    if (event.target instanceof HTMLSelectElement) return;
    if (event.key === "/") { event.preventDefault(); $("move-text").focus(); return; }
    if (event.key === "Escape") { selected.clear(); picked.clear(); if (current) draw(current); return; }
    if (event.key === ".") { $("sort").click(); return; }
    if (event.key === "?") { event.preventDefault(); askHint(); return; }
    if (event.key === "[" || event.key === "]") {
      const values = [...speeds.options].map((o) => Number(o.value)).sort((x, y) => x - y);
      const at = values.indexOf(speed);
      speeds.value = String(values[Math.max(0, Math.min(values.length - 1, at + (event.key === "]" ? 1 : -1)))]);
      speeds.dispatchEvent(new Event("change"));
      return;
    }
    const at = MOVE_KEYS.indexOf(event.key.toLowerCase());
    if (at >= 0 && current && current.your_turn && !busy) {
      const move = shownMoves[at];
      if (move) { event.preventDefault(); play({ index: move.index }); }
    }
  });
  $("retry-now").addEventListener("click", () => { if (retryNow) retryNow(); });
  $("hint").addEventListener("click", () => askHint());
  // For tests and the benchmark: the listed moves and the melds as the page holds them.
  window.cardrulesMoves = () => (current ? current.moves : []);
  window.cardrulesMelds = () => (current && current.board.melds ? current.board.melds : []);
  if (spectator) $("typed").hidden = true;
  start();
}

// ---------------------------------------------------------------- leaderboard

async function leaderboardPage() {
  const reply = await api("GET", "/api/leaderboard");
  const boards = document.getElementById("boards");
  if (!reply.ok) { boards.textContent = errorText(reply); return; }
  const points = reply.data.points;
  document.getElementById("points").textContent =
    "Ranking points for a won game, by the hardest computer level beaten: " +
    Object.entries(points).map(([level, p]) => `${level} ${p}`).join(", ") + ".";
  for (const table of reply.data.tables) {
    const section = el("section", { class: "board", "data-game": table.game || "all" });
    section.append(el("h2", {}, table.title));
    if (!table.rows.length) {
      section.append(el("p", { class: "note" }, "No games recorded yet."));
    } else {
      const grid = el("table");
      const head = el("tr");
      for (const h of ["#", "player", "points", "wins", "games", "best win"]) head.append(el("th", { scope: "col" }, h));
      grid.append(head);
      table.rows.forEach((row, i) => {
        const tr = el("tr");
        for (const v of [i + 1, row.player, row.points, row.wins, row.games, row.best || "-"]) tr.append(el("td", {}, String(v)));
        grid.append(tr);
      });
      section.append(grid);
    }
    boards.append(section);
  }
  document.body.dataset.state = "ready";
}

const modeNote = document.getElementById("mode-note");
if (modeNote) modeNote.hidden = !STATIC;
const pages = { lobby, table: tablePage, watch: tablePage, leaderboard: leaderboardPage };
pages[document.body.dataset.page]();
// The static site keeps its files in the browser's cache (sw.js): it loads and plays offline.
if (STATIC && "serviceWorker" in navigator) {
  navigator.serviceWorker.register("sw.js").catch((error) => console.warn("no offline play:", error));
}
