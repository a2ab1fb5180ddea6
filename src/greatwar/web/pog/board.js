// The SVG board: both maps drawn from the spaces' coordinates and connections, the position
// (control, neutral nations, forts, trenches, units, boxes), the markers of the procedure
// (activated spaces, attackers and target), the trail of what happened since the player's last
// decision, highlights for legal choices, the supply overlay, and zoom and pan (kept per game).
// Space names keep a readable size on the screen at every zoom: names that would overlap
// another name or space at this zoom are left out (they show when zooming in, and on hover).

import { PanZoom } from "../panzoom.js";
import { counterText, inkFor, nationColor, svg, svgText as text, t as tr } from "./common.js";

const TERRAIN = { clear: "#f4f0e2", forest: "#cfe2bd", mountain: "#dccab0", swamp: "#c3dcd8", desert: "#efdca2" };
const LABEL_PX = 11; // the size of space names on the screen, in pixels
const LABEL_FONT = '600 100px "DejaVu Sans Condensed", "Liberation Sans Narrow", "Arial Narrow", sans-serif';

let measureCtx = null;
function textWidth100(s) {
  if (!measureCtx) {
    measureCtx = document.createElement("canvas").getContext("2d");
    measureCtx.font = LABEL_FONT;
  }
  return measureCtx.measureText(s).width;
}

const meets = (a, b) => a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];

// A box's name on one line, or two when it is too long for the box (some names are long in
// some languages), squeezed to the box's width if it still does not fit.
function boxLabel(parent, x, y, name, width) {
  const per = 8.6; // px per character at the label's 15px bold
  const room = Math.max(4, Math.floor((width - 12) / per));
  let lines = [name];
  if (name.length > room) {
    const words = name.split(" ");
    let best = null;
    for (let i = 1; i < words.length; i++) {
      const a = words.slice(0, i).join(" ");
      const b = words.slice(i).join(" ");
      const w = Math.max(a.length, b.length);
      if (!best || w < best[0]) best = [w, [a, b]];
    }
    if (best) lines = best[1];
  }
  lines.forEach((line, i) => {
    const e = text(parent, x, y + i * 16, line, { class: "box-label" });
    if (line.length * per > width - 8) {
      e.setAttribute("textLength", String(width - 12));
      e.setAttribute("lengthAdjust", "spacingAndGlyphs");
    }
  });
}

export class Board {
  constructor(container, facts, { onSpace, onUnit, storeKey = null } = {}) {
    this.facts = facts;
    this.onSpace = onSpace || (() => {});
    this.onUnit = onUnit || (() => {});
    this.W = facts.doc.width;
    this.H = facts.doc.height;
    this.root = svg("svg", { class: "board", viewBox: `0 0 ${this.W} ${this.H}`, "data-testid": "board" });
    container.append(this.root);
    this.showSupply = true;
    this.spaceEls = new Map();
    this.unitEls = new Map();
    this.labels = [];
    this.trail = [];
    this.drawDefs();
    this.drawStatic();
    this.layers = {
      marks: svg("g", { class: "marks" }, this.root),
      trail: svg("g", { class: "trail" }, this.root),
      units: svg("g", { class: "units" }, this.root),
      labels: this.labelLayer,
      top: svg("g", { class: "top-marks" }, this.root),
    };
    this.root.append(this.labelLayer); // names above the counters
    this.root.append(this.layers.top);
    // Names are laid out again for the new zoom at the next frame.
    const onChange = () => {
      cancelAnimationFrame(this.labelFrame);
      this.labelFrame = requestAnimationFrame(() => this.layoutLabels());
    };
    this.pz = new PanZoom(this.root, this.contentBox(), { storeKey, onChange });
    new ResizeObserver(() => this.layoutLabels()).observe(this.root);
  }

