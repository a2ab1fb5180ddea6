// The Quartermaster General: 1914 board, an SVG drawn from the data: land spaces as boxes
// (clear or difficult terrain, Home spaces in their country's colour, Objectives starred, the
// spaces where an Objective token may come), sea spaces as ellipses, the adjacencies (the Kiel
// Canal as the Central Powers' link), then the position: each country's Armies and Navies in its
// colour (a dashed outline when out of supply), Objective tokens, the battle under way, marks of
// what happened since the player's last decision, and highlights for the legal choices.

import { MapKeys } from "../mapkeys.js";
import { svg, svgText as text } from "../common.js";
import { PanZoom } from "../panzoom.js";
import { t } from "./strings.js";

const PIECE_PX = 22; // zoomed out, a piece keeps this size on the screen (its letters read)...
const PIECE_GROW = 1.8; // ...growing to at most this many times its size on the map
// The most map units per pixel at which the view counts as readable when it follows the play: a
// laptop's whole map; on a phone, closer.
const readableUpp = () => (window.matchMedia("(max-width: 760px), (pointer: coarse)").matches ? 1.6 : 2.6);

// A space's name on one or two lines.
function nameLines(name) {
  if (name.length <= 9 || !name.includes(" ")) return [name];
  const words = name.split(" ");
  let best = [name];
  let width = Infinity;
  for (let i = 1; i < words.length; i++) {
    const a = words.slice(0, i).join(" ");
    const b = words.slice(i).join(" ");
    const w = Math.max(a.length, b.length);
    if (w < width) {
      width = w;
      best = [a, b];
    }
  }
  return best;
}

// The point of an ellipse nearest to (px, py) (sampled: good to a degree).
function nearestOnEllipse(s, px, py) {
  let best = null;
  let bd = Infinity;
  for (let i = 0; i < 360; i += 2) {
    const a = (i * Math.PI) / 180;
    const x = s.x + s.rx * Math.cos(a);
    const y = s.y + s.ry * Math.sin(a);
    const d = (x - px) ** 2 + (y - py) ** 2;
    if (d < bd) {
      bd = d;
      best = [x, y];
    }
  }
  return best;
}

export class Board {
  constructor(container, facts, { onSpace, storeKey = null, focus = null, describe = null } = {}) {
    this.facts = facts;
    this.onSpace = onSpace || (() => {});
    const doc = facts.doc;
    this.root = svg("svg", { class: "board qmg-board", viewBox: `0 0 ${doc.width} ${doc.height}`, "data-testid": "board" });
    // the highlighted choices as the map's focus stops (../mapkeys.js); a stop out of sight is
    // brought into it
    this.keys = new MapKeys(this.root, {
      describe: describe || ((id) => this.facts.name ? this.facts.name(id) : id),
      onFocus: (g) => this.reveal(g),
    });
    container.append(this.root);
    this.spaceEls = new Map();
    this.hl = { spaces: new Set(), selected: new Set() };
    this.drawStatic();
    this.layers = {
      marks: svg("g", { class: "marks" }, this.root),
      pieces: svg("g", { class: "pieces" }, this.root),
      top: svg("g", { class: "top-marks" }, this.root),
    };
    const content = { x: -10, y: -10, w: doc.width + 20, h: doc.height + 20 };
    const onChange = () => {
      cancelAnimationFrame(this.frame);
      this.frame = requestAnimationFrame(() => this.layout());
    };
    this.pieces = [];
    this.pz = new PanZoom(this.root, content, { storeKey, initial: this.initialView(container, content, focus), minWidth: 300, onChange });
    new ResizeObserver(() => this.layout()).observe(this.root);
  }

