// The start page's lobby and "my games" (docs/server.md, "The lobby"), on a server with accounts:
// the open offers (filtered by game and rated), taken in one click or withdrawn by their poster;
// the public games in progress, watched from here; and the viewer's own games: those where it
// is their turn first, with their clocks, the others in progress, the finished ones with their
// results and replays, and their own offers. The games' own words come from the start page's
// start modules and metas (index.js), which this module is given.

import { hours } from "./clock.js";
import { api, el, fill, fmtTime, humanWords } from "./common.js";
import { refreshMe, whoAmI } from "./header.js";
import { t } from "./i18n.js";

const $ = (id) => document.getElementById(id);

// metas: game id -> /api/meta; starts: game id -> start module; toast(msg, kind).
export class Lobby {
  constructor({ metas, starts, toast }) {
    Object.assign(this, { metas, starts, toast });
    this.filter = { game: "", rated: "" };
  }

  seatName(game, seat) {
    const meta = this.metas[game];
    const s = meta && meta.seat_info.find((x) => x.id === seat);
    return s ? s.name : seat;
  }

  scenarioName(game, id) {
    const meta = this.metas[game];
    const s = meta && meta.scenarios.find((x) => x.id === id);
    return s ? s.name : humanWords(id);
  }

  title(game, fallback) {
    const meta = this.metas[game];
    return meta ? meta.title : fallback || game;
  }

  botName(game, bot) {
    const meta = this.metas[game];
    return (meta && meta.bot_names && meta.bot_names[bot]) || bot;
  }

  player(name) {
    return name ? el("a", { href: `/player/${encodeURIComponent(name)}`, class: "player-link" }, name) : el("span", { class: "muted" }, t("lobby.guest"));
  }

  // -- the filters ---------------------------------------------------------------------------

  buildFilter(box) {
    const game = el("select", { id: "lobby-game", "data-testid": "lobby-game" }, el("option", { value: "" }, t("lobby.any_game")), Object.keys(this.metas).map((id) => el("option", { value: id }, this.metas[id].title)));
    const rated = el(
      "select",
      { id: "lobby-rated", "data-testid": "lobby-rated" },
      el("option", { value: "" }, t("lobby.rated_any")),
      el("option", { value: "true" }, t("lobby.rated_only")),
      el("option", { value: "false" }, t("lobby.unrated_only")),
    );
    game.value = this.filter.game;
    rated.value = this.filter.rated;
    const changed = () => {
      this.filter = { game: game.value, rated: rated.value };
      this.refresh();
    };
    game.onchange = changed;
    rated.onchange = changed;
    fill(box, el("label", {}, `${t("lobby.filter_game")} `, game), el("label", {}, `${t("lobby.filter_rated")} `, rated));
  }

  // -- reading -------------------------------------------------------------------------------

  async refresh() {
    const q = new URLSearchParams();
    if (this.filter.game) q.set("game", this.filter.game);
    if (this.filter.rated) q.set("rated", this.filter.rated);
    const jobs = [api(`/api/lobby${q.toString() ? `?${q}` : ""}`)];
    if (whoAmI().user) jobs.push(api("/api/my/games"));
    try {
      const [lobby, mine] = await Promise.all(jobs);
      this.drawOffers(lobby.offers);
      this.drawPlaying(lobby.playing);
      if (mine) this.drawMine(mine);
    } catch (e) {
      this.toast(e.message);
    }
  }

  // -- the open offers -----------------------------------------------------------------------

  offerLine(o) {
    const wanted = o.places.filter((p) => !p.taken).map((p) => p.seats.map((s) => this.seatName(o.game, s)).join(" + "));
    const held = o.places.filter((p) => p.taken && p.player).map((p) => [p.seats.map((s) => this.seatName(o.game, s)).join(" + "), " (", this.player(p.player), ")"]);
    const bots = Object.entries(o.seats || {}).filter(([, k]) => k !== "human");
    const facts = [
      o.rated ? el("span", { class: "chip rated" }, t("lobby.rated")) : el("span", { class: "chip" }, t("lobby.unrated")),
      o.public ? el("span", { class: "chip" }, t("lobby.public")) : null,
      o.clock ? el("span", { class: "chip" }, clockName(o.clock)) : null,
      o.invited ? el("span", { class: "chip invite" }, o.for_me ? t("lobby.invited_you") : t("lobby.invited", { player: o.invited })) : null,
    ];
    let button = null;
    const user = whoAmI().user;
    if (o.mine) button = el("button", { "data-testid": "withdraw", onclick: () => this.withdraw(o) }, t("lobby.withdraw"));
    else if (!user) button = el("a", { class: "button", href: `/account?next=${encodeURIComponent("/")}`, "data-testid": "login-to-take" }, t("lobby.log_in_to_take"));
    else if (!o.places.some((p) => p.player === user.name)) button = el("button", { class: "action", "data-testid": "take", onclick: () => this.take(o) }, t("lobby.take", { seats: wanted[0] || "" }));
    else button = el("span", { class: "muted small" }, t("lobby.you_hold_a_place"));
    return el(
      "div",
      { class: `offer${o.for_me ? " for-me" : ""}`, "data-offer": o.id, "data-testid": "offer" },
      el(
        "div",
        { class: "offer-head" },
        el("b", {}, this.title(o.game, o.title)),
        ` · ${this.scenarioName(o.game, o.scenario)} · `,
        t("lobby.by"),
        " ",
        this.player(o.by),
      ),
      el("div", { class: "offer-facts" }, facts),
      el("div", { class: "small" }, t("lobby.wanted", { seats: wanted.join(", ") || "—" })),
      held.length ? el("div", { class: "small muted" }, t("lobby.taken_by"), " ", held.map((h, i) => [i ? ", " : "", ...h])) : null,
      bots.length ? el("div", { class: "small muted" }, t("lobby.bots", { bots: bots.map(([s, b]) => `${this.seatName(o.game, s)}: ${this.botName(o.game, b)}`).join(", ") })) : null,
      el("div", { class: "offer-foot" }, el("span", { class: "muted small" }, t("lobby.expires", { when: fmtTime(o.expires) })), button),
    );
  }

