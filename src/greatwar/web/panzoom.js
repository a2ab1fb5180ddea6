// Zoom and pan of an SVG board by its viewBox: the wheel, a pinch, dragging, and buttons;
// the view is kept per game in this browser's storage. ``dragged`` tells click handlers that
// the pointer moved (a pan, not a click). ``moves`` counts the player's own moves of the view
// (the wheel, a drag, a pinch, the buttons), so that the page never takes the view back from a
// player who has just set it; ``glide(view)`` moves it smoothly where the page wants it.

export class PanZoom {
  constructor(root, content, { storeKey = null, initial = null, onChange = null, minWidth = 220 } = {}) {
    this.root = root;
    this.content = content; // {x, y, w, h}: the whole board
    this.storeKey = storeKey;
    this.onChange = onChange;
    this.minWidth = minWidth;
    this.dragged = false;
    this.moves = 0;
    this.view = this.load() || (initial ? { ...initial } : { ...content });
    // the screen's size of the board, kept as the browser lays it out: reading it from the
    // element after a change of the map would make the browser lay the page out at once
    this.box = null;
    new ResizeObserver(([e]) => {
      const r = e.contentRect;
      this.box = r.width && r.height ? { width: r.width, height: r.height } : null;
    }).observe(root);
    this.apply();
    this.install();
  }

  // The board's size on the screen in pixels ({width, height}).
  size() {
    if (this.box) return this.box;
    const r = this.root.getBoundingClientRect();
    return { width: r.width, height: r.height };
  }

  load() {
    if (!this.storeKey) return null;
    try {
      const v = JSON.parse(localStorage.getItem(this.storeKey) || "null");
      if (v && [v.x, v.y, v.w, v.h].every((n) => typeof n === "number" && isFinite(n)) && v.w > 50) return v;
    } catch (e) {
      /* ignore */
    }
    return null;
  }

  save() {
    if (!this.storeKey) return;
    try {
      localStorage.setItem(this.storeKey, JSON.stringify(this.view));
    } catch (e) {
      /* private mode */
    }
  }

  apply() {
    const { x, y, w, h } = this.view;
    this.root.setAttribute("viewBox", `${x} ${y} ${w} ${h}`);
    this.root.dataset.zoom = (this.content.w / w).toFixed(3);
    this.save();
    if (this.onChange) this.onChange(this.view);
  }

  // A move of the player's own (it stops a glide under way).
  touched() {
    this.moves++;
    if (this.onTouch) this.onTouch();
    cancelAnimationFrame(this.gliding);
    this.gliding = null;
  }

  zoom(factor, cx, cy) {
    this.touched();
    const v = this.view;
    const nw = Math.min(this.content.w * 1.3, Math.max(this.minWidth, v.w * factor));
    const k = nw / v.w;
    const px = cx === undefined ? v.x + v.w / 2 : cx;
    const py = cy === undefined ? v.y + v.h / 2 : cy;
    this.view = { x: px - (px - v.x) * k, y: py - (py - v.y) * k, w: nw, h: v.h * k };
    this.apply();
  }

  fit() {
    this.touched();
    this.view = { ...this.content };
    this.apply();
  }

  // The view, smoothly, to ``to`` (its aspect kept as the screen's); a player's move stops it.
  glide(to, ms = 320) {
    cancelAnimationFrame(this.gliding);
    const from = { ...this.view };
    const reduced = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    if (reduced || ms <= 0) {
      this.view = { ...to };
      this.apply();
      return;
    }
    const t0 = performance.now();
    const step = (now) => {
      const k = Math.min(1, (now - t0) / ms);
      const e = k < 0.5 ? 2 * k * k : 1 - (-2 * k + 2) ** 2 / 2;
      this.view = Object.fromEntries(["x", "y", "w", "h"].map((n) => [n, from[n] + (to[n] - from[n]) * e]));
      this.apply();
      this.gliding = k < 1 ? requestAnimationFrame(step) : null;
    };
    this.gliding = requestAnimationFrame(step);
  }

