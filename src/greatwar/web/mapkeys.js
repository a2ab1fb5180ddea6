// The map from the keyboard, for every game: the highlighted choices (spaces, units) are the
// map's focus stops, one of them in the page's tab order (a roving focus); the arrows go to the
// nearest choice in their direction, Enter or Space chooses it as a click would. Each stop is a
// button named for a screen reader by the game (``describe(id, kind)``: "Verdun: FR 3, FR 4;
// attack"). ``update()`` after every change of the highlights.

import { t } from "./i18n.js";

const STOPS = "g.space.target, g.unit.target";

export class MapKeys {
  constructor(root, { describe, onFocus = null }) {
    this.root = root;
    this.describe = describe;
    this.onFocus = onFocus;
    this.current = null; // the id of the stop in the tab order
    root.setAttribute("role", "group");
    root.addEventListener("keydown", (ev) => this.key(ev));
    root.addEventListener("focusin", (ev) => {
      const g = ev.target.closest && ev.target.closest(STOPS);
      if (!g) return;
      this.current = idOf(g);
      for (const x of this.stops()) x.setAttribute("tabindex", x === g ? "0" : "-1");
      if (this.onFocus) this.onFocus(g);
    });
  }

  stops() {
    return [...this.root.querySelectorAll(STOPS)];
  }

  update() {
    for (const g of this.root.querySelectorAll("[data-keystop]")) {
      if (g.matches(STOPS)) continue;
      for (const a of ["tabindex", "role", "aria-label", "data-keystop"]) g.removeAttribute(a);
    }
    const stops = this.stops();
    const keep = stops.find((g) => idOf(g) === this.current) || stops[0] || null;
    // (attributes written only when they change: a write makes the browser look again)
    const set = (e, k, v) => e.getAttribute(k) !== v && e.setAttribute(k, v);
    for (const g of stops) {
      set(g, "data-keystop", "");
      set(g, "role", "button");
      set(g, "tabindex", g === keep ? "0" : "-1");
      set(g, "aria-label", this.describe(idOf(g), g.matches("g.unit") ? "unit" : "space"));
    }
    this.current = keep ? idOf(keep) : null;
    set(this.root, "tabindex", keep ? "-1" : "0"); // with no choice the map itself is a stop
    set(this.root, "aria-label", t("shell.map_label"));
  }

  key(ev) {
    const g = ev.target.closest && ev.target.closest(STOPS);
    if (!g) return;
    if (ev.key === "Enter" || ev.key === " ") {
      ev.preventDefault();
      g.dispatchEvent(new MouseEvent("click", { bubbles: true }));
      return;
    }
    const dir = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1] }[ev.key];
    if (!dir) return;
    ev.preventDefault();
    const at = centre(g);
    let best = null;
    let bestScore = Infinity;
    for (const x of this.stops()) {
      if (x === g) continue;
      const c = centre(x);
      const dx = c.x - at.x;
      const dy = c.y - at.y;
      const along = dx * dir[0] + dy * dir[1];
      if (along <= 0) continue;
      const across = Math.abs(dx * dir[1]) + Math.abs(dy * dir[0]);
      const score = along + 2 * across;
      if (score < bestScore) {
        bestScore = score;
        best = x;
      }
    }
    if (best) best.focus();
  }
}

function idOf(g) {
  return g.dataset.space || g.dataset.unit || null;
}

function centre(g) {
  const r = g.getBoundingClientRect();
  return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
}
