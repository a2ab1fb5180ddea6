// The SVG board: both maps drawn from the spaces' coordinates and connections, the position
// (control, neutral nations, forts, trenches, units, boxes), the markers of the procedure
// (activated spaces, attackers and target), the trail of what happened since the player's last
// decision, highlights for legal choices, the supply overlay, and zoom and pan (kept per game).
// Space names keep a readable size on the screen at every zoom: names that would overlap
// another name or space at this zoom are left out (they show when zooming in, and on hover).

import { MapKeys } from "../mapkeys.js";
import { PanZoom } from "../panzoom.js";
import { counterText, inkFor, nationColor, svg, svgText as text, t as tr } from "./common.js";

const TERRAIN = { clear: "#f4f0e2", forest: "#cfe2bd", mountain: "#dccab0", swamp: "#c3dcd8", desert: "#efdca2" };
const LABEL_PX = 11; // the size of space names on the screen, in pixels
const TARGET_LABEL = 1.18; // the names of the highlighted choices, this much larger
const ARMY = 34; // a counter's size on the map: an army's, a corps'
const CORPS = 30;
const COUNTER_PX = 26; // zoomed out, a corps counter keeps this size on the screen (its factors read)...
const COUNTER_GROW = 2; // ...growing to at most twice its size on the map (neighbours stay apart)
const MARK_PX = 11; // forts, VP markers and the like keep this size on the screen...
const MARK_GROW = 1.4; // ...growing to at most this many times their size
// The most map units per pixel at which the view counts as readable when it follows the play:
// a laptop's whole map (counters grown to about 22 pixels); on a phone, closer (30 pixels, for a
// thumb).
const readableUpp = () => (window.matchMedia("(max-width: 760px), (pointer: coarse)").matches ? 2 : 2.9);
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

// An attribute written only when its value changes (a write, even of the same value, makes the
// browser look at the element again).
function setIf(e, name, value) {
  if (e.getAttribute(name) !== value) e.setAttribute(name, value);
}

// Rectangles ([x0, y0, x1, y1, ...]) by the square cells of the map they reach, to find the
// few near another rectangle without looking at all of them.
class Grid {
  constructor(cell) {
    this.cell = cell;
    this.cells = new Map();
  }

  *keys(r) {
    const c = this.cell;
    for (let i = Math.floor(r[0] / c); i <= Math.floor(r[2] / c); i++)
      for (let j = Math.floor(r[1] / c); j <= Math.floor(r[3] / c); j++) yield i * 4096 + j;
  }

  add(r) {
    for (const k of this.keys(r)) {
      const list = this.cells.get(k);
      if (list) list.push(r);
      else this.cells.set(k, [r]);
    }
  }

