// The SVG board: both maps drawn from the spaces' coordinates and connections, the position
// (control, forts, trenches, units, boxes), highlights for legal choices, supply overlay,
// zoom and pan.

import { nationColor } from "./common.js";

const NS = "http://www.w3.org/2000/svg";
const TERRAIN = { clear: "#f4f0e2", forest: "#cfe2bd", mountain: "#dccab0", swamp: "#c3dcd8", desert: "#efdca2" };
const CONTROL = { ap: "#2456a6", cp: "#222222" };

function svg(tag, attrs = {}, parent = null) {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null) e.setAttribute(k, v);
  if (parent) parent.append(e);
  return e;
}

function text(parent, x, y, s, attrs = {}) {
  const t = svg("text", { x, y, ...attrs }, parent);
  t.textContent = s;
  return t;
}

export class Board {
  constructor(container, facts, { onSpace, onUnit } = {}) {
    this.facts = facts;
    this.onSpace = onSpace || (() => {});
    this.onUnit = onUnit || (() => {});
    this.W = facts.doc.width;
    this.H = facts.doc.height;
    this.root = svg("svg", { class: "board", viewBox: `0 0 ${this.W} ${this.H}`, "data-testid": "board" });
    container.append(this.root);
    this.view = { x: 0, y: 0, w: this.W, h: this.H };
    this.showSupply = true;
    this.spaceEls = new Map();
    this.unitEls = new Map();
    this.drawStatic();
    this.layers = {
      marks: svg("g", { class: "marks" }, this.root),
      units: svg("g", { class: "units" }, this.root),
    };
    this.installZoom();
  }

