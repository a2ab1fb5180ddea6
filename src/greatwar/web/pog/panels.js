// Side panels shared by the game page and the replay viewer: tracks, the action-round track,
// events in force, the score, cards, the log (grouped by action round, with dice), the
// procedure under way, the combat box, and the reference (tables, turn track, guide).

import { DIE_FACES, el, fill, humanWords, nationName, SIDE_NAME, SIDE_SHORT } from "./common.js";
import { logLine as sharedLogLine, LogPanel as SharedLogPanel } from "../log.js";

const COMMIT = { mobilization: "Mobilization", limited: "Limited War", total: "Total War" };
const USE_SHORT = { ops: "OPS", sr: "SR", rp: "RP", event: "Event", auto: "Auto" };
const MO = { none: "none", fr: "French", br: "British", it: "Italian", ru: "Russian", ah: "Austro-Hungarian", ah_it: "Austro-Hungarian vs Italy", tu: "Turkish", ge: "German", fr_mutiny: "French Mutiny" };

function trackRow(label, count, at, fmt = (i) => i, first = 0) {
  const cells = [];
  for (let i = first; i < first + count; i++) {
    cells.push(el("span", { class: "cell" + (i === at ? " at" : ""), title: String(fmt(i)) }, String(fmt(i))));
  }
  return el("div", { class: "track" }, el("span", { class: "track-label" }, label), el("span", { class: "cells" }, cells));
}

export function renderTracks(box, facts, v) {
  const t = v.tracks;
  const us = facts.doc.us_boxes;
  const rc = facts.doc.rc_boxes;
  const rp = Object.entries(t.rp)
    .filter(([, n]) => n > 0)
    .map(([k, n]) => `${k.toUpperCase()} ${n}`)
    .join(", ");
  const ar = v.phase === "action" ? `Action round ${v.round}` : `${humanWords(v.phase || "")} phase`;
  fill(box,
    el(
      "div",
      { class: "turnline" },
      el("b", {}, `Turn ${v.turn}: ${v.turn_label}`),
      ` · ${ar}`,
      v.to_act ? el("span", { class: `to-act side-${v.to_act}` }, ` · ${SIDE_NAME[v.to_act]} to act`) : null,
    ),
    trackRow("Turn", 20, v.turn, (i) => i, 1),
    trackRow("VP", 21, Math.max(0, Math.min(20, t.vp))),
    el(
      "div",
      { class: "kv" },
      el("span", {}, "War Status"),
      el("span", {}, `AP ${t.war_status.ap} (${COMMIT[t.commitment.ap] || t.commitment.ap}) · CP ${t.war_status.cp} (${COMMIT[t.commitment.cp] || t.commitment.cp}) · combined ${t.combined_war_status}`),
    ),
    el("div", { class: "kv" }, el("span", {}, "US entry"), el("span", { class: "boxes" }, us.map((b) => el("span", { class: "box" + (b === t.us_entry ? " at" : "") }, humanWords(b))))),
    el("div", { class: "kv" }, el("span", {}, "Russian capitulation"), el("span", { class: "boxes" }, rc.map((b) => el("span", { class: "box" + (b === t.russian_capitulation ? " at" : "") }, humanWords(b))))),
    el("div", { class: "kv" }, el("span", {}, "CP Russian VP"), el("span", {}, `${t.cp_russian_vp}${t.tsar_fell_vp !== null && t.tsar_fell_vp !== undefined ? ` (Tsar fell at ${t.tsar_fell_vp})` : ""}`)),
    el("div", { class: "kv" }, el("span", {}, "Replacement points"), el("span", {}, rp || "none")),
    el("div", { class: "kv" }, el("span", {}, "Neutral nations"), el("span", {}, neutralNations(facts, v) || "none")),
  );
}

function neutralNations(facts, v) {
  const at = new Set(v.at_war || []);
  return (facts.doc.neutral_nations || [])
    .filter((n) => !at.has(n))
    .map((n) => nationName(n))
    .join(", ");
}