  // Zoomed out, pieces grow (to PIECE_PX on the screen, at most PIECE_GROW times their size)
  // so that their letters read; the names of the highlighted choices stand out.
  layout(force = false) {
    const upp = this.pz.unitsPerPixel();
    const k = Math.round(Math.min(PIECE_GROW, Math.max(1, (PIECE_PX * upp) / 30)) * 20) / 20;
    if (!force && k === this.k) return;
    this.k = k;
    for (const p of this.pieces) {
      const s = p.space;
      const n = p.n;
      const size = (p.navy ? 38 : 30) * k;
      const room = s.sea ? 2 * s.rx - 30 : s.w - 14;
      const gap = Math.min(size + 4, n > 1 ? (room - size) / (n - 1) : size);
      const cx = s.x + (p.i - (n - 1) / 2) * Math.max(gap, size * 0.45);
      // grown, they hang below the space's middle (a click there still finds the space)
      const cy = k > 1 ? s.y + 3 + size / 2 : p.cy;
      p.g.setAttribute("transform", `translate(${cx} ${cy}) scale(${k})`);
    }
    this.root.dataset.pieceK = String(k);
  }

  // On a narrow screen the whole map is too small to read: start on the player's own Home.
  initialView(container, content, focus) {
    const r = container.getBoundingClientRect();
    if (!r.width || r.width >= 700 || !focus) return content;
    const s = this.facts.spaces.get(focus);
    if (!s) return content;
    const w = 820;
    const h = (w * r.height) / r.width;
    return { x: Math.max(content.x, Math.min(s.x - w / 2, content.x + content.w - w)), y: Math.max(content.y, Math.min(s.y - h / 2, content.y + content.h - h)), w, h };
  }

  zoom(f) {
    this.pz.zoom(f);
  }

  fit() {
    this.pz.fit();
  }

  drawStatic() {
    const f = this.facts;
    const doc = f.doc;
    boardDefs(this.root);
    svg("rect", { x: -2000, y: -2000, width: doc.width + 4000, height: doc.height + 4000, class: "qmg-ground" }, this.root);
    const links = svg("g", { class: "links" }, this.root);
    for (const ln of f.links) {
      let a = f.spaces.get(ln.a);
      let b = f.spaces.get(ln.b);
      let p1 = [a.x, a.y];
      let p2 = [b.x, b.y];
      let cls = "qlink";
      if (a.sea !== b.sea) {
        if (a.sea) [a, b] = [b, a];
        p1 = [a.x, a.y];
        p2 = nearestOnEllipse(b, a.x, a.y);
        cls += " qlink-coast";
      } else if (a.sea) cls += " qlink-sea";
      else cls += " qlink-land";
      if (ln.kiel) cls = "qlink qlink-kiel";
      const line = svg("line", { x1: p1[0], y1: p1[1], x2: p2[0], y2: p2[1], class: cls, "data-link": `${ln.a}|${ln.b}` }, links);
      if (ln.kiel) {
        svg("title", {}, line).textContent = t("kiel");
        const mx = (p1[0] + p2[0]) / 2;
        const my = (p1[1] + p2[1]) / 2;
        text(links, mx, my + 28, t("kiel_label"), { class: "kiel-label" });
      }
    }
    const spaces = svg("g", { class: "spaces" }, this.root);
    this.labels = svg("g", { class: "qlabels" });
    for (const s of f.spaces.values()) {
      const g = svg("g", { class: `space ${s.sea ? "sea-space" : "land-space"}${s.difficult ? " difficult" : ""}`, "data-space": s.id }, spaces);
      let shape;
      if (s.sea) {
        shape = svg("ellipse", { cx: s.x, cy: s.y, rx: s.rx, ry: s.ry, class: "shape sea-shape" }, g);
      } else {
        const home = s.home_of ? f.country(s.home_of) : null;
        shape = svg("rect", { x: s.x - s.w / 2, y: s.y - s.h / 2, width: s.w, height: s.h, rx: 9, class: `shape land-shape${home ? " home" : ""}`, style: home ? `stroke:${home.colour}` : undefined }, g);
        if (home) {
          const fx = s.x - s.w / 2;
          const fy = s.y - s.h / 2;
          svg("path", { d: `M${fx} ${fy + 30} L${fx} ${fy + 9} Q${fx} ${fy} ${fx + 9} ${fy} L${fx + 30} ${fy} Z`, fill: home.colour, class: "home-corner" }, g);
        }
        if (s.difficult) text(g, s.x - s.w / 2 + 12, s.y + s.h / 2 - 7, "▲", { class: "terrain-glyph" });
        if (s.objective) text(g, s.x + s.w / 2 - 14, s.y - s.h / 2 + 19, "★", { class: "objective-star" });
        if (s.token_space) svg("circle", { cx: s.x + s.w / 2 - 13, cy: s.y + s.h / 2 - 13, r: 8, class: "token-spot" }, g);
      }
      const lines = nameLines(s.name);
      const top = s.sea ? s.y - 16 - (lines.length - 1) * 11 : s.y - s.h / 2 + 23;
      const names = lines.map((ln, i) => text(this.labels, s.x, top + i * 21, ln, { class: `qname${s.sea ? " sea-name" : ""}`, "data-label": s.id }));
      svg("title", {}, g).textContent = this.describe(s);
      g.addEventListener("click", (ev) => {
        if (this.pz && this.pz.dragged) return;
        ev.stopPropagation();
        this.onSpace(s.id, ev);
      });
      this.spaceEls.set(s.id, { g, shape, names });
    }
    this.root.append(this.labels);
  }

