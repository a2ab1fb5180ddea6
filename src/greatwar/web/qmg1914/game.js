// Quartermaster General: 1914's game page: the powers one person holds, every decision a click.
// The shared shell (../shell.js) connects, sends, undoes, chats and notifies; this module draws
// the board, the tracks, the powers, the hand and prepared cards, the battle under way and the
// prompt (each choice a button, each card with the reason it can or cannot be used now), and
// turns clicks on the map and the cards into decisions.

import { crossHighlight, spacePeek } from "../log.js";
import { api, el, fill, loadPref, savePref } from "../common.js";
import { $, closeMenu, placePopup, seatToken, Shell, toast } from "../shell.js";
import { Board } from "./board.js";
import { Facts } from "./facts.js";
import { cardFace, LogPanel, renderBattle, renderPowers, renderReference, renderSteps, renderTracks, statusText, teamClass } from "./panels.js";
import { t } from "./strings.js";
import { lang, t as shellWord } from "../i18n.js";

const MAX_LIST = 40; // no list of choices is longer than this

let gameId;
let shell;
let state;
let facts;
let board;
let logPanel;

const send = (a) => shell.send(a);

function legal() {
  return state.v && state.v.legal ? state.v.legal : [];
}

// A focus stop of the map for a screen reader: the space, its pieces, what choosing it does.
function describeStop(id) {
  const v = state.v;
  const pieces = (v.board && v.board.pieces ? v.board.pieces : []).filter((p) => p.space === id).map((p) => facts.country(p.country).adjective);
  const acts = legal().filter((a) => a.split(" ").includes(id)).map((a) => (v.labels && v.labels[a]) || a);
  const head = `${facts.name(id)}${pieces.length ? `: ${pieces.join(", ")}` : ""}`;
  return acts.length ? `${head}; ${[...new Set(acts)].slice(0, 3).join(" / ")}` : head;
}

function held() {
  const v = state.v;
  return v ? v.held || [v.seat] : [];
}

const words = (a) => a.split(" ");
const cardsOf = (a) => words(a).slice(1).filter((w) => facts.cards.has(w));
const spacesOf = (a) => words(a).slice(1).filter((w) => facts.spaces.has(w));

function label(a) {
  const s = (state.v.labels && state.v.labels[a]) || a;
  return s.charAt(0).toUpperCase() + s.slice(1);
}

// -- drawing ------------------------------------------------------------------------------------

function render() {
  const v = state.v;
  const mine = legal().length > 0;
  const hs = held();
  Object.assign(document.body.dataset, {
    game: "qmg1914",
    seat: v.seat,
    held: hs.join(","),
    round: String(v.round),
    toAct: String(v.to_act),
    serial: String(v.serial),
    version: String(v.version),
    step: String(v.step || ""),
    turnStep: v.turn_step ? v.turn_step.step : "",
    mine: String(mine),
    logLen: String(logPanel.length),
  });
  $("seat-name").classList.toggle("observer", !!v.observer);
  if (v.observer) fill($("seat-name"), shellWord("shell.observer"));
  else fill($("seat-name"), hs.map((p, i) => [i ? " + " : "", el("span", { class: teamClass(facts, p) }, facts.powerShort(p))]));
  $("seat-name").title = v.observer ? "" : t("you_play", { powers: hs.map((p) => facts.powerName(p)).join(", ") });
  const bots = Object.entries(v.seats).filter(([, s]) => s.kind === "bot");
  $("opponent").textContent = bots.length ? t("against_bots", { n: bots.length }) : t("all_humans");
  $("chat-tab").hidden = v.observer || othersAreBots(v);
  board.render(v);
  board.setTrail(trailItems());
  renderTracks($("qmg-tracks"), facts, v);
  renderPowers($("powers"), facts, v, { held: hs, onCard: showCard, onPower: showHeldHand });
  renderBattle($("combat-box"), facts, v.over ? { ...v, battle: null } : v, showCard);
  fill($("statusline"), el("b", {}, statusText(facts, v)));
  renderSteps($("procedure"), facts, v);
  if (state.tab === "ref") renderReference($("ref"), facts, v, showCard);
  renderHand();
  renderPrompt();
  document.title = `${mine ? "▶ " : ""}${t("game")} ${gameId}`;
  $("status").textContent = v.over ? t("status_over") : mine ? t("status_mine", { power: facts.powerShort(v.seat) }) : statusWaiting(v);
  $("status").className = `status ${mine ? "mine" : ""}`;
}