// The action-round track of this turn: what each side played in each round; the MO owed.
export function renderRounds(box, facts, v, onCard) {
  const r = v.rounds;
  if (!r) {
    fill(box);
    return;
  }
  const head = el("tr", {}, el("th", {}, ""), ...Array.from({ length: r.rounds }, (_, i) => el("th", { class: i + 1 === r.current ? "now" : "" }, String(i + 1))));
  const row = (side) => {
    const cells = [];
    for (let i = 1; i <= r.rounds; i++) {
      const p = r.uses[side].find((x) => x.round === i);
      const now = i === r.current && v.phase === "action" && v.to_act === side;
      cells.push(
        el(
          "td",
          { class: `${p ? "used" : ""}${now ? " now" : ""}`, title: p ? `${SIDE_NAME[side]}, round ${i}: ${p.card ? facts.name(p.card) + " for " : ""}${USE_SHORT[p.use] || p.use}` : "" },
          p
            ? el(
                "a",
                { href: "#", class: `use use-${p.use}`, onclick: (ev) => (ev.preventDefault(), p.card && onCard(p.card)) },
                USE_SHORT[p.use] || p.use,
              )
            : now
              ? "▶"
              : "",
        ),
      );
    }
    return el("tr", { class: `side-${side}` }, el("th", {}, SIDE_SHORT[side]), ...cells);
  };
  const mo = r.mo_owed;
  const missed = r.mo_missed || [];
  fill(box,
    el("div", { class: "sub-title" }, `Action rounds, turn ${v.turn}`),
    el("table", { class: "round-track", "data-testid": "round-track" }, head, row("cp"), row("ap")),
    el(
      "div",
      { class: "kv" },
      el("span", {}, "Mandated offensive"),
      el("span", {}, `CP: ${MO[mo.cp] || humanWords(mo.cp)} · AP: ${MO[mo.ap] || humanWords(mo.ap)}`),
    ),
    missed.length
      ? el("div", { class: "kv" }, el("span", {}, "Missed offensives"), el("span", {}, missed.map((m) => `T${m.turn} ${SIDE_SHORT[m.side] || ""} ${MO[m.mo] || m.mo}`).join(" · ")))
      : null,
  );
}

export function renderInForce(box, facts, v, onCard) {
  const items = v.in_force || [];
  fill(box,
    el("div", { class: "sub-title" }, "Events in force"),
    items.length
      ? el(
          "ul",
          { class: "in-force", "data-testid": "in-force" },
          items.map((e) =>
            el(
              "li",
              { class: e.side ? `side-${e.side}` : "" },
              e.card ? el("a", { href: "#", onclick: (ev) => (ev.preventDefault(), onCard(e.card)) }, e.name) : e.name,
              e.now ? "" : el("span", { class: "muted" }, ` (turn ${e.turn})`),
            ),
          ),
        )
      : el("div", { class: "muted" }, "None yet."),
  );
}

export function renderScore(box, facts, v) {
  const sc = v.score;
  if (!sc) {
    fill(box);
    return;
  }
  const names = (ids) => ids.map((id) => facts.name(id)).join(", ");
  const judged = { cp: "a Central Powers win", ap: "an Allied win", draw: sc.draws_to_ap ? "a draw, which counts as an Allied win" : "a draw" }[sc.judged_now] || sc.judged_now;
  fill(box,
    el("div", { class: "sub-title" }, "Score"),
    el("div", { class: "score-vp", "data-testid": "score" }, el("b", {}, `VP ${sc.vp}`), ` — the Central Powers win at ${sc.cp_wins_at}+, the Allies at ${sc.ap_wins_at} or less when the game ends (turn ${sc.last_turn}); now that would be ${judged}.`),
    el("div", { class: "muted small" }, `Automatic victory: CP at ${sc.automatic.cp}+, AP at ${sc.automatic.ap} or less, checked in the War Status Phase.`),
    el("details", { class: "pile" }, el("summary", {}, `VP spaces held by the Central Powers (${sc.held.cp.length})`), el("div", { class: "small" }, names(sc.held.cp))),
    el("details", { class: "pile" }, el("summary", {}, `VP spaces held by the Allies (${sc.held.ap.length})`), el("div", { class: "small" }, names(sc.held.ap))),
  );
}

