// Paths of Glory's game page: one seat's view of a live game, every legal action a click. The
// shared shell (../shell.js) connects, sends, undoes, chats and notifies; this module draws the
// map, the panels, the hand and the prompt, and turns clicks into decisions.

import { lang } from "../i18n.js";
import { crossHighlight, spacePeek } from "../log.js";
import { actionLabel, botName, el, Facts, fill, humanWords, loadPref, OUTCOME, quoted, rpCost, savePref, SIDE_NAME, SIDE_SHORT, sideName, t, turnLabel, unitLabel } from "./common.js";
import { Board } from "./board.js";
import { cardFace, groupLog, LogPanel, renderCombat, renderInForce, renderPiles, renderProcedure, renderReference, renderRounds, renderScore, renderTracks, ruleSection } from "./panels.js";
import { $, closeMenu, placePopup, seatToken, Shell, toast } from "../shell.js";

const MAX_LIST = 40; // no list of choices is longer than this

let gameId;
let shell;
let state; // the shell's state, with this page's own: the selection and the stepper
let facts;
let board;
let logPanel;

const send = (a) => shell.send(a);
const undo = () => shell.undo();

function entities(a) {
  return a
    .split(" ")
    .slice(1)
    .filter((t) => facts.kind(t));
}

function legal() {
  return state.v && state.v.legal ? state.v.legal : [];
}

// A focus stop of the map for a screen reader: the space and its units, or the unit and where
// it stands, then what choosing it does ("Verdun: FR 3, FR 4; attack Verdun").
function describeStop(id, kind) {
  const v = state.v;
  const units = (v.board.units || []).filter((u) => (kind === "space" ? u.space === id : u.id === id));
  const head = kind === "space" ? `${facts.name(id)}${units.length ? `: ${units.map((u) => facts.name(u.id)).join(", ")}` : ""}` : unitLabel(facts, v, id);
  const acts = candidates().filter((a) => entities(a).includes(id));
  const what = [...new Set(acts.slice(0, 3).map((a) => actionLabel(facts, a, v)))];
  return what.length ? `${head}; ${what.join(" / ")}${acts.length > 3 ? " …" : ""}` : head;
}

function candidates() {
  return legal().filter((a) => state.sel.every((id) => entities(a).includes(id)));
}

const seenKey = () => `seen.${gameId}.${state.v ? state.v.seat : ""}`;

function render() {
  const v = state.v;
  $("seat-name").textContent = v.observer ? t("shell.observer") : SIDE_NAME[v.seat];
  $("seat-name").className = v.observer ? "seat observer" : `seat side-${v.seat}`;
  Object.assign(document.body.dataset, {
    seat: v.seat,
    round: String(v.round),
    phase: String(v.phase),
    toAct: String(v.to_act),
    serial: String(v.serial),
    version: String(v.version),
    step: String(v.step || ""),
    mine: String(legal().length > 0),
    logLen: String(logPanel.length),
  });
  const opp = v.seat === "ap" ? "cp" : "ap";
  const oppSeat = v.seats[opp];
  $("opponent").textContent = v.observer ? "" : oppSeat.kind === "bot" ? t("pog.against_bot", { bot: botName(oppSeat.bot) }) : t("pog.against_human");
  $("chat-tab").hidden = v.observer || oppSeat.kind === "bot";
  board.render(v);
  board.setTrail(trailItems(state.stepper ? state.stepper.items.slice(0, state.stepper.at + 1) : freshEntries(), state.stepper ? state.stepper.items[state.stepper.at] : null));
  renderTracks($("tracks"), facts, v);
  renderRounds($("rounds"), facts, v, showCard);
  renderInForce($("in-force"), facts, v, showCard);
  renderScore($("score"), facts, v);
  renderProcedure($("procedure"), facts, v);
  renderPiles($("piles"), facts, v, showCard);
  renderCombat($("combat-box"), facts, v);
  if (state.tab === "ref" || !$("ref").childElementCount) renderReference($("ref"), facts, v);
  renderStatusLine();
  renderHand();
  renderPrompt();
  renderRecent();
  const mine = v.legal && v.legal.length > 0;
  document.title = `${mine ? t("pog.title_mine") : ""}greatwar ${gameId}`;
  $("status").textContent = v.over ? t("pog.game_over") : mine ? t("pog.your_decision") : v.to_act ? t("pog.waiting_for", { side: SIDE_NAME[v.to_act] }) : t("pog.waiting");
  $("status").className = `status ${mine ? "mine" : ""}`;
}