  describe(s) {
    const parts = [s.name, s.sea ? t("sea") : s.difficult ? t("land_difficult") : t("land_clear")];
    if (s.home_of) parts.push(t("home_of", { country: this.facts.country(s.home_of).name }));
    else if (s.objective) parts.push(t("objective"));
    if (s.token_space) parts.push(t("token_space"));
    return parts.join(" · ");
  }

  // -- the position -------------------------------------------------------------------------

  render(v) {
    this.v = v;
    const f = this.facts;
    const marks = this.layers.marks;
    const top = this.layers.top;
    marks.replaceChildren();
    top.replaceChildren();
    for (const sid of v.board.tokens || []) {
      const s = f.spaces.get(sid);
      if (!s || s.sea) continue;
      const g = svg("g", { class: "token", "data-token": sid }, marks);
      svg("circle", { cx: s.x + s.w / 2 - 13, cy: s.y + s.h / 2 - 13, r: 11 }, g);
      text(g, s.x + s.w / 2 - 13, s.y + s.h / 2 - 8.5, "★", {});
      svg("title", {}, g).textContent = t("token");
    }
    const b = v.battle;
    if (b) {
      const tgt = f.spaces.get(b.target);
      const org = f.spaces.get(b.origin);
      if (org) this.ring(top, org, "battle-origin");
      if (tgt) {
        const g = svg("g", { class: "battle-target", "data-marker": `battle:${tgt.id}` }, top);
        const r = tgt.sea ? Math.max(tgt.rx, tgt.ry) * 0.8 : 56;
        svg("circle", { cx: tgt.x, cy: tgt.y, r }, g);
        for (const [dx, dy] of [[-1, 0], [1, 0], [0, -1], [0, 1]]) {
          svg("line", { x1: tgt.x + dx * (r - 12), y1: tgt.y + dy * (r - 12), x2: tgt.x + dx * (r + 12), y2: tgt.y + dy * (r + 12) }, g);
        }
      }
      if (org && tgt) {
        svg("line", { x1: org.x, y1: org.y, x2: tgt.x, y2: tgt.y, class: "battle-arrow", "marker-end": "url(#qarrow)" }, top);
      }
    }
    this.renderPieces(v);
    this.drawTrail();
    this.applyHighlights();
  }