export function cardFace(facts, id, { onClick, playable = false, extra = null, compact = false } = {}) {
  const c = facts.cards.get(id);
  if (!c) return el("div", { class: "card" }, id);
  const rp = Object.entries(c.rp)
    .map(([k, n]) => `${k.toUpperCase()} ${n}`)
    .join(" ");
  return el(
    "div",
    {
      class: `card side-${c.side}${c.combat ? " combat" : ""}${playable ? " playable" : ""}${compact ? " compact" : ""}`,
      "data-card": id,
      title: `${c.name}: ${c.text}`,
      onclick: onClick ? (ev) => onClick(id, ev) : undefined,
    },
    el("div", { class: "card-head" }, el("span", { class: "ops", title: "OPS" }, String(c.ops)), el("span", { class: "card-name" }, `${c.name}${c.removed ? " *" : ""}`), el("span", { class: "sr", title: "SR" }, String(c.sr))),
    el("div", { class: "card-meta" }, `#${c.number} ${humanWords(c.deck)}`, c.war_status ? ` · WS +${c.war_status}` : "", c.combat ? " · combat card" : "", c.event_ops ? " · event + ops" : ""),
    el("div", { class: "card-text" }, c.text),
    rp ? el("div", { class: "card-rp" }, `RP: ${rp}`) : null,
    extra,
  );
}

function pile(facts, title, ids, onCard) {
  if (!ids || !ids.length) return null;
  return el(
    "details",
    { class: "pile" },
    el("summary", {}, `${title} (${ids.length})`),
    el("div", { class: "pile-cards" }, ids.map((id) => el("a", { href: "#", class: "card-link", "data-card": id, onclick: (ev) => (ev.preventDefault(), onCard(id)) }, facts.name(id)))),
  );
}

export function renderPiles(box, facts, v, onCard) {
  const c = v.cards;
  const rows = [];
  for (const side of ["ap", "cp"]) {
    rows.push(
      el(
        "div",
        { class: `pile-side side-${side}` },
        el("b", {}, SIDE_NAME[side]),
        ` — hand ${c.hand_count[side]}, draw pile ${c.deck_count[side]}`,
        pile(facts, "Cards in play", c.played[side], onCard),
        pile(facts, "Combat cards on the table", c.table[side], onCard),
        pile(facts, "Discard pile", c.discard[side], onCard),
        pile(facts, "Removed from the game", c.removed[side], onCard),
      ),
    );
  }
  fill(box, el("div", { class: "sub-title" }, "Cards"), ...rows);
}

// -- the log -------------------------------------------------------------------------------------

const ROUND_KEYS = new Set(["card.ops", "card.sr", "card.rp", "card.event", "auto_operation", "peace.offered"]);
const PHASE_NAME = {
  setup: "Set-up",
  mandated_offensives: "Mandated Offensive Phase",
  action: "Action Phase",
  attrition: "Attrition Phase",
  siege: "Siege Phase",
  war_status: "War Status Phase",
  replacement: "Replacement Phase",
  draw: "Draw Phase",
  over: "The end",
};

// One log line (the shared drawing, Paths of Glory's sides).
export function logLine(facts, e, onRef, opts = {}) {
  return sharedLogLine(facts, e, onRef, opts);
}

