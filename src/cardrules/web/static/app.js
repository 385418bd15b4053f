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

async function api(method, path, body) {
  const options = { method, headers: { Accept: "application/json" }, credentials: "same-origin" };
  if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  const response = await fetch(path, options);
  let data = null;
  try { data = await response.json(); } catch (e) { data = null; }
  return { ok: response.ok, status: response.status, data };
}

function errorText(reply) {
  if (reply.data && reply.data.error) return reply.data.error.message;
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
    message.textContent = "Dealing…";
    const reply = await api("POST", "/api/games", body);
    if (!reply.ok) { message.textContent = errorText(reply); return; }
    location.href = `/table/${reply.data.id}${SPEED !== 450 ? `?speed=${SPEED}` : ""}`;
  });
  api("GET", "/api/games").then((reply) => {
    if (!reply.ok || !reply.data.games.length) return;
    const list = document.getElementById("mine-list");
    for (const g of reply.data.games.slice(0, 10)) {
      const item = el("li");
      const link = el("a", { href: `/table/${g.id}` }, g.title);
      item.append(link, ` — ${g.over ? "finished" : "in progress"}, ${g.moves} moves`);
      list.append(item);
    }
    document.getElementById("mine").hidden = false;
  });
}

// ---------------------------------------------------------------- table