function statusWaiting(v) {
  if (!v.to_act) return "";
  const who = v.seats[v.to_act];
  return who && who.kind === "bot" ? t("status_bot", { power: facts.powerShort(v.to_act) }) : t("status_waiting", { power: facts.powerShort(v.to_act) });
}

function othersAreBots(v) {
  const hs = v.held || [v.seat];
  return Object.entries(v.seats).every(([seat, s]) => hs.includes(seat) || s.kind === "bot");
}

// The shown power's prepared cards and hand, each with the server's word on using it now.
function renderHand() {
  const v = state.v;
  if (v.observer) {
    // an observer of a public game: no hand, no prepared card (their numbers are on the powers)
    fill($("hand"), el("div", { class: "hand-block" }, el("div", { class: "hand-title", "data-testid": "hand" }, shellWord("shell.watching"))));
    state.handKey = null;
    return;
  }
  const notes = v.notes || {};
  const c = v.cards;
  const named = new Set(legal().flatMap(cardsOf));
  // drawn again only when it changes: a card a player points at or has focused stays theirs
  const key = JSON.stringify([lang(), v.seat, c.hand, c.prepared, [...named], notes]);
  if (key === state.handKey && $("hand").childElementCount) return;
  state.handKey = key;
  const face = (id) => cardFace(facts, id, { onClick: clickCard, note: notes[id] || (named.has(id) ? { ok: true, why: "" } : null), compact: true });
  fill($("hand"),
    c.prepared.length
      ? el(
          "div",
          { class: "hand-block prepared-block" },
          el("div", { class: "hand-title", title: t("your_prepared", { n: c.prepared.length }) }, t("your_prepared", { n: c.prepared.length })),
          el("div", { class: "hand-cards", "data-testid": "prepared" }, c.prepared.map(face)),
        )
      : null,
    el(
      "div",
      { class: "hand-block" },
      el("div", { class: "hand-title" }, t("your_hand", { power: facts.powerName(v.seat), n: c.hand.length }), c.prepared.length ? null : el("span", { class: "muted" }, ` · ${t("no_prepared")}`)),
      el("div", { class: "hand-cards", "data-testid": "hand" }, c.hand.map(face)),
    ),
  );
}

// -- what happened since the player's last turn -------------------------------------------------

function freshStart() {
  const entries = logPanel.entries;
  const hs = held();
  for (let i = entries.length - 1; i >= 0; i--) {
    const e = entries[i];
    if (e.k === "turn.end" && hs.includes(e.p)) return i + 1;
  }
  return 0;
}

function trailItems() {
  const out = [];
  for (const [, e] of logPanel.fresh()) {
    if (e.v) continue;
    const a = e.a || {};
    if ((e.k === "piece.build" || e.k === "piece.recruit") && a.space) out.push({ kind: "built", space: a.space });
    else if ((e.k === "piece.removed" || e.k === "piece.eliminated") && a.space) out.push({ kind: "removed", space: a.space });
    else if (e.k === "battle.declared" && a.target) out.push({ kind: "battle", space: a.target });
    else if (e.k === "battle.won" && a.target && (a.removed || []).length) out.push({ kind: "removed", space: a.target });
    else if (e.k === "token.placed" && a.space) out.push({ kind: "token", space: a.space });
  }
  return out;
}

// -- the prompt ---------------------------------------------------------------------------------

function actionButton(a, text = null) {
  return el(
    "button",
    {
      class: `action verb-${words(a)[0]}`,
      "data-action": a,
      onclick: () => send(a),
      onmouseenter: () => board.highlight({ spaces: spacesOf(a), selected: [] }),
      onmouseleave: () => highlight(),
    },
    text || label(a),
  );
}

// Lists of at most MAX_LIST items: longer ones folded by their first word.
function capped(items) {
  if (items.length <= MAX_LIST) return items.map((x) => x.node);
  const groups = new Map();
  for (const x of items) {
    if (!groups.has(x.key)) groups.set(x.key, []);
    groups.get(x.key).push(x);
  }
  const out = [];
  for (const [k, xs] of groups) {
    for (let i = 0; i < xs.length; i += MAX_LIST) {
      const part = xs.slice(i, i + MAX_LIST);
      out.push(el("details", { class: "verb-group" }, el("summary", {}, `${k} (${part.length})`), part.map((x) => x.node)));
    }
  }
  return out.slice(0, MAX_LIST);
}