// Groups of log entries: one per action round (it starts with the card played), one per
// phase outside the Action Phase.
export function groupLog(entries, from = 0) {
  const groups = [];
  let cur = null;
  entries.forEach((e, i) => {
    const idx = from + i;
    const starts =
      !cur ||
      e.t !== cur.t ||
      (e.p || "") !== (cur.p || "") ||
      (e.p === "action" && ROUND_KEYS.has(e.k) && cur.opened) ||
      (e.p === "action" && e.ar !== undefined && cur.ar !== undefined && e.ar !== cur.ar && ROUND_KEYS.has(e.k));
    if (starts) {
      cur = { t: e.t, p: e.p, ar: e.ar, side: null, head: null, entries: [], start: idx, opened: false };
      groups.push(cur);
    }
    if (e.p === "action" && ROUND_KEYS.has(e.k) && !cur.opened) {
      cur.opened = true;
      cur.side = e.s;
      cur.head = e;
      cur.ar = e.ar;
    }
    cur.entries.push([idx, e]);
  });
  return groups;
}

// The log panel: one group per action round, one per phase outside the Action Phase, a heading
// per turn.
export class LogPanel extends SharedLogPanel {
  constructor(box, facts, onRef) {
    super(box, facts, onRef, {
      group: groupLog,
      headOf: (g) => `Turn ${g.t}`,
      groupTitle: (g) => (g.head ? `Round ${g.ar ?? "?"} · ${SIDE_NAME[g.side] || ""}` : PHASE_NAME[g.p] || humanWords(g.p || "")),
    });
  }
}

// -- the procedure under way and the combat box -------------------------------------------------

export function renderProcedure(box, facts, v) {
  const items = (v.under_way || []).filter((x) => x.title);
  if (!items.length) {
    fill(box);
    return;
  }
  fill(box,
    el("div", { class: "proc-title" }, "Under way"),
    ...items.map((f) =>
      el(
        "div",
        { class: "frame" },
        el("b", { class: f.side ? `side-${f.side}` : "" }, f.title),
        f.side ? el("span", { class: "muted" }, ` · ${SIDE_NAME[f.side]}`) : null,
        f.lines.length ? el("div", { class: "frame-lines" }, f.lines.map((l) => el("div", {}, l))) : null,
      ),
    ),
  );
}

function sideBox(facts, label, s) {
  if (!s) return null;
  return el(
    "div",
    { class: "cb-side" },
    el("div", { class: "cb-label" }, label),
    el("div", { class: "cb-cf" }, el("b", {}, `${s.cf} CF`), s.fort ? ` (fort ${s.fort})` : ""),
    el("div", {}, `${humanWords(s.table)} table, column ${s.column ?? "—"}${s.shift ? ` (shift ${s.shift > 0 ? "+" : ""}${s.shift})` : ""}`),
    el("div", {}, `DRM ${s.drm > 0 ? "+" : ""}${s.drm}`),
    s.ln !== undefined && s.ln >= 0 ? el("div", { class: "cb-ln" }, `Loss Number ${s.ln}`) : null,
    el("div", { class: "cb-units muted" }, s.units.map((u) => facts.name(u)).join(", ") || "no units"),
  );
}