function renderStatusLine() {
  const v = state.v;
  const ar = v.phase === "action" ? t("pog.round_n", { round: v.round }) : facts.word(`phase.${v.phase}`, humanWords(v.phase || ""));
  const mo = v.rounds ? v.rounds.mo_owed : {};
  const owed = v.over ? [] : ["cp", "ap"].filter((s) => mo[s] && mo[s] !== "none"); // none owed once it is over
  fill(
    $("statusline"),
    el("b", {}, t("pog.turn_label", { turn: v.turn, label: turnLabel(facts, v) })),
    ` · ${ar} · `,
    el("b", { title: t("pog.vp_title") }, t("pog.vp_n", { vp: v.tracks.vp })),
    el("span", { title: t("pog.ws_title") }, ` · ${t("pog.ws_n", { ap: v.tracks.war_status.ap, cp: v.tracks.war_status.cp })}`),
    v.to_act ? el("span", { class: `to-act side-${v.to_act}` }, ` · ${t("pog.to_act", { side: SIDE_SHORT[v.to_act] })}`) : null,
    owed.map((s) => el("span", { class: `chip mo-chip side-${s}`, title: t("pog.mo_owed_title") }, t("pog.mo_owed", { side: SIDE_SHORT[s], mo: facts.word(`mo.${mo[s]}`, mo[s]) }))),
  );
  // lasting events on the map, as markers
  const items = v.in_force || [];
  fill(
    $("in-force-strip"),
    items.map((e) =>
      el(
        "span",
        { class: `chip${e.side ? " side-" + e.side : ""}`, title: e.card ? t("pog.in_force_title", { name: quoted(e.name), turn: e.turn }) : e.name, onclick: () => e.card && showCard(e.card) },
        e.card ? e.name : e.key.replace(/_/g, " "),
      ),
    ),
  );
  $("in-force-strip").hidden = !items.length;
}

function renderHand() {
  const v = state.v;
  if (v.observer) {
    // an observer of a public game: no hand, the numbers of cards only
    const count = (side) => t("pog.opp_hand", { side: SIDE_NAME[side], n: v.cards.hand_count[side], deck: v.cards.deck_count[side] });
    fill($("hand"), el("div", { class: "hand-title", "data-testid": "hand" }, t("shell.watching"), ` · ${count("ap")} · ${count("cp")}`));
    state.handKey = null;
    return;
  }
  const playable = new Set(legal().flatMap(entities).filter((id) => facts.kind(id) === "card"));
  const opp = v.seat === "ap" ? "cp" : "ap";
  // drawn again only when it changes: a card a player points at or has focused stays theirs
  const key = JSON.stringify([lang(), v.cards.hand, [...playable], v.cards.hand_count[opp], v.cards.deck_count[opp]]);
  if (key === state.handKey && $("hand").childElementCount) return;
  state.handKey = key;
  const hand = v.cards.hand.map((id) => cardFace(facts, id, { onClick: clickCard, playable: playable.has(id), compact: true }));
  fill($("hand"),
    el("div", { class: "hand-title" }, t("pog.your_hand", { n: v.cards.hand.length }), el("span", { class: "opp-hand" }, ` · ${t("pog.opp_hand", { side: SIDE_NAME[opp], n: v.cards.hand_count[opp], deck: v.cards.deck_count[opp] })}`)),
    el("div", { class: "hand-cards", "data-testid": "hand" }, hand),
  );
}

// -- what happened since the player's last decision --------------------------------------------

// Where the news starts: after my last action round (what the opponent did since, the phases
// between turns), or later if I have marked it seen. Read from the log alone, so a reload or
// another browser shows the same.
function freshStart() {
  const groups = groupLog(logPanel.entries);
  let start = 0;
  for (let i = groups.length - 1; i >= 0; i--) {
    if (groups[i].head && groups[i].side === state.v.seat) {
      start = i + 1 < groups.length ? groups[i + 1].start : logPanel.length;
      break;
    }
  }
  const seen = loadPref(seenKey(), 0);
  return Math.max(start, typeof seen === "number" && seen <= logPanel.length ? seen : 0);
}

function freshEntries() {
  return logPanel.fresh().filter(([, e]) => !e.v);
}

const MOVE_KEYS = new Set(["move", "sr.land", "sr.sea", "sr.reserve", "combat.retreat", "combat.advance", "event.great_retreat"]);

function trailItems(entries, current) {
  const out = [];
  for (const [i, e] of entries) {
    const a = e.a || {};
    const cur = current && current[0] === i;
    if (MOVE_KEYS.has(e.k) && a.frm && a.to) out.push({ kind: "move", from: a.frm, to: a.to, unit: a.unit, side: e.s || "cp", current: cur });
    else if (e.k === "combat.designated" && a.space) out.push({ kind: "combat", space: a.space, current: cur });
    else if ((e.k === "control" || e.k === "vp.space") && a.space) out.push({ kind: "control", space: a.space, current: cur });
  }
  return out;
}

function summarise(entries) {
  let moves = 0;
  let combats = 0;
  let elim = 0;
  let ctrl = 0;
  for (const [, e] of entries) {
    if (MOVE_KEYS.has(e.k)) moves++;
    else if (e.k === "combat.designated") combats++;
    else if (e.k === "unit.eliminated") elim++;
    else if (e.k === "control" || e.k === "vp.space") ctrl++;
  }
  const parts = [];
  const plays = entries.filter(([, e]) => e.k && e.k.startsWith("card.") && e.a && e.a.card && e.s && state.v && e.s !== state.v.seat);
  const use = { "card.ops": "ops", "card.sr": "sr", "card.rp": "rp", "card.event": "event" };
  for (const [, e] of plays) parts.push(t(`pog.played${use[e.k] ? "_" + use[e.k] : ""}`, { side: SIDE_SHORT[e.s], card: quoted(facts.name(e.a.card)) }));
  if (moves) parts.push(t("pog.n_moves", { n: moves }));
  if (combats) parts.push(t("pog.n_combats", { n: combats }));
  if (elim) parts.push(t("pog.n_eliminated", { n: elim }));
  if (ctrl) parts.push(t("pog.n_changed", { n: ctrl }));
  return parts.join(", ");
}