  drawStatic() {
    const f = this.facts;
    svg("rect", { x: 0, y: 0, width: this.W, height: this.H, class: "sea" }, this.root);
    const region = (map, label) => {
      const xs = [...f.spaces.values()].filter((s) => s.map === map);
      const x0 = Math.min(...xs.map((s) => s.x - s.w / 2)) - 30;
      const y0 = Math.min(...xs.map((s) => s.y - s.h / 2)) - 30;
      const x1 = Math.max(...xs.map((s) => s.x + s.w / 2)) + 30;
      const y1 = Math.max(...xs.map((s) => s.y + s.h / 2)) + 30;
      svg("rect", { x: x0, y: y0, width: x1 - x0, height: y1 - y0, rx: 24, class: `region region-${map}` }, this.root);
      text(this.root, x0 + 16, y0 + 34, label, { class: "region-label" });
    };
    region("europe", "Europe");
    region("neareast", "Near East");
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
    for (const s of f.spaces.values()) {
      const g = svg("g", { class: `space ${s.kind === "offmap_box" ? "box" : ""}`, "data-space": s.id }, spaces);
      const draw = (cx, cy, ghost) => {
        const r = svg(
          "rect",
          {
            x: cx - s.w / 2, y: cy - s.h / 2, width: s.w, height: s.h, rx: s.kind === "offmap_box" ? 10 : 7,
            fill: s.kind === "offmap_box" ? "#e9e4d4" : TERRAIN[s.terrain] || "#eee",
            class: ghost ? "space-rect ghost" : "space-rect",
          },
          g,
        );
        const label = s.kind === "offmap_box" ? s.name : s.name;
        text(g, cx, s.kind === "offmap_box" ? cy - s.h / 2 + 20 : cy + s.h / 2 + 13, label, {
          class: s.kind === "offmap_box" ? "box-label" : "space-label",
        });
        if (s.terrain === "mountain") text(g, cx - s.w / 2 + 8, cy + s.h / 2 - 5, "▲", { class: "terrain-glyph" });
        if (s.terrain === "swamp") text(g, cx - s.w / 2 + 8, cy + s.h / 2 - 5, "≈", { class: "terrain-glyph" });
        if (s.terrain === "forest") text(g, cx - s.w / 2 + 8, cy + s.h / 2 - 5, "♣", { class: "terrain-glyph" });
        if (s.terrain === "desert") text(g, cx - s.w / 2 + 8, cy + s.h / 2 - 5, "∴", { class: "terrain-glyph" });
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
        if (this.dragged) return;
        ev.stopPropagation();
        this.onSpace(s.id, ev);
      });
      this.spaceEls.set(s.id, { g, rect });
    }
  }

  // -- the position -------------------------------------------------------------------------

  render(v) {
    this.v = v;
    const f = this.facts;
    const marks = this.layers.marks;
    marks.replaceChildren();
    const board = v.board;
    const historical = v.historical;
    const outSpaces = new Set(this.showSupply ? v.supply?.spaces || [] : []);
    for (const s of f.spaces.values()) {
      const el = this.spaceEls.get(s.id);
      if (s.kind === "offmap_box") continue;
      const side = board.control[s.id];
      el.rect.setAttribute("stroke", CONTROL[side] || "#888");
      el.g.classList.toggle("ctrl-ap", side === "ap");
      el.g.classList.toggle("ctrl-cp", side === "cp");
      const isVp = historical ? s.vp : s.vp_classic;
      const x0 = s.x - s.w / 2;
      const y0 = s.y - s.h / 2;
      if (isVp) {
        svg("circle", { cx: x0 + 9, cy: y0 + 9, r: 8, class: `vp vp-${side}` }, marks);
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
    }
    this.renderUnits(v);
    this.applyHighlights();
  }

  renderUnits(v) {
    const f = this.facts;
    const layer = this.layers.units;
    layer.replaceChildren();
    this.unitEls.clear();
    const outUnits = new Set(this.showSupply ? v.supply?.units || [] : []);
    const bySpace = new Map();
    for (const u of v.board.units) {
      if (!bySpace.has(u.space)) bySpace.set(u.space, []);
      bySpace.get(u.space).push(u);
    }
    for (const [sid, units] of bySpace) {
      const s = f.spaces.get(sid);
      if (!s) continue;
      units.sort((a, b) => (f.units.get(b.id).army ? 1 : 0) - (f.units.get(a.id).army ? 1 : 0));
      if (s.kind === "offmap_box") {
        const cols = Math.max(1, Math.floor((s.w - 10) / 34));
        units.forEach((u, i) => {
          const cx = s.x - s.w / 2 + 22 + (i % cols) * 34;
          const cy = s.y - s.h / 2 + 48 + Math.floor(i / cols) * 34;
          this.counter(layer, u, cx, cy, 30, outUnits);
        });
        continue;
      }
      const n = units.length;
      const step = n > 4 ? 4 : 6;
      units.forEach((u, i) => {
        const off = (i - (n - 1) / 2) * step;
        this.counter(layer, u, s.x + off, s.y - 4 - off, f.units.get(u.id).army ? 34 : 28, outUnits);
      });
      if (n > 1) {
        const bx = s.x - s.w / 2 - 3;
        const by = s.y - 4;
        svg("circle", { cx: bx, cy: by, r: 9, class: "stack-badge" }, layer);
        text(layer, bx, by + 4, String(n), { class: "stack-count" });
      }
    }
  }

  counter(layer, u, cx, cy, size, outUnits) {
    const d = this.facts.units.get(u.id);
    const g = svg("g", { class: `unit ${d.army ? "army" : "corps"} ${u.reduced ? "reduced" : ""} side-${d.side}`, "data-unit": u.id }, layer);
    svg("rect", { x: cx - size / 2, y: cy - size / 2, width: size, height: size, rx: 3, fill: nationColor(d.nation), class: "unit-body" }, g);
    if (u.reduced) svg("rect", { x: cx - size / 2, y: cy - size / 2, width: size, height: size * 0.28, class: "reduced-band" }, g);
    const short = d.name.replace(/^[A-Z]{2,3}\s*/, "") || d.name;
    text(g, cx, cy - size / 2 + (d.army ? 13 : 11), d.army ? short.slice(0, 5) : "c", { class: "unit-name" });
    const fac = u.reduced ? d.reduced : d.full;
    text(g, cx, cy + size / 2 - 4, fac.join("-"), { class: "unit-factors" });
    if (outUnits.has(u.id)) svg("circle", { cx: cx + size / 2 - 3, cy: cy - size / 2 + 3, r: 5, class: "oos-unit" }, g);
    const title = svg("title", {}, g);
    title.textContent = `${d.name}${u.reduced ? " (reduced)" : ""} ${fac.join("-")}${outUnits.has(u.id) ? " — out of supply" : ""}`;
    g.addEventListener("click", (ev) => {
      if (this.dragged) return;
      ev.stopPropagation();
      this.onUnit(u.id, ev);
    });
    this.unitEls.set(u.id, g);
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
    if (s) this.centerOn(s.x, s.y);
  }

  // -- zoom and pan ------------------------------------------------------------------------

  setView() {
    const { x, y, w, h } = this.view;
    this.root.setAttribute("viewBox", `${x} ${y} ${w} ${h}`);
  }

  zoom(factor, cx, cy) {
    const v = this.view;
    const nw = Math.min(this.W * 1.2, Math.max(250, v.w * factor));
    const k = nw / v.w;
    const px = cx === undefined ? v.x + v.w / 2 : cx;
    const py = cy === undefined ? v.y + v.h / 2 : cy;
    this.view = { x: px - (px - v.x) * k, y: py - (py - v.y) * k, w: nw, h: v.h * k };
    this.setView();
  }

  fit() {
    this.view = { x: 0, y: 0, w: this.W, h: this.H };
    this.setView();
  }

  centerOn(x, y) {
    const v = this.view;
    if (x > v.x + v.w * 0.1 && x < v.x + v.w * 0.9 && y > v.y + v.h * 0.1 && y < v.y + v.h * 0.9) return;
    this.view = { ...v, x: x - v.w / 2, y: y - v.h / 2 };
    this.setView();
  }

  toSvg(ev) {
    const r = this.root.getBoundingClientRect();
    const v = this.view;
    const scale = Math.max(v.w / r.width, v.h / r.height);
    const ox = (r.width * scale - v.w) / 2;
    const oy = (r.height * scale - v.h) / 2;
    return [v.x - ox + (ev.clientX - r.left) * scale, v.y - oy + (ev.clientY - r.top) * scale, scale];
  }

  installZoom() {
    this.root.addEventListener(
      "wheel",
      (ev) => {
        ev.preventDefault();
        const [x, y] = this.toSvg(ev);
        this.zoom(ev.deltaY > 0 ? 1.15 : 1 / 1.15, x, y);
      },
      { passive: false },
    );
    let start = null;
    this.root.addEventListener("pointerdown", (ev) => {
      if (ev.button !== 0) return;
      start = { x: ev.clientX, y: ev.clientY, view: { ...this.view }, scale: this.toSvg(ev)[2] };
      this.dragged = false;
    });
    window.addEventListener("pointermove", (ev) => {
      if (!start) return;
      const dx = ev.clientX - start.x;
      const dy = ev.clientY - start.y;
      if (!this.dragged && Math.hypot(dx, dy) < 5) return;
      this.dragged = true;
      this.root.classList.add("panning");
      this.view = { ...start.view, x: start.view.x - dx * start.scale, y: start.view.y - dy * start.scale };
      this.setView();
    });
    window.addEventListener("pointerup", () => {
      start = null;
      this.root.classList.remove("panning");
      setTimeout(() => (this.dragged = false), 0);
    });
  }
}