function tablePage() {
  const parts = location.pathname.split("/");
  const spectator = parts[1] === "watch";
  const id = parts[2];
  const $ = (name) => document.getElementById(name);
  let current = null;
  let selected = new Set();
  let busy = false;
  let shownRounds = -1;

  function say(text) { $("message").textContent = text; }

  function cardsOf(text) { return text.match(CARD_RE) || []; }

  function visibleMoves() {
    if (!current) return [];
    return current.moves.filter((m) => {
      const cards = cardsOf(m.text);
      for (const c of selected) if (!cards.includes(c)) return false;
      return true;
    });
  }

  function drawTable(data) {
    $("title").textContent = data.title + (spectator ? " (watching)" : "");
    document.title = `cardrules — ${data.title}`;
    const pre = $("table");
    pre.textContent = "";
    for (const line of data.table) {
      if (line.startsWith("Your hand:")) continue;
      cardText(pre, line + "\n");
    }
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
    const playable = new Set();
    for (const m of data.moves) for (const c of cardsOf(m.text)) playable.add(c);
    data.hand.forEach((card, i) => {
      const key = `${card}#${i}`;
      const button = el("button", {
        type: "button",
        class: `card${isRed(card) ? " red" : ""}${playable.has(card) ? " playable" : ""}`,
        "aria-pressed": selected.has(card) ? "true" : "false",
        "data-card": card,
        "data-key": key,
      }, card);
      button.addEventListener("click", () => {
        if (selected.has(card)) selected.delete(card); else selected.add(card);
        drawHand(current);
        drawMoves(current);
        const again = hand.querySelector(`[data-key="${CSS.escape(key)}"]`);
        if (again) again.focus();
      });
      hand.append(button);
    });
    $("hand-area").hidden = spectator;
  }

  function moveButton(move, number) {
    const button = el("button", { type: "button", class: "move", "data-index": String(move.index) });
    if (number <= 9) button.append(el("kbd", {}, String(number)), " ");
    cardText(button, move.text);
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
    moves.forEach((move, i) => {
      const kind = move.text.startsWith("lay off") ? "lay off" : move.text.split(" ")[0];
      const group = /^(?:10|[2-9AJQK])[♣♦♥♠]$/.test(kind) ? "plays" : kind;
      if (!groups.has(group)) groups.set(group, []);
      groups.get(group).push(moveButton(move, i + 1));
    });
    if (vegasChoice) {
      moves.forEach((move, i) => choiceBox.append(moveButton(move, i + 1)));
    }
    for (const [group, buttons] of groups) {
      const set = el("div", { class: "group", role: "group", "aria-label": group });
      set.append(el("span", { class: "group-name" }, group));
      set.append(...buttons);
      box.append(set);
    }
    if (!moves.length) {
      box.append(el("p", { class: "note" }, data.your_turn
        ? "No listed move uses all the selected cards (type a move to learn why)."
        : "Not your turn."));
    }
    const compose = $("compose");
    const verb = data.game === "casino" ? "trail" : (selected.size > 1 ? "meld" : "discard");
    compose.hidden = selected.size === 0 || !data.your_turn;
    compose.textContent = `${verb[0].toUpperCase()}${verb.slice(1)} selected`;
    compose.dataset.verb = verb;
    $("moves-area").hidden = spectator;
  }

  function drawEnd(data) {
    const over = $("over");
    over.hidden = !data.over;
    if (data.over) {
      const box = $("over-lines");
      box.textContent = "";
      for (const line of data.over) box.append(cardText(el("p"), line));
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
    drawTable(data);
    drawHand(data);
    drawMoves(data);
    drawEnd(data);
    $("spectate").textContent = spectator ? "" : `Spectators can watch at ${location.origin}/watch/${data.id}`;
    document.body.dataset.version = String(data.version);
    document.body.dataset.state = data.over ? "over" : (data.your_turn ? "your-turn" : "waiting");
  }

  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

  async function showEvents(events, animate) {
    const list = $("events");
    for (const event of events) {
      const item = el("li", { class: animate ? "event new" : "event" });
      const who = event.who ? `${event.who}: ` : "";
      cardText(item, who + event.text);
      list.prepend(item);
      while (list.children.length > 60) list.lastChild.remove();
      if (animate && SPEED) await sleep(SPEED);
    }
  }

  async function play(args) {
    if (busy || !current) return;
    busy = true;
    drawMoves(current);
    say("");
    const reply = await api("POST", `/api/games/${id}/act`, { ...args, version: current.version });
    if (!reply.ok) {
      busy = false;
      say(`Not allowed: ${errorText(reply)}`);
      if (reply.status === 409) await refresh(false);
      else drawMoves(current);
      return;
    }
    selected.clear();
    $("move-text").value = "";
    const data = reply.data;
    const mine = args.text || (current.moves.find((m) => m.index === args.index) || {}).text;
    if (mine) await showEvents([{ who: current.names[current.seat], text: mine }], false);
    const others = data.events.filter((e) => e.seat !== data.seat);
    document.body.dataset.state = "animating";
    await showEvents(others, true);
    busy = false;
    draw(data);
  }

  async function refresh(first) {
    const path = spectator ? `/api/games/${id}/watch` : `/api/games/${id}`;
    const reply = await api("GET", path);
    if (!reply.ok) {
      $("status").textContent = errorText(reply);
      document.body.dataset.state = "error";
      return;
    }
    if (first) await showEvents(reply.data.events, false);
    else if (spectator && current && reply.data.version !== current.version) {
      const fresh = reply.data.events.slice(-(reply.data.version - current.version));
      await showEvents(fresh, false);
    }
    draw(reply.data);
  }

  $("typed").addEventListener("submit", (event) => {
    event.preventDefault();
    const text = $("move-text").value.trim();
    if (text) play({ text });
  });
  $("compose").addEventListener("click", () => {
    const verb = $("compose").dataset.verb;
    const cards = current.hand.filter((c) => selected.has(c));
    play({ text: `${verb} ${cards.join(" ")}` });
  });
  document.addEventListener("keydown", (event) => {
    if (event.target instanceof HTMLInputElement || event.ctrlKey || event.metaKey || event.altKey) {
      if (event.key === "Escape" && event.target instanceof HTMLInputElement) event.target.blur();
      return;
    }
    if (event.key === "/") { event.preventDefault(); $("move-text").focus(); return; }
    if (event.key === "Escape") { selected.clear(); if (current) draw(current); return; }
    if (/^[1-9]$/.test(event.key) && current && current.your_turn && !busy) {
      const move = visibleMoves()[Number(event.key) - 1];
      if (move) { event.preventDefault(); play({ index: move.index }); }
    }
  });
  if (spectator) {
    $("typed").hidden = true;
    setInterval(() => refresh(false), 1500);
  }
  refresh(true);
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

const pages = { lobby, table: tablePage, leaderboard: leaderboardPage };
pages[document.body.dataset.page]();
