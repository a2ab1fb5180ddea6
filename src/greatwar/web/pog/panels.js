// Side panels shared by the game page and the replay viewer: tracks, the action-round track,
// events in force, the score, cards, the log (grouped by action round, with dice), the
// procedure under way, the combat box, and the reference (tables, turn track, guide).

import { DIE_FACES, el, fill, humanWords, loadPref, nationName, quoted, savePref, SIDE_NAME, SIDE_SHORT, sideName, t as tr, turnLabel } from "./common.js";
import { logLine as sharedLogLine, LogPanel as SharedLogPanel } from "../log.js";

const USES = new Set(["ops", "sr", "rp", "event", "auto"]);
const useShort = (u) => (USES.has(u) ? tr(`pog.use.${u}`) : u);
const word = (facts, key, fallback) => facts.word(key, humanWords(fallback ?? key.split(".").pop()));
const rpText = (facts, rp) =>
  Object.entries(rp)
    .filter(([, n]) => n > 0)
    .map(([k, n]) => `${facts.word(`nation_abbr.${k}`, k.toUpperCase())} ${n}`);

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
  const rp = rpText(facts, t.rp).join(", ");
  const ar = v.phase === "action" ? tr("pog.action_round", { round: v.round }) : tr("pog.phase_x", { phase: word(facts, `phase.${v.phase}`, v.phase || "") });
  fill(box,
    el(
      "div",
      { class: "turnline" },
      el("b", {}, tr("pog.turn_colon", { turn: v.turn, label: turnLabel(facts, v) })),
      ` · ${ar}`,
      v.to_act ? el("span", { class: `to-act side-${v.to_act}` }, ` · ${tr("pog.to_act", { side: sideName(v.to_act) })}`) : null,
    ),
    trackRow(tr("pog.turn"), 20, v.turn, (i) => i, 1),
    trackRow(tr("pog.vp"), 21, Math.max(0, Math.min(20, t.vp))),
    el(
      "div",
      { class: "kv" },
      el("span", {}, tr("pog.war_status")),
      el("span", {}, tr("pog.war_status_line", { ap: t.war_status.ap, ap_level: word(facts, `commitment.${t.commitment.ap}`, t.commitment.ap), cp: t.war_status.cp, cp_level: word(facts, `commitment.${t.commitment.cp}`, t.commitment.cp), combined: t.combined_war_status })),
    ),
    el("div", { class: "kv" }, el("span", {}, tr("pog.us_entry")), el("span", { class: "boxes" }, us.map((b) => el("span", { class: "box" + (b === t.us_entry ? " at" : "") }, word(facts, `us_box.${b}`, b))))),
    el("div", { class: "kv" }, el("span", {}, tr("pog.russian_capitulation")), el("span", { class: "boxes" }, rc.map((b) => el("span", { class: "box" + (b === t.russian_capitulation ? " at" : "") }, word(facts, `rc_box.${b}`, b))))),
    el("div", { class: "kv" }, el("span", {}, tr("pog.cp_russian_vp")), el("span", {}, `${t.cp_russian_vp}${t.tsar_fell_vp !== null && t.tsar_fell_vp !== undefined ? ` ${tr("pog.tsar_fell_at", { vp: t.tsar_fell_vp })}` : ""}`)),
    el("div", { class: "kv" }, el("span", {}, tr("pog.rp")), el("span", {}, rp || tr("pog.none"))),
    el("div", { class: "kv" }, el("span", {}, tr("pog.neutral_nations")), el("span", {}, neutralNations(facts, v) || tr("pog.none"))),
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
          { class: `${p ? "used" : ""}${now ? " now" : ""}`, title: p ? tr(p.card ? "pog.round_use_card" : "pog.round_use", { side: SIDE_NAME[side], round: i, card: p.card ? quoted(facts.name(p.card)) : "", use: useShort(p.use) }) : "" },
          p
            ? el(
                "a",
                { href: "#", class: `use use-${p.use}`, onclick: (ev) => (ev.preventDefault(), p.card && onCard(p.card)) },
                useShort(p.use),
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
    el("div", { class: "sub-title" }, tr("pog.action_rounds", { turn: v.turn })),
    el("table", { class: "round-track", "data-testid": "round-track" }, head, row("cp"), row("ap")),
    el(
      "div",
      { class: "kv" },
      el("span", {}, tr("pog.mandated_offensive")),
      el("span", {}, `${SIDE_SHORT.cp}: ${word(facts, `mo.${mo.cp}`, mo.cp)} · ${SIDE_SHORT.ap}: ${word(facts, `mo.${mo.ap}`, mo.ap)}`),
    ),
    missed.length
      ? el("div", { class: "kv" }, el("span", {}, tr("pog.missed_offensives")), el("span", {}, missed.map((m) => `${tr("pog.turn_short", { turn: m.turn })} ${SIDE_SHORT[m.side] || ""} ${word(facts, `mo.${m.mo}`, m.mo)}`).join(" · ")))
      : null,
  );
}

