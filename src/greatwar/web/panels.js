// Side panels shared by the game page and the replay viewer: tracks, cards, log, procedure.

import { el, humanWords, SIDE_NAME } from "./common.js";

const COMMIT = { mobilization: "Mobilization", limited: "Limited War", total: "Total War" };

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
  const ar = v.phase === "action" ? `Action round ${v.round}` : humanWords(v.phase || "");
  box.replaceChildren(
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
      el(
        "span",
        {},
        `AP ${t.war_status.ap} (${COMMIT[t.commitment.ap] || t.commitment.ap}) · CP ${t.war_status.cp} (${COMMIT[t.commitment.cp] || t.commitment.cp}) · combined ${t.combined_war_status}`,
      ),
    ),
    el("div", { class: "kv" }, el("span", {}, "US entry"), el("span", { class: "boxes" }, us.map((b) => el("span", { class: "box" + (b === t.us_entry ? " at" : "") }, humanWords(b))))),
    el(
      "div",
      { class: "kv" },
      el("span", {}, "Russian capitulation"),
      el("span", { class: "boxes" }, rc.map((b) => el("span", { class: "box" + (b === t.russian_capitulation ? " at" : "") }, humanWords(b)))),
    ),
    el("div", { class: "kv" }, el("span", {}, "CP Russian VP"), el("span", {}, `${t.cp_russian_vp}${t.tsar_fell_vp !== null ? ` (Tsar fell at ${t.tsar_fell_vp})` : ""}`)),
    el("div", { class: "kv" }, el("span", {}, "Replacement points"), el("span", {}, rp || "none")),
    el(
      "div",
      { class: "kv" },
      el("span", {}, "Mandated offensives"),
      el("span", {}, `AP: ${humanWords(t.mandated_offensive.ap)} · CP: ${humanWords(t.mandated_offensive.cp)}`),
    ),
  );
}

export function cardFace(facts, id, { onClick, playable = false, extra = null } = {}) {
  const c = facts.cards.get(id);
  if (!c) return el("div", { class: "card" }, id);
  const rp = Object.entries(c.rp)
    .map(([k, n]) => `${k.toUpperCase()} ${n}`)
    .join(" ");
  return el(
    "div",
    {
      class: `card side-${c.side}${c.combat ? " combat" : ""}${playable ? " playable" : ""}`,
      "data-card": id,
      title: c.text,
      onclick: onClick ? (ev) => onClick(id, ev) : undefined,
    },
    el(
      "div",
      { class: "card-head" },
      el("span", { class: "ops", title: "OPS" }, String(c.ops)),
      el("span", { class: "card-name" }, `${c.name}${c.removed ? " *" : ""}`),
      el("span", { class: "sr", title: "SR" }, String(c.sr)),
    ),
    el(
      "div",
      { class: "card-meta" },
      `#${c.number} ${humanWords(c.deck)}`,
      c.war_status ? ` · WS +${c.war_status}` : "",
      c.combat ? " · combat card" : "",
      c.event_ops ? " · event + ops" : "",
    ),
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
  const me = v.seat;
  const rows = [];
  for (const side of ["ap", "cp"]) {
    rows.push(
      el(
        "div",
        { class: `pile-side side-${side}` },
        el("b", {}, SIDE_NAME[side]),
        ` — hand ${c.hand_count[side]}, draw pile ${c.deck_count[side]}`,
        side !== me && me !== "both" ? "" : "",
        pile(facts, "Cards in play", c.played[side], onCard),
        pile(facts, "Combat cards on the table", c.table[side], onCard),
        pile(facts, "Discard pile", c.discard[side], onCard),
        pile(facts, "Removed from the game", c.removed[side], onCard),
      ),
    );
  }
  box.replaceChildren(...rows);
}

const REF_KEYS = ["space", "frm", "to", "unit", "card", "units", "spaces", "cards"];

// One log line, with links on the names of spaces, units and cards it mentions.
export function logLine(facts, e, onRef) {
  let textNodes = [e.text];
  const refs = [];
  for (const [k, val] of Object.entries(e.a || {})) {
    const vals = Array.isArray(val) ? val : [val];
    for (const id of vals) {
      if (typeof id !== "string") continue;
      const kind = facts.kind(id);
      if (kind && (REF_KEYS.includes(k) || kind !== "space" || facts.spaces.has(id))) refs.push([id, facts.name(id), kind]);
    }
  }
  refs.sort((a, b) => b[1].length - a[1].length);
  for (const [id, name, kind] of refs) {
    const next = [];
    for (const node of textNodes) {
      if (typeof node !== "string") {
        next.push(node);
        continue;
      }
      const i = node.indexOf(name);
      if (i < 0) {
        next.push(node);
        continue;
      }
      next.push(node.slice(0, i));
      next.push(el("a", { href: "#", class: `ref ref-${kind}`, "data-ref": id, onclick: (ev) => (ev.preventDefault(), onRef(id, kind)) }, name));
      next.push(node.slice(i + name.length));
    }
    textNodes = next;
  }
  return el(
    "div",
    { class: `log-entry${e.s ? " side-" + e.s : ""}${e.v ? " private" : ""}`, title: e.r ? `rule ${e.r}` : "" },
    el("span", { class: "log-turn" }, `T${e.t}`),
    el("span", { class: "log-text" }, textNodes),
  );
}

export class LogPanel {
  constructor(box, facts, onRef) {
    this.box = box;
    this.facts = facts;
    this.onRef = onRef;
    this.entries = [];
    this.hash = null;
  }
  // Merge a view's slice of the log into the local copy.
  merge(v) {
    this.entries = this.entries.slice(0, v.log_start).concat(v.log);
    this.hash = v.log_hash;
    this.render();
  }
  get length() {
    return this.entries.length;
  }
  render() {
    const stick = this.box.scrollTop + this.box.clientHeight >= this.box.scrollHeight - 30;
    const shown = this.entries.slice(-600);
    const lines = [];
    let turn = null;
    for (const e of shown) {
      if (e.t !== turn) {
        turn = e.t;
        lines.push(el("div", { class: "log-turn-head" }, `Turn ${turn}`));
      }
      lines.push(logLine(this.facts, e, this.onRef));
    }
    this.box.replaceChildren(...lines);
    if (stick) this.box.scrollTop = this.box.scrollHeight;
  }
}

function fmtValue(facts, v) {
  if (typeof v === "string") return facts.kind(v) ? facts.name(v) : v;
  if (Array.isArray(v)) return v.map((x) => fmtValue(facts, x)).join(", ");
  if (v && typeof v === "object") return JSON.stringify(v);
  return String(v);
}

// The procedure under way (operation, movement, combat...), as the view tells it.
export function renderProcedure(box, facts, v) {
  const frames = (v.procedure_named || v.procedure || []).slice(1).reverse();
  if (!frames.length) {
    box.replaceChildren();
    return;
  }
  box.replaceChildren(
    el("div", { class: "proc-title" }, "Under way"),
    ...frames.slice(0, 4).map((f) =>
      el(
        "div",
        { class: "frame" },
        el("b", {}, humanWords(f.step)),
        f.side ? el("span", { class: `side-${f.side}` }, ` (${f.side.toUpperCase()})`) : null,
        el(
          "span",
          { class: "frame-fields" },
          Object.entries(f)
            .filter(([k, val]) => k !== "step" && k !== "side" && !k.startsWith("_") && val !== null && val !== -1 && !(Array.isArray(val) && !val.length))
            .slice(0, 8)
            .map(([k, val]) => ` · ${humanWords(k)}: ${fmtValue(facts, val)}`),
        ),
      ),
    ),
  );
}
