// Paths of Glory's replay viewer: step through a game's record, seen from one seat (or both,
// once over). Loaded by ../replay.js.

import { Facts, actionLabel, el, fill, humanWords, OUTCOME, rememberedSeats, SIDE_NAME, t as tr } from "./common.js";
import { onLangChange } from "../i18n.js";
import { spacePeek } from "../log.js";
import { ReplayControls } from "../replayshell.js";
import { Board } from "./board.js";
import { cardFace, LogPanel, renderCombat, renderInForce, renderPiles, renderProcedure, renderRounds, renderScore, renderTracks } from "./panels.js";

let gameId;
const $ = (id) => document.getElementById(id);
let tokens;
let facts;
let board;
let logPanel;
let info;
let controls;

// One step's view: the board, the panels, the record entry and the hands.
function draw(v) {
  $("step-label").textContent = tr("replay.step_of", { n: v.step, of: v.steps });
  board.render(v);
  renderTracks($("tracks"), facts, v);
  renderRounds($("rounds"), facts, v, showCard);
  renderInForce($("in-force"), facts, v, showCard);
  renderScore($("score"), facts, v);
  renderProcedure($("procedure"), facts, v);
  renderPiles($("piles"), facts, v, showCard);
  renderCombat($("combat-box"), facts, v);
  fill($("entry"),
    el("div", { class: "prompt-text" }, entryText(v)),
    ...(v.result ? [el("div", { class: "result" }, tr("pog.replay_result", { outcome: OUTCOME[v.result.outcome] || v.result.outcome, reason: facts.word(`reason.${v.result.reason}`, humanWords(v.result.reason || "")), vp: v.result.vp }))] : []),
  );
  const hands = v.cards.hands || { [v.seat]: v.cards.hand };
  fill($("hand"),
    ...Object.entries(hands).map(([side, ids]) =>
      el("div", { class: "hand-block" }, el("div", { class: "hand-title" }, tr("pog.side_hand", { side: SIDE_NAME[side], n: ids.length })), el("div", { class: "hand-cards" }, ids.map((id) => cardFace(facts, id, { onClick: showCard })))),
    ),
  );
}

function showCard(id) {
  const menu = $("menu");
  fill(menu, cardFace(facts, id), el("button", { class: "link", onclick: () => menu.classList.remove("open") }, tr("pog.close")));
  menu.classList.add("open");
  menu.style.left = `${window.innerWidth / 2 - 150}px`;
  menu.style.top = `${window.innerHeight / 3}px`;
}

function buildLayout() {
  $("board-wrap").append(el("div", { id: "combat-box", class: "combat-box", hidden: true }));
  fill($("game-pane"),
    el("div", { id: "tracks", class: "tracks" }),
    el("div", { id: "rounds", class: "rounds" }),
    el("div", { id: "in-force" }),
    el("div", { id: "score" }),
    el("div", { id: "piles", class: "piles" }),
  );
}

export async function start(id, gameInfo) {
  gameId = id;
  tokens = rememberedSeats()[gameId] || {};
  info = gameInfo;
  buildLayout();
  if (info.problem) {
    $("fatal").textContent = info.problem;
    $("fatal").hidden = false;
    return;
  }
  const seats = info.over ? ["both", "ap", "cp"] : ["ap", "cp"].filter((s) => tokens[s] || (info.yours || []).includes(s)); // yours: the account's
  if (!seats.length) {
    $("fatal").textContent = tr("pog.replay_only_players");
    $("fatal").hidden = false;
    return;
  }
  const seatOptions = () => fill($("seat"), ...seats.map((s) => el("option", { value: s }, s === "both" ? tr("pog.both_players") : SIDE_NAME[s])));
  seatOptions();
  facts = await Facts.load();
  const newBoard = () => {
    $("board").replaceChildren();
    return new Board($("board"), facts, { onSpace: (id) => board.flash(id), onUnit: () => {}, storeKey: `greatwar.replayview.${gameId}` });
  };
  board = newBoard();
  controls = new ReplayControls(gameId, {
    token: (seat) => tokens[seat === "both" ? "ap" : seat],
    draw,
    board: () => board,
    logPanel: () => logPanel,
    pointLabel: (at) => tr("pog.analysis_at", { turn: at.turn, round: at.round, side: SIDE_NAME[at.side] }),
    teamName: (side) => SIDE_NAME[side],
  });
  // another language: the facts and the step shown again in it
  onLangChange(async () => {
    const seat = $("seat").value;
    seatOptions();
    $("seat").value = seat;
    facts = await Facts.load();
    board = newBoard();
    logPanel.facts = facts;
    await controls.show(controls.current());
  });
  logPanel = new LogPanel($("log"), facts, (id, kind) => (kind === "card" ? showCard(id) : board.flash(id)));
  spacePeek($("board"), logPanel); // a space hovered on the map shows its last events
  await controls.start(info);
}

// What the step's record entry was; another seat's entries stay hidden until the game is over.
function entryText(v) {
  if (!v.step) return tr("replay.setup");
  if (v.entry_hidden) return tr("pog.replay_hidden", { n: v.step, side: SIDE_NAME[v.entry_seat] || v.entry_seat });
  if (v.entry === "undo") return tr("replay.undo");
  return tr("replay.decision", { n: v.step, action: actionLabel(facts, v.entry) });
}
