// The start page: create a game, get the private seat links, see the games in this store.

import { buildClockChoice, readClockChoice } from "./clock.js";
import { api, el, fmtTime, humanWords, OUTCOME, rememberSeat, rememberedSeats, SIDE_NAME } from "./common.js";

const $ = (id) => document.getElementById(id);

function toast(msg) {
  const t = $("toast");
  t.textContent = msg;
  t.className = "toast show error";
  setTimeout(() => (t.className = "toast"), 7000);
}

function seatOptions(select, bots, initial) {
  select.replaceChildren(
    el("option", { value: "human" }, "Human"),
    ...bots.map((b) => el("option", { value: b }, `Computer (${b})`)),
  );
  select.value = initial;
}

function buildOptions(meta) {
  const box = $("options");
  const check = (key, label) =>
    el("label", { class: "check", title: meta.options[key].help }, el("input", { type: "checkbox", id: `opt-${key}` }), ` ${label}`);
  box.append(
    check("hand8", "Eight-card hands (9.1.4)"),
    check("trench_mod", "Trench roll modification (11.2.10)"),
    el(
      "label",
      { title: meta.options.optional_cards.help },
      "Optional cards ",
      el("select", { id: "opt-optional_cards" }, meta.options.optional_cards.choices.map((m) => el("option", { value: m }, humanWords(m)))),
    ),
    check("valiant", "Valiant variant deck"),
    check("tournament", "Tournament rules (5.6)"),
    el(
      "label",
      { title: meta.options.bid.help },
      "Bid (5.6.1) ",
      el("select", { id: "opt-bid-side" }, el("option", { value: "" }, "none"), el("option", { value: "ap" }, "AP cedes"), el("option", { value: "cp" }, "CP cedes")),
      el("input", { id: "opt-bid-vp", type: "number", min: "0", max: "10", value: "0", class: "narrow" }),
      " VP",
    ),
    el(
      "p",
      { class: "muted small" },
      "The Historical and The Great War (1916) scenarios always use eight-card hands and the trench roll modification (5.7.4); " +
        "The Great War (1916) uses neither the optional cards nor the Valiant deck.",
    ),
  );
}

function readOptions() {
  const o = {};
  for (const k of ["hand8", "trench_mod", "valiant", "tournament"]) if ($(`opt-${k}`).checked) o[k] = true;
  const oc = $("opt-optional_cards").value;
  if (oc !== "none") o.optional_cards = oc;
  const side = $("opt-bid-side").value;
  if (side) o.bid = { side, vp: Number($("opt-bid-vp").value || 0) };
  return o;
}

// A chosen seed makes every draw and die known to whoever chose it: the form offers one only
// against the computer (two players get a seed drawn by the server, shown when the game ends).
function humanSeats() {
  return ["ap", "cp"].filter((seat) => $(`seat-${seat}`).value === "human");
}

function refreshSeats() {
  const humans = humanSeats();
  const creator = $("creator");
  const was = creator.value;
  creator.replaceChildren(...humans.map((seat) => el("option", { value: seat }, SIDE_NAME[seat])));
  creator.disabled = humans.length === 0;
  if (humans.includes(was)) creator.value = was;
  const seed = $("seed");
  const alone = humans.length <= 1;
  seed.disabled = !alone;
  if (!alone) seed.value = "";
  $("seed-note").textContent = alone
    ? "A seed makes the game repeatable: every draw and die follows from it."
    : "Between two players the server draws the seed; it is shown when the game ends, so the game can be checked.";
}

function linkRow(seats, path, label, testid) {
  const url = new URL(path, location.href).href;
  return el(
    "div",
    { class: "seat-link" },
    el("b", { class: `side-${seats[0]}` }, seats.map((s) => SIDE_NAME[s]).join(" + ")),
    el("input", { readonly: true, value: url, class: "link-box", "data-seat": seats[0], "data-seats": seats.join(" "), onclick: (e) => e.target.select() }),
    el("button", { type: "button", onclick: () => navigator.clipboard && navigator.clipboard.writeText(url) }, "copy"),
    el("a", { href: url, target: "_blank", class: "button", "data-testid": testid }, label),
  );
}

