// The leaderboard (/ratings?game=pog): a game's rated players (accounts and computer strengths),
// the best first, each linked to their page.

import { api, el, fill, fmtTime } from "./common.js";
import { CLIENTS } from "./games.js";
import { lang, t } from "./i18n.js";
import { $, metaOf, startPage } from "./site.js";

let game = new URLSearchParams(location.search).get("game") || "pog";

async function draw() {
  document.title = `greatwar — ${t("board.title")}`;
  const page = $("page");
  const metas = {};
  for (const id of Object.keys(CLIENTS)) metas[id] = await metaOf(id, api, lang());
  if (!metas[game]) game = "pog";
  const pick = el("select", { id: "board-game", "data-testid": "board-game" }, Object.keys(metas).map((id) => el("option", { value: id }, metas[id].title)));
  pick.value = game;
  pick.onchange = () => {
    game = pick.value;
    history.replaceState(null, "", `/ratings?game=${encodeURIComponent(game)}`);
    draw();
  };
  const doc = await api(`/api/ratings?game=${encodeURIComponent(game)}`);
  const meta = metas[game];
  const who = (x) => (x.bot ? t("board.bot", { bot: (meta.bot_names && meta.bot_names[x.bot]) || x.bot }) : x.name);
  const rows = doc.ratings.map((x) =>
    el(
      "tr",
      { "data-subject": x.subject },
      el("td", {}, String(x.place)),
      el("td", {}, el("a", { href: `/player/${encodeURIComponent(x.bot ? x.subject : x.name)}` }, who(x))),
      el("td", {}, el("b", {}, String(x.rating))),
      el("td", {}, String(x.games)),
      el("td", { class: "small muted" }, fmtTime(x.updated)),
    ),
  );
  fill(
    page,
    el("h1", { class: "page-title" }, t("board.title")),
    el("section", { class: "panel" }, el("label", {}, `${t("board.game")} `, pick), el("p", { class: "muted small" }, t("board.note"))),
    el(
      "section",
      { class: "panel" },
      rows.length
        ? el(
            "div",
            { class: "table-wrap" },
            el(
              "table",
              { class: "games leaderboard", "data-testid": "leaderboard" },
              el("thead", {}, el("tr", {}, ["place", "player", "rating", "games", "last"].map((k) => el("th", {}, t(`board.col.${k}`))))),
              el("tbody", {}, rows),
            ),
          )
        : el("p", { class: "muted" }, t("board.empty")),
    ),
  );
}

startPage(draw);
