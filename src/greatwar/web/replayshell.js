// The replay viewer's controls, the same for every game: asking the server for a step (the
// latest answer wins), the step slider and its buttons, playing on, the seat choice, the zoom
// buttons, the tabs and the keys. Each game's replay.js draws a step and says which token asks.
// Once a game is over, its analysis (each side's chance to win after every action round, from
// the server's evaluator, and the turning points) fills the Analysis tab.

import { api, el, fill, svg } from "./common.js";
import { onLangChange, t } from "./i18n.js";

const $ = (id) => document.getElementById(id);

function toast(msg) {
  const box = $("toast");
  box.textContent = msg;
  box.className = "toast show error";
  setTimeout(() => (box.className = "toast"), 6000);
}

export class ReplayControls {
  // token(seat): the token to ask as that seat; draw(view): shows a step; board() and
  // logPanel(): the game's board and log panel now (both are made again in another language);
  // hiddenTabs: the tabs this game does not use; pointLabel(at): an action round of the
  // analysis for people (``at`` as the server names it), teamName(team): a team's name.
  constructor(gameId, { token, draw, board, logPanel, hiddenTabs = [], pointLabel, teamName }) {
    this.gameId = gameId;
    this.token = token;
    this.draw = draw;
    this.board = board;
    this.logPanel = logPanel;
    this.hiddenTabs = hiddenTabs;
    this.pointLabel = pointLabel || ((at) => JSON.stringify(at));
    this.teamName = teamName || ((team) => team);
    this.playing = null;
    this.pending = 0;
    this.analysis = null;
  }

  current() {
    return Number($("step").value);
  }

  async show(step) {
    const seat = $("seat").value;
    const n = Math.max(0, Math.min(step, Number($("step").max)));
    $("step").value = String(n);
    const ticket = ++this.pending;
    let v;
    try {
      v = await api(`/api/games/${this.gameId}/replay?seat=${seat}&step=${n}`, { token: this.token(seat) });
    } catch (e) {
      toast(e.message);
      return;
    }
    if (ticket !== this.pending) return;
    $("step").max = String(v.steps);
    this.draw(v);
    if (this.analysis) this.analysis.mark(n);
    const log = this.logPanel();
    log.entries = [];
    log.merge(v);
    log.stick = true;
    log.render();
  }

  // Wires the controls and shows the first step (the last once the game is over).
  async start(info) {
    $("step").max = String(info.actions);
    const cur = () => this.current();
    $("first").onclick = () => this.show(0);
    $("prev").onclick = () => this.show(cur() - 1);
    $("next").onclick = () => this.show(cur() + 1);
    $("last").onclick = () => this.show(Number($("step").max));
    $("step").oninput = () => this.show(cur());
    $("seat").onchange = () => this.show(cur());
    $("zoom-in").onclick = () => this.board().zoom(1 / 1.3);
    $("zoom-out").onclick = () => this.board().zoom(1.3);
    $("zoom-fit").onclick = () => this.board().fit();
    for (const b of document.querySelectorAll(".tab")) {
      if (this.hiddenTabs.includes(b.dataset.tab)) b.hidden = true;
      b.onclick = () => {
        for (const x of document.querySelectorAll(".tab")) x.classList.toggle("on", x === b);
        for (const p of document.querySelectorAll(".tab-body")) p.classList.toggle("on", p.dataset.pane === b.dataset.tab);
        if (b.dataset.tab === "log") this.logPanel().follow();
      };
    }
    $("play").onclick = () => {
      if (this.playing) {
        clearInterval(this.playing);
        this.playing = null;
        return;
      }
      this.playing = setInterval(() => {
        if (cur() >= Number($("step").max)) {
          clearInterval(this.playing);
          this.playing = null;
        } else this.show(cur() + 1);
      }, 400);
    };
    document.addEventListener("keydown", (e) => {
      if (e.key === "ArrowRight") this.show(cur() + 1);
      if (e.key === "ArrowLeft") this.show(cur() - 1);
      if (e.key === "Escape") $("menu").classList.remove("open");
    });
    if (info.over) this.loadAnalysis();
    await this.show(info.over ? info.actions : 0);
  }

  // The Analysis tab of a finished game (the server refuses one still played).
  async loadAnalysis() {
    const tab = document.querySelector(".tab[data-tab=analysis]");
    const pane = $("analysis-pane");
    if (!tab || !pane) return;
    let doc;
    try {
      doc = await api(`/api/games/${this.gameId}/analysis`);
    } catch (e) {
      return; // no analysis: the tab stays hidden
    }
    this.analysis = new AnalysisPanel(pane, doc, {
      label: (at) => (at.end ? t("replay.point_end") : this.pointLabel(at)),
      teamName: (team) => this.teamName(team),
      jump: (step) => this.show(step),
    });
    tab.hidden = false;
    this.analysis.render();
    this.analysis.mark(this.current());
    onLangChange(() => this.analysis.render());
  }
}