// The opponent's last action round (or, when newer, everything since my last decision).
function stepSource() {
  const fresh = freshEntries();
  // the news, once it holds an action of the opponent's (not only the phases' dice, such as
  // the mandated offensives' rolls before the first round)
  if (fresh.some(([, e]) => e.s && e.s !== state.v.seat && e.p === "action")) return fresh;
  // else the opponent's last action round, once they have had one
  const opp = state.v.seat === "ap" ? "cp" : "ap";
  const groups = groupLog(logPanel.entries);
  for (let i = groups.length - 1; i >= 0; i--) if (groups[i].head && groups[i].side === opp) return groups[i].entries.filter(([, e]) => !e.v);
  return [];
}

function renderRecent() {
  const box = $("recent");
  const st = state.stepper;
  if (state.v.over && !st) {
    box.hidden = true; // the end screen says what happened: the log and the replay hold the rest
    return;
  }
  if (st) {
    const [i, e] = st.items[st.at];
    box.hidden = false;
    fill(box,
      el("div", { class: "recent-title" }, t("pog.step_of", { n: st.at + 1, of: st.items.length })),
      el("div", { class: "recent-text", title: e.text || e.k }, e.text || e.k),
      el(
        "div",
        { class: "recent-buttons" },
        el("button", { onclick: () => stepTo(st.at - 1), disabled: st.at === 0, "data-testid": "step-prev" }, "◀"),
        el("button", { onclick: () => stepTo(st.at + 1), disabled: st.at >= st.items.length - 1, "data-testid": "step-next" }, "▶"),
        el("button", { onclick: stopStepping, "data-testid": "step-close" }, t("pog.close_x")),
      ),
    );
    for (const n of document.querySelectorAll(".log-entry.stepping")) n.classList.remove("stepping");
    const line = document.querySelector(`.log-entry[data-index="${i}"]`);
    if (line) {
      line.classList.add("stepping");
      line.closest("details")?.setAttribute("open", "");
      line.scrollIntoView({ block: "nearest" });
    }
    return;
  }
  const fresh = freshEntries();
  const summary = summarise(fresh);
  const src = stepSource();
  if (!summary && !src.length) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  fill(box,
    summary ? el("div", { class: "recent-title", title: `${t(state.v.observer ? "pog.since_looked" : "pog.since_last")} ${summary}` }, t(state.v.observer ? "pog.since_looked" : "pog.since_last"), " ", summary) : el("div", { class: "recent-title" }, t(state.v.observer ? "pog.last_round" : "pog.opp_last_round")),
    el(
      "div",
      { class: "recent-buttons" },
      src.length ? el("button", { onclick: startStepping, "data-testid": "step-through" }, t("pog.step_through")) : null,
      summary ? el("button", { onclick: markSeen, title: t("pog.seen_title") }, t("pog.seen")) : null,
    ),
  );
}

function startStepping() {
  const items = stepSource().filter(([, e]) => e.k !== "die");
  if (!items.length) return;
  state.stepper = { items, at: 0 };
  shell.setTab("log");
  stepTo(0);
}

function stepTo(n) {
  const st = state.stepper;
  if (!st) return;
  st.at = Math.max(0, Math.min(n, st.items.length - 1));
  const cur = st.items[st.at];
  board.setTrail(trailItems(st.items.slice(0, st.at + 1), cur));
  const a = cur[1].a || {};
  const focus = a.to || a.space || a.frm;
  if (focus) board.flash(focus);
  renderRecent();
}

function stopStepping() {
  state.stepper = null;
  for (const n of document.querySelectorAll(".log-entry.stepping")) n.classList.remove("stepping");
  board.setTrail(trailItems(freshEntries(), null));
  renderRecent();
}

function markSeen() {
  savePref(seenKey(), logPanel.length);
  logPanel.freshFrom = logPanel.length;
  state.stepper = null;
  board.setTrail([]);
  logPanel.render();
  renderRecent();
}

// -- the prompt and its choices -----------------------------------------------------------------

function actionButton(a, label = null) {
  return el(
    "button",
    {
      class: `action verb-${a.split(" ")[0]}`,
      "data-action": a,
      onclick: () => send(a),
      onmouseenter: () => board.highlight({ spaces: entities(a).filter((x) => facts.kind(x) === "space"), units: entities(a).filter((x) => facts.kind(x) === "unit"), selected: state.sel }),
      onmouseleave: () => highlight(),
    },
    label || actionLabel(facts, a, state.v),
  );
}

// Items (buttons or rows) in lists of at most MAX_LIST: grouped by key when longer.
function capped(items, keyOf, titleOf) {
  if (items.length <= MAX_LIST) return items.map((x) => x.node);
  const groups = new Map();
  for (const x of items) {
    const k = keyOf(x);
    if (!groups.has(k)) groups.set(k, []);
    groups.get(k).push(x);
  }
  const out = [];
  for (const [k, xs] of [...groups.entries()].sort((a, b) => String(titleOf(a[0])).localeCompare(String(titleOf(b[0]))))) {
    for (let i = 0; i < xs.length; i += MAX_LIST) {
      const part = xs.slice(i, i + MAX_LIST);
      const suffix = xs.length > MAX_LIST ? ` ${i / MAX_LIST + 1}` : "";
      out.push(el("details", { class: "verb-group" }, el("summary", {}, `${titleOf(k)}${suffix} (${part.length})`), part.map((x) => x.node)));
    }
  }
  if (out.length > MAX_LIST) return out.slice(0, MAX_LIST); // never reached with this map's nations
  return out;
}