export function renderInForce(box, facts, v, onCard) {
  const items = v.in_force || [];
  fill(box,
    el("div", { class: "sub-title" }, tr("pog.events_in_force")),
    items.length
      ? el(
          "ul",
          { class: "in-force", "data-testid": "in-force" },
          items.map((e) =>
            el(
              "li",
              { class: e.side ? `side-${e.side}` : "" },
              e.card ? el("a", { href: "#", onclick: (ev) => (ev.preventDefault(), onCard(e.card)) }, e.name) : e.name,
              e.now ? "" : el("span", { class: "muted" }, ` ${tr("pog.turn_paren", { turn: e.turn })}`),
            ),
          ),
        )
      : el("div", { class: "muted" }, tr("pog.none_yet")),
  );
}

export function renderScore(box, facts, v) {
  const sc = v.score;
  if (!sc) {
    fill(box);
    return;
  }
  const names = (ids) => ids.map((id) => facts.name(id)).join(", ");
  const judgedKey = sc.judged_now === "draw" && sc.draws_to_ap ? "draw_ap" : sc.judged_now;
  const judged = ["cp", "ap", "draw", "draw_ap"].includes(judgedKey) ? tr(`pog.judged.${judgedKey}`) : sc.judged_now;
  fill(box,
    el("div", { class: "sub-title" }, tr("pog.score")),
    el("div", { class: "score-vp", "data-testid": "score" }, el("b", {}, tr("pog.vp_n", { vp: sc.vp })), ` — ${tr("pog.score_line", { cp: sc.cp_wins_at, ap: sc.ap_wins_at, turn: sc.last_turn, judged })}`),
    el("div", { class: "muted small" }, tr("pog.automatic_victory", { cp: sc.automatic.cp, ap: sc.automatic.ap })),
    el("details", { class: "pile" }, el("summary", {}, tr("pog.vp_held_cp", { n: sc.held.cp.length })), el("div", { class: "small" }, names(sc.held.cp))),
    el("details", { class: "pile" }, el("summary", {}, tr("pog.vp_held_ap", { n: sc.held.ap.length })), el("div", { class: "small" }, names(sc.held.ap))),
  );
}

export function cardFace(facts, id, { onClick, playable = false, extra = null, compact = false } = {}) {
  const c = facts.cards.get(id);
  if (!c) return el("div", { class: "card" }, id);
  const rp = rpText(facts, c.rp).join(" ");
  return el(
    "div",
    {
      class: `card side-${c.side}${c.combat ? " combat" : ""}${playable ? " playable" : ""}${compact ? " compact" : ""}`,
      "data-card": id,
      // small in the hand: its whole face on hover or a long press (../cardpeek.js), no tooltip
      title: compact ? undefined : `${c.name}: ${c.text}`,
      onclick: onClick ? (ev) => onClick(id, ev) : undefined,
      // a button from the keyboard too: Tab reaches it, Enter or Space chooses it
      tabindex: onClick ? "0" : undefined,
      role: onClick ? "button" : undefined,
      onkeydown: onClick ? (ev) => (ev.key === "Enter" || ev.key === " ") && (ev.preventDefault(), ev.stopPropagation(), onClick(id, ev)) : undefined,
    },
    el("div", { class: "card-head" }, el("span", { class: "ops", title: tr("pog.ops") }, String(c.ops)), el("span", { class: "card-name" }, `${c.name}${c.removed ? " *" : ""}`), el("span", { class: "sr", title: tr("pog.sr") }, String(c.sr))),
    el("div", { class: "card-meta" }, `#${c.number} ${word(facts, `deck.${c.deck}`, c.deck)}`, c.war_status ? ` · ${tr("pog.ws_plus", { n: c.war_status })}` : "", c.combat ? ` · ${tr("pog.combat_card")}` : "", c.event_ops ? ` · ${tr("pog.event_ops")}` : ""),
    el("div", { class: "card-text" }, c.text),
    rp ? el("div", { class: "card-rp" }, `${tr("pog.short.rp")}: ${rp}`) : null,
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
        ` — ${tr("pog.hand_deck", { hand: c.hand_count[side], deck: c.deck_count[side] })}`,
        pile(facts, tr("pog.pile.played"), c.played[side], onCard),
        pile(facts, tr("pog.pile.table"), c.table[side], onCard),
        pile(facts, tr("pog.pile.discard"), c.discard[side], onCard),
        pile(facts, tr("pog.pile.removed"), c.removed[side], onCard),
      ),
    );
  }
  fill(box, el("div", { class: "sub-title" }, tr("pog.cards")), ...rows);
}

