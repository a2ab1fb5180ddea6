// Quartermaster General: 1914's panels, for the game page and the replay viewer: the Game Round
// and Victory Point tracks, the powers (hand, deck and discard counts, the discard pile's top
// card, the prepared row face down, the Status cards face up), card faces, the battle under way,
// the log's groups (the set-up, each power's turn, the Scoring Rounds) and the reference.

import { el, fill } from "../common.js";
import { LogPanel as SharedLogPanel } from "../log.js";
import { t } from "./strings.js";

const STEP_KEYS = ["step_draft", "step_play", "step_attrition", "step_prepare", "step_draw", "step_done"];

export function teamClass(facts, power) {
  return `team-${facts.teamOf(power) || "none"}`;
}

// -- cards --------------------------------------------------------------------------------------

// A card, face up: its country's colour, name, type, Play text and prepared side. ``note``: the
// server's word on whether it can be used now ({ok, why}).
export function cardFace(facts, id, { onClick = null, note = null, compact = false, extra = null } = {}) {
  const c = facts.cards.get(id);
  if (!c) return el("div", { class: "qcard" }, id);
  const country = facts.country(c.country);
  const cls = ["qcard", `type-${c.type}`];
  if (compact) cls.push("compact");
  if (note) cls.push(note.ok ? "usable" : "unusable");
  return el(
    "div",
    {
      class: cls.join(" "),
      "data-card": id,
      // small in the hand: its whole face on hover or a long press (../cardpeek.js), no tooltip
      title: compact ? undefined : `${c.name}. ${c.play} ${t("prepared_side")}: ${c.prepared}.${note && note.why ? ` — ${note.why}` : ""}`,
      onclick: onClick ? (ev) => onClick(id, ev) : undefined,
      // a button from the keyboard too: Tab reaches it, Enter or Space chooses it
      tabindex: onClick ? "0" : undefined,
      role: onClick ? "button" : undefined,
      onkeydown: onClick ? (ev) => (ev.key === "Enter" || ev.key === " ") && (ev.preventDefault(), ev.stopPropagation(), onClick(id, ev)) : undefined,
    },
    el("div", { class: "qcard-band", style: `background:${country.colour};color:${country.ink}` }, el("span", {}, country.adjective), el("span", { class: "qcard-type" }, c.type_name)),
    el("div", { class: "qcard-name" }, c.title),
    el("div", { class: "qcard-play" }, c.play),
    el("div", { class: "qcard-prep" }, `${t("prepared_side")}: ${c.prepared}`),
    note && note.why ? el("div", { class: `qcard-note ${note.ok ? "ok" : "no"}` }, `${note.ok ? "✓" : "✗"} ${note.why}`) : null,
    extra,
  );
}

// A card face down (another power's prepared card): nothing but its back.
export function cardBack(facts, power, n) {
  return el("span", { class: `qcard-back ${teamClass(facts, power)}`, title: `${n} ${t("prepared")} (${t("face_down")})` }, "");
}

// -- the tracks ---------------------------------------------------------------------------------