// A button's text beside its card's name: the verb alone where that says it all.
function shortLabel(a) {
  const w = words(a);
  if (w.length === 2 && ["play", "prepare", "unprepare", "bottom", "discard", "reinforce", "sustain", "counterattack", "attrition", "take"].includes(w[0])) return t(`verb_${w[0]}`);
  return label(a);
}

function passLabel() {
  const v = state.v;
  if (v.step === "turn" && v.turn_step) return t("pass_step", { step: t(`step_${v.turn_step.step}`) });
  if (v.step === "remove_piece") return t("pass_remove");
  return t("pass");
}

function buildChoices() {
  const v = state.v;
  const acts = legal();
  const notes = v.notes || {};
  const list = el("div", { class: "actions", "data-testid": "actions" });
  const withCard = acts.filter((a) => a !== "pass" && cardsOf(a).length);
  const others = acts.filter((a) => a !== "pass" && !cardsOf(a).length);
  // one row per card: its name (a link to the card), the reason, a button per use
  const rows = new Map();
  for (const a of withCard) {
    const c = cardsOf(a)[0];
    if (!rows.has(c)) rows.set(c, []);
    rows.get(c).push(a);
  }
  const items = [];
  for (const [c, cs] of rows) {
    const note = notes[c];
    items.push({
      key: words(cs[0])[0],
      node: el(
        "div",
        { class: "card-row", "data-card": c },
        el("a", { href: "#", class: "card-row-name", onclick: (ev) => (ev.preventDefault(), showCard(c, ev)) }, facts.cardName(c)),
        cs.map((a) => actionButton(a, shortLabel(a))),
        note && note.why ? el("div", { class: "card-row-note" }, note.why) : null,
      ),
    });
  }
  for (const a of others) items.push({ key: words(a)[0], node: actionButton(a) });
  list.append(...capped(items));
  if (acts.includes("pass")) list.append(actionButton("pass", passLabel()));
  return list;
}

// The cards the power cannot use in this decision, with the reasons.
function unusable() {
  const notes = Object.entries(state.v.notes || {}).filter(([, n]) => !n.ok);
  if (!notes.length) return null;
  return el(
    "details",
    { class: "unusable", "data-testid": "unusable" },
    el("summary", {}, t("cannot_title", { n: notes.length })),
    notes.map(([id, n]) => el("div", { class: "card-row no", "data-card": id }, el("a", { href: "#", class: "card-row-name", onclick: (ev) => (ev.preventDefault(), showCard(id, ev)) }, facts.cardName(id)), el("div", { class: "card-row-note" }, `✗ ${n.why}`))),
  );
}

function renderPrompt() {
  const v = state.v;
  const box = $("prompt");
  const items = [];
  if (v.over && v.result) {
    const r = v.result;
    items.push(el("div", { class: "result" }, t("result", { team: facts.team(r.outcome), reason: facts.reason(r.reason), round: r.turn ?? v.round, central: (r.vp || v.score || {}).central, entente: (r.vp || v.score || {}).entente })));
  }
  if (v.bot_error) items.push(el("div", { class: "error" }, v.bot_error));
  if (!legal().length) {
    if (!v.over && v.waiting) {
      const who = v.to_act ? v.seats[v.to_act] : null;
      items.push(el("div", { class: "waiting" }, who && who.kind === "bot" ? t("bot_playing", { what: v.waiting }) : t("waiting", { what: v.waiting })));
    }
  } else {
    if (held().length > 1) items.push(el("div", { class: `acting-for ${teamClass(facts, v.seat)}` }, t("acting_for", { power: facts.powerName(v.seat) })));
    items.push(el("div", { class: "prompt-text", "data-testid": "prompt" }, v.prompt_text || v.prompt));
    items.push(buildChoices());
    items.push(unusable());
    if (legal().some((a) => spacesOf(a).length)) items.push(el("div", { class: "hint" }, t("hint_map")));
  }
  if (v.can_undo) items.push(el("button", { class: "undo", "data-testid": "undo", onclick: () => shell.undo() }, t("undo")));
  fill(box, ...items);
  highlight();
  follow();
}

function highlight() {
  board.highlight({ spaces: legal().flatMap(spacesOf), selected: [] });
}

// -- the view follows the play ------------------------------------------------------------------

const FOCUS_MOST = 10; // choices on more spaces than this are all over the map: the view stays