const W = 320; // the chart's drawing box
const H = 140;
const PAD = { left: 30, right: 6, top: 6, bottom: 16 };

// The chart of each side's chance to win after every action round (the area below the line is
// the first team's chance, the rest the other's), the turning points on it and listed (each a
// button to its step), and a marker at the step shown.
export class AnalysisPanel {
  constructor(box, doc, { label, teamName, jump }) {
    this.box = box;
    this.doc = doc;
    this.label = label;
    this.teamName = teamName;
    this.jump = jump;
    this.step = 0;
  }

  x(step) {
    const steps = Math.max(1, this.doc.steps);
    return PAD.left + ((W - PAD.left - PAD.right) * step) / steps;
  }

  y(p) {
    return PAD.top + (H - PAD.top - PAD.bottom) * (1 - p);
  }

  // The point in force at ``step`` (the last at or before it).
  pointAt(step) {
    let found = null;
    for (const p of this.doc.points) if (p.step <= step) found = p;
    return found;
  }

  render() {
    const { teams, points, turning } = this.doc;
    const [a, b] = teams;
    const chart = svg("svg", { class: "win-chart", viewBox: `0 0 ${W} ${H}`, role: "img", "data-testid": "win-chart", "aria-label": t("replay.analysis_title") });
    if (points.length) {
      const x0 = this.x(points[0].step);
      svg("rect", { x: x0, y: PAD.top, width: this.x(points[points.length - 1].step) - x0, height: H - PAD.top - PAD.bottom, class: `chance-area chance-${b}` }, chart);
      const line = points.map((p) => `${this.x(p.step).toFixed(1)},${this.y(p.chances[a]).toFixed(1)}`);
      const first = this.x(points[0].step).toFixed(1);
      const last = this.x(points[points.length - 1].step).toFixed(1);
      const base = this.y(0).toFixed(1);
      svg("polygon", { points: `${first},${base} ${line.join(" ")} ${last},${base}`, class: `chance-area chance-${a}` }, chart);
      svg("polyline", { points: line.join(" "), class: "chance-line" }, chart);
    }
    for (const [p, text] of [[1, "100%"], [0.5, "50%"], [0, "0%"]]) {
      svg("line", { x1: PAD.left, x2: W - PAD.right, y1: this.y(p), y2: this.y(p), class: p === 0.5 ? "chance-even" : "chance-grid" }, chart);
      svg("text", { x: PAD.left - 3, y: this.y(p) + 3, class: "chance-axis" }, chart).textContent = text;
    }
    for (const tp of turning) {
      const dot = svg("circle", { cx: this.x(tp.step), cy: this.y(tp.chances[a]), r: 4, class: `turn-dot chance-${tp.team}`, "data-step": tp.step }, chart);
      svg("title", {}, dot).textContent = this.swingText(tp);
    }
    this.marker = svg("line", { y1: PAD.top, y2: H - PAD.bottom, class: "chance-now" }, chart);
    chart.addEventListener("click", (e) => {
      const box = chart.getBoundingClientRect();
      const step = ((e.clientX - box.left) / box.width * W - PAD.left) / (W - PAD.left - PAD.right) * this.doc.steps;
      let best = null;
      for (const p of points) if (best === null || Math.abs(p.step - step) < Math.abs(best.step - step)) best = p;
      if (best) this.jump(best.step);
    });
    this.now = el("div", { class: "chance-now-text", "data-testid": "chance-now" });
    const legend = el("div", { class: "chance-legend" }, teams.map((team) => el("span", { class: "legend-item" }, el("span", { class: `swatch chance-${team}` }), this.teamName(team))));
    const list = turning.length
      ? el("ol", { class: "turning-points", "data-testid": "turning-points" }, turning.map((tp) => el("li", {}, el("button", { class: "link", "data-step": String(tp.step), onclick: () => this.jump(tp.step) }, this.swingText(tp)))))
      : el("p", { class: "muted small", "data-testid": "turning-points" }, t("replay.no_turning_points"));
    fill(this.box,
      el("h3", { class: "analysis-title" }, t("replay.analysis_title")),
      chart,
      legend,
      this.now,
      el("h3", { class: "analysis-title" }, t("replay.turning_points")),
      list,
      el("p", { class: "muted small" }, t("replay.analysis_note")),
    );
    this.mark(this.step);
  }

  swingText(tp) {
    return t("replay.turning_point", { at: this.label(tp.at), team: this.teamName(tp.team), swing: Math.round(tp.swing * 100) });
  }

  mark(step) {
    this.step = step;
    if (!this.marker) return;
    const x = this.x(step);
    this.marker.setAttribute("x1", x);
    this.marker.setAttribute("x2", x);
    const p = this.pointAt(step);
    this.now.textContent = p
      ? t("replay.chances_now", { at: this.label(p.at), chances: this.doc.teams.map((team) => t("replay.chance", { team: this.teamName(team), p: Math.round(p.chances[team] * 100) })).join(", ") })
      : "";
  }
}
