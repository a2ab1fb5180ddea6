// The replay viewer: step through a game's record, seen from one seat (or both, once over).

import { api, Facts, actionLabel, el, fill, humanWords, OUTCOME, rememberedSeats, SIDE_NAME } from "./common.js";
import { Board } from "./board.js";
import { cardFace, LogPanel, renderCombat, renderInForce, renderPiles, renderProcedure, renderRounds, renderScore, renderTracks } from "./panels.js";

const gameId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
const $ = (id) => document.getElementById(id);
const tokens = rememberedSeats()[gameId] || {};
let facts;
let board;
let logPanel;
let info;
let playing = null;
let pending = 0;

function toast(msg) {
  const t = $("toast");
  t.textContent = msg;
  t.className = "toast show error";
  setTimeout(() => (t.className = "toast"), 6000);
}

async function show(step) {
  const seat = $("seat").value;
  const n = Math.max(0, Math.min(step, Number($("step").max)));
  $("step").value = String(n);
  const ticket = ++pending;
  let v;
  try {
    v = await api(`/api/games/${gameId}/replay?seat=${seat}&step=${n}`, { token: tokens[seat === "both" ? "ap" : seat] });
  } catch (e) {
    toast(e.message);
    return;
  }
  if (ticket !== pending) return;
  $("step").max = String(v.steps);
  $("step-label").textContent = `step ${v.step} of ${v.steps}`;
  board.render(v);
  renderTracks($("tracks"), facts, v);
  renderRounds($("rounds"), facts, v, showCard);
  renderInForce($("in-force"), facts, v, showCard);
  renderScore($("score"), facts, v);
  renderProcedure($("procedure"), facts, v);
  renderPiles($("piles"), facts, v, showCard);
  renderCombat($("combat-box"), facts, v);
  logPanel.entries = [];
  logPanel.merge(v);
  logPanel.stick = true;
  logPanel.render();
  fill($("entry"),
    el("div", { class: "prompt-text" }, entryText(v)),
    ...(v.result ? [el("div", { class: "result" }, `Result: ${OUTCOME[v.result.outcome] || v.result.outcome} (${humanWords(v.result.reason || "")}), VP ${v.result.vp}`)] : []),
  );
  const hands = v.cards.hands || { [v.seat]: v.cards.hand };
  fill($("hand"),
    ...Object.entries(hands).map(([side, ids]) =>
      el("div", { class: "hand-block" }, el("div", { class: "hand-title" }, `${SIDE_NAME[side]} hand (${ids.length})`), el("div", { class: "hand-cards" }, ids.map((id) => cardFace(facts, id, { onClick: showCard })))),
    ),
  );
}

// What the step's record entry was; another seat's entries stay hidden until the game is over.
function entryText(v) {
  if (!v.step) return "The set-up";
  if (v.entry_hidden) return `Decision ${v.step}: a decision of the ${SIDE_NAME[v.entry_seat] || v.entry_seat} (shown when the game is over)`;
  if (v.entry === "undo") return "A decision was taken back (undo)";
  return `Decision ${v.step}: ${actionLabel(facts, v.entry)}`;
}

function showCard(id) {
  const menu = $("menu");
  fill(menu, cardFace(facts, id), el("button", { class: "link", onclick: () => menu.classList.remove("open") }, "close"));
  menu.classList.add("open");
  menu.style.left = `${window.innerWidth / 2 - 150}px`;
  menu.style.top = `${window.innerHeight / 3}px`;
}

async function main() {
  $("game-id").textContent = gameId;
  try {
    info = await api(`/api/games/${gameId}`);
  } catch (e) {
    $("fatal").textContent = e.message;
    $("fatal").hidden = false;
    return;
  }
  if (info.problem) {
    $("fatal").textContent = info.problem;
    $("fatal").hidden = false;
    return;
  }
  const seats = info.over ? ["both", "ap", "cp"] : ["ap", "cp"].filter((s) => tokens[s]);
  if (!seats.length) {
    $("fatal").textContent = "This game is still being played: only its players can replay it, from their own seat (open your seat's link once in this browser).";
    $("fatal").hidden = false;
    return;
  }
  fill($("seat"), ...seats.map((s) => el("option", { value: s }, s === "both" ? "both players" : SIDE_NAME[s])));
  facts = await Facts.load();
  board = new Board($("board"), facts, { onSpace: (id) => board.flash(id), onUnit: () => {}, storeKey: `greatwar.replayview.${gameId}` });
  logPanel = new LogPanel($("log"), facts, (id, kind) => (kind === "card" ? showCard(id) : board.flash(id)));
  $("step").max = String(info.actions);
  const cur = () => Number($("step").value);
  $("first").onclick = () => show(0);
  $("prev").onclick = () => show(cur() - 1);
  $("next").onclick = () => show(cur() + 1);
  $("last").onclick = () => show(Number($("step").max));
  $("step").oninput = () => show(cur());
  $("seat").onchange = () => show(cur());
  $("zoom-in").onclick = () => board.zoom(1 / 1.3);
  $("zoom-out").onclick = () => board.zoom(1.3);
  $("zoom-fit").onclick = () => board.fit();
  for (const b of document.querySelectorAll(".tab")) {
    b.onclick = () => {
      for (const x of document.querySelectorAll(".tab")) x.classList.toggle("on", x === b);
      for (const p of document.querySelectorAll(".tab-body")) p.classList.toggle("on", p.dataset.pane === b.dataset.tab);
      if (b.dataset.tab === "log") logPanel.follow();
    };
  }
  $("play").onclick = () => {
    if (playing) {
      clearInterval(playing);
      playing = null;
      return;
    }
    playing = setInterval(() => {
      if (cur() >= Number($("step").max)) {
        clearInterval(playing);
        playing = null;
      } else show(cur() + 1);
    }, 400);
  };
  document.addEventListener("keydown", (e) => {
    if (e.key === "ArrowRight") show(cur() + 1);
    if (e.key === "ArrowLeft") show(cur() - 1);
    if (e.key === "Escape") $("menu").classList.remove("open");
  });
  await show(info.over ? info.actions : 0);
}

main().catch((e) => toast(e.message));
