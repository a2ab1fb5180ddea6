// The game page, for every game: find which game this is, then load that game's page module
// (web/<game>/game.js), which draws the position through the shared shell (shell.js).

import { openGame } from "./games.js";
import { t } from "./i18n.js";

// What every game's page module imports, fetched while the page's words and the game's summary
// load (not in the page's head: one server answers them, and the page's style sheet, which the
// first paint waits for, would wait behind them).
for (const m of ["shell.js", "log.js", "cardpeek.js", "clock.js", "mapkeys.js", "panzoom.js"]) {
  document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href: `/static/${m}` }));
}

openGame("game", { cannot: (title) => t("shell.cannot_show", { title }) });