// Where the decision is: the battle being fought, else the spaces of the choices, else the last
// battle since the player's last turn.
function focusSpaces() {
  const v = state.v;
  if (v.battle) return [v.battle.target, v.battle.origin].filter(Boolean);
  const spaces = [...new Set(legal().flatMap(spacesOf))];
  if (spaces.length) return spaces.length <= FOCUS_MOST ? spaces : [];
  const battles = logPanel.fresh().filter(([, e]) => !e.v && e.k === "battle.declared" && e.a && e.a.target);
  return battles.length ? [battles.at(-1)[1].a.target] : [];
}

// Once a decision: the view to where it is (unless the player has set the view during this
// decision, or turned following off). ``force``: the ◎ button.
function follow(force = false) {
  if (!state.v || !board) return;
  const spaces = focusSpaces();
  const key = `${state.v.version}:${spaces.join(",")}`;
  if (!force && key === state.followKey) return;
  state.followKey = key;
  if (!force && (!loadPref("follow", true) || loadPref(`touched.${gameId}`, null) === key)) return;
  board.focus(spaces);
}

// -- clicking -----------------------------------------------------------------------------------

function clickSpace(id, ev) {
  closeMenu();
  const acts = legal().filter((a) => spacesOf(a).includes(id));
  if (acts.length === 1) {
    send(acts[0]);
    return;
  }
  if (acts.length > 1) {
    showMenu(acts, ev, facts.spaces.get(id).name);
    return;
  }
  inspect(id, ev);
}

function clickCard(id, ev) {
  showCard(id, ev);
}

function showMenu(actions, ev, title) {
  const menu = $("menu");
  fill(menu,
    el("div", { class: "menu-title" }, title || t("choose")),
    actions.map((a) => el("button", { class: "action", "data-action": a, onclick: () => (closeMenu(), send(a)) }, label(a))),
    el("button", { class: "link", onclick: closeMenu }, t("cancel")),
  );
  placePopup(menu, ev);
}

function inspect(id, ev) {
  const s = facts.spaces.get(id);
  if (!s) return;
  const here = state.v.board.pieces.filter((p) => p.space === id);
  const token = (state.v.board.tokens || []).includes(id);
  const menu = $("menu");
  fill(menu,
    el("div", { class: "menu-title" }, s.name),
    el("div", { class: "inspect-facts" }, board.describe(s), token ? ` · ${t("token")}` : ""),
    here.length
      ? el(
          "div",
          { class: "stack-list" },
          here.map((p) => {
            const c = facts.country(p.country);
            return el("div", { class: "stack-row" }, el("span", { class: "swatch", style: `background:${c.colour}` }, ""), `${c.adjective} ${s.sea ? t("navy") : t("army")} · ${p.supplied ? t("supplied") : t("unsupplied")}`);
          }),
        )
      : el("div", { class: "muted" }, t("no_pieces")),
    el("button", { class: "link", onclick: closeMenu }, t("close")),
  );
  placePopup(menu, ev);
}

// A card, large, with the reason it can or cannot be used and a button per legal use.
function showCard(id, ev = null) {
  const acts = legal().filter((a) => cardsOf(a).includes(id));
  const note = (state.v.notes || {})[id] || null;
  const menu = $("menu");
  fill(menu,
    cardFace(facts, id, { note }),
    acts.map((a) => el("button", { class: "action", "data-action": a, onclick: () => (closeMenu(), send(a)) }, label(a))),
    el("button", { class: "link", onclick: closeMenu }, t("close")),
  );
  placePopup(menu, ev);
}

// Another power the person holds: its hand and prepared cards (their own view of it).
async function showHeldHand(power) {
  try {
    const v = await api(`/api/games/${gameId}/view?seat=${encodeURIComponent(power)}&log_from=${logPanel.length}&log_hash=${logPanel.hash ?? ""}`, { token: shell.token });
    const menu = $("menu");
    fill(menu,
      el("div", { class: "menu-title" }, t("your_hand", { power: facts.powerName(power), n: v.cards.hand.length })),
      el("div", { class: "hand-cards wrap" }, v.cards.hand.map((id) => cardFace(facts, id, { compact: true, onClick: (c, e) => showCard(c, e) }))),
      el("div", { class: "menu-title" }, v.cards.prepared.length ? t("your_prepared", { n: v.cards.prepared.length }) : t("no_prepared")),
      el("div", { class: "hand-cards wrap" }, v.cards.prepared.map((id) => cardFace(facts, id, { compact: true, onClick: (c, e) => showCard(c, e) }))),
      el("button", { class: "link", onclick: closeMenu }, t("close")),
    );
    placePopup(menu, null);
  } catch (e) {
    toast(e.message);
  }
}