const VERBS = new Set(["move", "place", "retreat", "advance", "sr"]);

const spaceNation = (id) => {
  const s = facts.spaces.get(id);
  return s ? s.nation || "none" : "none";
};
const NATION_TITLE = (n) => (!n || n === "none" ? t("pog.other") : facts.word(`nation.${n}`, n.toUpperCase()));

// One button for units alike (same counter, state and place): "Redeploy GE corps ×4 (Reserve Box)".
function unitKey(verb, uid) {
  const d = facts.units.get(uid);
  const u = state.v.board.units.find((x) => x.id === uid);
  return [verb, d.nation, d.army, d.name, u ? u.reduced : "", u ? u.space : ""].join("|");
}

function unitActionItems(acts) {
  const groups = new Map();
  for (const a of acts) {
    const [verb, uid] = a.split(" ");
    const k = unitKey(verb, uid);
    if (!groups.has(k)) groups.set(k, []);
    groups.get(k).push(a);
  }
  return [...groups.values()].map((same) => {
    const uid = same[0].split(" ")[1];
    const label = actionLabel(facts, same[0], state.v) + (same.length > 1 ? ` ×${same.length}` : "");
    const b = actionButton(same[0], label);
    if (same.length > 1) b.title = t("pog.identical", { n: same.length, ids: same.map((a) => a.split(" ")[1]).join(", ") });
    const u = state.v.board.units.find((x) => x.id === uid);
    return { node: b, where: u ? u.space : "", uid };
  });
}

// Actions "verb unit space": pick the unit first, then where it goes.
function unitPickerItems(acts) {
  const byUnit = new Map();
  for (const a of acts) {
    const uid = a.split(" ")[1];
    if (!byUnit.has(uid)) byUnit.set(uid, []);
    byUnit.get(uid).push(a);
  }
  const groups = new Map();
  for (const [uid, list] of byUnit) {
    const k = unitKey(list[0].split(" ")[0], uid) + "|" + list.map((a) => a.split(" ")[2]).join(",");
    if (!groups.has(k)) groups.set(k, []);
    groups.get(k).push([uid, list]);
  }
  return [...groups.values()].map((same) => {
    const [uid, list] = same[0];
    const verb = list[0].split(" ")[0];
    const offer = state.v.rp_offers?.[list[0]]; // an eliminated army rebuilt (17.1.5)
    const what = offer ? t("pog.verb.rebuild") : t(`pog.verb.${VERBS.has(verb) ? verb : "other"}`, { verb: facts.word(`act.${verb}`, humanWords(verb)) });
    const cost = offer ? `: ${rpCost(offer.rp)}` : "";
    const b = el(
      "button",
      {
        class: `action pick-unit verb-${verb}`,
        "data-unit": uid,
        onclick: () => select([uid]),
        onmouseenter: () => board.highlight({ spaces: list.map((a) => a.split(" ")[2]), units: [uid], selected: state.sel }),
        onmouseleave: () => highlight(),
      },
      `${what} ${unitLabel(facts, state.v, uid)}${same.length > 1 ? ` ×${same.length}` : ""} → ${t("pog.places_n", { n: list.length })}${cost}`,
    );
    const u = state.v.board.units.find((x) => x.id === uid);
    return { node: b, where: u ? u.space : "" };
  });
}

