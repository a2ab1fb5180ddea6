// The start page: choose a game and its seats, create it, get the private links (one per
// person), see the games in this store. On a server with accounts it shows the lobby instead of
// every stored game: the open offers, the public games in progress and, for a logged-in
// account, its own games (lobby.js); the form then posts a game with places wanted to the lobby.
// Each game's own form is its start module (web/<game>/start.js: buildForm, read, stateText);
// this page knows no game.

import { buildClockChoice, readClockChoice } from "./clock.js";
import { api, el, fill, fmtTime, humanWords, rememberSeat, rememberedSeats } from "./common.js";
import { CLIENTS } from "./games.js";
import { accountBar, whoAmI } from "./header.js";
import { addLangSwitch, loadStrings, onLangChange, t } from "./i18n.js";
import { Lobby } from "./lobby.js";

const $ = (id) => document.getElementById(id);
const metas = {}; // game id -> /api/meta?game=
const starts = {}; // game id -> its start module
let form = null; // the chosen game's form: { read() }
let lobby = null; // the lobby's lists (a server with accounts)

function toast(msg, kind = "error") {
  const box = $("toast");
  box.textContent = msg;
  box.className = `toast show ${kind}`;
  setTimeout(() => (box.className = "toast"), kind === "error" ? 7000 : 3000);
}

const accountsOn = () => whoAmI().accounts !== "off";
const loggedIn = () => !!whoAmI().user;

// Whether the form, as it stands, posts a game to the lobby: an account's game with another
// person wanted (against the computer alone, the game is made at once).
function toLobby() {
  return loggedIn() && form && form.people().length > 1;
}

// The lobby's part of the form: rated, public, an invited player, when the offer expires.
function buildLobbyChoice() {
  const box = $("lobby-choice");
  if (!accountsOn()) {
    box.hidden = true;
    return;
  }
  const was = readLobbyChoice();
  const user = loggedIn();
  fill(
    box,
    el("legend", {}, t("lobby.options")),
    user ? el("label", { class: "check", title: t("lobby.rated_title") }, el("input", { type: "checkbox", id: "post-rated", "data-testid": "post-rated" }), ` ${t("lobby.rated_game")}`) : null,
    el("label", { class: "check", title: t("lobby.public_title") }, el("input", { type: "checkbox", id: "post-public", "data-testid": "post-public" }), ` ${t("lobby.public_game")}`),
    user ? el("label", { id: "invite-label" }, `${t("lobby.invite")} `, el("input", { id: "post-invite", "data-testid": "post-invite", maxlength: "24", autocomplete: "off", placeholder: t("lobby.invite_placeholder") })) : null,
    user
      ? el(
          "label",
          { id: "hours-label" },
          `${t("lobby.expires_in")} `,
          el("select", { id: "post-hours" }, [24, 72, 168].map((h) => el("option", { value: String(h) }, t(`lobby.hours_${h}`)))),
        )
      : null,
    el("p", { id: "lobby-note", class: "muted small" }),
  );
  if (user) $("post-hours").value = "72";
  if (was) {
    if ($("post-rated")) $("post-rated").checked = was.rated;
    $("post-public").checked = was.public;
    if ($("post-invite")) $("post-invite").value = was.invite || "";
  }
  box.hidden = false;
}

function readLobbyChoice() {
  if (!$("post-public")) return null;
  return {
    rated: !!($("post-rated") && $("post-rated").checked),
    public: $("post-public").checked,
    invite: $("post-invite") ? $("post-invite").value.trim() : "",
    hours: $("post-hours") ? Number($("post-hours").value) : 72,
  };
}

function seatName(meta, seat) {
  const s = meta && meta.seat_info.find((x) => x.id === seat);
  return s ? s.name : seat;
}

async function chooseGame(id) {
  const meta = metas[id];
  form = starts[id].buildForm($("game-form"), meta);
  document.title = `greatwar — ${meta.title}`;
  refreshPeople();
}

