// The game page, for every game: find which game this is, then load that game's page module
// (web/<game>/game.js), which draws the position through the shared shell (shell.js).

import { openGame } from "./games.js";
import { t } from "./i18n.js";

openGame("game", { cannot: (title) => t("shell.cannot_show", { title }) });