function buildChoices(cands) {
  const list = el("div", { class: "actions", "data-testid": "actions" });
  const rest = cands.filter((a) => a !== "done");
  const cardOf = (a) => entities(a).find((x) => facts.kind(x) === "card");
  const withCard = rest.filter(cardOf);
  let others = rest.filter((a) => !cardOf(a));
  if (withCard.length > 8) {
    // many card choices: one row per card, one short button per use
    const rows = new Map();
    for (const a of withCard) {
      const c = cardOf(a);
      if (!rows.has(c)) rows.set(c, []);
      rows.get(c).push(a);
    }
    for (const [c, acts] of rows) {
      list.append(
        el(
          "div",
          { class: "card-row" },
          el("a", { href: "#", class: "card-row-name", onclick: (ev) => (ev.preventDefault(), showCard(c)) }, facts.name(c)),
          acts.map((a) => {
            const b = actionButton(a, shortLabel(a, c));
            b.title = actionLabel(facts, a, state.v);
            return b;
          }),
        ),
      );
    }
  } else {
    others = rest;
  }
  const byVerb = new Map();
  for (const a of others) {
    const verb = a.split(" ")[0];
    if (!byVerb.has(verb)) byVerb.set(verb, []);
    byVerb.get(verb).push(a);
  }
  for (const [verb, acts] of byVerb) {
    const shape = acts[0].split(" ").length;
    const firstKind = facts.kind(acts[0].split(" ")[1] || "");
    if (verb === "activate") {
      // one row per space: [Move] [Attack]
      const rows = new Map();
      for (const a of acts) {
        const x = a.split(" ")[2];
        if (!rows.has(x)) rows.set(x, []);
        rows.get(x).push(a);
      }
      const items = [...rows.entries()].map(([x, xs]) => {
        const here = state.v.board.units.filter((u) => u.space === x).map((u) => facts.name(u.id));
        return {
          x,
          node: el(
            "div",
            { class: "space-row", "data-space": x },
            el("span", { class: "space-row-name", title: `${t("pog.units_here", { n: here.length })}: ${here.join(", ")}` }, facts.name(x), el("span", { class: "muted" }, here.length ? ` (${here.length})` : "")),
            xs.map((a) => actionButton(a, t(a.split(" ")[1] === "move" ? "pog.verb.move" : "pog.verb.attack"))),
          ),
        };
      });
      // what the rows' "(n)" count, once above them
      list.append(el("div", { class: "muted small", "data-testid": "activation-legend" }, t("pog.units_here_legend")));
      list.append(...capped(items, (it) => spaceNation(it.x), NATION_TITLE));
    } else if (firstKind === "unit" && shape === 3 && facts.kind(acts[0].split(" ")[2]) === "space") {
      const units = new Set(acts.map((a) => a.split(" ")[1]));
      if (units.size > 1) {
        const items = unitPickerItems(acts);
        list.append(...capped(items, (it) => spaceNation(it.where), NATION_TITLE));
      } else {
        // one unit: its destinations, named by the place only
        const to = (a) => (state.v.rp_offers?.[a] ? null : t(`pog.to.${VERBS.has(verb) ? verb : "other"}`, { space: facts.name(a.split(" ")[2]) }));
        const items = acts.map((a) => ({ node: actionButton(a, to(a)), x: a.split(" ")[2] }));
        list.append(...capped(items, (it) => spaceNation(it.x), NATION_TITLE));
      }
    } else if (firstKind === "unit" && shape === 2) {
      const items = unitActionItems(acts);
      list.append(...capped(items, (it) => spaceNation(it.where), NATION_TITLE));
    } else {
      const items = acts.map((a) => ({ node: actionButton(a), a }));
      list.append(...capped(items, (it) => it.a.split(" ")[0], (verb) => facts.word(`act.${verb}`, humanWords(verb))));
    }
  }
  if (cands.includes("done")) list.append(actionButton("done", doneLabel()));
  return list;
}

function doneLabel() {
  const step = state.v.step;
  if (step === "combat_designation") return t(state.v.combat ? "pog.done.confirm_attackers" : "pog.done.end_combat");
  const known = ["operation", "movement", "strategic_redeployment", "combat_cards", "combat_advance", "spend_replacements"];
  return t(known.includes(step) ? `pog.done.${step}` : "pog.act.done");
}

function renderPrompt() {
  const v = state.v;
  syncSelection();
  const box = $("prompt");
  const items = [];
  if (v.over && v.result) {
    items.push(el("div", { class: "result" }, t(v.result.vp !== undefined ? "pog.result_vp" : "pog.result", { outcome: OUTCOME[v.result.outcome] || v.result.outcome, reason: facts.word(`reason.${v.result.reason}`, humanWords(v.result.reason || "")), vp: v.result.vp })));
  }
  if (v.bot_error) items.push(el("div", { class: "error" }, v.bot_error));
  if (!legal().length) {
    if (!v.over) {
      const who = v.to_act ? v.seats[v.to_act] : null;
      items.push(el("div", { class: "waiting" }, who && who.kind === "bot" ? t("pog.bot_playing") : v.to_act ? t("pog.waiting_for_dots", { side: SIDE_NAME[v.to_act] }) : t("pog.waiting_other")));
    }
  } else {
    items.push(el("div", { class: "prompt-text", "data-testid": "prompt" }, v.prompt_text || v.prompt));
    if (v.prompt_detail && v.prompt_detail.length) {
      items.push(el("div", { class: "prompt-detail", "data-testid": "prompt-detail" }, v.prompt_detail.map((d) => el("div", {}, d))));
    }
    if (state.sel.length) {
      items.push(
        el(
          "div",
          { class: "selection" },
          t("pog.selected"),
          " ",
          state.sel.map((id) => el("b", {}, (facts.kind(id) === "unit" ? unitLabel(facts, v, id) : facts.name(id)) + " ")),
          el("button", { class: "link", onclick: () => select([]) }, t("pog.clear")),
        ),
      );
    }
    items.push(buildChoices(candidates()));
    if (candidates().some((a) => entities(a).some((x) => facts.kind(x) !== "card"))) {
      items.push(el("div", { class: "hint" }, t("pog.hint_map")));
    }
  }
  if (v.step === "combat_cards" && v.combat && v.combat.attacker === v.seat) {
    items.push(
      el(
        "label",
        { class: "check small", "data-testid": "keep-cc" },
        el("input", { type: "checkbox", checked: loadPref("keep_cc_windows", false) === true, onchange: (ev) => savePref("keep_cc_windows", ev.target.checked) }),
        " ",
        t("pog.keep_cc_windows"),
      ),
    );
  }
  if (v.can_undo) items.push(el("button", { class: "undo", "data-testid": "undo", onclick: undo }, v.step === "strategic_redeployment" && legal().every((a) => a.split(" ").length === 3) ? t("pog.undo_unit") : t("pog.undo")));
  fill(box, ...items);
  highlight();
  cancelAnimationFrame(state.followFrame);
  state.followFrame = requestAnimationFrame(() => follow()); // once the page is laid out
}

// -- the view follows the play ------------------------------------------------------------------

