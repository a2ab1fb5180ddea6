// The game page's shell, the same for every game: the seat's token, the live connection (a
// websocket, with the view over HTTP as its fallback), sending a decision or an undo against the
// position the page shows, the log's merge, the confirmation dialog, toasts, popups, the
// your-turn sound and notification, the chat between the seats and the tabs. A game's page
// module (web/<game>/game.js) draws the position and builds the choices through the hooks it
// gives the shell; the shell knows nothing of any game.

import { cardPeek } from "./cardpeek.js";
import { ClockPanel } from "./clock.js";
import { api, ApiError, el, errorText, fill, loadPref, rememberedSeats, rememberSeat, savePref, svg, svgText } from "./common.js";
import { refreshMe, whoAmI } from "./header.js";
import { lang, onLangChange, t } from "./i18n.js";

export const $ = (id) => document.getElementById(id);

export function toast(msg, kind = "error") {
  const t = $("toast");
  t.textContent = msg;
  t.className = `toast show ${kind}`;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => (t.className = "toast"), kind === "error" ? 7000 : 2500);
}

// Ask a question in the page's dialog; ``labels``: {yes, no}, the buttons' words for this
// question only (else the page's own).
export function confirmDialog(text, labels = {}) {
  return new Promise((resolve) => {
    const back = $("confirm");
    $("confirm-text").textContent = text;
    const was = [$("confirm-yes").textContent, $("confirm-no").textContent];
    if (labels.yes) $("confirm-yes").textContent = labels.yes;
    if (labels.no) $("confirm-no").textContent = labels.no;
    back.hidden = false;
    const finish = (ok) => {
      back.hidden = true;
      [$("confirm-yes").textContent, $("confirm-no").textContent] = was;
      $("confirm-yes").onclick = null;
      $("confirm-no").onclick = null;
      resolve(ok);
    };
    $("confirm-yes").onclick = () => finish(true);
    $("confirm-no").onclick = () => finish(false);
    $("confirm-yes").focus();
  });
}

export function placePopup(menu, ev) {
  menu.classList.add("open");
  const x = ev && ev.clientX !== undefined ? ev.clientX : window.innerWidth / 2 - 150;
  const y = ev && ev.clientY !== undefined ? ev.clientY : window.innerHeight / 3;
  const r = menu.getBoundingClientRect();
  menu.style.left = `${Math.max(8, Math.min(x + 8, window.innerWidth - r.width - 8))}px`;
  menu.style.top = `${Math.max(8, Math.min(y + 8, window.innerHeight - r.height - 8))}px`;
}

export function closeMenu() {
  $("menu").classList.remove("open");
}

// Whether this page watches a public game (/watch/<id>): the public view, no seat.
export function watching() {
  return location.pathname.startsWith("/watch/");
}

// The token of the link (the #fragment), else one remembered in this browser for the game
// ("" when there is none: a logged-in account plays its own seats without one).
export function seatToken(gameId, preferred = []) {
  if (watching()) return "";
  const t = location.hash.slice(1);
  if (t) return t;
  const seats = rememberedSeats()[gameId] || {};
  for (const s of preferred) if (seats[s]) return seats[s];
  return Object.values(seats)[0] || "";
}