function confirmFor(a) {
  const v = state.v;
  if (a !== "pass" || v.step !== "turn" || !v.turn_step) return null;
  const others = legal().filter((x) => x !== "pass");
  if (!others.length) return null;
  if (v.turn_step.step === "play") return t("confirm_pass_play");
  if (v.turn_step.step === "draw") {
    const most = Math.max(...others.filter((x) => x.startsWith("draw ")).map((x) => Number(words(x)[1])));
    return most > 0 ? t("confirm_pass_draw", { n: most }) : null;
  }
  return null;
}

// -- the page's parts of the shared layout --------------------------------------------------------

function buildLayout() {
  document.body.classList.add("qmg");
  // the tracks above the map, beside the zoom buttons
  const top = el("div", { class: "qmg-top" }, $("board-tools"), el("div", { id: "qmg-tracks", class: "qmg-tracks", "data-testid": "tracks" }));
  $("board-wrap").prepend(top);
  $("board-wrap").append(el("div", { id: "combat-box", class: "combat-box battle-box", "data-testid": "battle", hidden: true }));
  fill($("game-pane"), el("div", { id: "powers-detail" }));
  const bottom = document.querySelector(".bottom");
  bottom.prepend(el("div", { id: "powers", class: "powers", "data-testid": "powers" }));
  wordLayout();
}

// The layout's own words, in the page's language.
function wordLayout() {
  $("game-name").textContent = t("game");
  for (const [tab, key] of [["log", "tab_log"], ["game", "tab_game"], ["ref", "tab_ref"]]) {
    const b = document.querySelector(`.tab[data-tab=${tab}]`);
    if (b) b.textContent = t(key);
  }
  $("chat-input").placeholder = t("chat_placeholder");
  $("confirm-yes").textContent = t("confirm_yes");
  $("confirm-no").textContent = t("confirm_no");
}

function onView(v) {
  if (!board) {
    // the first view: the board opens on the shown power's Home on a narrow screen
    const focus = v.seat && facts.powers.has(v.seat) ? facts.country(facts.powers.get(v.seat).countries[0]).home : null;
    board = new Board($("board"), facts, { onSpace: clickSpace, storeKey: `greatwar.view.${gameId}`, focus, describe: describeStop });
    // the player set the view during this decision: it stays theirs until the next one
    board.pz.onTouch = () => state.followKey && savePref(`touched.${gameId}`, state.followKey);
  }
  logPanel.freshFrom = freshStart();
  render();
  renderPowers($("powers-detail"), facts, v, { held: held(), onCard: showCard, onPower: showHeldHand });
}

// The page's language changed: the facts (names, cards) in it and a new board (it keeps its
// zoom); the shell then fetches the view again in the new language.
async function changeLang() {
  facts = await Facts.load();
  logPanel.facts = facts;
  $("board").replaceChildren();
  board = null;
  wordLayout();
  $("ref").replaceChildren();
}

export async function start(id) {
  gameId = id;
  buildLayout();
  facts = await Facts.load();
  const token = seatToken(gameId, facts.powerOrder);
  logPanel = new LogPanel($("log"), facts, (ref, kind) => (kind === "card" ? showCard(ref) : board.flash(ref)));
  crossHighlight($("log"), $("board")); // a name hovered in the log lights on the map
  spacePeek($("board"), logPanel); // a space hovered on the map shows its last events
  shell = new Shell(gameId, token, logPanel, {
    onView,
    confirmFor,
    onTab: (name) => name === "ref" && state.v && renderReference($("ref"), facts, state.v, showCard),
    seatShort: (s) => facts.powerShort(s),
    seatName: (s) => facts.powerName(s),
    seatClass: (s) => `team-${facts.teamOf(s)}`,
    scoreName: (team) => String(facts.team(team)),
    othersAreBots,
    strings: () => ({ chatEmpty: t("chat_empty"), undone: t("undone") }),
    onLang: changeLang,
  });
  state = shell.state;
  $("zoom-in").onclick = () => board.zoom(1 / 1.3);
  $("zoom-out").onclick = () => board.zoom(1.3);
  $("zoom-fit").onclick = () => board.fit();
  $("zoom-focus").onclick = () => follow(true);
  await shell.start(() => closeMenu());
}