// Choices spread over more than this share of the map's width or height are all over it: the
// view stays (the boxes beside the map do not count).
const FOCUS_SPREAD = 0.6;
function gathered(spaces) {
  const ss = [...spaces].map((id) => facts.spaces.get(id)).filter((s) => s && s.kind !== "offmap_box");
  if (!ss.length) return [];
  const span = (xs) => Math.max(...xs) - Math.min(...xs);
  const ok = span(ss.map((s) => s.x)) <= facts.doc.width * FOCUS_SPREAD && span(ss.map((s) => s.y)) <= facts.doc.height * FOCUS_SPREAD;
  return ok ? ss.map((s) => s.id) : [];
}

// Where the decision is: the combat being fought, else the spaces of the choices (a retreat's,
// an SR's destinations...), else the opponent's last combat since my last decision.
function focusSpaces() {
  const v = state.v;
  const ids = candidates().flatMap(entities);
  const spaces = new Set(ids.filter((x) => facts.kind(x) === "space"));
  for (const u of v.board.units) if (ids.includes(u.id)) spaces.add(u.space);
  // a combat: its space and the attackers', and where a retreat or an advance may go (12.5, 12.7)
  if (v.combat) return [...new Set([v.combat.target, ...((v.map_marks || {}).attack_from || []), ...gathered(spaces)])];
  if (spaces.size) return gathered(spaces);
  const combats = freshEntries().filter(([, e]) => e.k === "combat.designated" && e.s && e.s !== v.seat && e.a && e.a.space);
  return combats.length ? [combats.at(-1)[1].a.space] : [];
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
  board.focus(spaces, covered());
}

// The pixels at the top and the bottom of the map that panels drawn over it cover across most
// of its width (a phone's tools and combat box, a banner), for the view to show the spaces in
// the rest.
function covered() {
  const b = $("board").getBoundingClientRect();
  const out = { top: 0, bottom: 0 };
  for (const id of ["board-tools", "combat-box", "recent"]) {
    const e = $(id);
    if (!e || e.hidden) continue;
    const r = e.getBoundingClientRect();
    const wide = Math.min(r.right, b.right) - Math.max(r.left, b.left) > b.width * 0.4;
    if (!r.height || !wide || r.bottom <= b.top || r.top >= b.bottom) continue;
    if (r.top - b.top < b.bottom - r.bottom) out.top = Math.max(out.top, r.bottom - b.top);
    else out.bottom = Math.max(out.bottom, b.bottom - r.top);
  }
  return out;
}

function shortLabel(a, card) {
  const [verb, ...args] = a.split(" ");
  const c = facts.cards.get(card);
  if (verb === "play") return { ops: t("pog.short.ops", { n: c.ops }), sr: t("pog.short.sr", { n: c.sr }), rp: t("pog.short.rp"), event: t("pog.short.event") }[args[0]] || args[0];
  const rest = args.filter((x) => x !== card).map((x) => facts.name(x));
  return [facts.word(`act.${verb}`, humanWords(verb)), ...rest].join(" ");
}

function highlight() {
  const ids = candidates().flatMap(entities).filter((id) => !state.sel.includes(id));
  board.highlight({
    spaces: ids.filter((x) => facts.kind(x) === "space"),
    units: ids.filter((x) => facts.kind(x) === "unit"),
    selected: state.sel,
  });
}

function syncSelection() {
  document.body.dataset.sel = state.sel.join(",");
}

function select(sel) {
  state.sel = sel;
  closeMenu();
  renderPrompt();
}

// -- clicking ----------------------------------------------------------------------------------

function clickEntity(id, ev) {
  closeMenu();
  let c = candidates().filter((a) => entities(a).includes(id));
  if (!c.length && state.sel.length) {
    state.sel = [];
    c = legal().filter((a) => entities(a).includes(id));
  }
  if (!c.length) {
    renderPrompt();
    return false;
  }
  if (c.length === 1) {
    send(c[0]);
    return true;
  }
  const shapes = new Set(c.map((a) => entities(a).sort().join(",")));
  if (shapes.size === 1 || c.length <= 6) {
    showMenu(c, ev, facts.kind(id) === "unit" ? unitLabel(facts, state.v, id) : facts.name(id));
    return true;
  }
  state.sel = [...state.sel, id];
  renderPrompt();
  return true;
}

function clickSpace(id, ev) {
  const here = state.v.board.units.filter((u) => u.space === id);
  const spaceActs = legal().filter((a) => entities(a).includes(id));
  const unitActs = here.filter((u) => legal().some((a) => entities(a).includes(u.id)));
  if (!spaceActs.length && unitActs.length > 1) {
    showStack(id, ev);
    return;
  }
  if (!spaceActs.length && unitActs.length === 1) {
    clickEntity(unitActs[0].id, ev);
    return;
  }
  if (!clickEntity(id, ev)) inspect(id, ev);
}

function clickUnit(id, ev) {
  const u = state.v.board.units.find((x) => x.id === id);
  if (!u) return;
  const here = state.v.board.units.filter((x) => x.space === u.space);
  const acting = here.filter((x) => legal().some((a) => entities(a).includes(x.id)));
  if (here.length > 1 && (acting.length > 1 || (acting.length === 1 && acting[0].id !== id && !legal().some((a) => entities(a).includes(u.space))))) {
    if (acting.length === 1) clickEntity(acting[0].id, ev);
    else showStack(u.space, ev);
    return;
  }
  if (clickEntity(id, ev)) return;
  // a unit with nothing to do: the click is meant for its space (activation, attack...)
  clickSpace(u.space, ev);
}