  ring(layer, s, cls) {
    if (s.sea) svg("ellipse", { cx: s.x, cy: s.y, rx: s.rx + 8, ry: s.ry + 8, class: cls }, layer);
    else svg("rect", { x: s.x - s.w / 2 - 7, y: s.y - s.h / 2 - 7, width: s.w + 14, height: s.h + 14, rx: 12, class: cls }, layer);
  }

  renderPieces(v) {
    const f = this.facts;
    const layer = this.layers.pieces;
    layer.replaceChildren();
    this.pieces = [];
    const by = new Map();
    for (const p of v.board.pieces) {
      if (!by.has(p.space)) by.set(p.space, []);
      by.get(p.space).push(p);
    }
    const order = [...f.countries.keys()];
    for (const [sid, pieces] of by) {
      const s = f.spaces.get(sid);
      if (!s) continue;
      pieces.sort((a, b) => order.indexOf(a.country) - order.indexOf(b.country));
      const n = pieces.length;
      const navy = s.sea;
      const cy = s.sea ? s.y + 16 : s.y + 22;
      pieces.forEach((p, i) => {
        const g = this.piece(layer, p, 0, 0, navy);
        this.pieces.push({ g, space: s, i, n, navy, cy });
      });
    }
    this.layout(true);
  }

  piece(layer, p, cx, cy, navy) {
    const c = this.facts.country(p.country);
    const g = svg("g", { class: `piece ${navy ? "navy" : "army"}${p.supplied ? "" : " unsupplied"} country-${p.country}`, "data-piece": `${p.country}:${p.space}`, "data-at": p.space }, layer);
    if (navy) {
      svg("path", { d: `M${cx - 19} ${cy - 8} L${cx + 19} ${cy - 8} L${cx + 14} ${cy + 10} L${cx - 14} ${cy + 10} Z`, fill: c.colour, class: "piece-body" }, g);
      text(g, cx, cy + 5.5, t(`abbr_${p.country}`), { class: "piece-text", fill: c.ink });
    } else {
      svg("rect", { x: cx - 15, y: cy - 15, width: 30, height: 30, rx: 4, fill: c.colour, class: "piece-body" }, g);
      text(g, cx, cy + 5.5, t(`abbr_${p.country}`), { class: "piece-text", fill: c.ink });
    }
    if (!p.supplied) text(g, cx + (navy ? 17 : 14), cy - 10, "⊘", { class: "unsupplied-mark" });
    svg("title", {}, g).textContent = `${c.adjective} ${navy ? t("navy") : t("army")} · ${p.supplied ? t("supplied") : t("unsupplied")}`;
    g.addEventListener("click", (ev) => {
      if (this.pz.dragged) return;
      ev.stopPropagation();
      this.onSpace(p.space, ev);
    });
    return g;
  }

  // -- what happened since the player's last decision ----------------------------------------

  setTrail(items) {
    this.trail = items || [];
    this.drawTrail();
  }

  drawTrail() {
    const layer = this.layers.top;
    for (const n of layer.querySelectorAll(".trail")) n.remove();
    for (const item of this.trail || []) {
      const s = this.facts.spaces.get(item.space);
      if (!s) continue;
      const x = s.sea ? s.x + s.rx * 0.6 : s.x + s.w / 2 - 2;
      const y = s.sea ? s.y - s.ry * 0.6 : s.y - s.h / 2 + 2;
      const g = svg("g", { class: `trail trail-${item.kind}`, "data-trail": `${item.kind}:${s.id}` }, layer);
      svg("circle", { cx: x, cy: y, r: 13 }, g);
      text(g, x, y + 5.5, { built: "+", removed: "✕", battle: "⚔", token: "★" }[item.kind] || "•", {});
    }
  }

  // -- highlights ----------------------------------------------------------------------------

  highlight({ spaces = [], selected = [] } = {}) {
    this.hl = { spaces: new Set(spaces), selected: new Set(selected) };
    this.applyHighlights();
  }