  drawDefs() {
    const defs = svg("defs", {}, this.root);
    const hatch = svg("pattern", { id: "neutral-hatch", width: 12, height: 12, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" }, defs);
    svg("rect", { width: 12, height: 12, fill: "#e4e1da" }, hatch);
    svg("line", { x1: 0, y1: 0, x2: 0, y2: 12, stroke: "#a8a398", "stroke-width": 5 }, hatch);
    for (const [id, color] of [
      ["arrow-ap", "#1f4fb0"],
      ["arrow-cp", "#1a1a1a"],
      ["arrow-hot", "#e0302a"],
    ]) {
      const m = svg("marker", { id, viewBox: "0 0 10 10", refX: 8, refY: 5, markerWidth: 5, markerHeight: 5, orient: "auto-start-reverse" }, defs);
      svg("path", { d: "M0,0 L10,5 L0,10 z", fill: color }, m);
    }
  }

  contentBox() {
    let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
    for (const s of this.facts.spaces.values()) {
      x0 = Math.min(x0, s.x - s.w / 2);
      y0 = Math.min(y0, s.y - s.h / 2);
      x1 = Math.max(x1, s.x + s.w / 2);
      y1 = Math.max(y1, s.y + s.h / 2 + 24);
    }
    const m = 24;
    return { x: x0 - m, y: y0 - m, w: x1 - x0 + 2 * m, h: y1 - y0 + 2 * m };
  }

  drawStatic() {
    const f = this.facts;
    svg("rect", { x: -2000, y: -2000, width: this.W + 4000, height: this.H + 4000, class: "sea" }, this.root);
    const region = (map, label) => {
      const xs = [...f.spaces.values()].filter((s) => s.map === map);
      const x0 = Math.min(...xs.map((s) => s.x - s.w / 2)) - 30;
      const y0 = Math.min(...xs.map((s) => s.y - s.h / 2)) - 30;
      const x1 = Math.max(...xs.map((s) => s.x + s.w / 2)) + 30;
      const y1 = Math.max(...xs.map((s) => s.y + s.h / 2)) + 30;
      svg("rect", { x: x0, y: y0, width: x1 - x0, height: y1 - y0, rx: 24, class: `region region-${map}` }, this.root);
      if (map === "europe") text(this.root, x0 + 16, y0 + 40, label, { class: "region-label region-label-start" });
      else text(this.root, x1 - 16, y1 - 14, label, { class: "region-label" });
    };
    region("europe", tr("pog.europe"));
    region("neareast", tr("pog.near_east"));
    const links = svg("g", { class: "links" }, this.root);
    const pos = (id, other) => {
      const s = f.spaces.get(id);
      const o = f.spaces.get(other);
      if (s.alt_x !== null && o && o.map === "europe") return [s.alt_x, s.alt_y];
      return [s.x, s.y];
    };
    for (const ln of f.links) {
      const [x1, y1] = pos(ln.a, ln.b);
      const [x2, y2] = pos(ln.b, ln.a);
      let cls = "link";
      if (ln.restriction === "nation") cls += " link-nation";
      if (ln.restriction === "mef_beach") cls += " link-mef";
      if (ln.crosses_maps) cls += " link-cross";
      svg("line", { x1, y1, x2, y2, class: cls }, links);
    }
    const spaces = svg("g", { class: "spaces" }, this.root);
    this.labelLayer = svg("g", { class: "labels" });
    for (const s of f.spaces.values()) {
      const box = s.kind === "offmap_box";
      const g = svg("g", { class: `space ${box ? "box" : "map-space"}`, "data-space": s.id }, spaces);
      const draw = (cx, cy, ghost) => {
        const r = svg(
          "rect",
          {
            x: cx - s.w / 2, y: cy - s.h / 2, width: s.w, height: s.h, rx: box ? 10 : 7,
            fill: box ? "#e9e4d4" : TERRAIN[s.terrain] || "#eee",
            class: ghost ? "space-rect ghost" : "space-rect",
          },
          g,
        );
        if (box) boxLabel(g, cx, cy - s.h / 2 + 20, s.name, s.w);
        const glyph = { mountain: "▲", swamp: "≈", forest: "♣", desert: "∴" }[s.terrain];
        if (glyph && !box) text(g, cx - s.w / 2 + 8, cy + s.h / 2 - 5, glyph, { class: "terrain-glyph" });
        if (s.supply_source) svg("circle", { cx: cx + s.w / 2 - 7, cy: cy + s.h / 2 - 7, r: 5, class: "source" }, g);
        if (s.capital) text(g, cx + s.w / 2 - 7, cy - s.h / 2 + 12, "✪", { class: "capital" });
        if (s.ap_port || s.cp_port) text(g, cx + s.w / 2 - 18, cy + s.h / 2 - 3, "⚓", { class: "port" });
        return r;
      };
      const rect = draw(s.x, s.y, false);
      if (s.alt_x !== null) draw(s.alt_x, s.alt_y, true);
      const title = svg("title", {}, g);
      title.textContent = s.name;
      g.addEventListener("click", (ev) => {
        if (this.pz.dragged) return;
        ev.stopPropagation();
        this.onSpace(s.id, ev);
      });
      this.spaceEls.set(s.id, { g, rect });
      if (!box) {
        const label = text(this.labelLayer, s.x, s.y + s.h / 2, s.name, { class: "space-label", "data-label": s.id });
        this.labels.push({
          id: s.id,
          el: label,
          x: s.x,
          top: s.y - s.h / 2,
          bottom: s.y + s.h / 2,
          w100: textWidth100(s.name) * 1.06,
          prio: (s.vp || s.vp_classic ? 0 : 2) + (s.capital ? -1 : 0),
        });
      }
    }
    this.boxes = [...f.spaces.values()].map((s) => [s.x - s.w / 2, s.y - s.h / 2, s.x + s.w / 2, s.y + s.h / 2, s.id]);
    this.labels.sort((a, b) => a.prio - b.prio);
  }

  // -- names at a readable size -------------------------------------------------------------

  layoutLabels() {
    const r = this.root.getBoundingClientRect();
    if (!r.width || !r.height) return;
    const upp = Math.max(this.pz.view.w / r.width, this.pz.view.h / r.height); // map units per pixel
    const fs = Math.min(90, Math.max(7, LABEL_PX * upp));
    if (this.lastFs !== undefined && Math.abs(this.lastFs - fs) < 0.01) return;
    this.lastFs = fs;
    this.labelLayer.style.fontSize = `${fs}px`;
    const placed = [];
    const occupied = (rect, own) => {
      for (const p of placed) if (meets(rect, p)) return true;
      for (const b of this.boxes) if (b[4] !== own && meets(rect, b)) return true;
      return false;
    };
    const h = fs * 1.05;
    for (const lb of this.labels) {
      const w = (lb.w100 * fs) / 100;
      const mid = (lb.top + lb.bottom) / 2;
      const half = (lb.bottom - lb.top) / 2;
      const spots = [
        [lb.x - w / 2, lb.bottom + 1, lb.x + w / 2, lb.bottom + 1 + h], // below
        [lb.x - w / 2, lb.top - 1 - h, lb.x + w / 2, lb.top - 1], // above
        [lb.x + half + 2, mid - h / 2, lb.x + half + 2 + w, mid + h / 2], // right
        [lb.x - half - 2 - w, mid - h / 2, lb.x - half - 2, mid + h / 2], // left
      ];
      const at = spots.find((r) => !occupied(r, lb.id));
      if (at) {
        placed.push(at);
        lb.el.setAttribute("x", String((at[0] + at[2]) / 2));
        lb.el.setAttribute("y", String(at[3] - fs * 0.22));
        lb.el.classList.remove("label-hidden");
      } else {
        lb.el.classList.add("label-hidden");
      }
    }
    this.root.dataset.labelPx = String(Math.round((fs / upp) * 10) / 10);
  }

  // -- the position -------------------------------------------------------------------------

  render(v) {
    this.v = v;
    const f = this.facts;
    const marks = this.layers.marks;
    marks.replaceChildren();
    this.layers.top.replaceChildren();
    const board = v.board;
    const historical = v.historical;
    const outSpaces = new Set(this.showSupply ? v.supply?.spaces || [] : []);
    const neutral = new Set(v.neutral || []);
    const mm = v.map_marks || {};
    const move = new Set(mm.move || []);
    const attack = new Set(mm.attack || []);
    const attacked = new Set(mm.attacked || []);
    const from = new Set(mm.attack_from || []);
    const badges = { move: tr("pog.badge.move"), attack: tr("pog.badge.attack") }; // П and А in Russian
    for (const s of f.spaces.values()) {
      const el = this.spaceEls.get(s.id);
      if (s.kind === "offmap_box") continue;
      const isNeutral = neutral.has(s.id);
      const side = isNeutral ? null : board.control[s.id];
      el.g.classList.toggle("ctrl-ap", side === "ap");
      el.g.classList.toggle("ctrl-cp", side === "cp");
      el.g.classList.toggle("neutral", isNeutral);
      el.g.classList.toggle("captured", !!side && side !== s.initial_control);
      el.g.dataset.control = isNeutral ? "neutral" : side || "";
      const x0 = s.x - s.w / 2;
      const y0 = s.y - s.h / 2;
      if (isNeutral) svg("rect", { x: x0, y: y0, width: s.w, height: s.h, rx: 7, class: "neutral-fill" }, marks);
      else if (side && side !== s.initial_control) {
        // a control marker: the space changed hands
        svg("rect", { x: x0 + s.w / 2 - 9, y: y0 - 7, width: 18, height: 12, rx: 2, class: `control-marker ctrl-mark-${side}` }, marks);
      }
      const isVp = historical ? s.vp : s.vp_classic;
      if (isVp) {
        svg("circle", { cx: x0 + 9, cy: y0 + 9, r: 8, class: `vp vp-${side || "neutral"}` }, marks);
        text(marks, x0 + 9, y0 + 13, "★", { class: "vp-star" });
      }
      if (s.fort) {
        const state = board.forts[s.id] || "intact";
        const fx = s.x + s.w / 2 - 9;
        const fy = y0 + 9;
        svg("rect", { x: fx - 8, y: fy - 8, width: 16, height: 16, rx: 2, class: `fort fort-${state} fort-${side}` }, marks);
        text(marks, fx, fy + 4, state === "destroyed" ? "✕" : String(s.fort), { class: "fort-label" });
      }
      const tr = board.trenches[s.id];
      if (tr) {
        const ty = s.y + s.h / 2 - 4;
        const pts = [];
        for (let i = 0; i <= 6; i++) pts.push(`${x0 + 6 + (i * (s.w - 12)) / 6},${ty - (i % 2 ? 5 : 0)}`);
        svg("polyline", { points: pts.join(" "), class: `trench trench-${tr.side}` }, marks);
        text(marks, s.x, ty - 6, tr.level === 2 ? "T2" : "T1", { class: `trench-label trench-${tr.side}` });
      }
      if (outSpaces.has(s.id)) {
        svg("rect", { x: x0, y: y0, width: s.w, height: s.h, rx: 7, class: "oos-space" }, marks);
      }
      // markers of the operation under way
      const badge = (label, cls, dx) => {
        const g = svg("g", { class: `act-marker ${cls}`, "data-marker": `${cls}:${s.id}` }, this.layers.top);
        svg("rect", { x: x0 - 12 + dx, y: y0 - 12, width: 22, height: 22, rx: 4 }, g);
        text(g, x0 - 1 + dx, y0 + 4, label, {});
      };
      if (move.has(s.id)) badge(badges.move, "act-move", 0);
      if (attack.has(s.id)) badge(badges.attack, "act-attack", move.has(s.id) ? 24 : 0);
      if (attacked.has(s.id)) svg("circle", { cx: s.x, cy: s.y, r: Math.max(s.w, s.h) * 0.62, class: "attacked-ring" }, marks);
      if (from.has(s.id)) svg("rect", { x: x0 - 5, y: y0 - 5, width: s.w + 10, height: s.h + 10, rx: 9, class: "attack-from" }, marks);
    }
    if (v.markers?.mef_beachhead) {
      const s = f.spaces.get(v.markers.mef_beachhead);
      if (s) {
        const g = svg("g", { class: "beachhead" }, this.layers.top);
        svg("rect", { x: s.x - 26, y: s.y + s.h / 2 - 2, width: 52, height: 16, rx: 3 }, g);
        text(g, s.x, s.y + s.h / 2 + 10, "BEACH", {});
      }
    }
    if (mm.target) {
      const s = f.spaces.get(mm.target);
      if (s) {
        const g = svg("g", { class: "target-marker", "data-marker": `target:${s.id}` }, this.layers.top);
        const r = Math.max(s.w, s.h) * 0.72;
        svg("circle", { cx: s.x, cy: s.y, r }, g);
        svg("line", { x1: s.x - r - 10, y1: s.y, x2: s.x - r + 12, y2: s.y }, g);
        svg("line", { x1: s.x + r - 12, y1: s.y, x2: s.x + r + 10, y2: s.y }, g);
        svg("line", { x1: s.x, y1: s.y - r - 10, x2: s.x, y2: s.y - r + 12 }, g);
        svg("line", { x1: s.x, y1: s.y + r - 12, x2: s.x, y2: s.y + r + 10 }, g);
      }
    }
    this.renderUnits(v);
    this.drawTrail();
    this.applyHighlights();
    this.layoutLabels();
  }

  renderUnits(v) {
    const f = this.facts;
    const layer = this.layers.units;
    layer.replaceChildren();
    this.unitEls.clear();
    const outUnits = new Set(this.showSupply ? v.supply?.units || [] : []);
    const mm = v.map_marks || {};
    const attackers = new Set(mm.attackers || []);
    const bySpace = new Map();
    for (const u of v.board.units) {
      if (!bySpace.has(u.space)) bySpace.set(u.space, []);
      bySpace.get(u.space).push(u);
    }
    this.stacks = bySpace;
    for (const [sid, units] of bySpace) {
      const s = f.spaces.get(sid);
      if (!s) continue;
      units.sort((a, b) => (f.units.get(b.id).army ? 1 : 0) - (f.units.get(a.id).army ? 1 : 0));
      if (s.kind === "offmap_box") {
        const size = s.w > 120 ? 30 : 22;
        const gap = size + 4;
        const cols = Math.max(1, Math.floor((s.w - 10) / gap));
        const rows = Math.max(1, Math.floor((s.h - 36) / gap));
        // a box holds many counters: beyond its rows they overlap a little
        const per = Math.ceil(units.length / rows);
        const dx = per > cols ? (s.w - 10 - size) / Math.max(1, per - 1) : gap;
        units.forEach((u, i) => {
          const cx = s.x - s.w / 2 + 5 + size / 2 + (i % Math.max(cols, per)) * dx;
          const cy = s.y - s.h / 2 + 34 + size / 2 + Math.floor(i / Math.max(cols, per)) * gap;
          this.counter(layer, u, cx, cy, size, outUnits, attackers, 0);
        });
        continue;
      }
      const n = units.length;
      const step = n > 2 ? 8 : 10;
      units.forEach((u, i) => {
        const off = (i - (n - 1) / 2) * step;
        this.counter(layer, u, s.x + off, s.y - 4 + off, f.units.get(u.id).army ? 36 : 30, outUnits, attackers, n);
      });
      if (n > 1) {
        const bx = s.x - s.w / 2 - 4;
        const by = s.y - s.h / 2 + 4;
        svg("circle", { cx: bx, cy: by, r: 10, class: "stack-badge" }, layer);
        text(layer, bx, by + 4, String(n), { class: "stack-count" });
      }
    }
  }

  counter(layer, u, cx, cy, size, outUnits, attackers, stackSize) {
    const d = this.facts.units.get(u.id);
    const fill = nationColor(d.nation);
    const ink = inkFor(fill);
    const g = svg(
      "g",
      {
        class: `unit ${d.army ? "army" : "corps"} ${u.reduced ? "reduced" : ""} side-${d.side} nation-${d.nation}${attackers.has(u.id) ? " attacker" : ""}${this.v?.map_marks?.unit === u.id ? " chosen" : ""}`,
        "data-unit": u.id,
        "data-stack": String(stackSize),
      },
      layer,
    );
    const x0 = cx - size / 2;
    const y0 = cy - size / 2;
    svg("rect", { x: x0, y: y0, width: size, height: size, rx: 3, fill, class: "unit-body" }, g);
    svg("rect", { x: x0, y: y0, width: size, height: size * 0.3, class: `side-band side-band-${d.side}` }, g);
    const t = counterText(d);
    const small = size < 28;
    text(g, cx, y0 + size * 0.25, t.top, { class: "unit-nation", fill: "#fff", "font-size": small ? 7 : 8.5 });
    text(g, cx, cy + size * 0.14, t.main, {
      class: `unit-name${t.main === "corps" ? " unit-corps" : ""}`,
      fill: ink,
      "font-size": t.main === "corps" ? (small ? 6 : 7.5) : t.main.length > 3 ? 8 : small ? 9 : 11,
    });
    const fac = u.reduced ? d.reduced : d.full;
    text(g, cx, y0 + size - 2.5, fac.join("-"), { class: "unit-factors", fill: ink, "font-size": small ? 6.5 : 8 });
    if (u.reduced) svg("line", { x1: x0 + 2, y1: y0 + size - 1.2, x2: x0 + size - 2, y2: y0 + size - 1.2, class: "reduced-line" }, g);
    if (outUnits.has(u.id)) svg("circle", { cx: x0 + size - 3, cy: y0 + 3, r: 5, class: "oos-unit" }, g);
    const title = svg("title", {}, g);
    title.textContent = `${d.name}${u.reduced ? ` (${tr("pog.reduced")})` : ""} ${fac.join("-")}${outUnits.has(u.id) ? ` — ${tr("pog.out_of_supply")}` : ""}`;
    g.addEventListener("click", (ev) => {
      if (this.pz.dragged) return;
      ev.stopPropagation();
      this.onUnit(u.id, ev);
    });
    this.unitEls.set(u.id, g);
  }

  // -- what happened since the player's last decision ----------------------------------------

  // items: [{kind: "move"|"combat"|"eliminated"|"control", from, to, unit, side, current, space}]
  setTrail(items) {
    this.trail = items || [];
    this.drawTrail();
  }

  drawTrail() {
    const layer = this.layers.trail;
    layer.replaceChildren();
    const f = this.facts;
    const spot = (id) => {
      const s = f.spaces.get(id);
      return s ? [s.x, s.y] : null;
    };
    for (const t of this.trail) {
      const hot = t.current ? " hot" : "";
      if (t.kind === "move") {
        const a = spot(t.from);
        const b = spot(t.to);
        if (!a || !b) continue;
        const dx = b[0] - a[0];
        const dy = b[1] - a[1];
        const len = Math.hypot(dx, dy) || 1;
        const k = Math.min(22, len / 3);
        svg(
          "line",
          {
            x1: a[0] + (dx / len) * k, y1: a[1] + (dy / len) * k, x2: b[0] - (dx / len) * k, y2: b[1] - (dy / len) * k,
            class: `trail-move trail-${t.side}${hot}`,
            "marker-end": `url(#arrow-${t.current ? "hot" : t.side})`,
          },
          layer,
        );
      } else if (t.kind === "combat") {
        const s = f.spaces.get(t.space);
        if (!s) continue;
        const g = svg("g", { class: `trail-combat${hot}`, "data-trail": `combat:${t.space}` }, layer);
        svg("circle", { cx: s.x + s.w / 2, cy: s.y - s.h / 2, r: 13 }, g);
        text(g, s.x + s.w / 2, s.y - s.h / 2 + 5, "⚔", {});
      } else if (t.kind === "eliminated" || t.kind === "control") {
        const s = f.spaces.get(t.space);
        if (!s) continue;
        svg("rect", { x: s.x - s.w / 2 - 7, y: s.y - s.h / 2 - 7, width: s.w + 14, height: s.h + 14, rx: 10, class: `trail-${t.kind}${hot}` }, layer);
      }
    }
  }

  // -- highlights --------------------------------------------------------------------------

  highlight({ spaces = [], units = [], selected = [] } = {}) {
    this.hl = { spaces: new Set(spaces), units: new Set(units), selected: new Set(selected) };
    this.applyHighlights();
  }

  applyHighlights() {
    const hl = this.hl || { spaces: new Set(), units: new Set(), selected: new Set() };
    for (const [id, el] of this.spaceEls) {
      el.g.classList.toggle("target", hl.spaces.has(id));
      el.g.classList.toggle("selected", hl.selected.has(id));
    }
    for (const [id, g] of this.unitEls) {
      g.classList.toggle("target", hl.units.has(id));
      g.classList.toggle("selected", hl.selected.has(id));
    }
  }

  flash(id) {
    const el = this.spaceEls.get(id)?.g || this.unitEls.get(id);
    if (!el) return;
    el.classList.remove("flash");
    void el.getBoundingClientRect();
    el.classList.add("flash");
    setTimeout(() => el.classList.remove("flash"), 2200);
    const s = this.facts.spaces.get(id) || this.facts.spaces.get(this.v?.board.units.find((u) => u.id === id)?.space);
    if (s) this.pz.centerOn(s.x, s.y);
  }

  // -- zoom and pan (kept per game in this browser) ----------------------------------------

  zoom(factor) {
    this.pz.zoom(factor);
  }

  fit() {
    this.pz.fit();
  }
}
