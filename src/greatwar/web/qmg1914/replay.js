// Quartermaster General: 1914's replay viewer: step through a game's record, seen by one of the
// powers this browser holds (or by every power, hands and prepared cards shown, once the game is
// over). Loaded by ../replay.js.

import { el, fill, rememberedSeats } from "../common.js";
import { spacePeek } from "../log.js";
import { Board } from "./board.js";
import { Facts } from "./facts.js";
import { cardFace, LogPanel, renderBattle, renderPowers, renderTracks, statusText } from "./panels.js";
import { t } from "./strings.js";
import { onLangChange, t as tr } from "../i18n.js";
import { ReplayControls } from "../replayshell.js";

const $ = (id) => document.getElementById(id);
let gameId;
let tokens;
let facts;
let board;
let logPanel;
let controls;

function entryText(v) {
  if (!v.step) return t("replay_setup");
  if (v.entry_hidden) return t("replay_hidden", { n: v.step, power: facts.powerName(v.entry_seat) });
  if (v.entry === "undo") return t("replay_undo");
  return t("replay_step", { n: v.step, action: v.entry_text || v.entry });
}

// One step's view: the board, the panels, the record entry, the hands and prepared cards.
function draw(v) {
  $("step-label").textContent = tr("replay.step_of", { n: v.step, of: v.steps });
  board.render(v);
  renderTracks($("qmg-tracks"), facts, v);
  renderPowers($("powers"), facts, v, {});
  renderBattle($("combat-box"), facts, v, showCard);
  fill($("procedure"), el("div", {}, statusText(facts, v)));
  const r = v.result;
  fill($("entry"),
    el("div", { class: "prompt-text" }, entryText(v)),
    r ? el("div", { class: "result" }, t("result", { team: facts.team(r.outcome), reason: facts.reason(r.reason), round: r.turn ?? v.round, central: (r.vp || v.score || {}).central, entente: (r.vp || v.score || {}).entente })) : null,
  );
  const hands = v.cards.hands ? Object.entries(v.cards.hands) : [[v.seat, v.cards.hand]];
  const prepareds = v.cards.prepareds || { [v.seat]: v.cards.prepared };
  fill($("hand"),
    hands.map(([p, ids]) =>
      el(
        "div",
        { class: "hand-block", "data-power": p },
        el("div", { class: "hand-title" }, t("replay_hands", { power: facts.powerShort(p), n: ids.length })),
        el("div", { class: "hand-cards" }, ids.map((id) => cardFace(facts, id, { onClick: showCard, compact: true })), (prepareds[p] || []).map((id) => cardFace(facts, id, { onClick: showCard, compact: true, extra: el("div", { class: "prep-tag" }, t("prepared")) }))),
      ),
    ),
  );
}

function showCard(id) {
  const menu = $("menu");
  fill(menu, cardFace(facts, id), el("button", { class: "link", onclick: () => menu.classList.remove("open") }, t("close")));
  menu.classList.add("open");
  menu.style.left = `${Math.max(8, window.innerWidth / 2 - 160)}px`;
  menu.style.top = `${window.innerHeight / 4}px`;
}

export async function start(id, info) {
  gameId = id;
  tokens = rememberedSeats()[gameId] || {};
  document.body.classList.add("qmg");
  facts = await Facts.load();
  const mine = facts.powerOrder.filter((p) => tokens[p] || (info.yours || []).includes(p)); // yours: the account's
  const seats = info.over ? ["all", ...facts.powerOrder] : mine;
  if (!seats.length) {
    $("fatal").textContent = t("replay_only_players");
    $("fatal").hidden = false;
    return;
  }
  const seatOptions = () => fill($("seat"), seats.map((s) => el("option", { value: s }, s === "all" ? t("replay_all") : facts.powerName(s))));
  seatOptions();
  $("board-wrap").prepend(el("div", { class: "qmg-top" }, $("board-tools"), el("div", { id: "qmg-tracks", class: "qmg-tracks" })));
  $("board-wrap").append(el("div", { id: "combat-box", class: "combat-box battle-box", hidden: true }));
  document.querySelector(".bottom").prepend(el("div", { id: "powers", class: "powers" }));
  const newBoard = () => {
    $("board").replaceChildren();
    return new Board($("board"), facts, { onSpace: (s) => board.flash(s), storeKey: `greatwar.replayview.${gameId}` });
  };
  board = newBoard();
  controls = new ReplayControls(gameId, {
    token: (seat) => tokens[seat === "all" ? facts.powerOrder.find((p) => tokens[p]) : seat],
    draw,
    board: () => board,
    logPanel: () => logPanel,
    hiddenTabs: ["game"],
    pointLabel: (at) => t("analysis_at", { round: at.round, power: facts.powerName(at.power) }),
    teamName: (team) => t(`team_${team}`),
  });
  // another language: the facts and the step shown again in it
  onLangChange(async () => {
    facts = await Facts.load();
    const seat = $("seat").value;
    seatOptions();
    $("seat").value = seat;
    board = newBoard();
    logPanel.facts = facts;
    await controls.show(controls.current());
  });
  logPanel = new LogPanel($("log"), facts, (ref, kind) => (kind === "card" ? showCard(ref) : board.flash(ref)));
  spacePeek($("board"), logPanel); // a space hovered on the map shows its last events
  await controls.start(info);
}