// Both sides of the combat being fought (or designated): strengths, tables, columns, DRMs,
// the dice rolled and the result.
export function renderCombat(box, facts, v) {
  const c = v.combat;
  if (!c) {
    box.hidden = true;
    fill(box);
    return;
  }
  box.hidden = false;
  const fires = (c.fires || []).map((e) => {
    const a = e.a || {};
    if (e.k === "combat.fire") return el("div", { class: `cb-fire side-${e.s}` }, el("span", { class: "die" }, DIE_FACES[a.die] || a.die), ` ${SIDE_SHORT[e.s] || ""}: ${a.cf} CF, column ${a.column}, die ${a.die}${a.drm ? ` ${a.drm > 0 ? "+" : ""}${a.drm}` : ""} → Loss Number ${a.ln}`);
    return el("div", { class: "cb-fire" }, e.text || e.k);
  });
  const extra = [];
  if (c.trench) extra.push(`trench level ${c.trench}`);
  if (c.terrain && c.terrain !== "clear") extra.push(humanWords(c.terrain));
  if (c.flank && c.flank !== "none") extra.push(`flank attack ${c.flank}`);
  if (c.cards && c.cards.length) extra.push("cards: " + c.cards.map((x) => facts.name(x)).join(", "));
  const toggle = el("button", { class: "cb-toggle", title: "fold or unfold", onclick: () => box.classList.toggle("folded") }, "▾");
  fill(box,
    el("div", { class: "cb-title" }, toggle, `${c.stage === "designation" ? "Planned attack on" : "Combat for"} ${facts.name(c.target)}`, extra.length ? el("span", { class: "muted" }, ` · ${extra.join(" · ")}`) : null),
    el("div", { class: "cb-sides" }, sideBox(facts, `Attacker (${SIDE_SHORT[c.attacker]})`, c.att), sideBox(facts, `Defender (${SIDE_SHORT[c.attacker === "ap" ? "cp" : "ap"]})`, c.dfn)),
    fires.length ? el("div", { class: "cb-fires" }, fires) : null,
    c.winner ? el("div", { class: "cb-result" }, `${SIDE_NAME[c.winner]} win the combat`) : null,
  );
}

// -- reference ----------------------------------------------------------------------------------

function fireTable(name, t, highlight) {
  const cols = t.columns;
  const head = el("tr", {}, el("th", {}, "die"), ...cols.map((c) => el("th", { class: highlight && highlight.column === c.label ? "hl" : "" }, c.label)));
  const rows = [];
  for (let d = 1; d <= 6; d++) {
    rows.push(el("tr", {}, el("th", {}, DIE_FACES[d] + " " + d), ...t.results_by_die[String(d)].map((r, i) => el("td", { class: highlight && highlight.column === cols[i].label ? "hl" : "" }, String(r)))));
  }
  return el("div", { class: "ref-block" }, el("div", { class: "sub-title" }, `${name} fire table (12.2.8)`), el("table", { class: "ref-table", "data-testid": `fire-${name.toLowerCase()}` }, head, rows));
}