function clickCard(id, ev) {
  const c = legal().filter((a) => entities(a).includes(id));
  if (c.length === 1) {
    send(c[0]);
    return;
  }
  showCard(id, c, ev);
}

function showMenu(actions, ev, title) {
  const menu = $("menu");
  fill(menu,
    el("div", { class: "menu-title" }, title || t("pog.choose")),
    ...actions.map((a) => el("button", { class: "action", "data-action": a, onclick: () => (closeMenu(), send(a)) }, actionLabel(facts, a, state.v))),
    el("button", { class: "link", onclick: closeMenu }, t("pog.cancel")),
  );
  placePopup(menu, ev);
}

function unitRow(u, targets, out) {
  const d = facts.units.get(u.id);
  const fac = u.reduced ? d.reduced : d.full;
  return `${d.name} ${fac.join("-")}${u.reduced ? ` (${t("pog.reduced")})` : ""}${out.has(u.id) ? ` — ${t("pog.out_of_supply")}` : ""}`;
}

// A stack opened: every unit with what it may do now.
function showStack(spaceId, ev) {
  const s = facts.spaces.get(spaceId);
  const v = state.v;
  const here = v.board.units.filter((u) => u.space === spaceId);
  const out = new Set(v.supply?.units || []);
  const menu = $("menu");
  const spaceActs = legal().filter((a) => entities(a).includes(spaceId) && !entities(a).some((x) => facts.kind(x) === "unit"));
  fill(menu,
    el("div", { class: "menu-title" }, t("pog.stack_units", { space: s.name, n: here.length })),
    spaceActs.map((a) => el("button", { class: "action", "data-action": a, onclick: () => (closeMenu(), send(a)) }, actionLabel(facts, a, v))),
    el(
      "div",
      { class: "stack-list", "data-testid": "stack" },
      here.map((u) => {
        const acts = legal().filter((a) => entities(a).includes(u.id));
        return el(
          "div",
          { class: `stack-row${acts.length ? " can" : ""}`, "data-unit": u.id },
          el("span", { class: "stack-unit" }, unitRow(u, null, out)),
          acts.length === 1
            ? el("button", { class: "action", "data-action": acts[0], onclick: () => (closeMenu(), send(acts[0])) }, actionLabel(facts, acts[0], v))
            : acts.length > 1
              ? el("button", { class: "action", onclick: () => (closeMenu(), clickEntity(u.id, ev)) }, t("pog.choose_n", { n: acts.length }))
              : null,
        );
      }),
    ),
    el("button", { class: "link", onclick: closeMenu }, t("pog.close")),
  );
  placePopup(menu, ev);
}

function inspect(spaceId, ev) {
  const s = facts.spaces.get(spaceId);
  if (!s) return;
  const v = state.v;
  const here = v.board.units.filter((u) => u.space === spaceId);
  const ctrl = (v.neutral || []).includes(spaceId) ? "neutral" : v.board.control[spaceId];
  const out = new Set(v.supply?.units || []);
  const menu = $("menu");
  fill(menu,
    el("div", { class: "menu-title" }, s.name),
    s.kind === "map_space"
      ? el(
          "div",
          { class: "inspect-facts" },
          `${facts.word(`terrain.${s.terrain}`, humanWords(s.terrain))} · ${ctrl === "neutral" ? t("pog.neutral_space") : ctrl ? t("pog.controlled_by", { side: sideName(ctrl) }) : "?"}`,
          s.fort ? ` · ${t("pog.fort_status", { n: s.fort, status: facts.word(`fort.${v.board.forts[spaceId] || "intact"}`, v.board.forts[spaceId] || "intact") })}` : "",
          v.board.trenches[spaceId] ? ` · ${t("pog.trench_of", { n: v.board.trenches[spaceId].level, side: SIDE_SHORT[v.board.trenches[spaceId].side] })}` : "",
          (v.historical ? s.vp : s.vp_classic) ? ` · ${t("pog.vp_space")}` : "",
          (v.supply?.spaces || []).includes(spaceId) ? ` · ${t("pog.out_of_supply")}` : "",
        )
      : null,
    here.length ? el("div", { class: "stack-list" }, here.map((u) => el("div", { class: "stack-row", "data-unit": u.id }, unitRow(u, null, out)))) : el("div", { class: "muted" }, t("pog.no_units")),
    el("button", { class: "link", onclick: closeMenu }, t("pog.close")),
  );
  placePopup(menu, ev);
}

function showCard(id, actions = [], ev = null) {
  const menu = $("menu");
  fill(menu,
    cardFace(facts, id),
    ...actions.map((a) => el("button", { class: "action", "data-action": a, onclick: () => (closeMenu(), send(a)) }, actionLabel(facts, a, state.v))),
    el("button", { class: "link", onclick: closeMenu }, t("pog.close")),
  );
  placePopup(menu, ev);
}

// -- the page's own parts of the shared layout -------------------------------------------------

// The supply networks the map may show (14.2; the view's supply_networks), "" for none.
const NETWORKS = ["", "cp", "ap_west", "ap_east", "mef"];