// -- the log -------------------------------------------------------------------------------------

const ROUND_KEYS = new Set(["card.ops", "card.sr", "card.rp", "card.event", "auto_operation", "peace.offered"]);
const PHASES = new Set(["setup", "mandated_offensives", "action", "attrition", "siege", "war_status", "replacement", "draw", "over"]);
const phaseName = (p) => (PHASES.has(p) ? tr(`pog.phase.${p}`) : humanWords(p || ""));

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
  constructor(box, facts, onRef, { onRule = null } = {}) {
    super(box, facts, onRef, {
      onRule,
      ruleName: (r) => {
        const sec = ruleSection(facts, r);
        return sec ? `${sec.rule} ${sec.title}` : "";
      },
      group: groupLog,
      headOf: (g) => tr("pog.turn_n", { turn: g.t }),
      groupTitle: (g) => (g.head ? tr("pog.round_side", { round: g.ar ?? "?", side: SIDE_NAME[g.side] || "" }) : phaseName(g.p)),
    });
  }
}

// -- the procedure under way and the combat box -------------------------------------------------

export function renderProcedure(box, facts, v) {
  const items = v.over ? [] : (v.under_way || []).filter((x) => x.title); // nothing under way once it is over
  if (!items.length) {
    fill(box);
    return;
  }
  // folded to one line (the innermost step) unless the player opens it; open stays open
  const inner = items[items.length - 1];
  const open = loadPref("under_way_open", window.innerHeight > 900);
  const details = el(
    "details",
    { class: "proc", open, "data-testid": "under-way", ontoggle: (ev) => savePref("under_way_open", ev.target.open) },
    el("summary", { class: "proc-title" }, tr("pog.under_way"), ": ", el("b", { class: inner.side ? `side-${inner.side}` : "" }, inner.title)),
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
  fill(box, details);
}

function sideBox(facts, label, s) {
  if (!s) return null;
  return el(
    "div",
    { class: "cb-side" },
    el("div", { class: "cb-label" }, label),
    el("div", { class: "cb-cf" }, el("b", {}, tr("pog.cf_n", { n: s.cf })), s.fort ? ` ${tr("pog.fort_paren", { n: s.fort })}` : ""),
    el("div", {}, tr("pog.table_column", { table: word(facts, `table.${s.table}`, s.table), column: s.column ?? "—" }), s.shift ? ` ${tr("pog.shift_paren", { n: `${s.shift > 0 ? "+" : ""}${s.shift}` })}` : ""),
    el("div", {}, tr("pog.drm_n", { n: `${s.drm > 0 ? "+" : ""}${s.drm}` })),
    s.ln !== undefined && s.ln >= 0 ? el("div", { class: "cb-ln" }, tr("pog.ln_n", { n: s.ln })) : null,
    el("div", { class: "cb-units muted" }, s.units.map((u) => facts.name(u)).join(", ") || tr("pog.no_units_lc")),
  );
}

// Both sides of the combat being fought (or designated): strengths, tables, columns, DRMs,
// the dice rolled and the result.
export function renderCombat(box, facts, v) {
  const c = v.over ? null : v.combat; // a combat left open by a resignation is no longer fought
  if (!c) {
    box.hidden = true;
    fill(box);
    return;
  }
  box.hidden = false;
  const fires = (c.fires || []).map((e) => {
    const a = e.a || {};
    if (e.k === "combat.fire") return el("div", { class: `cb-fire side-${e.s}` }, el("span", { class: "die" }, DIE_FACES[a.die] || a.die), ` ${SIDE_SHORT[e.s] || ""}: ${tr("pog.fire_line", { cf: a.cf, column: a.column, die: `${a.die}${a.drm ? ` ${a.drm > 0 ? "+" : ""}${a.drm}` : ""}`, ln: a.ln })}`);
    return el("div", { class: "cb-fire" }, e.text || e.k);
  });
  const extra = [];
  if (c.trench) extra.push(tr("pog.trench_level", { n: c.trench }));
  if (c.terrain && c.terrain !== "clear") extra.push(word(facts, `terrain.${c.terrain}`, c.terrain));
  if (c.flank && c.flank !== "none") extra.push(tr("pog.flank_x", { what: c.flank }));
  if (c.cards && c.cards.length) extra.push(tr("pog.cards_x", { cards: c.cards.map((x) => facts.name(x)).join(", ") }));
  // folded to its title and result line on a phone unless the player unfolds it (remembered)
  const phone = window.matchMedia("(max-width: 760px)").matches;
  box.classList.toggle("folded", loadPref(phone ? "combat_folded_phone" : "combat_folded", phone) === true);
  const toggle = el("button", { class: "cb-toggle", title: tr("pog.fold"), "aria-expanded": String(!box.classList.contains("folded")), onclick: () => savePref(phone ? "combat_folded_phone" : "combat_folded", box.classList.toggle("folded")) }, "▾");
  fill(box,
    el("div", { class: "cb-title" }, toggle, tr(c.stage === "designation" ? "pog.planned_attack" : "pog.combat_for", { space: facts.place(c.target) }), extra.length ? el("span", { class: "muted" }, ` · ${extra.join(" · ")}`) : null),
    el("div", { class: "cb-sides" }, sideBox(facts, tr("pog.attacker", { side: SIDE_SHORT[c.attacker] }), c.att), sideBox(facts, tr("pog.defender", { side: SIDE_SHORT[c.attacker === "ap" ? "cp" : "ap"] }), c.dfn)),
    fires.length ? el("div", { class: "cb-fires" }, fires) : null,
    c.winner ? el("div", { class: "cb-result" }, tr("pog.win_combat", { side: SIDE_NAME[c.winner] })) : null,
  );
}

// -- reference ----------------------------------------------------------------------------------

function fireTable(kind, name, t, highlight) {
  const cols = t.columns;
  const head = el("tr", {}, el("th", {}, tr("pog.die")), ...cols.map((c) => el("th", { class: highlight && highlight.column === c.label ? "hl" : "" }, c.label)));
  const rows = [];
  for (let d = 1; d <= 6; d++) {
    rows.push(el("tr", {}, el("th", {}, DIE_FACES[d] + " " + d), ...t.results_by_die[String(d)].map((r, i) => el("td", { class: highlight && highlight.column === cols[i].label ? "hl" : "" }, String(r)))));
  }
  return el("div", { class: "ref-block" }, el("div", { class: "sub-title" }, tr("pog.fire_table", { name })), el("table", { class: "ref-table", "data-testid": `fire-${kind}` }, head, rows));
}

export function renderReference(box, facts, v, { showGuide = true } = {}) {
  const ref = facts.doc.reference;
  if (!ref) {
    fill(box);
    return;
  }
  const te = ref.terrain_effects;
  const terrains = ["clear", "forest", "desert", "mountain", "swamp", "trench_1", "trench_2"];
  const yes = (b) => (b === true ? tr("pog.yes") : b === false ? tr("pog.no") : String(b ?? ""));
  const terrain = el(
    "table",
    { class: "ref-table", "data-testid": "terrain-table" },
    el("tr", {}, el("th", {}, ""), ...["attacker_shift", "defender_shift", "flank", "cancel_retreat", "advance_stops"].map((h) => el("th", {}, tr(`pog.terrain_head.${h}`)))),
    terrains.map((k) =>
      el("tr", {}, el("th", {}, k.startsWith("trench_") ? tr("pog.trench_level", { n: k.slice(7) }) : word(facts, `terrain.${k}`, k)), el("td", {}, String(te[k].attacker_shift)), el("td", {}, String(te[k].defender_shift)), el("td", {}, yes(te[k].flank_allowed)), el("td", {}, yes(te[k].defender_may_cancel_retreat)), el("td", {}, yes(te[k].advance_stops))),
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
      if (c.played[side].includes(cid)) return "in_play";
    }
    if (c.hand.includes(cid)) return "in_hand";
    return "to_come";
  };
  const deckOrder = { mobilization: 0, limited: 1, total: 2 };
  const reinf = (side) =>
    el(
      "table",
      { class: "ref-table", "data-testid": `reinforcements-${side}` },
      el("tr", {}, ...["deck", "card", "units", "status"].map((h) => el("th", {}, tr(`pog.reinf_head.${h}`)))),
      ref.reinforcements
        .filter((r) => r.side === side)
        .sort((a, b) => deckOrder[a.deck] - deckOrder[b.deck])
        .map((r) => el("tr", { class: status(r.card) === "to_come" ? "" : "muted" }, el("td", {}, word(facts, `deck.${r.deck}`, r.deck)), el("td", {}, facts.name(r.card)), el("td", {}, r.units.map((u) => facts.name(u)).join(", ")), el("td", {}, tr(`pog.status.${status(r.card)}`)))),
    );
  const grt = ref.general_records_track;
  fill(box,
    showGuide ? renderGuide() : null,
    fireTable("army", tr("pog.army"), ref.fire_tables.army, null),
    fireTable("corps", tr("pog.corps_word"), ref.fire_tables.corps, null),
    el("div", { class: "muted small" }, (ref.fire_tables.notes || []).join(" ")),
    el("div", { class: "ref-block" }, el("div", { class: "sub-title" }, tr("pog.terrain_effects")), terrain, el("div", { class: "muted small" }, tr("pog.flank_ref", { roll: ref.flank_attack.success_if_modified_roll_at_least, drm: ref.flank_attack.drm, requires: ref.flank_attack.requires }))),
    el(
      "div",
      { class: "ref-block" },
      el("div", { class: "sub-title" }, tr("pog.turn_track")),
      el("div", { class: "small" }, tr("pog.war_commitment", { limited: grt.war_commitment.limited_war_at_player_war_status, total: grt.war_commitment.total_war_at_player_war_status })),
      el("table", { class: "ref-table turn-table", "data-testid": "turn-table" }, turnRows),
    ),
    el("div", { class: "ref-block" }, el("div", { class: "sub-title" }, tr("pog.reinforcements", { side: SIDE_NAME.cp })), reinf("cp")),
    el("div", { class: "ref-block" }, el("div", { class: "sub-title" }, tr("pog.reinforcements", { side: SIDE_NAME.ap })), reinf("ap")),
    el("div", { class: "ref-block" }, el("div", { class: "sub-title" }, tr("pog.activation")), el("div", { class: "small" }, `${ref.activation.cost_per_space}. ${tr("pog.mef")}: ${ref.activation.mef_beachhead}. ${ref.activation.after_fall_of_the_tsar}. ${ref.activation.moltke}.`)),
    rulesSummary(facts),
  );
}

// The rulebook's section of rule ``r`` ("12.3.4" -> 12.3 Flank Attacks; "12" -> 12.0).
export function ruleSection(facts, r) {
  const all = facts.doc.reference?.rule_sections || [];
  const parts = String(r).split(".");
  const keys = [parts.slice(0, 2).join("."), `${parts[0]}.0`];
  for (const k of keys) {
    const sec = all.find((x) => x.rule === k);
    if (sec) return sec;
  }
  return null;
}

// The rules summary: the rulebook's sections by number and heading, each a place the log's
// rule marks lead to (id "rule-12.3").
function rulesSummary(facts) {
  const all = facts.doc.reference?.rule_sections || [];
  return el(
    "div",
    { class: "ref-block rules-summary", "data-testid": "rules-summary" },
    el("div", { class: "sub-title" }, tr("pog.rules_summary")),
    el("div", { class: "muted small" }, tr("pog.rules_summary_note")),
    all.map((x) => el("div", { class: `rule-section${x.rule.endsWith(".0") ? " rule-chapter" : ""}`, id: `rule-${x.rule}`, "data-rule": x.rule }, el("b", {}, x.rule), ` ${x.title}`)),
  );
}

export function renderGuide() {
  return el(
    "div",
    { class: "ref-block guide", "data-testid": "guide" },
    el("div", { class: "sub-title" }, tr("pog.guide")),
    el("ul", { class: "small" }, [1, 2, 3, 4, 5, 6].map((i) => el("li", {}, tr(`pog.guide.${i}`)))),
  );
}