export function renderReference(box, facts, v, { showGuide = true } = {}) {
  const ref = facts.doc.reference;
  if (!ref) {
    fill(box);
    return;
  }
  const te = ref.terrain_effects;
  const terrains = ["clear", "forest", "desert", "mountain", "swamp", "trench_1", "trench_2"];
  const yes = (b) => (b === true ? "yes" : b === false ? "no" : String(b ?? ""));
  const terrain = el(
    "table",
    { class: "ref-table", "data-testid": "terrain-table" },
    el("tr", {}, el("th", {}, ""), el("th", {}, "attacker shift"), el("th", {}, "defender shift"), el("th", {}, "flank"), el("th", {}, "cancel retreat"), el("th", {}, "advance stops")),
    terrains.map((k) =>
      el("tr", {}, el("th", {}, humanWords(k.replace("_", " level "))), el("td", {}, String(te[k].attacker_shift)), el("td", {}, String(te[k].defender_shift)), el("td", {}, yes(te[k].flank_allowed)), el("td", {}, yes(te[k].defender_may_cancel_retreat)), el("td", {}, yes(te[k].advance_stops))),
    ),
  );
  const turnRows = facts.turns.map((t) =>
    el(
      "tr",
      { class: t.turn === v.turn ? "now" : "" },
      el("th", {}, String(t.turn)),
      el("td", {}, t.label),
      el("td", { class: "small" }, (t.notes || []).join("; ")),
    ),
  );
  const status = (cid) => {
    const c = v.cards;
    for (const side of ["ap", "cp"]) {
      if (c.removed[side].includes(cid)) return "played";
      if (c.discard[side].includes(cid)) return "discarded";
      if (c.played[side].includes(cid)) return "in play";
    }
    if (c.hand.includes(cid)) return "in your hand";
    return "to come";
  };
  const deckOrder = { mobilization: 0, limited: 1, total: 2 };
  const reinf = (side) =>
    el(
      "table",
      { class: "ref-table" },
      el("tr", {}, el("th", {}, "deck"), el("th", {}, "card"), el("th", {}, "units"), el("th", {}, "status")),
      ref.reinforcements
        .filter((r) => r.side === side)
        .sort((a, b) => deckOrder[a.deck] - deckOrder[b.deck])
        .map((r) => el("tr", { class: status(r.card) === "to come" ? "" : "muted" }, el("td", {}, humanWords(r.deck)), el("td", {}, facts.name(r.card)), el("td", {}, r.units.map((u) => facts.name(u)).join(", ")), el("td", {}, status(r.card)))),
    );
  const grt = ref.general_records_track;
  fill(box,
    showGuide ? renderGuide() : null,
    fireTable("Army", ref.fire_tables.army, null),
    fireTable("Corps", ref.fire_tables.corps, null),
    el("div", { class: "muted small" }, (ref.fire_tables.notes || []).join(" ")),
    el("div", { class: "ref-block" }, el("div", { class: "sub-title" }, "Terrain effects (11.2, 12.2.8, 12.3, 12.5, 12.7)"), terrain, el("div", { class: "muted small" }, `Flank attack (12.3): succeeds on a modified ${ref.flank_attack.success_if_modified_roll_at_least}+; DRM ${ref.flank_attack.drm}. Requires ${ref.flank_attack.requires}.`)),
    el(
      "div",
      { class: "ref-block" },
      el("div", { class: "sub-title" }, "Turn track"),
      el("div", { class: "small" }, `War Commitment: Limited War at War Status ${grt.war_commitment.limited_war_at_player_war_status}, Total War at ${grt.war_commitment.total_war_at_player_war_status} (their decks and reinforcement cards are then added).`),
      el("table", { class: "ref-table turn-table", "data-testid": "turn-table" }, turnRows),
    ),
    el("div", { class: "ref-block" }, el("div", { class: "sub-title" }, "Reinforcements (9.5.3): Central Powers"), reinf("cp")),
    el("div", { class: "ref-block" }, el("div", { class: "sub-title" }, "Reinforcements (9.5.3): Allied Powers"), reinf("ap")),
    el("div", { class: "ref-block" }, el("div", { class: "sub-title" }, "Activation (9.2)"), el("div", { class: "small" }, `${ref.activation.cost_per_space}. MEF: ${ref.activation.mef_beachhead}. ${ref.activation.after_fall_of_the_tsar}. ${ref.activation.moltke}.`)),
  );
}

export function renderGuide() {
  return el(
    "div",
    { class: "ref-block guide", "data-testid": "guide" },
    el("div", { class: "sub-title" }, "Guide to this page"),
    el(
      "ul",
      { class: "small" },
      el("li", {}, "The panel at the top right asks for your decision, with its numbers. Click a highlighted card, unit or space, or a button. Done asks before wasting OPS, SR points or an attack."),
      el("li", {}, "Map: a space's border is the side that controls it (blue Allied, black Central Powers); a small marker shows a captured space; grey hatching is a neutral nation. M and A mark spaces activated for movement and attack; a red ring marks the space attacked."),
      el("li", {}, "Counters: the colour is the nation (letters on top), the band is the side (blue Allied, black Central Powers), then the army number or “corps”, and the factors (combat-loss-movement). A line under the factors marks a reduced unit; a red dot one out of supply. Click a stack to list its units."),
      el("li", {}, "Since your last decision, arrows show what moved and ⚔ where combat was fought; “Step through” replays the opponent's moves one at a time."),
      el("li", {}, "Log: one group per action round, newest at the bottom; dice are drawn. Click a name to find it on the map."),
      el("li", {}, "Zoom with the wheel, a pinch or + −; drag to pan; ⤢ shows the whole map. Your zoom is kept for this game in this browser."),
    ),
  );
}
