// The start page: choose a game and its seats, create it, get the private links (one per
// person), see the games in this store. Each game's own form is its start module
// (web/<game>/start.js: buildForm, read, stateText); this page knows no game.

import { api, el, fill, fmtTime, humanWords, rememberSeat, rememberedSeats } from "./common.js";
import { CLIENTS } from "./games.js";

const $ = (id) => document.getElementById(id);
const metas = {}; // game id -> /api/meta?game=
const starts = {}; // game id -> its start module
let form = null; // the chosen game's form: { read() }

function toast(msg) {
  const t = $("toast");
  t.textContent = msg;
  t.className = "toast show error";
  setTimeout(() => (t.className = "toast"), 7000);
}

function seatName(meta, seat) {
  const s = meta && meta.seat_info.find((x) => x.id === seat);
  return s ? s.name : seat;
}

async function chooseGame(id) {
  const meta = metas[id];
  form = starts[id].buildForm($("game-form"), meta);
  document.title = `greatwar — ${meta.title}`;
}

function showCreated(doc) {
  const meta = metas[doc.game.game] || metas.pog;
  const box = $("created");
  const people = doc.players || Object.entries(doc.links).map(([seat, link]) => ({ seats: [seat], token: doc.tokens[seat], link }));
  const rows = people.map((p) => {
    const url = new URL(p.link, location.href).href;
    for (const seat of p.seats) rememberSeat(doc.id, seat, p.token);
    return el(
      "div",
      { class: "seat-link" },
      el("b", { class: `side-${p.seats[0]}` }, p.seats.map((s) => seatName(meta, s)).join(" + ")),
      el("input", { readonly: true, value: url, class: "link-box", "data-seat": p.seats[0], "data-seats": p.seats.join(" "), onclick: (e) => e.target.select() }),
      el("button", { type: "button", onclick: () => navigator.clipboard && navigator.clipboard.writeText(url) }, "copy"),
      el("a", { href: url, target: "_blank", class: "button", "data-testid": `open-${p.seats[0]}` }, "open"),
    );
  });
  fill(box,
    el("h3", {}, `Game ${doc.id} created`),
    el("p", { class: "muted" }, people.length > 1 ? "Each link is private to its player: whoever has it plays those seats. Send each other link to its player." : "This link is yours: whoever has it plays these seats."),
    rows,
    el("p", {}, el("a", { href: `/replay/${doc.id}` }, "Follow or replay this game")),
  );
  box.hidden = false;
}

async function listGames() {
  const { games } = await api("/api/games");
  const mine = rememberedSeats();
  if (!games.length) {
    fill($("games"), el("p", { class: "muted" }, "No games yet."));
    return;
  }
  const seatText = (s) => (s.kind === "bot" ? `computer (${s.bot})` : "human");
  const rows = games.map((g) => {
    const meta = metas[g.game];
    const start = starts[g.game];
    const links = [];
    const tokens = new Map(); // one link per person
    for (const [seat, tok] of Object.entries(mine[g.id] || {})) {
      if (!tokens.has(tok)) tokens.set(tok, []);
      tokens.get(tok).push(seat);
    }
    for (const [tok, seats] of tokens) links.push(el("a", { href: `/play/${g.id}#${tok}`, class: "button small" }, `play ${seats.map((s) => (start ? start.seatShort(s) : s)).join("+")}`));
    links.push(el("a", { href: `/replay/${g.id}`, class: "button small" }, "replay"));
    let state;
    if (g.problem) state = el("span", { class: "error" }, "corrupt record");
    else state = start ? start.stateText(g) : g.over ? "over" : "";
    const players = Object.entries(g.seats)
      .map(([seat, s]) => `${start ? start.seatShort(seat) : seat} ${seatText(s)}`)
      .join(" · ");
    return el(
      "tr",
      { "data-game": g.id },
      el("td", {}, el("code", {}, g.id)),
      el("td", {}, meta ? meta.title : g.title),
      el("td", {}, humanWords(g.scenario)),
      el("td", {}, players),
      el("td", {}, state),
      el("td", {}, String(g.actions)),
      el("td", { class: "muted small" }, fmtTime(g.updated)),
      el("td", {}, links),
    );
  });
  fill($("games"),
    el(
      "table",
      { class: "games" },
      el("thead", {}, el("tr", {}, ["Game", "", "Scenario", "Players", "State", "Decisions", "Last move", ""].map((h) => el("th", {}, h)))),
      el("tbody", {}, rows),
    ),
  );
}

async function main() {
  const first = await api("/api/meta");
  const ids = first.games.filter((id) => CLIENTS[id]);
  for (const id of ids) {
    metas[id] = id === first.game ? first : await api(`/api/meta?game=${encodeURIComponent(id)}`);
    starts[id] = await import(CLIENTS[id].start);
  }
  fill($("game"), ids.map((id) => el("option", { value: id }, metas[id].title)));
  $("game").value = first.game;
  $("game").addEventListener("change", () => chooseGame($("game").value));
  await chooseGame(first.game);
  $("create").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    let body;
    try {
      body = { game: $("game").value, ...form.read() };
    } catch (e) {
      toast(e.message);
      return;
    }
    if ($("seed").value !== "") body.seed = Number($("seed").value);
    try {
      const doc = await api("/api/games", { method: "POST", body });
      showCreated(doc);
      listGames();
    } catch (e) {
      toast(e.message);
    }
  });
  await listGames();
  setInterval(listGames, 15000);
}

main().catch((e) => toast(e.message));