// The people of the game as the form stands (each a list of the seats they hold): who the
// creator may be, and whether a seed may be chosen. A chosen seed makes every draw and die known
// to whoever chose it, so the form offers one only against the computer (between people the
// server draws it and shows it when the game ends, so the game can be checked).
function refreshPeople() {
  const meta = metas[$("game").value];
  const people = form.people();
  const creator = $("creator");
  const was = creator.value;
  fill(creator, people.map((seats) => el("option", { value: seats[0] }, seats.map((s) => seatName(meta, s)).join(" + "))));
  creator.disabled = people.length === 0;
  if (people.some((seats) => seats[0] === was)) creator.value = was;
  const seed = $("seed");
  const alone = people.length <= 1;
  seed.disabled = !alone;
  if (!alone) seed.value = "";
  $("seed-note").textContent = t(alone ? "start.seed_alone" : "start.seed_people");
  // an account posts a game between people to the lobby (the server draws the seed)
  const lobbyPost = toLobby();
  $("seed-label").hidden = lobbyPost;
  $("seed-note").hidden = lobbyPost;
  $("create-button").textContent = t(lobbyPost ? "lobby.post" : "start.create");
  if ($("invite-label")) $("invite-label").hidden = !lobbyPost;
  if ($("hours-label")) $("hours-label").hidden = !lobbyPost;
  const note = $("lobby-note");
  if (note) note.textContent = lobbyPost ? t("lobby.post_note") : loggedIn() ? t("lobby.alone_note") : t("lobby.guest_note");
}

// One person's link: the creator's own opens the game here ("play"); a link to pass on can only
// be copied, so it is never opened (and so never kept) in the creator's browser by mistake.
function linkRow(meta, seats, path, testid, own) {
  const url = new URL(path, location.href).href;
  const box = el("input", { readonly: true, value: url, class: "link-box", "data-seat": seats[0], "data-seats": seats.join(" "), onclick: (e) => e.target.select() });
  const copy = el("button", { type: "button", "data-testid": `copy-${seats[0]}` }, t("start.copy"));
  copy.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(url);
      copy.textContent = t("start.copied");
    } catch {
      box.select(); // no clipboard here: select the link to copy by hand
      copy.textContent = t("start.select_copy");
    }
  });
  return el(
    "div",
    { class: "seat-link" },
    el("b", { class: `side-${seats[0]}` }, seats.map((s) => seatName(meta, s)).join(" + ")),
    box,
    copy,
    own ? el("a", { href: url, target: "_blank", class: "button", "data-testid": testid }, t("start.play")) : null,
  );
}

function showCreated(doc) {
  const meta = metas[doc.game.game] || metas.pog;
  const box = $("created");
  const parts = [el("h3", {}, t("start.created", { id: doc.id }))];
  // Only the creator's own link is kept in this browser; the others are shown this once.
  if (doc.you) {
    for (const seat of doc.you.seats) rememberSeat(doc.id, seat, doc.you.token);
    parts.push(el("h4", {}, t("start.your_link")), linkRow(meta, doc.you.seats, doc.you.link, `open-${doc.you.seats[0]}`, true));
  }
  if (doc.invites.length) {
    parts.push(
      el("h4", {}, t(doc.invites.length > 1 ? "start.links_to_pass" : "start.opponent_link")),
      el("p", { class: "muted" }, t("start.send_now")),
      ...doc.invites.map((p) => linkRow(meta, p.seats, p.link, `invite-${p.seats[0]}`, false)),
    );
  }
  if (doc.game.seeded) parts.push(el("p", { class: "muted" }, t("start.seeded_game", { seed: doc.game.seed })));
  parts.push(el("p", {}, el("a", { href: `/replay/${doc.id}` }, t("start.follow"))));
  fill(box, parts);
  box.hidden = false;
  box.scrollIntoView({ block: "nearest" });
}