  // The screen's size in pixels and the map units per pixel of a view (the whole of ``view``
  // shows, in the middle of the screen, as the SVG's default "meet" does).
  unitsPerPixel(view = this.view) {
    const r = this.size();
    if (!r.width || !r.height) return 1;
    return Math.max(view.w / r.width, view.h / r.height);
  }

  // What the screen shows of the map: the viewBox, widened to the screen's aspect.
  visible(view = this.view) {
    const r = this.size();
    const upp = this.unitsPerPixel(view);
    const w = r.width * upp;
    const h = r.height * upp;
    return { x: view.x - (w - view.w) / 2, y: view.y - (h - view.h) / 2, w, h };
  }

  show(view) {
    this.view = { ...view };
    this.apply();
  }

  centerOn(x, y) {
    const v = this.view;
    if (x > v.x + v.w * 0.1 && x < v.x + v.w * 0.9 && y > v.y + v.h * 0.1 && y < v.y + v.h * 0.9) return;
    const c = this.content;
    const clamp = (a, lo, hi) => (lo > hi ? (lo + hi) / 2 : Math.max(lo, Math.min(hi, a)));
    this.view = { ...v, x: clamp(x - v.w / 2, c.x, c.x + c.w - v.w), y: clamp(y - v.h / 2, c.y, c.y + c.h - v.h) };
    this.apply();
  }

  // Board units per screen pixel, and a pointer event's board coordinates.
  toSvg(ev) {
    const r = this.root.getBoundingClientRect();
    const v = this.view;
    const scale = Math.max(v.w / r.width, v.h / r.height);
    const ox = (r.width * scale - v.w) / 2;
    const oy = (r.height * scale - v.h) / 2;
    return [v.x - ox + (ev.clientX - r.left) * scale, v.y - oy + (ev.clientY - r.top) * scale, scale];
  }

  install() {
    this.root.addEventListener(
      "wheel",
      (ev) => {
        ev.preventDefault();
        this.touched();
        const [x, y] = this.toSvg(ev);
        this.zoom(ev.deltaY > 0 ? 1.15 : 1 / 1.15, x, y);
      },
      { passive: false },
    );
    const pointers = new Map();
    let start = null;
    let pinch = null;
    this.root.addEventListener("pointerdown", (ev) => {
      if (ev.button !== 0) return;
      pointers.set(ev.pointerId, { x: ev.clientX, y: ev.clientY });
      if (pointers.size === 2) {
        const [a, b] = [...pointers.values()];
        pinch = { d: Math.hypot(a.x - b.x, a.y - b.y), view: { ...this.view }, mid: this.toSvg({ clientX: (a.x + b.x) / 2, clientY: (a.y + b.y) / 2 }) };
        start = null;
        return;
      }
      start = { x: ev.clientX, y: ev.clientY, view: { ...this.view }, scale: this.toSvg(ev)[2] };
      this.dragged = false;
    });
    window.addEventListener("pointermove", (ev) => {
      if (pointers.has(ev.pointerId)) pointers.set(ev.pointerId, { x: ev.clientX, y: ev.clientY });
      if (pinch && pointers.size === 2) {
        const [a, b] = [...pointers.values()];
        const d = Math.hypot(a.x - b.x, a.y - b.y);
        if (d > 10) {
          this.view = pinch.view;
          this.zoom(pinch.d / d, pinch.mid[0], pinch.mid[1]);
          this.dragged = true;
        }
        return;
      }
      if (!start) return;
      const dx = ev.clientX - start.x;
      const dy = ev.clientY - start.y;
      if (!this.dragged && Math.hypot(dx, dy) < 6) return;
      if (!this.dragged) this.touched();
      this.dragged = true;
      this.root.classList.add("panning");
      this.view = { ...start.view, x: start.view.x - dx * start.scale, y: start.view.y - dy * start.scale };
      this.apply();
    });
    const up = (ev) => {
      pointers.delete(ev.pointerId);
      if (pointers.size < 2) pinch = null;
      start = null;
      this.root.classList.remove("panning");
      setTimeout(() => (this.dragged = false), 0);
    };
    window.addEventListener("pointerup", up);
    window.addEventListener("pointercancel", up);
  }
}