  drawOffers(offers) {
    const box = $("offers");
    if (!box) return;
    fill(box, offers.length ? offers.map((o) => this.offerLine(o)) : el("p", { class: "muted", "data-testid": "no-offers" }, t("lobby.no_offers")));
  }

  async take(o) {
    try {
      const doc = await api(`/api/lobby/${encodeURIComponent(o.id)}/take`, { method: "POST" });
      if (doc.game_id) {
        this.toast(t("lobby.taken_started"), "info");
        location.href = `/play/${doc.game_id}`;
        return;
      }
      this.toast(t("lobby.taken_waiting"), "info");
    } catch (e) {
      this.toast(e.message);
    }
    this.refresh();
  }

  async withdraw(o) {
    try {
      await api(`/api/lobby/${encodeURIComponent(o.id)}/withdraw`, { method: "POST" });
      this.toast(t("lobby.withdrawn"), "info");
    } catch (e) {
      this.toast(e.message);
    }
    this.refresh();
  }

  // -- public games in progress ----------------------------------------------------------------

  playersText(g) {
    return Object.entries(g.seats).map(([seat, s]) => [
      el("span", { class: "seat-of" }, `${this.seatName(g.game, seat)}: `),
      s.kind === "bot" ? t("lobby.computer", { bot: this.botName(g.game, s.bot) }) : this.player(s.player),
      " ",
    ]);
  }

  stateOf(g) {
    const start = this.starts[g.game];
    return start ? start.stateText({ ...g.summary, over: g.over, result: g.result, to_act: g.to_act }) : "";
  }

  drawPlaying(games) {
    const box = $("playing");
    if (!box) return;
    fill(
      box,
      games.length
        ? games.map((g) =>
            el(
              "div",
              { class: "game-line", "data-game": g.id, "data-testid": "public-game" },
              el("div", {}, el("b", {}, this.title(g.game, g.title)), ` · ${this.scenarioName(g.game, g.scenario)}`),
              el("div", { class: "small" }, this.playersText(g)),
              el("div", { class: "game-foot" }, el("span", { class: "muted small" }, this.stateOf(g)), el("a", { class: "button small", href: `/watch/${g.id}`, "data-testid": "watch" }, t("lobby.watch"))),
            ),
          )
        : el("p", { class: "muted" }, t("lobby.none_playing")),
    );
  }

  // -- my games --------------------------------------------------------------------------------

  myClock(g) {
    const c = g.clock;
    if (!c || !c.people) return null;
    const mine = c.people.find((p) => p.seats.some((s) => g.mine.includes(s)));
    if (!mine) return null;
    const running = c.running === mine.key && !c.paused;
    return el("span", { class: `chip clock-chip${running ? " running" : ""}`, title: t("mine.clock_title") }, `⏱ ${hours(mine.left)}`);
  }

  mineLine(g) {
    const result = g.over ? this.stateOf(g) : null;
    return el(
      "div",
      { class: `game-line${g.my_turn ? " my-turn" : ""}`, "data-game": g.id, "data-testid": g.over ? "finished-game" : g.my_turn ? "my-turn-game" : "my-game" },
      el("div", {}, el("b", {}, this.title(g.game, g.title)), ` · ${this.scenarioName(g.game, g.scenario)}`, g.rated ? el("span", { class: "chip rated" }, t("lobby.rated")) : null, g.my_turn ? el("span", { class: "chip turn" }, t("mine.your_turn")) : null, this.myClock(g)),
      el("div", { class: "small" }, this.playersText(g)),
      el(
        "div",
        { class: "game-foot" },
        el("span", { class: "muted small" }, result || this.stateOf(g), " · ", fmtTime(g.updated)),
        // a game in progress is played (its replay is on its page); a finished one replayed
        g.over ? el("a", { class: "button small", href: `/replay/${g.id}`, "data-testid": "replay" }, t("mine.replay")) : el("a", { class: "button small", href: `/play/${g.id}`, "data-testid": "play" }, t("mine.play")),
      ),
    );
  }

  drawMine(doc) {
    const box = $("mine");
    if (!box) return;
    const turn = doc.playing.filter((g) => g.my_turn);
    const waiting = doc.playing.filter((g) => !g.my_turn);
    const section = (key, items, draw, testid) =>
      items.length ? el("div", { class: "mine-part", "data-testid": testid }, el("h3", {}, t(key, { n: items.length })), items.map(draw)) : null;
    const parts = [
      section("mine.turn", turn, (g) => this.mineLine(g), "mine-turn"),
      section("mine.waiting", waiting, (g) => this.mineLine(g), "mine-waiting"),
      section("mine.offers", doc.offers, (o) => this.offerLine(o), "mine-offers"),
      section("mine.finished", doc.finished.slice(0, 20), (g) => this.mineLine(g), "mine-finished"),
    ].filter(Boolean);
    fill(box, parts.length ? parts : el("p", { class: "muted" }, t("mine.none")));
    if (whoAmI().waiting !== doc.waiting) refreshMe();
  }
}

export function clockName(c) {
  if (c.preset && ["fast", "slow"].includes(c.preset)) return t(`clock.name.${c.preset}`);
  return t("lobby.clock_custom", { initial: Math.round(c.initial / 3600), increment: Math.round(c.increment / 3600) });
}
