// The replay viewer's controls, the same for every game: asking the server for a step (the
// latest answer wins), the step slider and its buttons, playing on, the seat choice, the zoom
// buttons, the tabs and the keys. Each game's replay.js draws a step and says which token asks.

import { api } from "./common.js";

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
  // hiddenTabs: the tabs this game does not use.
  constructor(gameId, { token, draw, board, logPanel, hiddenTabs = [] }) {
    this.gameId = gameId;
    this.token = token;
    this.draw = draw;
    this.board = board;
    this.logPanel = logPanel;
    this.hiddenTabs = hiddenTabs;
    this.playing = null;
    this.pending = 0;
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
    await this.show(info.over ? info.actions : 0);
  }
}
