// The game page, for every game: find which game this is, then load that game's page module
// (web/<game>/game.js), which draws the position through the shared shell (shell.js).

import { api } from "./common.js";
import { CLIENTS } from "./games.js";
import { addLangSwitch, loadStrings, t } from "./i18n.js";

const gameId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());

function fatal(text) {
  const box = document.getElementById("fatal");
  box.textContent = text;
  box.hidden = false;
}

async function main() {
  await loadStrings();
  addLangSwitch();
  let info;
  try {
    info = await api(`/api/games/${encodeURIComponent(gameId)}`);
  } catch (e) {
    fatal(e.message);
    return;
  }
  const client = CLIENTS[info.game];
  if (!client) {
    fatal(t("shell.cannot_show", { title: info.title || info.game }));
    return;
  }
  const mod = await import(client.game);
  await mod.start(gameId, info);
}

main().catch((e) => fatal(e.message));