// Hooks (all optional but ``onView``):
//   onView(v, moved)        the view was merged: draw it (``moved``: a new position)
//   confirmFor(action)      a question to ask before sending ``action``, or null
//   afterSend()             a decision was sent
//   onTab(name)             a tab was opened
//   seatShort(seat)         a seat's short name (the chat)
//   seatName(seat)          a seat's full name (the clocks)
//   seatClass(seat)         the CSS class of a seat's colour (the chat)
//   othersAreBots(v)        every other seat is a computer (no chat, no your-turn sound)
//   strings()               {chatEmpty}: the game's own wording of these (in the page's language)
//   onLang(lang)            the page's language changed: re-fetch what the game draws with
//                           (the shell then fetches the view again in the new language)
export class Shell {
  constructor(gameId, token, logPanel, hooks) {
    this.gameId = gameId;
    this.token = token;
    this.logPanel = logPanel;
    this.hooks = hooks;
    this.watch = watching();
    this.state = { v: null, version: -1, busy: false, ws: null, retry: 500, mine: false, tab: "log", chat: [], unread: 0, watch: this.watch };
    this.end = { shown: null, ratings: null, rematch: null, timer: null };
    setInterval(() => {
      const ws = this.state.ws;
      if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ type: "ping" }));
    }, 25000);
  }

  get strings() {
    return {
      chatEmpty: t("shell.chat_empty"),
      undone: t("shell.undone"),
      yourMove: t("shell.your_move"),
      yourDecision: t("shell.your_decision"),
      ...(this.hooks.strings ? this.hooks.strings() : {}),
    };
  }

  // The page's language changed: the game's facts, then the whole view (log included) again,
  // in the new language; the game, its position and the page stay.
  async changeLang(code) {
    if (this.hooks.onLang) await this.hooks.onLang(code);
    this.renderNotify();
    this.renderLive();
    if (this.clock) this.clock.render();
    this.drawEnd();
    const ws = this.state.ws;
    if (ws && ws.readyState === WebSocket.OPEN) {
      ws.send(JSON.stringify({ type: "lang", lang: code }));
    } else {
      await this.refresh(true);
    }
    this.renderChat();
  }

  renderLive() {
    const ws = this.state.ws;
    const on = !!(ws && ws.readyState === WebSocket.OPEN);
    $("live").className = `live ${on ? "on" : "off"}`;
    $("live").title = t(on ? "shell.live_on" : "shell.live_off");
  }

  // -- receiving views ---------------------------------------------------------------------

  applyView(v) {
    const state = this.state;
    if (v.version < state.version) return; // an older message overtaken by a newer one
    if (v.log_start > this.logPanel.length) {
      this.requestSync();
      return;
    }
    const moved = !state.v || v.serial !== state.v.serial || v.version !== state.version;
    const wasMine = state.mine;
    state.v = v;
    state.version = v.version;
    state.mine = !!(v.legal && v.legal.length);
    this.logPanel.merge(v);
    this.hooks.onView(v, moved);
    if (this.clock) this.clock.update(v);
    this.renderSeed(v);
    this.renderActions(v);
    if (moved) this.renderEnd(v);
    this.logPanel.render(); // last: the log follows its newest entry in the final layout
    if (state.mine && !wasMine && state.v.version > 0) this.yourTurn();
    if (moved && whoAmI().user) refreshMe(); // the header's count of games waiting
  }

  // The view's address: a seat's, or an observer's of a public game.
  viewPath(q = "") {
    return `/api/games/${this.gameId}/${this.watch ? "watch" : "view"}${q}`;
  }

  async refresh(full = false) {
    const lp = this.logPanel;
    const q = full ? "" : `?log_from=${lp.length}${lp.hash !== null ? `&log_hash=${lp.hash}` : ""}`;
    if (full) lp.entries = [];
    const v = await api(this.viewPath(q), { token: this.token });
    if (full) this.state.version = -1;
    this.applyView(v);
  }

  requestSync() {
    const ws = this.state.ws;
    if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ type: "sync" }));
    else this.refresh(true);
  }

  connect() {
    const state = this.state;
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${proto}://${location.host}/api/games/${this.gameId}/ws`);
    state.ws = ws;
    ws.onopen = () => {
      state.retry = 500;
      const who = this.watch ? { watch: true } : { token: this.token };
      ws.send(JSON.stringify({ ...who, lang: lang(), log_from: this.logPanel.length, log_hash: this.logPanel.hash }));
      this.renderLive();
      if (!this.watch) this.loadChat();
    };
    ws.onmessage = (m) => {
      const msg = JSON.parse(m.data);
      if (msg.type === "view") this.applyView(msg.view);
      else if (msg.type === "chat") this.addChat(msg.message);
      else if (msg.type === "error") toast(errorText(msg.kind, msg.detail));
    };
    ws.onclose = (ev) => {
      this.renderLive();
      if (ev.code >= 4400 && ev.code < 4500) return; // refused: reconnecting will not help
      setTimeout(() => this.connect(), state.retry);
      state.retry = Math.min(state.retry * 2, 10000);
    };
  }

  // -- acting ------------------------------------------------------------------------------

  async send(action) {
    const state = this.state;
    if (state.busy) return;
    const ask = this.hooks.confirmFor ? this.hooks.confirmFor(action) : null;
    if (ask && !(await confirmDialog(ask))) return;
    state.busy = true;
    document.body.classList.add("busy");
    try {
      const res = await api(`/api/games/${this.gameId}/action`, {
        method: "POST",
        token: this.token,
        body: { action, serial: state.v.serial, log_from: this.logPanel.length, log_hash: this.logPanel.hash },
      });
      if (this.hooks.afterSend) this.hooks.afterSend();
      this.applyView(res.view);
    } catch (e) {
      toast(e.message);
      if (e instanceof ApiError && (e.status === 409 || e.status === 403)) await this.refresh(true);
    } finally {
      state.busy = false;
      document.body.classList.remove("busy");
    }
  }

  async undo() {
    // not while a decision is on its way: the undo would be of the position before it
    if (this.state.busy) return;
    try {
      const res = await api(`/api/games/${this.gameId}/undo`, {
        method: "POST",
        token: this.token,
        body: { serial: this.state.v.serial, log_from: this.logPanel.length, log_hash: this.logPanel.hash },
      });
      this.applyView(res.view);
      toast(this.strings.undone, "info");
    } catch (e) {
      toast(e.message);
      await this.refresh(true);
    }
  }

  // -- resigning, and the end: the result's ratings and a rematch ------------------------------

  // The Resign button, at a decision of the seat's own (docs/server.md, "Resign and rematch").
  renderActions(v) {
    const box = $("game-actions");
    if (!box) return;
    box.hidden = this.watch || v.over || !this.state.mine;
  }

  async resign() {
    const v = this.state.v;
    if (!v || !this.state.mine || this.state.busy) return;
    const ok = await confirmDialog(t("shell.resign_ask"), { yes: t("shell.resign_yes"), no: t("shell.resign_no") });
    if (!ok) return;
    this.state.busy = true;
    try {
      const res = await api(`/api/games/${this.gameId}/resign`, {
        method: "POST",
        token: this.token,
        body: { serial: v.serial, log_from: this.logPanel.length, log_hash: this.logPanel.hash },
      });
      this.applyView(res.view);
    } catch (e) {
      toast(e.message);
      if (e instanceof ApiError && (e.status === 409 || e.status === 403)) await this.refresh(true);
    } finally {
      this.state.busy = false;
    }
  }

  // Once the game is over: how it changed the ratings (a rated game), the whole replay, and a
  // rematch with the sides swapped (to the people who played it).
  async renderEnd(v) {
    const box = $("end-box");
    if (!box) return;
    if (!v.over) {
      box.hidden = true;
      return;
    }
    if (this.end.shown !== v.version) {
      this.end.shown = v.version;
      try {
        this.end.ratings = await api(`/api/games/${this.gameId}/ratings`);
      } catch (e) {
        this.end.ratings = null;
      }
      // the victory points through the game, for the chart (computed once per game, kept)
      api(`/api/games/${this.gameId}/analysis`)
        .then((doc) => {
          this.end.points = (doc.points || []).filter((p) => p.score);
          this.drawEnd();
        })
        .catch(() => (this.end.points = null));
      if (!this.watch) await this.loadRematch();
    }
    this.drawEnd();
  }

  async loadRematch() {
    try {
      this.end.rematch = (await api(`/api/games/${this.gameId}/rematch`)).rematch;
    } catch (e) {
      this.end.rematch = null;
    }
    // until the rematch starts (or cannot), look again now and then: another person may offer
    // it, or accept it
    const r = this.end.rematch;
    clearTimeout(this.end.timer);
    if (!r || r.state === "open") this.end.timer = setTimeout(() => this.loadRematch().then(() => this.drawEnd()), 4000);
  }

  drawEnd() {
    const box = $("end-box");
    const v = this.state.v;
    if (!box || !v || !v.over) return;
    const name = (s) => (this.hooks.seatName ? this.hooks.seatName(s) : s);
    const parts = [];
    const rated = this.end.ratings;
    if (rated && rated.ratings && rated.ratings.length) {
      parts.push(
        el("div", { class: "sub-title" }, t("shell.new_ratings")),
        el(
          "ul",
          { class: "rating-changes", "data-testid": "rating-changes" },
          rated.ratings.map((x) => {
            const diff = x.rating - x.before;
            const who = x.name || t("shell.someone");
            const link = el("a", { href: `/player/${encodeURIComponent(x.subject.startsWith("bot:") ? x.subject : who)}` }, who);
            return el("li", { "data-subject": x.subject }, link, ` ${x.before} → `, el("b", {}, String(x.rating)), el("span", { class: diff >= 0 ? "up" : "down" }, ` (${diff >= 0 ? "+" : ""}${diff})`));
          }),
        ),
      );
    } else if (rated && rated.rated) {
      parts.push(el("p", { class: "muted small" }, t("shell.not_rated_now")));
    }
    if (this.end.points && this.end.points.length >= 2) parts.unshift(this.vpChart(this.end.points));
    if (v.seed !== null && v.seed !== undefined) parts.push(el("p", { class: "small", "data-testid": "end-seed" }, t("shell.end_seed", { seed: v.seed })));
    parts.push(el("p", {}, el("a", { href: `/replay/${this.gameId}`, "data-testid": "whole-replay" }, t("shell.whole_replay"))));
    if (!this.watch) {
      const r = this.end.rematch;
      const mine = (v.held || []).length > 0;
      if (r && r.state === "started" && r.game_id) {
        const tok = loadPref(`rematch.${this.gameId}`, null);
        parts.push(el("a", { class: "button", href: `/play/${r.game_id}${tok ? `#${tok}` : ""}`, "data-testid": "rematch-open" }, t("shell.rematch_open")));
      } else if (r && r.state === "open") {
        // the people by the seats they played in this game
        const asked = r.asked_by.some((seats) => seats.some((s) => (v.held || []).includes(s)));
        const waiting = r.waiting_for.map((seats) => seats.map(name).join(" + ")).join(", ");
        parts.push(
          asked
            ? el("p", { class: "muted", "data-testid": "rematch-waiting" }, t("shell.rematch_waiting", { who: waiting }))
            : el("div", {}, el("p", { "data-testid": "rematch-offered" }, t("shell.rematch_offered")), this.rematchButton(t("shell.rematch_accept"))),
        );
      } else if (mine && !(r && ["expired", "withdrawn"].includes(r.state))) {
        parts.push(this.rematchButton(t("shell.rematch")));
      }
    }
    fill(box, parts);
    box.hidden = false;
  }

  // The victory points after every action round (the analysis's points), one line per figure
  // the game keeps (Paths of Glory: one; Quartermaster General: one per team).
  vpChart(points) {
    const W = 300, H = 110, L = 24, R = 6, T = 6, B = 14;
    const keys = Object.keys(points[0].score);
    const all = points.flatMap((p) => keys.map((k) => p.score[k]));
    const lo = Math.min(0, ...all);
    const hi = Math.max(lo + 1, ...all);
    const x = (i) => L + ((W - L - R) * i) / (points.length - 1);
    const y = (n) => T + ((H - T - B) * (hi - n)) / (hi - lo);
    const name = (k) => (this.hooks.scoreName ? this.hooks.scoreName(k) : k);
    const last = points[points.length - 1].score;
    const chart = svg("svg", { class: "vp-chart", viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": t("shell.vp_chart_label", { values: keys.map((k) => `${name(k)} ${last[k]}`).join(", ") }), "data-testid": "vp-chart" });
    svg("line", { class: "vp-grid", x1: L, x2: W - R, y1: y(lo), y2: y(lo) }, chart);
    svg("line", { class: "vp-grid", x1: L, x2: W - R, y1: y(hi), y2: y(hi) }, chart);
    svgText(chart, L - 3, y(hi) + 3, String(hi), { class: "vp-axis" });
    svgText(chart, L - 3, y(lo) + 3, String(lo), { class: "vp-axis" });
    svgText(chart, L, H - 2, t("shell.vp_chart_start"), { class: "vp-axis start" });
    svgText(chart, W - R, H - 2, t("shell.vp_chart_end"), { class: "vp-axis" });
    for (const k of keys) {
      svg("polyline", { class: `vp-line vp-${k}`, points: points.map((p, i) => `${x(i).toFixed(1)},${y(p.score[k]).toFixed(1)}`).join(" ") }, chart);
    }
    return el(
      "div",
      { class: "vp-history" },
      el("div", { class: "sub-title" }, t("shell.vp_chart")),
      chart,
      keys.length > 1 ? el("div", { class: "chance-legend" }, keys.map((k) => el("span", {}, el("span", { class: `swatch vp-${k}` }), `${name(k)}: ${last[k]}`))) : null,
    );
  }

  rematchButton(label) {
    return el("button", { class: "action", "data-testid": "rematch", onclick: () => this.askRematch() }, label);
  }

  async askRematch() {
    try {
      const doc = await api(`/api/games/${this.gameId}/rematch`, { method: "POST", token: this.token });
      if (doc.token) savePref(`rematch.${this.gameId}`, doc.token);
      this.end.rematch = doc.rematch;
      if (doc.rematch && doc.rematch.state === "open") await this.loadRematch();
      this.drawEnd();
    } catch (e) {
      toast(e.message);
    }
  }

  // -- your turn: a sound and a notification (opt-in) ---------------------------------------

  notifyOn() {
    return loadPref("notify", false) === true;
  }

  renderNotify() {
    const on = this.notifyOn();
    $("notify").textContent = t(on ? "shell.notify_on" : "shell.notify_off");
    $("notify").classList.toggle("on", on);
    $("notify").setAttribute("aria-pressed", String(on));
  }

  async toggleNotify() {
    const on = !this.notifyOn();
    savePref("notify", on);
    if (on && "Notification" in window && Notification.permission === "default") {
      try {
        await Notification.requestPermission();
      } catch (e) {
        /* some browsers refuse outside a gesture: the sound still plays */
      }
    }
    if (on) beep();
    this.renderNotify();
  }

  othersAreBots() {
    return this.hooks.othersAreBots ? this.hooks.othersAreBots(this.state.v) : false;
  }

  yourTurn() {
    document.body.dataset.yourTurn = String((Number(document.body.dataset.yourTurn) || 0) + 1);
    if (!this.notifyOn() || this.othersAreBots()) return;
    beep();
    if ("Notification" in window && Notification.permission === "granted" && document.hidden) {
      try {
        new Notification(this.strings.yourMove, { body: this.state.v.prompt_text || this.strings.yourDecision, tag: `greatwar-${this.gameId}` });
      } catch (e) {
        /* notifications not available here */
      }
    }
  }

  // -- chat ----------------------------------------------------------------------------------

  renderChat() {
    const state = this.state;
    const box = $("chat-log");
    const held = state.v ? state.v.held || [state.v.seat] : [];
    const short = this.hooks.seatShort || ((s) => s);
    const cls = this.hooks.seatClass || ((s) => `side-${s}`);
    fill(box,
      ...(state.chat.length
        ? state.chat.map((m) =>
            el(
              "div",
              { class: `chat-msg ${cls(m.seat)}${held.includes(m.seat) ? " mine" : ""}`, "data-n": String(m.n) },
              el("span", { class: "chat-who" }, short(m.seat)),
              el("span", { class: "chat-text" }, m.text),
              el("span", { class: "chat-time muted" }, new Date(m.at * 1000).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" })),
            ),
          )
        : [el("div", { class: "muted" }, this.strings.chatEmpty)]),
    );
    box.scrollTop = box.scrollHeight;
    $("chat-badge").hidden = !state.unread;
    $("chat-badge").textContent = String(state.unread);
  }

  async loadChat() {
    try {
      const doc = await api(`/api/games/${this.gameId}/chat`, { token: this.token });
      this.state.chat = doc.messages;
      this.renderChat();
    } catch (e) {
      /* the chat is optional */
    }
  }

  addChat(m) {
    const state = this.state;
    if (state.chat.some((x) => x.n === m.n)) return;
    state.chat.push(m);
    state.chat.sort((a, b) => a.n - b.n);
    const held = state.v ? state.v.held || [state.v.seat] : [];
    if (state.tab !== "chat" && !held.includes(m.seat)) state.unread++;
    this.renderChat();
  }

  async sendChat(ev) {
    ev.preventDefault();
    const input = $("chat-input");
    const text = input.value.trim();
    if (!text) return;
    try {
      const doc = await api(`/api/games/${this.gameId}/chat`, { method: "POST", token: this.token, body: { text } });
      input.value = "";
      this.addChat(doc.message);
    } catch (e) {
      toast(e.message);
    }
  }

  // -- tabs ----------------------------------------------------------------------------------

  setTab(name) {
    if (!document.querySelector(`.tab[data-tab="${name}"]`)) name = "log";
    this.state.tab = name;
    savePref("tab", name);
    for (const b of document.querySelectorAll(".tab")) b.classList.toggle("on", b.dataset.tab === name);
    for (const p of document.querySelectorAll(".tab-body")) p.classList.toggle("on", p.dataset.pane === name);
    if (name === "chat") {
      this.state.unread = 0;
      this.renderChat();
    }
    if (this.hooks.onTab) this.hooks.onTab(name);
    if (name === "log") this.logPanel.follow();
  }

  // -- a seed a player chose ------------------------------------------------------------------

  // A seeded game says so; while the creator's seed waits for the others' agreement, a seat
  // that must answer gets Agree / Refuse (docs/server.md, "Seats, tokens and seeds").
  renderSeed(v) {
    const box = $("seed-box");
    if (!box) return;
    if (!v.seeded) {
      box.hidden = true;
      return;
    }
    const pending = v.seed_pending || [];
    const held = v.held || [v.seat];
    const mine = pending.some((s) => held.includes(s));
    const name = (s) => (this.hooks.seatName ? this.hooks.seatName(s) : s);
    const title = v.seed !== null && v.seed !== undefined ? t("shell.seed_title", { seed: v.seed }) : t("shell.seed_title_hidden");
    const parts = [el("div", { class: "seed-title" }, title)];
    box.classList.toggle("compact", !mine && !pending.length);
    if (mine) {
      parts.push(
        el("p", {}, t("shell.seed_ask")),
        el(
          "div",
          { class: "seed-buttons" },
          el("button", { "data-testid": "seed-agree", onclick: () => this.answerSeed(true) }, t("shell.seed_agree")),
          el("button", { "data-testid": "seed-refuse", onclick: () => this.answerSeed(false) }, t("shell.seed_refuse")),
        ),
      );
    } else if (pending.length) {
      parts.push(el("p", { class: "muted" }, t("shell.seed_waiting", { seats: pending.map(name).join(", ") })));
    } else {
      // only people agree to a seed; against bots alone the creator's choice stands (one line:
      // the title, the rest on hovering it)
      const others = Object.entries(v.seats || {}).filter(([s, x]) => !held.includes(s) && x.kind !== "bot");
      parts[0].title = t(others.length ? "shell.seed_agreed" : "shell.seed_chosen");
      parts.push(el("span", { class: "muted small" }, ` · ${t(others.length ? "shell.seed_agreed_short" : "shell.seed_chosen_short")}`));
    }
    fill(box, parts);
    box.hidden = false;
  }

  async answerSeed(agree) {
    try {
      await api(`/api/games/${this.gameId}/seed`, { method: "POST", token: this.token, body: { agree } });
    } catch (e) {
      toast(e.message);
    }
    await this.refresh(true);
  }

  // -- start ---------------------------------------------------------------------------------

  // Wire the shared controls, load and draw the first view, then go live; ``escapeKey`` runs on
  // Escape when no dialog is open. False when the page cannot start.
  async start(escapeKey) {
    $("game-id").textContent = this.gameId;
    $("replay-link").href = `/replay/${this.gameId}`;
    if (!this.token && !this.watch && !whoAmI().user) {
      fatal(t("shell.need_link"));
      return false;
    }
    document.body.classList.toggle("watching", this.watch);
    $("notify").onclick = () => this.toggleNotify();
    $("notify").hidden = this.watch;
    $("chat-tab").hidden = this.watch;
    if ($("resign")) $("resign").onclick = () => this.resign();
    if ($("hand")) cardPeek($("hand")); // a card's whole face on hover or a long press
    this.renderNotify();
    // the clocks, their pause and the seat's turn notifications (../clock.js)
    if ($("clock")) {
      const name = (seat) => (this.hooks.seatName ? this.hooks.seatName(seat) : this.hooks.seatShort ? this.hooks.seatShort(seat) : seat);
      this.clock = new ClockPanel($("clock"), { gameId: this.gameId, token: this.token, toast, names: name, onChange: () => this.refresh(true), watch: this.watch });
    }
    $("chat-form").addEventListener("submit", (ev) => this.sendChat(ev));
    onLangChange((code) => this.changeLang(code));
    for (const b of document.querySelectorAll(".tab")) b.onclick = () => this.setTab(b.dataset.tab);
    this.setTab(loadPref("tab", "log") === "chat" ? "log" : loadPref("tab", "log"));
    document.addEventListener("keydown", (e) => {
      if (e.key === "Escape") {
        closeMenu();
        if (!$("confirm").hidden) $("confirm-no").click();
        else if (escapeKey) escapeKey();
        return;
      }
      // shortcuts, never while typing or with a modifier: U undoes the last decision, Enter
      // presses the prompt's button when it is the only one (a button or link in focus keeps
      // its own Enter)
      const typing = e.target.closest && e.target.closest("input, textarea, select, [contenteditable]");
      if (typing || e.ctrlKey || e.metaKey || e.altKey || !$("confirm").hidden) return;
      if ((e.key === "u" || e.key === "U" || e.key === "г" || e.key === "Г") && this.state.v && this.state.v.can_undo) {
        const b = document.querySelector("#prompt [data-testid=undo]");
        if (b) {
          e.preventDefault();
          b.click();
        }
      } else if (e.key === "Enter" && (e.target === document.body || e.target === document.documentElement)) {
        const only = document.querySelectorAll("#prompt button[data-action]");
        if (only.length === 1) {
          e.preventDefault();
          only[0].click();
        }
      }
    });
    document.addEventListener("click", (e) => {
      if (!$("menu").contains(e.target) && !e.target.closest(".card, [data-card], .board, .show-hand")) closeMenu();
    });
    try {
      const v = await api(this.viewPath(), { token: this.token });
      if (this.token) for (const seat of v.held || [v.seat]) rememberSeat(this.gameId, seat, this.token);
      this.applyView(v);
    } catch (e) {
      fatal(e instanceof ApiError && e.status === 401 && !this.token ? t("shell.need_link") : e.message);
      return false;
    }
    this.connect();
    return true;
  }
}

export function fatal(text) {
  $("fatal").textContent = text;
  $("fatal").hidden = false;
}

export function beep() {
  try {
    const Ctx = window.AudioContext || window.webkitAudioContext;
    if (!Ctx) return;
    const ctx = beep.ctx || (beep.ctx = new Ctx());
    const t = ctx.currentTime;
    for (const [i, f] of [660, 880].entries()) {
      const o = ctx.createOscillator();
      const g = ctx.createGain();
      o.frequency.value = f;
      g.gain.setValueAtTime(0.0001, t + i * 0.16);
      g.gain.exponentialRampToValueAtTime(0.2, t + i * 0.16 + 0.02);
      g.gain.exponentialRampToValueAtTime(0.0001, t + i * 0.16 + 0.15);
      o.connect(g).connect(ctx.destination);
      o.start(t + i * 0.16);
      o.stop(t + i * 0.16 + 0.16);
    }
  } catch (e) {
    /* no audio */
  }
}