function buildLayout() {
  $("board-tools").append(
    el("label", { id: "supply-label" }, el("input", { type: "checkbox", id: "supply", checked: true }), el("span", { id: "supply-text" })),
    el("select", { id: "network", "data-testid": "network" }, NETWORKS.map((n) => el("option", { value: n }))),
  );
  $("board-wrap").append(
    el("div", { id: "combat-box", class: "combat-box", "data-testid": "combat", hidden: true }),
    el("div", { id: "recent", class: "recent", "data-testid": "recent", hidden: true }),
    el("div", { id: "in-force-strip", class: "in-force-strip", "data-testid": "in-force-strip", hidden: true }),
  );
  fill($("game-pane"),
    el("div", { id: "tracks", class: "tracks" }),
    el("div", { id: "rounds", class: "rounds" }),
    el("div", { id: "in-force" }),
    el("div", { id: "score" }),
    el("div", { id: "piles", class: "piles" }),
  );
  wordLayout();
}

// The layout's own words, in the page's language.
function wordLayout() {
  $("game-name").textContent = t("pog.title");
  $("supply-label").title = t("pog.supply_title");
  $("supply-text").textContent = ` ${t("pog.supply")}`;
  $("network").title = t("pog.network_title");
  $("network").setAttribute("aria-label", t("pog.network_title"));
  for (const o of $("network").options) o.textContent = t(`pog.network.${o.value || "none"}`);
  $("in-force-strip").title = t("pog.in_force");
  $("chat-input").placeholder = t("pog.chat_placeholder");
}

// A log entry's rule: the Reference tab at its section of the rules summary.
function showRule(r) {
  shell.setTab("ref");
  const sec = ruleSection(facts, r);
  const at = sec && document.getElementById(`rule-${sec.rule}`);
  if (!at) return;
  at.scrollIntoView({ block: "center" });
  at.classList.remove("flash");
  void at.offsetWidth;
  at.classList.add("flash");
}

function newBoard() {
  $("board").replaceChildren();
  const b = new Board($("board"), facts, { onSpace: clickSpace, onUnit: clickUnit, storeKey: `greatwar.view.${gameId}`, describe: describeStop });
  // the player set the view during this decision: it stays theirs until the next one
  b.pz.onTouch = () => state && state.followKey && savePref(`touched.${gameId}`, state.followKey);
  return b;
}

// The page's language changed: the facts (names, cards, tables) in it, then the shell fetches
// the view again; the board keeps its zoom.
async function changeLang() {
  facts = await Facts.load();
  board = newBoard();
  logPanel.facts = facts;
  wordLayout();
  $("ref").replaceChildren();
}

function onView(v, moved) {
  if (moved) state.sel = [];
  logPanel.freshFrom = freshStart();
  render();
  if (moved) autoPassCombatCards(v);
}

// The attacker's combat-card window with no card to play ("done" its only choice) passes by
// itself, unless the player keeps such windows (they may wish not to show by their speed that
// they hold none): a moment later, once per position.
function noCardToPlay(v) {
  const c = v.combat;
  return v.step === "combat_cards" && c && c.attacker === v.seat && legal().length === 1 && legal()[0] === "done";
}

function autoPassCombatCards(v) {
  if (!noCardToPlay(v) || loadPref("keep_cc_windows", false) === true) return;
  const at = v.version;
  setTimeout(() => {
    if (state.v.version !== at || !noCardToPlay(state.v) || loadPref("keep_cc_windows", false) === true) return;
    toast(t("pog.cc_auto_passed"));
    send("done");
  }, 700);
}

export async function start(id) {
  gameId = id;
  buildLayout();
  facts = await Facts.load();
  board = newBoard();
  logPanel = new LogPanel($("log"), facts, (ref, kind) => (kind === "card" ? showCard(ref) : board.flash(ref)), { onRule: showRule });
  crossHighlight($("log"), $("board")); // a name hovered in the log lights on the map
  spacePeek($("board"), logPanel); // a space hovered on the map shows its last events
  const opp = (v) => (v.seat === "ap" ? "cp" : "ap");
  shell = new Shell(gameId, seatToken(gameId, ["ap", "cp"]), logPanel, {
    onView,
    confirmFor: (a) => (a === "done" && state.v.confirm_done ? state.v.confirm_done : null),
    afterSend: () => (state.stepper = null),
    onTab: (name) => name === "ref" && state.v && renderReference($("ref"), facts, state.v),
    seatShort: (s) => SIDE_SHORT[s] || s,
    seatName: (s) => SIDE_NAME[s] || s,
    scoreName: () => t("pog.vp_word"),
    othersAreBots: (v) => v.seats[opp(v)].kind === "bot",
    strings: () => ({ chatEmpty: t("pog.chat_empty") }),
    onLang: changeLang,
  });
  state = shell.state;
  state.sel = [];
  state.stepper = null;
  $("zoom-in").onclick = () => board.zoom(1 / 1.3);
  $("zoom-out").onclick = () => board.zoom(1.3);
  $("zoom-fit").onclick = () => board.fit();
  $("zoom-focus").onclick = () => follow(true);
  $("supply").onchange = (e) => {
    board.showSupply = e.target.checked;
    board.render(state.v);
  };
  $("network").onchange = (e) => {
    board.network = e.target.value;
    board.render(state.v);
  };
  await shell.start(() => select([]));
}
