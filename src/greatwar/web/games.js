// The games this web client can show, by game id: each game's page, replay and start-page
// modules. The one place that lists them (the server lists the games it plays: /api/meta).
// ``openGame`` starts a page of one game (web/game.js, web/replay.js).

import { api } from "./common.js";
import { accountBar } from "./header.js";
import { addLangSwitch, loadStrings } from "./i18n.js";

export const CLIENTS = {
  pog: { game: "./pog/game.js", replay: "./pog/replay.js", start: "./pog/start.js" },
  qmg1914: { game: "./qmg1914/game.js", replay: "./qmg1914/replay.js", start: "./qmg1914/start.js" },
};

// Find which game the page's address names, then load that game's module of this ``kind``
// ("game" or "replay") and start it. ``cannot(title)``: the message for a game this client
// cannot show; ``problemIsFatal``: a game the server cannot load stops the page here;
// ``before(gameId)``: what the page does first; ``ready(gameId)`` once its words are loaded. What stops the page shows in its #fatal box.
export function openGame(kind, { cannot, problemIsFatal = false, before = null, ready = null }) {
  const gameId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
  const fatal = (text) => {
    const box = document.getElementById("fatal");
    box.textContent = text;
    box.hidden = false;
  };
  const main = async () => {
    if (before) before(gameId);
    await loadStrings();
    if (ready) ready(gameId);
    addLangSwitch();
    // the lobby, the leaderboard, the games waiting (accounts: on), beside the game's summary
    const bar = accountBar();
    let info;
    try {
      info = await api(`/api/games/${encodeURIComponent(gameId)}`);
    } catch (e) {
      fatal(e.message);
      return;
    } finally {
      await bar;
    }
    if (problemIsFatal && info.problem) {
      fatal(info.problem);
      return;
    }
    const client = CLIENTS[info.game];
    if (!client) {
      fatal(cannot(info.title || info.game));
      return;
    }
    const mod = await import(client[kind]);
    await mod.start(gameId, info);
  };
  main().catch((e) => fatal(e.message));
}