  // Whether ``test`` holds for a rectangle sharing a cell with ``r``.
  some(r, test) {
    for (const k of this.keys(r)) {
      const list = this.cells.get(k);
      if (list) for (const b of list) if (test(b)) return true;
    }
    return false;
  }
}

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
  constructor(container, facts, { onSpace, onUnit, storeKey = null, describe = null } = {}) {
    this.facts = facts;
    this.onSpace = onSpace || (() => {});
    this.onUnit = onUnit || (() => {});
    this.W = facts.doc.width;
    this.H = facts.doc.height;
    this.root = svg("svg", { class: "board", viewBox: `0 0 ${this.W} ${this.H}`, "data-testid": "board" });
    // the highlighted choices as the map's focus stops (../mapkeys.js); a stop out of sight is
    // brought into it
    this.keys = new MapKeys(this.root, {
      describe: describe || ((id) => this.facts.name ? this.facts.name(id) : id),
      onFocus: (g) => this.reveal(g),
    });
    container.append(this.root);
    this.showSupply = true;
    this.network = ""; // the supply network drawn (networkSpaces)
    this.spaceEls = new Map();
    this.unitEls = new Map();
    this.drawn = new Map(); // unit id -> {key, g}: its counter as last drawn
    this.badgeEls = new Map(); // "space|n" -> a stack's count, as last drawn
    this.labels = [];
    this.trail = [];
    this.counters = [];
    this.badges = [];
    this.ext = new Map();
    this.drawDefs();
    this.drawStatic();
    this.layers = {
      marks: svg("g", { class: "marks" }, this.root),
      deco: svg("g", { class: "deco" }, this.root),
      trail: svg("g", { class: "trail" }, this.root),
      units: svg("g", { class: "units" }, this.root),
      rims: svg("g", { class: "rims" }, this.root),
      trailTop: svg("g", { class: "trail trail-top" }, this.root),
      rings: svg("g", { class: "rings" }, this.root),
      labels: this.labelLayer,
      top: svg("g", { class: "top-marks" }, this.root),
    };
    this.root.append(this.labelLayer); // names above the counters
    this.root.append(this.layers.top);
    // Counters, markers and names are laid out again for the new zoom at the next frame.
    const onChange = () => {
      cancelAnimationFrame(this.labelFrame);
      this.labelFrame = requestAnimationFrame(() => this.layout());
    };
    this.pz = new PanZoom(this.root, this.contentBox(), { storeKey, onChange });
    new ResizeObserver(() => this.layout()).observe(this.root);
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

  // -- sizes that read on the screen at every zoom ---------------------------------------------

  // Map units per screen pixel now.
  upp() {
    return this.pz.unitsPerPixel();
  }

  // Zoomed out, counters and markers grow (to COUNTER_PX on the screen, at most COUNTER_GROW
  // times their size on the map) so that the factors still read; zoomed in they are the map's.
  scales(upp) {
    const q = (x) => Math.round(x * 20) / 20;
    return {
      k: q(Math.min(COUNTER_GROW, Math.max(1, (COUNTER_PX * upp) / 30))),
      km: q(Math.min(MARK_GROW, Math.max(1, (MARK_PX * upp) / 16))),
    };
  }

  // A space's extent on the map now: its box and its stack's counters.
  extent(id) {
    return this.ext.get(id) || this.spaceBox(id);
  }

  spaceBox(id) {
    const s = this.facts.spaces.get(id);
    return s ? [s.x - s.w / 2, s.y - s.h / 2, s.x + s.w / 2, s.y + s.h / 2] : null;
  }

  // Counters, markers and names for the zoom now (again only when a size changed, or when
  // ``force``: a new position or new highlights). A forced layout waits for the end of the
  // change under way (a new position is drawn, then its highlights: one layout for both).
  layout(force = false) {
    if (force) {
      if (!this.pending) {
        this.pending = true;
        queueMicrotask(() => {
          this.pending = false;
          this.layoutNow(true);
        });
      }
      return;
    }
    this.layoutNow(false);
  }

  layoutNow(force) {
    const r = this.pz.size();
    if (!r.width || !r.height || !this.v) return;
    const upp = this.upp();
    const fs = Math.min(90, Math.max(7, LABEL_PX * upp));
    const { k, km } = this.scales(upp);
    if (!force && this.lastFs !== undefined && Math.abs(this.lastFs - fs) < 0.01 && k === this.k && km === this.km) return;
    this.lastFs = fs;
    this.k = k;
    this.km = km;
    this.placeCounters();
    this.drawDeco();
    this.drawTrail();
    this.drawRings(upp);
    this.layoutLabels(fs, upp);
    this.root.dataset.counterK = String(k);
  }

  placeCounters() {
    const k = this.k;
    this.ext = new Map();
    for (const c of this.counters) {
      const x = c.x + c.off * k;
      const y = c.y + c.off * k;
      setIf(c.g, "transform", `translate(${x} ${y}) scale(${k})`);
      const half = (c.size * k) / 2;
      const b = this.ext.get(c.sid) || this.spaceBox(c.sid);
      this.ext.set(c.sid, [Math.min(b[0], x - half), Math.min(b[1], y - half), Math.max(b[2], x + half), Math.max(b[3], y + half)]);
    }
    for (const b of this.badges) {
      const e = this.ext.get(b.sid) || this.spaceBox(b.sid);
      setIf(b.g, "transform", `translate(${e[0] + 1 * k} ${e[1] + 1 * k}) scale(${k})`);
    }
  }

  // -- names at a readable size -------------------------------------------------------------

  // Every name at LABEL_PX on the screen where it meets no other name and no space or stack;
  // the names of the highlighted choices first, bolder, and always.
  layoutLabels(fs, upp) {
    this.labelLayer.style.fontSize = `${fs}px`;
    // what a name may not meet (spaces, stacks, the names placed), by cells of the map
    const grid = new Grid(160);
    for (const b of this.boxes) if (!this.ext.has(b[4])) grid.add(b);
    for (const [id, e] of this.ext) grid.add([...e, id]);
    const occupied = (rect, own) => grid.some(rect, (b) => b[4] !== own && meets(rect, b));
    const targets = this.targetSpaces();
    const order = [...this.labels].sort((a, b) => (targets.has(b.id) ? 1 : 0) - (targets.has(a.id) ? 1 : 0));
    for (const lb of order) {
      const hot = targets.has(lb.id);
      const f = hot ? fs * TARGET_LABEL : fs;
      const w = (lb.w100 * f) / 100;
      const h = f * 1.05;
      const e = this.extent(lb.id);
      const [left, top, right, bottom] = e;
      const mid = (top + bottom) / 2;
      const x = (left + right) / 2;
      const spots = [
        [x - w / 2, bottom + 1, x + w / 2, bottom + 1 + h], // below
        [x - w / 2, top - 1 - h, x + w / 2, top - 1], // above
        [right + 2, mid - h / 2, right + 2 + w, mid + h / 2], // right
        [left - 2 - w, mid - h / 2, left - 2, mid + h / 2], // left
      ];
      const at = spots.find((r) => !occupied(r, lb.id)) || (hot ? spots[0] : null);
      if (lb.el.classList.contains("target-label") !== hot) lb.el.classList.toggle("target-label", hot);
      if (at) {
        grid.add(at);
        setIf(lb.el, "x", String((at[0] + at[2]) / 2));
        setIf(lb.el, "y", String(at[3] - f * 0.22));
        const size = hot ? `${f}px` : "";
        if (lb.el.style.fontSize !== size) lb.el.style.fontSize = size;
        if (lb.el.classList.contains("label-hidden")) lb.el.classList.remove("label-hidden");
      } else if (!lb.el.classList.contains("label-hidden")) {
        lb.el.classList.add("label-hidden");
      }
    }
    this.root.dataset.labelPx = String(Math.round((fs / upp) * 10) / 10);
  }

  // The spaces of the highlighted choices (a unit's: where it stands).
  targetSpaces() {
    const hl = this.hl || { spaces: new Set(), units: new Set() };
    const out = new Set(hl.spaces);
    for (const u of this.v?.board.units || []) if (hl.units.has(u.id)) out.add(u.space);
    return out;
  }

  // -- the position -------------------------------------------------------------------------

  render(v) {
    this.v = v;
    const f = this.facts;
    const marks = this.layers.marks;
    marks.replaceChildren();
    const board = v.board;
    const outSpaces = new Set(this.showSupply ? v.supply?.spaces || [] : []);
    const network = this.networkSpaces(v);
    const neutral = new Set(v.neutral || []);
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
      if (outSpaces.has(s.id)) svg("rect", { x: x0, y: y0, width: s.w, height: s.h, rx: 7, class: "oos-space" }, marks);
      if (network && network.has(s.id)) svg("rect", { x: x0 - 3, y: y0 - 3, width: s.w + 6, height: s.h + 6, rx: 9, class: `net-space net-${this.network}`, "data-net": s.id }, marks);
    }
    this.root.dataset.network = network ? this.network : "";
    this.renderUnits(v);
    if (this.k !== undefined) this.placeCounters(); // the stacks' extents, for what follows now
    this.applyHighlights();
    this.layout(true);
  }

  // The spaces of the supply network shown (``this.network``: "cp", "ap_west", "ap_east",
  // "mef" or ""), from the view's bitmaps (a bit per space in the facts' order, 14.2).
  networkSpaces(v) {
    const hex = this.network && v.supply_networks ? v.supply_networks[this.network] : null;
    if (!hex) return null;
    const ids = [...this.facts.spaces.keys()];
    const out = new Set();
    for (let i = 0; i < hex.length / 2; i++) {
      const byte = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
      for (let b = 0; b < 8; b++) if (byte & (1 << b) && ids[8 * i + b]) out.add(ids[8 * i + b]);
    }
    return out;
  }

  // The markers of the position and of the procedure, at each space's extent now: VP spaces,
  // forts, trenches, changed control, the MEF beachhead, activated spaces, attackers and target.
  drawDeco() {
    const v = this.v;
    const f = this.facts;
    const km = this.km;
    const deco = this.layers.deco;
    const top = this.layers.top;
    const board = v.board;
    // the position's own markers are drawn again only when they change (a new zoom, control,
    // a fort, a trench, a nation entering): nodes drawn anew are styled and laid out anew
    const sig = JSON.stringify([km, v.historical, board.control, board.forts, board.trenches, v.neutral]);
    const redeco = sig !== this.decoSig;
    this.decoSig = sig;
    if (redeco) deco.replaceChildren();
    top.replaceChildren();
    const neutral = new Set(v.neutral || []);
    const mm = v.map_marks || {};
    const move = new Set(mm.move || []);
    const attack = new Set(mm.attack || []);
    const attacked = new Set(mm.attacked || []);
    const from = new Set(mm.attack_from || []);
    const badges = { move: tr("pog.badge.move"), attack: tr("pog.badge.attack") }; // П and А in Russian
    const at = (parent, x, y, cls, attrs = {}) => svg("g", { class: cls, transform: `translate(${x} ${y}) scale(${km})`, ...attrs }, parent);
    const rims = this.layers.rims;
    rims.replaceChildren();
    for (const s of f.spaces.values()) {
      if (s.kind === "offmap_box") continue;
      // the space's own markers at its box (a stack grown over it covers them: zoom in, or
      // hover the space); those of the procedure around its stack
      const [x0, y0, x1, y1] = this.spaceBox(s.id);
      const cx = s.x;
      const side = neutral.has(s.id) ? null : board.control[s.id];
      if (redeco && side && side !== s.initial_control) {
        // a control marker: the space changed hands
        const g = at(deco, cx, y0, "control-mark");
        svg("rect", { x: -9, y: -7, width: 18, height: 12, rx: 2, class: `control-marker ctrl-mark-${side}` }, g);
      }
      const isVp = v.historical ? s.vp : s.vp_classic;
      if (redeco && isVp) {
        const g = at(deco, x0 + 9 * km, y0 + 9 * km, "vp-mark");
        svg("circle", { cx: 0, cy: 0, r: 8, class: `vp vp-${side || "neutral"}` }, g);
        text(g, 0, 4, "★", { class: "vp-star" });
      }
      if (redeco && s.fort) {
        const state = board.forts[s.id] || "intact";
        const g = at(deco, x1 - 9 * km, y0 + 9 * km, "fort-mark");
        svg("rect", { x: -8, y: -8, width: 16, height: 16, rx: 2, class: `fort fort-${state} fort-${side}` }, g);
        text(g, 0, 4, state === "destroyed" ? "✕" : String(s.fort), { class: "fort-label" });
      }
      const trench = board.trenches[s.id];
      if (redeco && trench) {
        const g = at(deco, cx, y1 - 4 * km, "trench-mark");
        const w = s.w - 12;
        const pts = [];
        for (let i = 0; i <= 6; i++) pts.push(`${-w / 2 + (i * w) / 6},${i % 2 ? -5 : 0}`);
        svg("polyline", { points: pts.join(" "), class: `trench trench-${trench.side}` }, g);
        text(g, 0, -6, trench.level === 2 ? "T2" : "T1", { class: `trench-label trench-${trench.side}` });
      }
      // markers of the operation under way, around the space's stack
      const [e0, f0, e1, f1] = this.extent(s.id);
      const badge = (label, cls, dx) => {
        const g = svg("g", { class: `act-marker ${cls}`, "data-marker": `${cls}:${s.id}`, transform: `translate(${e0 + dx * km} ${f0}) scale(${km})` }, top);
        svg("rect", { x: -12, y: -12, width: 22, height: 22, rx: 4 }, g);
        text(g, -1, 4, label, {});
      };
      if (move.has(s.id)) badge(badges.move, "act-move", 0);
      if (attack.has(s.id)) badge(badges.attack, "act-attack", move.has(s.id) ? 24 : 0);
      if (attacked.has(s.id)) svg("circle", { cx: (e0 + e1) / 2, cy: (f0 + f1) / 2, r: Math.max(e1 - e0, f1 - f0) * 0.62, class: "attacked-ring" }, rims);
      if (from.has(s.id)) svg("rect", { x: e0 - 5, y: f0 - 5, width: e1 - e0 + 10, height: f1 - f0 + 10, rx: 9, class: "attack-from" }, rims);
    }
    if (v.markers?.mef_beachhead) {
      const s = f.spaces.get(v.markers.mef_beachhead);
      if (s) {
        const [, , , y1] = this.extent(s.id);
        const g = svg("g", { class: "beachhead", transform: `translate(${s.x} ${y1 + 6 * km}) scale(${km})` }, top);
        svg("rect", { x: -26, y: -8, width: 52, height: 16, rx: 3 }, g);
        text(g, 0, 4, "BEACH", {});
      }
    }
    if (mm.target) {
      const s = f.spaces.get(mm.target);
      if (s) {
        const [x0, y0, x1, y1] = this.extent(s.id);
        const cx = (x0 + x1) / 2;
        const cy = (y0 + y1) / 2;
        const g = svg("g", { class: "target-marker", "data-marker": `target:${s.id}` }, top);
        const r = Math.max(x1 - x0, y1 - y0) * 0.72;
        const t = 11 * km;
        svg("circle", { cx, cy, r }, g);
        svg("line", { x1: cx - r - t, y1: cy, x2: cx - r + t, y2: cy }, g);
        svg("line", { x1: cx + r - t, y1: cy, x2: cx + r + t, y2: cy }, g);
        svg("line", { x1: cx, y1: cy - r - t, x2: cx, y2: cy - r + t }, g);
        svg("line", { x1: cx, y1: cy + r - t, x2: cx, y2: cy + r + t }, g);
      }
    }
  }

  // A ring around each highlighted space and its stack, a few pixels wide at every zoom.
  drawRings(upp) {
    const layer = this.layers.rings;
    layer.replaceChildren();
    const hl = this.hl || { spaces: new Set(), selected: new Set() };
    const ring = (id, cls) => {
      if (!this.facts.spaces.has(id)) return;
      const [x0, y0, x1, y1] = this.extent(id);
      const p = 3 * upp;
      const box = { x: x0 - p, y: y0 - p, width: x1 - x0 + 2 * p, height: y1 - y0 + 2 * p, rx: 8 + p };
      if (cls === "target-ring") svg("rect", { ...box, class: "target-halo", "stroke-width": 9 * upp }, layer);
      svg("rect", { ...box, class: cls, "stroke-width": 3 * upp, "data-ring": id }, layer);
    };
    for (const id of hl.spaces) ring(id, "target-ring");
    for (const id of hl.selected) ring(id, "selected-ring");
  }

  renderUnits(v) {
    const f = this.facts;
    // the counters in their order, the layer changed only where it must (nodes taken out and put
    // back are styled and laid out again)
    const layer = [];
    this.unitEls.clear();
    this.counters = [];
    this.badges = [];
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
          const g = this.counter(layer, u, size, outUnits, attackers, 0);
          setIf(g, "transform", `translate(${cx} ${cy})`);
          if (g.dataset.at !== sid) g.dataset.at = sid;
        });
        continue;
      }
      const n = units.length;
      const step = n > 2 ? 4 : 6;
      units.forEach((u, i) => {
        const size = f.units.get(u.id).army ? ARMY : CORPS;
        const g = this.counter(layer, u, size, outUnits, attackers, n);
        if (g.dataset.at !== sid) g.dataset.at = sid;
        this.counters.push({ g, sid, x: s.x, y: s.y - 3, off: (i - (n - 1) / 2) * step, size });
      });
      if (n > 1) {
        const key = `${sid}|${n}`;
        let g = this.badgeEls.get(key);
        if (!g) {
          g = svg("g", { class: "stack-mark", "data-stack-of": sid });
          svg("circle", { cx: 0, cy: 0, r: 8, class: "stack-badge" }, g);
          text(g, 0, 3.5, String(n), { class: "stack-count" });
          this.badgeEls.set(key, g);
        }
        layer.push(g);
        this.badges.push({ g, sid });
      }
    }
    const now = this.layers.units.children;
    if (now.length !== layer.length || layer.some((g, i) => now[i] !== g)) this.layers.units.replaceChildren(...layer);
  }

  // One counter, drawn about (0, 0) (the caller places it): the nation's band and letters,
  // the army's number or the corps' letters, and its factors, large.
  counter(layer, u, size, outUnits, attackers, stackSize) {
    // a counter whose face has not changed since the last position is moved, not drawn again
    const key = `${u.reduced}|${size}|${outUnits.has(u.id)}|${attackers.has(u.id)}|${this.v?.map_marks?.unit === u.id}|${stackSize}`;
    const kept = this.drawn.get(u.id);
    if (kept && kept.key === key) {
      layer.push(kept.g);
      this.unitEls.set(u.id, kept.g);
      return kept.g;
    }
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
    );
    layer.push(g);
    const h = size / 2;
    svg("rect", { x: -h, y: -h, width: size, height: size, rx: 3, fill, class: "unit-body" }, g);
    svg("rect", { x: -h, y: -h, width: size, height: size * 0.27, class: `side-band side-band-${d.side}` }, g);
    const t = counterText(d);
    text(g, 0, -h + size * 0.23, t.top, { class: "unit-nation", fill: "#fff", "font-size": size * 0.24 });
    const corps = t.main === counterText({ ...d, id: "x_corps_1" }).main;
    text(g, 0, size * 0.08, t.main, {
      class: `unit-name${corps ? " unit-corps" : ""}`,
      fill: ink,
      "font-size": corps ? size * 0.22 : t.main.length > 3 ? size * 0.24 : size * 0.3,
    });
    const fac = (u.reduced ? d.reduced : d.full).join("-");
    const ft = text(g, 0, h - size * 0.08, fac, { class: "unit-factors", fill: ink, "font-size": size * 0.38 });
    if (fac.length >= 5) {
      ft.setAttribute("textLength", String(size * 0.9));
      ft.setAttribute("lengthAdjust", "spacingAndGlyphs");
    }
    if (u.reduced) svg("line", { x1: -h + 2, y1: h - 1.2, x2: h - 2, y2: h - 1.2, class: "reduced-line" }, g);
    if (outUnits.has(u.id)) svg("circle", { cx: h - 3, cy: -h + 3, r: 5, class: "oos-unit" }, g);
    svg("title", {}, g).textContent = `${d.name}${u.reduced ? ` (${tr("pog.reduced")})` : ""} ${fac}${outUnits.has(u.id) ? ` — ${tr("pog.out_of_supply")}` : ""}`;
    g.addEventListener("click", (ev) => {
      if (this.pz.dragged) return;
      ev.stopPropagation();
      this.onUnit(u.id, ev);
    });
    this.unitEls.set(u.id, g);
    this.drawn.set(u.id, { key, g });
    return g;
  }

  // -- what happened since the player's last decision ----------------------------------------

  // items: [{kind: "move"|"combat"|"eliminated"|"control", from, to, unit, side, current, space}]
  setTrail(items) {
    this.trail = items || [];
    this.drawTrail();
  }

  drawTrail() {
    const layer = this.layers.trail;
    const over = this.layers.trailTop;
    layer.replaceChildren();
    over.replaceChildren();
    if (!this.v) return;
    const f = this.facts;
    const km = this.km || 1;
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
        if (!f.spaces.has(t.space)) continue;
        const [, y0, x1] = this.extent(t.space);
        const g = svg("g", { class: `trail-combat${hot}`, "data-trail": `combat:${t.space}`, transform: `translate(${x1} ${y0}) scale(${km})` }, over);
        svg("circle", { cx: 0, cy: 0, r: 13 }, g);
        text(g, 0, 5, "⚔", {});
      } else if (t.kind === "eliminated" || t.kind === "control") {
        if (!f.spaces.has(t.space)) continue;
        const [x0, y0, x1, y1] = this.extent(t.space);
        svg("rect", { x: x0 - 7, y: y0 - 7, width: x1 - x0 + 14, height: y1 - y0 + 14, rx: 10, class: `trail-${t.kind}${hot}` }, over);
      }
    }
  }

  // -- highlights --------------------------------------------------------------------------

  highlight({ spaces = [], units = [], selected = [] } = {}) {
    this.hl = { spaces: new Set(spaces), units: new Set(units), selected: new Set(selected) };
    this.applyHighlights();
    this.layout(true);
  }

  reveal(g) {
    const r = g.getBoundingClientRect();
    const box = this.root.getBoundingClientRect();
    if (r.left >= box.left && r.right <= box.right && r.top >= box.top && r.bottom <= box.bottom) return;
    const at = new DOMPoint(r.left + r.width / 2, r.top + r.height / 2).matrixTransform(this.root.getScreenCTM().inverse());
    this.pz.centerOn(at.x, at.y);
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
    this.keys.update();
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

  // -- the view follows the decision ---------------------------------------------------------

  // Bring ``spaces`` (ids) into sight at a zoom where counters read: nothing when they already
  // are; else the player's zoom kept if it reads and they fit, the least zoom out that shows
  // them all, or the zoom in that makes them read (a phone's whole map does not). Glides there.
  // ``clear``: pixels at the top and the bottom of the board that panels drawn over it cover
  // (the combat box, a banner): the spaces are brought into the rest.
  focus(spaces, clear = { top: 0, bottom: 0 }) {
    const boxes = spaces.map((id) => this.facts.spaces.get(id) && this.extent(id)).filter(Boolean);
    if (!boxes.length) return false;
    const pad = 70;
    const want = {
      x0: Math.min(...boxes.map((b) => b[0])) - pad,
      y0: Math.min(...boxes.map((b) => b[1])) - pad,
      x1: Math.max(...boxes.map((b) => b[2])) + pad,
      y1: Math.max(...boxes.map((b) => b[3])) + pad,
    };
    const r = this.pz.size();
    if (!r.width || !r.height) return false;
    // the part of the board no panel covers, unless the panels leave too little of it
    const top = Math.max(0, clear.top || 0);
    const bottom = Math.max(0, clear.bottom || 0);
    const [t, b] = r.height - top - bottom >= r.height * 0.2 ? [top, bottom] : [0, 0];
    const free = r.height - t - b;
    const seen = this.pz.visible();
    const upp = this.pz.unitsPerPixel();
    const inside = want.x0 >= seen.x && want.y0 >= seen.y + t * upp && want.x1 <= seen.x + seen.w && want.y1 <= seen.y + seen.h - b * upp;
    const readable = readableUpp();
    if (inside && upp <= readable * 1.02) return false;
    // the units per pixel to show: the player's if they read, else readable; more if needed to
    // show them all (never more than the whole map)
    const need = Math.max((want.x1 - want.x0) / r.width, (want.y1 - want.y0) / free);
    const whole = Math.max(this.pz.content.w / r.width, this.pz.content.h / r.height);
    const u = Math.min(whole, Math.max(need, Math.min(upp, readable)));
    const w = r.width * u;
    const h = r.height * u;
    // centred on them in the free part, but no more of the sea around the map than needed
    const c = this.pz.content;
    const clamp = (a, lo, hi) => (lo > hi ? (lo + hi) / 2 : Math.max(lo, Math.min(hi, a)));
    const x = clamp((want.x0 + want.x1) / 2 - w / 2, Math.min(c.x, want.x0), Math.max(c.x + c.w, want.x1) - w);
    const y = clamp((want.y0 + want.y1) / 2 - (t + free / 2) * u, Math.min(c.y, want.y0 - t * u), Math.max(c.y + c.h, want.y1 + b * u) - h);
    this.pz.glide({ x, y, w, h });
    return true;
  }

  // -- zoom and pan (kept per game in this browser) ----------------------------------------

  zoom(factor) {
    this.pz.zoom(factor);
  }

  fit() {
    this.pz.fit();
  }
}