export function renderTracks(box, facts, v) {
  const rounds = facts.doc.rounds;
  const scoring = new Set(rounds.scoring);
  const cells = [];
  for (let r = 1; r <= rounds.last; r++) {
    cells.push(
      el(
        "span",
        { class: `rcell${scoring.has(r) ? " scoring" : ""}${r === v.round ? " at" : ""}`, title: scoring.has(r) ? `${r}: ${t("scoring_round")}` : String(r), "data-round": String(r) },
        String(r),
      ),
    );
  }
  const sc = v.score || { central: v.vp.central, entente: v.vp.entente };
  const lead = sc.central - sc.entente;
  const top = Math.max(30, sc.central + 3, sc.entente + 3);
  const vpCells = [];
  for (let i = 0; i <= top; i++) {
    const marks = [];
    if (sc.central === i) marks.push(el("span", { class: "vp-mark team-central", title: t("team_central") }, "C"));
    if (sc.entente === i) marks.push(el("span", { class: "vp-mark team-entente", title: t("team_entente") }, "E"));
    vpCells.push(el("span", { class: `vcell${i % 5 === 0 ? " five" : ""}`, title: String(i) }, marks.length ? marks : i % 5 === 0 ? String(i) : ""));
  }
  fill(box,
    el(
      "div",
      { class: "track-row" },
      el("span", { class: "track-name" }, t("rounds")),
      el("span", { class: "rcells", "data-testid": "round-track" }, cells),
      el("span", { class: "track-name vp-name" }, t("vp")),
      el("span", { class: "vcells", "data-testid": "vp-track" }, vpCells),
    ),
    el(
      "div",
      { class: "track-score", "data-testid": "score" },
      el("b", { class: "team-central" }, `${t("team_central")} ${sc.central}`),
      " · ",
      el("b", { class: "team-entente" }, `${t("team_entente")} ${sc.entente}`),
      ` (${lead === 0 ? t("level") : t("lead", { team: lead > 0 ? t("team_central") : t("team_entente"), n: Math.abs(lead) })}; ${t("sudden", { n: sc.sudden_lead ?? 12 })})`,
      sc.now ? el("span", { class: "muted" }, ` · ${t("score_now", sc.now)}`) : null,
    ),
  );
}

// -- the powers ---------------------------------------------------------------------------------

// Every power in ORDER OF PLAY: counts, the discard pile's top, prepared cards (face down; a
// held power's own are in its hand panel), Status cards face up.
export function renderPowers(box, facts, v, { held = [], onCard = () => {}, onPower = null } = {}) {
  const c = v.cards;
  const current = v.turn_step ? v.turn_step.power : v.current;
  const boxes = facts.powerOrder.map((p) => {
    const n = c.counts[p];
    const mine = held.includes(p);
    const top = c.discard_top[p];
    const status = c.status[p] || [];
    const backs = [];
    for (let i = 0; i < n.prepared; i++) backs.push(cardBack(facts, p, n.prepared));
    return el(
      "div",
      { class: `power ${teamClass(facts, p)}${p === current ? " current" : ""}${p === v.to_act ? " acting" : ""}${mine ? " mine" : ""}`, "data-power": p, title: mine ? `${facts.powerName(p)} (${t("you")})` : facts.powerName(p) },
      el(
        "div",
        { class: "power-head" },
        p === v.to_act ? el("span", { class: "acting-mark" }, "▶ ") : null,
        mine && onPower && held.length > 1
          ? el("button", { class: "link power-name show-hand", title: t("show_hand", { power: facts.powerName(p) }), onclick: () => onPower(p) }, facts.powerShort(p))
          : el("b", { class: "power-name", title: facts.powerName(p) }, facts.powerShort(p)),
        el(
          "span",
          { class: "power-counts" },
          el("span", { "data-count": "hand", title: t("hand") }, `${t("hand")} `, el("b", {}, String(n.hand))),
          el("span", { "data-count": "deck", title: t("deck") }, `${t("deck")} `, el("b", {}, String(n.deck))),
          el("span", { "data-count": "discard", title: t("discard") }, `${t("discard")} `, el("b", {}, String(n.discard))),
        ),
      ),
      el(
        "div",
        { class: "power-line" },
        el("span", { class: "prepared-row", "data-prepared": String(n.prepared), title: `${t("prepared")}: ${n.prepared}` }, `${t("prepared")} `, backs.length ? backs : el("b", {}, "0")),
        el("span", { class: "muted" }, ` · ${t("discard_top")}: `),
        top ? el("a", { href: "#", class: "card-link", "data-card": top, onclick: (ev) => (ev.preventDefault(), onCard(top, ev)) }, facts.cardName(top)) : el("span", { class: "muted" }, n.discard ? t("face_down") : t("none")),
      ),
      status.length
        ? el(
            "div",
            { class: "power-line status-row" },
            el("span", { class: "muted" }, `${t("status_cards")}: `),
            status.map((id) => el("a", { href: "#", class: "chip status-chip", "data-card": id, onclick: (ev) => (ev.preventDefault(), onCard(id, ev)) }, facts.cardName(id))),
          )
        : null,
    );
  });
  fill(box, boxes);
}

