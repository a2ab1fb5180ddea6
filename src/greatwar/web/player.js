// A player's page (/player/<name>, or /player/bot:<name> for a computer strength): each game's
// rating with its history as a small chart, the rated games with their results, and the
// player's games with their replays.

import { api, el, fill, fmtTime, svg, svgText } from "./common.js";
import { whoAmI } from "./header.js";
import { lang, t } from "./i18n.js";
import { $, metaOf, startPage } from "./site.js";

const name = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());

// The rating's history as a line: one point per rated game, the newcomer's 1000 first.
function chart(history) {
  // as wide as the page allows (so that its words keep their size on a phone), at most 640
  const W = Math.max(280, Math.min(640, ($("page").clientWidth || 600) - 46));
  const H = 160;
  const pad = { l: 44, r: 12, t: 12, b: 22 };
  const values = [history.length ? history[0].before : 1000, ...history.map((h) => h.rating)];
  let lo = Math.min(...values);
  let hi = Math.max(...values);
  if (hi - lo < 40) {
    lo -= 20;
    hi += 20;
  }
  const x = (i) => pad.l + (values.length > 1 ? (i * (W - pad.l - pad.r)) / (values.length - 1) : (W - pad.l - pad.r) / 2);
  const y = (v) => pad.t + ((hi - v) * (H - pad.t - pad.b)) / (hi - lo);
  const box = svg("svg", { viewBox: `0 0 ${W} ${H}`, class: "rating-chart", role: "img", "aria-label": t("player.chart_label"), "data-testid": "rating-chart" });
  for (const v of [lo, (lo + hi) / 2, hi]) {
    svg("line", { x1: pad.l, x2: W - pad.r, y1: y(v), y2: y(v), class: "grid" }, box);
    svgText(box, pad.l - 6, y(v) + 4, String(Math.round(v)), { class: "axis", "text-anchor": "end" });
  }
  svg("polyline", { points: values.map((v, i) => `${x(i)},${y(v)}`).join(" "), class: "line" }, box);
  values.forEach((v, i) => {
    const h = i ? history[i - 1] : null;
    const dot = svg("circle", { cx: x(i), cy: y(v), r: 4, class: `dot ${h ? h.result : "start"}` }, box);
    const title = svg("title", {}, dot);
    title.textContent = h ? `${t(`player.result.${h.result}`)}: ${h.before} → ${h.rating} (${fmtTime(h.at)})` : t("player.start_rating", { rating: v });
  });
  svgText(box, pad.l, H - 5, t("player.games_axis", { n: history.length }), { class: "axis" });
  return box;
}

function resultChip(result) {
  return el("span", { class: `chip result-${result}` }, t(`player.result.${result}`));
}

async function ratingBlock(r) {
  const meta = await metaOf(r.game, api, lang());
  const rows = [...r.history].reverse().slice(0, 30);
  return el(
    "section",
    { class: "panel rating-block", "data-game": r.game, "data-testid": "rating-block" },
    el("h2", {}, meta.title, " · ", el("span", { class: "rating-now", "data-testid": "rating-now" }, String(r.rating))),
    el("p", { class: "muted small" }, t("player.rating_facts", { games: r.games, mu: r.mu.toFixed(1), sigma: r.sigma.toFixed(1) })),
    chart(r.history),
    el(
      "table",
      { class: "games history" },
      el("thead", {}, el("tr", {}, ["when", "result", "change", ""].map((k) => el("th", {}, k ? t(`player.col.${k}`) : "")))),
      el(
        "tbody",
        {},
        rows.map((h) =>
          el(
            "tr",
            { "data-game": h.game_id },
            el("td", { class: "small" }, fmtTime(h.at)),
            el("td", {}, resultChip(h.result)),
            el("td", {}, `${h.before} → `, el("b", {}, String(h.rating))),
            el("td", {}, el("a", { href: `/replay/${h.game_id}` }, t("player.replay"))),
          ),
        ),
      ),
    ),
  );
}

// The player's games, each a line: the game, the people and computers of each seat, how it
// ended for this player (or that it goes on), and its replay (or the way to watch or play it).
async function gameLines(games, own) {
  const out = [];
  for (const g of games) {
    let meta = null;
    try {
      meta = await metaOf(g.game, api, lang());
    } catch (e) {
      /* a game this server no longer knows: its id */
    }
    const title = meta ? meta.title : g.title;
    const seatName = (s) => (meta && meta.seat_info.find((x) => x.id === s)?.name) || s;
    let result = el("span", { class: "muted" }, t("player.playing"));
    if (g.over) {
      // the player's side won, lost or drew (the outcome is a team, else a draw)
      const team = meta && meta.teams.find((x) => x.seats.some((s) => g.mine.includes(s)));
      const outcome = g.result && g.result.outcome;
      const teams = meta ? meta.teams.map((x) => x.id) : [];
      result = resultChip(!teams.includes(outcome) ? "draw" : team && team.id === outcome ? "win" : "loss");
    }
    const people = Object.entries(g.seats).map(([s, x], i) => [
      i ? " · " : "",
      el("span", { class: "seat-of" }, `${seatName(s)}: `),
      x.kind === "bot" ? t("lobby.computer", { bot: (meta && meta.bot_names[x.bot]) || x.bot }) : x.player ? el("a", { href: `/player/${encodeURIComponent(x.player)}` }, x.player) : "?",
    ]);
    const link = g.over
      ? el("a", { class: "button small", href: `/replay/${g.id}` }, t("player.replay"))
      : own
        ? el("a", { class: "button small", href: `/play/${g.id}` }, t("mine.play"))
        : el("a", { class: "button small", href: `/watch/${g.id}` }, t("lobby.watch"));
    out.push(
      el(
        "div",
        { class: "game-line", "data-game": g.id },
        el("div", {}, el("b", {}, title), " ", result, g.rated ? el("span", { class: "chip rated" }, t("lobby.rated")) : null),
        el("div", { class: "small" }, people),
        el("div", { class: "game-foot" }, el("span", { class: "muted small" }, fmtTime(g.updated)), link),
      ),
    );
  }
  return out;
}

async function draw() {
  const page = $("page");
  let doc;
  try {
    doc = await api(`/api/players/${encodeURIComponent(name)}`);
  } catch (e) {
    fill(page, el("p", { class: "panel error", "data-testid": "no-player" }, e.message));
    return;
  }
  const shown = doc.bot ? t("player.bot", { bot: doc.bot }) : doc.name;
  const me = whoAmI().user;
  const own = !!(me && doc.subject === `user:${me.id}`);
  document.title = `greatwar — ${shown}`;
  const blocks = [];
  for (const r of doc.ratings) blocks.push(await ratingBlock(r));
  const games = doc.games || [];
  fill(
    page,
    el("h1", { class: "page-title", "data-testid": "player-name" }, shown),
    doc.ratings.length ? blocks : el("p", { class: "panel muted" }, t("player.no_ratings")),
    doc.bot
      ? null
      : el(
          "section",
          { class: "panel" },
          el("h2", {}, t("player.games")),
          games.length
            ? el("div", { "data-testid": "player-games" }, await gameLines(games, own))
            : el("p", { class: "muted" }, t("player.no_games")),
        ),
  );
}

startPage(draw);