  reveal(g) {
    const r = g.getBoundingClientRect();
    const box = this.root.getBoundingClientRect();
    if (r.left >= box.left && r.right <= box.right && r.top >= box.top && r.bottom <= box.bottom) return;
    const at = new DOMPoint(r.left + r.width / 2, r.top + r.height / 2).matrixTransform(this.root.getScreenCTM().inverse());
    this.pz.centerOn(at.x, at.y);
  }

  applyHighlights() {
    for (const [id, el] of this.spaceEls) {
      el.g.classList.toggle("target", this.hl.spaces.has(id));
      el.g.classList.toggle("selected", this.hl.selected.has(id));
      for (const n of el.names) n.classList.toggle("target-name", this.hl.spaces.has(id));
    }
    this.keys.update();
  }

  // Bring ``spaces`` (ids) into sight at a zoom where names and pieces read: nothing when they
  // already are; else the player's zoom kept if it reads and they fit, the least zoom out that
  // shows them all, or the zoom in that makes them read. Glides there.
  focus(spaces) {
    const boxes = spaces
      .map((id) => this.facts.spaces.get(id))
      .filter(Boolean)
      .map((s) => (s.sea ? [s.x - s.rx, s.y - s.ry, s.x + s.rx, s.y + s.ry] : [s.x - s.w / 2, s.y - s.h / 2, s.x + s.w / 2, s.y + s.h / 2]));
    if (!boxes.length) return false;
    const pad = 40;
    const want = {
      x0: Math.min(...boxes.map((b) => b[0])) - pad,
      y0: Math.min(...boxes.map((b) => b[1])) - pad,
      x1: Math.max(...boxes.map((b) => b[2])) + pad,
      y1: Math.max(...boxes.map((b) => b[3])) + pad,
    };
    const r = this.root.getBoundingClientRect();
    if (!r.width || !r.height) return false;
    const seen = this.pz.visible();
    const upp = this.pz.unitsPerPixel();
    const readable = readableUpp();
    const inside = want.x0 >= seen.x && want.y0 >= seen.y && want.x1 <= seen.x + seen.w && want.y1 <= seen.y + seen.h;
    if (inside && upp <= readable * 1.02) return false;
    const need = Math.max((want.x1 - want.x0) / r.width, (want.y1 - want.y0) / r.height);
    const whole = Math.max(this.pz.content.w / r.width, this.pz.content.h / r.height);
    const u = Math.min(whole, Math.max(need, Math.min(upp, readable)));
    const w = r.width * u;
    const h = r.height * u;
    const c = this.pz.content;
    const clamp = (a, lo, hi) => (lo > hi ? (lo + hi) / 2 : Math.max(lo, Math.min(hi, a)));
    const x = clamp((want.x0 + want.x1) / 2 - w / 2, Math.min(c.x, want.x0), Math.max(c.x + c.w, want.x1) - w);
    const y = clamp((want.y0 + want.y1) / 2 - h / 2, Math.min(c.y, want.y0), Math.max(c.y + c.h, want.y1) - h);
    this.pz.glide({ x, y, w, h });
    return true;
  }

  flash(id) {
    const el = this.spaceEls.get(id);
    if (!el) return;
    el.g.classList.remove("flash");
    void el.g.getBoundingClientRect();
    el.g.classList.add("flash");
    setTimeout(() => el.g.classList.remove("flash"), 2200);
    const s = this.facts.spaces.get(id);
    if (s) this.pz.centerOn(s.x, s.y);
  }
}

// The arrow head of the battle arrow.
function boardDefs(root) {
  const defs = svg("defs", {}, root);
  const m = svg("marker", { id: "qarrow", viewBox: "0 0 10 10", refX: 8, refY: 5, markerWidth: 4, markerHeight: 4, orient: "auto-start-reverse" }, defs);
  svg("path", { d: "M0,0 L10,5 L0,10 z", fill: "#c0392b" }, m);
}