function showCreated(doc) {
  const box = $("created");
  const rows = [];
  // Only the creator's own link is kept in this browser; the others are shown this once.
  if (doc.you) {
    for (const seat of doc.you.seats) rememberSeat(doc.id, seat, doc.you.token);
    rows.push(el("h4", {}, "Your link"), linkRow(doc.you.seats, doc.you.link, "play", `open-${doc.you.seats[0]}`));
  }
  if (doc.invites.length) {
    rows.push(
      el("h4", {}, doc.invites.length > 1 ? "Links to pass on" : "Your opponent's link"),
      el("p", { class: "muted" }, "Send it now: it is shown only this once and this browser does not keep it. Whoever has it plays that side."),
      ...doc.invites.map((p) => linkRow(p.seats, p.link, "copy link", `invite-${p.seats[0]}`)),
    );
  }
  const g = doc.game;
  box.replaceChildren(
    el("h3", {}, `Game ${doc.id} created`),
    ...rows,
    g.seeded ? el("p", { class: "muted" }, `Seeded game: seed ${g.seed}.`) : null,
    el("p", {}, el("a", { href: `/replay/${doc.id}` }, "Follow or replay this game")),
  );
  box.hidden = false;
}

async function listGames() {
  const { games } = await api("/api/games");
  const mine = rememberedSeats();
  if (!games.length) {
    $("games").replaceChildren(el("p", { class: "muted" }, "No games yet."));
    return;
  }
  const seatText = (s) => (s.kind === "bot" ? `computer (${s.bot})` : "human");
  const rows = games.map((g) => {
    const links = [];
    for (const seat of ["ap", "cp"]) {
      const tok = mine[g.id] && mine[g.id][seat];
      if (tok) links.push(el("a", { href: `/play/${g.id}#${tok}`, class: "button small" }, `play ${seat.toUpperCase()}`));
    }
    links.push(el("a", { href: `/replay/${g.id}`, class: "button small" }, "replay"));
    let state;
    if (g.problem) state = el("span", { class: "error" }, "corrupt record");
    else if (g.over) state = `over: ${OUTCOME[g.result && g.result.outcome] || ""}${g.result && g.result.vp !== undefined ? `, VP ${g.result.vp}` : ""}`;
    else state = `turn ${g.turn ?? "?"}, VP ${g.vp ?? "?"}, ${g.to_act ? g.to_act.toUpperCase() + " to act" : ""}`;
    return el(
      "tr",
      { "data-game": g.id },
      el("td", {}, el("code", {}, g.id), g.seeded ? el("span", { class: "muted small", title: "a player chose the seed" }, " seeded") : null),
      el("td", {}, humanWords(g.scenario)),
      el("td", {}, `AP ${seatText(g.seats.ap)} · CP ${seatText(g.seats.cp)}`),
      el("td", {}, state),
      el("td", {}, String(g.actions)),
      el("td", { class: "muted small" }, fmtTime(g.updated)),
      el("td", {}, links),
    );
  });
  $("games").replaceChildren(
    el(
      "table",
      { class: "games" },
      el("thead", {}, el("tr", {}, ["Game", "Scenario", "Players", "State", "Decisions", "Last move", ""].map((h) => el("th", {}, h)))),
      el("tbody", {}, rows),
    ),
  );
}

async function main() {
  const meta = await api("/api/meta");
  $("scenario").replaceChildren(...meta.scenarios.map((s) => el("option", { value: s.id }, `${s.name} (${s.description})`)));
  $("scenario").value = "historical";
  seatOptions($("seat-ap"), meta.bots, "human");
  seatOptions($("seat-cp"), meta.bots, "human");
  $("seat-ap").addEventListener("change", refreshSeats);
  $("seat-cp").addEventListener("change", refreshSeats);
  refreshSeats();
  buildOptions(meta);
  buildClockChoice($("clock-choice"));
  $("create").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const body = {
      game: meta.game,
      scenario: $("scenario").value,
      options: readOptions(),
      seats: { ap: $("seat-ap").value, cp: $("seat-cp").value },
    };
    if (!$("creator").disabled) body.creator = $("creator").value;
    if (!$("seed").disabled && $("seed").value !== "") body.seed = Number($("seed").value);
    const clock = readClockChoice();
    if (clock) body.clock = clock;
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