// -- the battle ---------------------------------------------------------------------------------

export function renderBattle(box, facts, v, onCard) {
  const b = v.battle;
  if (!b) {
    box.hidden = true;
    fill(box);
    return;
  }
  box.hidden = false;
  const tgt = facts.spaces.get(b.target);
  const org = facts.spaces.get(b.origin);
  const country = facts.country(b.country);
  const toggle = el("button", { class: "cb-toggle", title: t("fold"), onclick: () => box.classList.toggle("folded") }, "▾");
  fill(box,
    el("div", { class: "cb-title" }, toggle, (b.counterattack ? t("counterattack", { space: tgt.name }) : t("battle", { space: tgt.name })), el("span", { class: "muted" }, ` · ${b.stage_text}`)),
    el("div", { class: "cb-body" },
      el("div", {}, el("b", { class: teamClass(facts, b.attacker) }, facts.powerName(b.attacker)), ": ", t("battle_from", { adjective: country.adjective, origin: org.name })),
      b.difficult ? el("div", { class: "muted small" }, t("difficult")) : null,
      el(
        "div",
        { class: "cb-tally", "data-testid": "battle-tally" },
        el("span", {}, `${t("reinforce_total")} `, el("b", {}, String(b.reinforce))),
        " · ",
        el("span", {}, `${t("sustain_total")} `, el("b", {}, String(b.sustain))),
      ),
      b.defenders.length
        ? el(
            "div",
            {},
            `${t("defenders")}: `,
            b.defenders.map((p, i) => [i ? ", " : "", el("span", { class: teamClass(facts, p) }, facts.powerShort(p)), b.passed.includes(p) ? el("span", { class: "muted" }, ` (${t("passed")})`) : null]),
          )
        : null,
      b.deciding ? el("div", { class: "cb-now" }, t("deciding", { power: facts.powerName(b.deciding) })) : null,
      b.cards.length
        ? el(
            "div",
            { class: "cb-cards" },
            `${t("revealed")}: `,
            b.cards.map((x, i) => [i ? ", " : "", el("a", { href: "#", "data-card": x.card, onclick: (ev) => (ev.preventDefault(), onCard(x.card, ev)) }, facts.cardName(x.card))]),
          )
        : null,
    ),
  );
}

// -- the log ------------------------------------------------------------------------------------

// Groups: the set-up, each power's turn (with the round's first entry), each Scoring Round.
export function groupLog(entries, from = 0) {
  const groups = [];
  let cur = null;
  let started = false; // the first round has begun
  const open = (e, idx, kind, side = null) => {
    cur = { t: e.t, kind, side, entries: [], start: idx, setup: !started };
    groups.push(cur);
  };
  entries.forEach((e, i) => {
    const idx = from + i;
    if (e.k === "round.start") {
      started = true;
      open(e, idx, "turn");
    } else if (e.k === "turn.start") {
      if (!cur || cur.kind !== "turn" || cur.side || cur.entries.some((x) => x[1].k !== "round.start")) open(e, idx, "turn");
      cur.side = e.p;
      cur.setup = false;
    } else if (e.k === "scoring" || e.k === "game.over") {
      if (!cur || cur.kind !== "scoring") open(e, idx, "scoring");
    } else if (!cur) {
      open(e, idx, "setup");
    }
    cur.entries.push([idx, e]);
  });
  return groups;
}

