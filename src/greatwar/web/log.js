// The log panel, for every game: the view's slices of the log merged into a local copy (the
// server sends only what this page has not seen), entries drawn in groups (a game says how it
// groups them: action rounds, turns...), the names of the things an entry mentions made links,
// dice drawn, what is new since the player's last decision marked, and the newest entry kept in
// sight unless the reader scrolled up.

import { DIE_FACES, el, fill } from "./common.js";
import { has, t } from "./i18n.js";

const REF_KEYS = ["space", "frm", "to", "unit", "card", "units", "spaces", "cards"];

// The tooltip of an entry's rule: a number (Paths of Glory) or the title of a section of the
// rulebook (Quartermaster General: 1914, whose sections are named in the catalogue).
function ruleTitle(r) {
  const key = `rule_section.${r}`;
  return has(key) ? t("shell.rule_section", { rule: t(key) }) : t("shell.rule", { rule: r });
}

// One log line, with links on the names of the things it mentions (``facts.kind(id)`` says what
// an id is, ``facts.name(id)`` how the entry's text writes it) and its die drawn.
// ``side(e)``: the seat the entry belongs to (for its colour).
// ``onRule(r)``: where a click on the entry's rule mark (§) leads (a game's rules summary);
// ``ruleName(r)``: the rule's section, named, for the entry's tooltip.
export function logLine(facts, e, onRef, { fresh = false, index = null, refKeys = REF_KEYS, side = (x) => x.s, onRule = null, ruleName = null } = {}) {
  let textNodes = [e.text];
  const refs = [];
  for (const [k, val] of Object.entries(e.a || {})) {
    const vals = Array.isArray(val) ? val : [val];
    for (const id of vals) {
      if (typeof id !== "string") continue;
      const kind = facts.kind(id);
      if (kind && (refKeys.includes(k) || kind !== "space" || facts.spaces.has(id))) refs.push([id, facts.name(id), kind]);
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
  const die = e.a && typeof e.a.die === "number" ? e.a.die : null;
  const who = side(e);
  return el(
    "div",
    {
      class: `log-entry k-${String(e.k).replace(/\./g, "-")}${who ? " side-" + who : ""}${e.v ? " private" : ""}${fresh ? " fresh" : ""}`,
      title: e.r ? [ruleTitle(e.r), ruleName ? ruleName(e.r) : ""].filter(Boolean).join(" · ") : "",
      "data-index": index === null ? undefined : String(index),
    },
    die ? el("span", { class: `die die-${who || "none"}`, title: t("shell.die", { n: die }) }, DIE_FACES[die] || String(die)) : el("span", { class: "log-dot" }, ""),
    el("span", { class: "log-text" }, textNodes),
    e.r && onRule ? el("a", { href: "#", class: "rule-link", "data-rule": e.r, title: t("shell.rule_open", { rule: e.r }), onclick: (ev) => (ev.preventDefault(), onRule(e.r)) }, `§${e.r}`) : null,
  );
}

// The log panel. ``group(entries, from)`` cuts the entries in groups ({t, side, entries:
// [[index, entry]], start}); ``groupTitle(g)`` names a group, ``headOf(g)`` the heading written
// when it changes (a turn, a round); ``side(e)`` the seat of an entry.
export class LogPanel {
  constructor(box, facts, onRef, { group, groupTitle, headOf, side = (e) => e.s, refKeys = REF_KEYS, limit = 900, onRule = null, ruleName = null } = {}) {
    this.onRule = onRule;
    this.ruleName = ruleName;
    this.box = box;
    this.facts = facts;
    this.onRef = onRef;
    this.group = group;
    this.groupTitle = groupTitle;
    this.headOf = headOf;
    this.side = side;
    this.refKeys = refKeys;
    this.limit = limit;
    this.entries = [];
    this.hash = null;
    this.freshFrom = Infinity; // entries from here on are new since the player's last decision
    this.stick = true;
    box.addEventListener("scroll", () => {
      if (this.programmatic) return;
      this.stick = this.box.scrollTop + this.box.clientHeight >= this.box.scrollHeight - 24;
    });
    new ResizeObserver(() => this.follow()).observe(box);
  }
  // Merge a view's slice of the log into the local copy (the caller renders).
  merge(v) {
    this.entries = this.entries.slice(0, v.log_start).concat(v.log);
    this.hash = v.log_hash;
  }
  get length() {
    return this.entries.length;
  }
  // Keep the newest entry in sight unless the reader has scrolled up: at the next frame, when
  // the browser lays the page out anyway (reading the log's height now would make it lay the
  // page out once more in the middle of drawing a position).
  follow() {
    if (!this.stick || this.following) return;
    // the scrolls the new entries cause until then are not the reader's
    this.programmatic = true;
    this.following = requestAnimationFrame(() => {
      this.following = null;
      this.box.scrollTop = this.box.scrollHeight;
      requestAnimationFrame(() => (this.programmatic = false));
    });
  }
  render() {
    const from = Math.max(0, this.entries.length - this.limit);
    const groups = this.group(this.entries.slice(from), from);
    const out = [];
    let head = null;
    groups.forEach((g, gi) => {
      const h = this.headOf(g);
      if (h !== head) {
        head = h;
        out.push(el("div", { class: "log-turn-head" }, h));
      }
      const last = gi === groups.length - 1;
      const fresh = g.entries.some(([i]) => i >= this.freshFrom);
      const body = g.entries.map(([i, e]) => logLine(this.facts, e, this.onRef, { fresh: i >= this.freshFrom, index: i, refKeys: this.refKeys, side: this.side, onRule: this.onRule, ruleName: this.ruleName }));
      const open = last || fresh || gi >= groups.length - 3;
      out.push(
        el(
          "details",
          { class: `log-group${g.side ? " side-" + g.side : ""}${fresh ? " fresh" : ""}`, open, "data-group": String(g.start) },
          el("summary", {}, el("span", { class: "group-title" }, this.groupTitle(g)), el("span", { class: "muted" }, ` (${g.entries.length})`)),
          body,
        ),
      );
    });
    fill(this.box, ...out);
    this.follow();
  }
  // The entries that are new since the player's last decision.
  fresh() {
    return this.entries.slice(Math.min(this.freshFrom, this.entries.length)).map((e, i) => [this.freshFrom + i, e]);
  }
}

// Hovering a name in the log lights that space or unit on the map (``board``: the map's <svg>),
// for every game: the class "xref" on the map's element while the pointer or the keyboard's
// focus is on the name.
export function crossHighlight(box, board) {
  const at = (ev) => (ev.target instanceof Element ? ev.target.closest("a.ref[data-ref]") : null);
  const light = (a, on) => {
    const id = a.dataset.ref;
    for (const g of board.querySelectorAll(`[data-space="${CSS.escape(id)}"], [data-unit="${CSS.escape(id)}"]`)) g.classList.toggle("xref", on);
  };
  for (const [name, on] of [["mouseover", true], ["focusin", true], ["mouseout", false], ["focusout", false]]) {
    box.addEventListener(name, (ev) => {
      const a = at(ev);
      if (a && !(name === "mouseout" && a.contains(ev.relatedTarget))) light(a, on);
    });
  }
}

// The log's newest entries about ``id`` (a space: any of an entry's arguments names it), newest
// first.
export function lastEventsAt(entries, id, count = 3) {
  const out = [];
  for (let i = entries.length - 1; i >= 0 && out.length < count; i--) {
    const a = entries[i].a || {};
    if (Object.values(a).some((x) => x === id || (Array.isArray(x) && x.includes(id)))) out.push(entries[i]);
  }
  return out;
}

// Hovering a space on the map, or a piece standing there (``board``: the element holding the
// map's <svg>; spaces carry data-space, pieces data-at, their space), shows beside the pointer
// what it is (the element's SVG <title>, moved here so that the browser's own tooltip does not
// cover it) and the space's last events in the log (``log``: the LogPanel), for every game.
// Only where there is a pointer that hovers (a phone's tap does not).
export function spacePeek(board, log, { count = 3 } = {}) {
  if (!window.matchMedia("(hover: hover)").matches) return;
  const peek = el("div", { class: "space-peek", role: "tooltip", "data-testid": "space-peek" });
  peek.hidden = true;
  document.body.append(peek);
  let timer = null;
  let shown = null; // the element whose peek shows
  let over = null; // the element under the pointer
  let at = [0, 0];
  const heading = (g) => {
    const title = g.querySelector(":scope > title");
    if (title) {
      g.dataset.peekTitle = title.textContent;
      title.remove();
    }
    return g.dataset.peekTitle || "";
  };
  const SPOT = "[data-space], [data-at]";
  const spaceOf = (g) => g.dataset.space || g.dataset.at;
  const title = (g) => {
    if (g.dataset.space) return heading(g) || g.dataset.space;
    const at = board.querySelector(`[data-space="${CSS.escape(g.dataset.at)}"]`);
    return [heading(g), at ? heading(at) : g.dataset.at].filter(Boolean).join(" · ");
  };
  const hide = () => {
    clearTimeout(timer);
    peek.hidden = true;
    shown = null;
    over = null;
  };
  const place = () => {
    const [x, y] = at;
    const w = peek.offsetWidth;
    const h = peek.offsetHeight;
    peek.style.left = `${Math.max(4, Math.min(window.innerWidth - w - 4, x + 16))}px`;
    peek.style.top = `${y + 18 + h > window.innerHeight ? Math.max(4, y - h - 12) : y + 18}px`;
  };
  const show = (g) => {
    const id = spaceOf(g);
    const events = lastEventsAt(log.entries, id, count);
    fill(
      peek,
      el("div", { class: "peek-name" }, title(g)),
      events.length
        ? el("div", { class: "peek-events" }, el("div", { class: "muted small" }, t("shell.last_events")), events.map((e) => el("div", { class: "peek-event" }, e.text)))
        : el("div", { class: "muted small" }, t("shell.no_events")),
    );
    peek.dataset.space = id;
    peek.hidden = false;
    shown = g;
    place();
  };
  // the titles go at once, so that no browser tooltip shows before the first hover
  for (const g of board.querySelectorAll("[data-space]")) heading(g);
  board.addEventListener("mousemove", (ev) => {
    at = [ev.clientX, ev.clientY];
    const g = ev.target instanceof Element ? ev.target.closest(SPOT) : null;
    if (!g || !spaceOf(g)) return hide();
    if (g === shown) return place();
    if (g === over) return;
    over = g;
    heading(g);
    clearTimeout(timer);
    peek.hidden = true;
    shown = null;
    timer = setTimeout(() => show(g), 200);
  });
  board.addEventListener("mouseleave", hide);
  board.addEventListener("pointerdown", hide);
  board.addEventListener("wheel", hide, { passive: true });
}
