// Clocks and turn notifications on the page (docs/server.md, "Clocks" and "Notifications").
//
// The game page shows each person's clock from the view (`v.clock`), counting down the running
// one between views, with the pause buttons; and the seat's notification settings (a webhook,
// and an e-mail address where the server sends e-mail). The start page offers the clock presets.
// Nothing here knows a game: seats are named by the view's `seat_names` when it has them.

import { api, el, fill } from "./common.js";
import { t } from "./i18n.js";

const PRESETS = ["none", "fast", "slow", "custom"];

export function hours(seconds) {
  const s = Math.max(0, Math.floor(seconds));
  const d = Math.floor(s / 86400);
  const h = Math.floor((s % 86400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  const mm = String(m).padStart(2, "0");
  if (d) return t("clock.dhm", { d, h, m: mm });
  if (h) return t("clock.hm", { h, m: mm });
  return t("clock.ms", { m, s: String(s % 60).padStart(2, "0") });
}

// -- the start page --------------------------------------------------------------------------

// Fill a fieldset with the clock choice (a preset, none, or custom hours).
export function buildClockChoice(box) {
  const custom = el("span", { class: "clock-custom", hidden: true });
  fill(
    custom,
    [
      ["initial", t("clock.start_h"), 72],
      ["increment", t("clock.per_move_h"), 24],
      ["max", t("clock.at_most_h"), 168],
    ].map(([key, label, value]) => el("label", {}, `${label} `, el("input", { id: `clock-${key}`, type: "number", min: key === "increment" ? "0" : "1", step: "any", value, class: "short" }))),
  );
  const select = el("select", { id: "clock", "data-testid": "clock-choice" }, PRESETS.map((k) => el("option", { value: k }, t(`clock.preset.${k}`))));
  select.addEventListener("change", () => (custom.hidden = select.value !== "custom"));
  fill(
    box,
    el("legend", {}, t("clock.clock")),
    el("label", { title: t("clock.rule_title") }, select),
    custom,
  );
}

// The clock the form asks for: undefined (none), a preset name, or custom hours.
export function readClockChoice() {
  const pick = document.getElementById("clock");
  if (!pick || pick.value === "none") return undefined;
  if (pick.value !== "custom") return pick.value;
  const n = (key) => Number(document.getElementById(`clock-${key}`).value);
  return { initial_hours: n("initial"), increment_hours: n("increment"), max_hours: n("max") };
}

// -- the game page ---------------------------------------------------------------------------

export class ClockPanel {
  // box: the element to draw in; gameId, token; toast(msg, kind); names: seat -> name (an
  // object or a function);
  // onChange(): called after a pause or resume (the page fetches a fresh view).
  // watch: an observer's page (no pause, no notification settings).
  constructor(box, { gameId, token, toast, names = {}, onChange = () => {}, watch = false }) {
    Object.assign(this, { box, gameId, token, toast, names, onChange, watch });
    this.clockBox = el("div", { class: "clock-box", "data-testid": "clock" });
    this.settingsBox = el("div", { class: "notify-box" });
    fill(box, this.clockBox, this.settingsBox);
    this.clock = null;
    this.seen = 0; // the browser's time (s) when the clock was received
    this.settings = null;
    this.timer = setInterval(() => this.tick(), 1000);
    this.loadSettings();
  }

  update(v) {
    this.clock = v.clock || null;
    this.held = v.held || [];
    this.over = !!v.over;
    this.seen = Date.now() / 1000;
    fill(this.clockBox, this.drawClock());
    this.show();
  }

  // Everything again (the page's language changed).
  render() {
    fill(this.clockBox, this.drawClock());
    fill(this.settingsBox, this.drawSettings());
    this.show();
  }

  show() {
    this.box.hidden = !this.clock && !this.settings;
  }

  left(p) {
    const c = this.clock;
    if (c.running === p.key && !c.paused && !c.flagged) return p.left - (Date.now() / 1000 - this.seen);
    return p.left;
  }

  tick() {
    if (!this.clock || !this.clock.running || this.clock.paused) return;
    for (const p of this.clock.people) {
      const node = this.box.querySelector(`[data-clock="${p.key}"] .clock-left`);
      if (node) node.textContent = hours(this.left(p));
    }
  }

  name(seats) {
    return seats.map((s) => (typeof this.names === "function" ? this.names(s) : this.names[s]) || s).join(" + ");
  }

  mine() {
    const c = this.clock;
    return c.people.find((p) => p.seats.some((s) => this.held.includes(s)));
  }

  async pause(on) {
    try {
      await api(`/api/games/${this.gameId}/clock`, { method: "POST", token: this.token, body: { pause: on } });
      this.onChange();
    } catch (e) {
      this.toast(e.message);
    }
  }

  drawClock() {
    const c = this.clock;
    if (!c) return null;
    const me = this.mine();
    const asked = me && c.asks.includes(me.key);
    const rows = c.people.map((p) =>
      el(
        "div",
        { class: `clock-row${c.running === p.key ? " running" : ""}${c.flagged && p.seats.includes(c.flagged) ? " flagged" : ""}`, "data-clock": p.key },
        el("span", { class: "clock-who" }, this.name(p.seats), me && me.key === p.key ? ` ${t("clock.you")}` : ""),
        el("span", { class: "clock-left" }, hours(this.left(p))),
      ),
    );
    const r = c.rule;
    const preset = ["fast", "slow", "custom"].includes(r.preset) ? t(`clock.name.${r.preset}`) : r.preset;
    const rule = t("clock.rule", { preset, initial: r.initial / 3600, increment: r.increment / 3600, cap: r.cap / 3600 });
    let buttons = null;
    if (!this.over && me && !c.flagged) {
      if (c.paused) buttons = el("button", { onclick: () => this.pause(false), "data-testid": "clock-resume" }, t("clock.resume"));
      else if (asked) buttons = [el("span", { class: "muted small" }, `${t("clock.you_asked")} `), el("button", { onclick: () => this.pause(false) }, t("clock.withdraw"))];
      else {
        const other = c.asks.length ? el("span", { class: "muted small" }, `${t("clock.opponent_asks")} `) : null;
        buttons = [other, el("button", { onclick: () => this.pause(true), "data-testid": "clock-pause" }, t(c.asks.length ? "clock.agree" : "clock.ask"))];
      }
    }
    return [
      el("div", { class: "clock-head" }, el("b", {}, t("clock.clocks")), " ", el("span", { class: "muted small" }, rule)),
      rows,
      c.paused ? el("div", { class: "clock-paused" }, t("clock.paused")) : null,
      c.flagged ? el("div", { class: "clock-flagged" }, t("clock.flagged", { who: this.name([c.flagged]) })) : null,
      el("div", { class: "clock-buttons" }, buttons),
    ];
  }

  async loadSettings() {
    if (this.watch) return;
    try {
      this.settings = await api(`/api/games/${this.gameId}/notify`, { token: this.token });
    } catch (e) {
      this.settings = null;
    }
    fill(this.settingsBox, this.drawSettings());
    this.show();
  }

  drawSettings() {
    const s = this.settings;
    if (!s) return null;
    if (s.account) {
      // a seat an account holds is told as the account's settings say, set on its page
      return el("p", { class: "muted small", "data-testid": "notify-account" }, t("clock.notify_account"), " ", el("a", { href: "/account" }, t("clock.notify_account_link")));
    }
    const first = Object.values(s.seats)[0] || { webhook: null, email: null };
    const webhook = el("input", { type: "url", placeholder: t("clock.webhook_placeholder"), value: first.webhook || "", "data-testid": "notify-webhook" });
    const email = s.email ? el("input", { type: "email", placeholder: "you@example.org", value: first.email || "", "data-testid": "notify-email" }) : null;
    const save = async (ev) => {
      ev.preventDefault();
      const body = { webhook: webhook.value.trim() || null };
      if (email) body.email = email.value.trim() || null;
      try {
        this.settings = { ...s, ...(await api(`/api/games/${this.gameId}/notify`, { method: "POST", token: this.token, body })) };
        this.toast(t("clock.saved"), "ok");
        fill(this.settingsBox, this.drawSettings());
      } catch (e) {
        this.toast(e.message);
      }
    };
    const on = first.webhook || first.email;
    return el(
      "details",
      { class: "notify-settings" },
      el("summary", {}, t(on ? "clock.notifications_on" : "clock.notifications_off")),
      el(
        "form",
        { onsubmit: save },
        el("label", {}, `${t("clock.webhook")} `, webhook),
        email ? el("label", {}, `${t("clock.email")} `, email) : el("p", { class: "muted small" }, t("clock.no_email")),
        el("p", { class: "muted small" }, t("clock.sent_when")),
        el("button", { type: "submit" }, t("clock.save")),
      ),
    );
  }
}