async function listGames() {
  if (accountsOn()) return lobby.refresh(); // the lobby and my games, not every stored game
  const { games } = await api("/api/games");
  const mine = rememberedSeats();
  if (!games.length) {
    fill($("games"), el("p", { class: "muted" }, t("start.no_games")));
    return;
  }
  const seatText = (meta, s) => (s.kind === "bot" ? t("start.computer_lc", { bot: (meta && meta.bot_names && meta.bot_names[s.bot]) || s.bot }) : t("start.human_lc"));
  const rows = games.map((g) => {
    const meta = metas[g.game];
    const start = starts[g.game];
    const links = [];
    const tokens = new Map(); // one link per person
    for (const [seat, tok] of Object.entries(mine[g.id] || {})) {
      if (!tokens.has(tok)) tokens.set(tok, []);
      tokens.get(tok).push(seat);
    }
    for (const [tok, seats] of tokens) links.push(el("a", { href: `/play/${g.id}#${tok}`, class: "button small" }, `${t("start.play")} ${seats.map((s) => (start ? start.seatShort(s) : s)).join("+")}`));
    links.push(el("a", { href: `/replay/${g.id}`, class: "button small" }, t("shell.replay")));
    let state;
    if (g.problem) state = el("span", { class: "error" }, t("start.corrupt"));
    else state = start ? start.stateText(g) : g.over ? t("start.over") : "";
    const players = Object.entries(g.seats)
      .map(([seat, s]) => `${start ? start.seatShort(seat) : seat} ${seatText(meta, s)}`)
      .join(" · ");
    return el(
      "tr",
      { "data-game": g.id },
      el("td", {}, el("code", {}, g.id), g.seeded ? el("span", { class: "muted small", title: t("start.seeded_title") }, ` ${t("start.seeded")}`) : null),
      el("td", {}, meta ? meta.title : g.title),
      el("td", {}, scenarioName(meta, g.scenario)),
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
      el("thead", {}, el("tr", {}, ["game", "", "scenario", "players", "state", "decisions", "last_move", ""].map((h) => el("th", {}, h ? t(`start.col.${h}`) : "")))),
      el("tbody", {}, rows),
    ),
  );
}

function scenarioName(meta, id) {
  const s = meta && meta.scenarios.find((x) => x.id === id);
  return s ? s.name : humanWords(id);
}

// The games' names for people (seats, scenarios, options) in the page's language.
async function loadMetas() {
  const first = await api("/api/meta");
  const ids = first.games.filter((id) => CLIENTS[id]);
  for (const id of ids) {
    metas[id] = id === first.game ? first : await api(`/api/meta?game=${encodeURIComponent(id)}`);
    if (!starts[id]) starts[id] = await import(CLIENTS[id].start);
  }
  return { first, ids };
}

// The page's language changed: the games' names, the form (keeping the chosen game) and the
// list again in it.
async function changeLang() {
  const chosen = $("game").value;
  const { ids } = await loadMetas();
  fill($("game"), ids.map((id) => el("option", { value: id }, metas[id].title)));
  $("game").value = chosen;
  await chooseGame(chosen);
  const clock = $("clock") ? $("clock").value : "none";
  buildClockChoice($("clock-choice"));
  $("clock").value = clock;
  $("clock").dispatchEvent(new Event("change"));
  buildLobbyChoice();
  refreshPeople();
  if (accountsOn()) lobby.buildFilter($("lobby-filter"));
  await listGames();
  document.body.dataset.langShown = document.documentElement.lang; // the whole page is redrawn
}

async function main() {
  await loadStrings();
  addLangSwitch();
  await accountBar();
  onLangChange(changeLang);
  const { first, ids } = await loadMetas();
  if (accountsOn()) {
    lobby = new Lobby({ metas, starts, toast });
    $("store-panel").hidden = true;
    $("lobby-panel").hidden = false;
    $("watch-panel").hidden = false;
    $("my-games").hidden = !loggedIn();
    lobby.buildFilter($("lobby-filter"));
  }
  fill($("game"), ids.map((id) => el("option", { value: id }, metas[id].title)));
  $("game").value = first.game;
  $("game").addEventListener("change", () => chooseGame($("game").value));
  buildLobbyChoice();
  await chooseGame(first.game);
  $("game-form").addEventListener("change", refreshPeople);
  buildClockChoice($("clock-choice"));
  $("create").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    let body;
    try {
      body = { game: $("game").value, ...form.read() };
    } catch (e) {
      toast(e.message);
      return;
    }
    if (!$("creator").disabled) body.creator = $("creator").value;
    const clock = readClockChoice();
    if (clock) body.clock = clock;
    const choice = readLobbyChoice();
    if (choice && choice.public) body.public = true;
    if (choice && choice.rated) body.rated = true;
    if (toLobby()) {
      if (choice.invite) body.invite = choice.invite;
      body.hours = choice.hours;
      try {
        await api("/api/lobby", { method: "POST", body });
        toast(t("lobby.posted"), "info");
        listGames();
      } catch (e) {
        toast(e.message);
      }
      return;
    }
    if (!$("seed").disabled && $("seed").value !== "") body.seed = Number($("seed").value);
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