export class LogPanel extends SharedLogPanel {
  constructor(box, facts, onRef) {
    super(box, facts, onRef, {
      group: groupLog,
      side: (e) => (e.p ? facts.teamOf(e.p) : null),
      headOf: (g) => (g.setup ? t("log_setup") : t("log_round", { round: g.t })),
      groupTitle: (g) => {
        if (g.kind === "scoring") return t("log_scoring");
        if (g.side) return t("log_turn", { power: facts.powerName(g.side) });
        return g.setup ? t("log_setup") : t("log_round", { round: g.t });
      },
      refKeys: ["space", "target", "origin", "card", "cards"],
    });
  }
}

// -- the steps of the turn ------------------------------------------------------------------------

// The five steps of the turn under way (TURN SEQUENCE), the current one marked, the finished ones
// struck through; nothing outside a turn.
export function renderSteps(box, facts, v) {
  const ts = v.turn_step;
  if (!ts || v.over) {
    fill(box);
    return;
  }
  fill(box,
    el(
      "div",
      { class: `turn-steps ${teamClass(facts, ts.power)}`, "data-testid": "turn-steps" },
      el("b", {}, facts.powerShort(ts.power)),
      STEP_KEYS.slice(0, 5).map((k, i) => el("span", { class: `tstep${i === ts.index ? " now" : i < ts.index ? " done" : ""}`, "data-step": k.slice(5), title: t(k) }, t(k).replace(/ step$/, ""))),
    ),
  );
}

// -- the status line and the reference ------------------------------------------------------------

export function statusText(facts, v) {
  const parts = [v.round ? t("round_of", { round: v.round, last: facts.doc.rounds.last }) : t("setup")];
  if (v.over || v.result) parts.push(t("status_over"));
  else if (v.turn_step) {
    parts.push(t("turn_of", { power: facts.powerName(v.turn_step.power) }));
    parts.push(t(STEP_KEYS[Math.min(v.turn_step.index, STEP_KEYS.length - 1)]));
  } else if (!v.current) parts.push(t("setup"));
  return parts.join(" · ");
}

export function renderReference(box, facts, v, onCard) {
  const c = v.cards;
  const seen = new Map();
  const add = (id, where) => {
    if (id && !seen.has(id)) seen.set(id, where);
  };
  for (const id of c.hand || []) add(id, t("hand"));
  for (const id of c.prepared || []) add(id, t("prepared"));
  for (const [p, ids] of Object.entries(c.status || {})) for (const id of ids) add(id, `${t("status_cards")} · ${facts.powerShort(p)}`);
  for (const [p, id] of Object.entries(c.discard_top || {})) add(id, `${t("discard_top")} · ${facts.powerShort(p)}`);
  fill(box,
    el("div", { class: "ref-block" }, el("div", { class: "sub-title" }, t("ref_sequence")), el("div", { class: "small" }, t("ref_sequence_text"))),
    el("div", { class: "ref-block" }, el("div", { class: "sub-title" }, t("scoring_round")), el("div", { class: "small" }, t("ref_scoring"))),
    el("div", { class: "ref-block" }, el("div", { class: "sub-title" }, t("ref_legend")), el("div", { class: "small" }, t("ref_legend_text"))),
    el(
      "div",
      { class: "ref-block", "data-testid": "cards-in-sight" },
      el("div", { class: "sub-title" }, t("ref_your_cards")),
      [...seen.entries()].map(([id, where]) => {
        const card = facts.cards.get(id);
        return el(
          "div",
          { class: "ref-card", "data-card": id },
          el("a", { href: "#", onclick: (ev) => (ev.preventDefault(), onCard(id, ev)) }, card.name),
          el("span", { class: "muted" }, ` · ${card.type_name} · ${where}`),
          el("div", { class: "small" }, card.play),
          el("div", { class: "small muted" }, `${t("prepared_side")}: ${card.prepared}`),
        );
      }),
    ),
  );
}
