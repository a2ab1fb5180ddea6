// The replay viewer, for every game: find which game this is, then load that game's replay
// module (web/<game>/replay.js).

import { openGame } from "./games.js";
import { onLangChange, t } from "./i18n.js";

openGame("replay", {
  cannot: (title) => t("shell.cannot_replay", { title }),
  problemIsFatal: true,
  before: (gameId) => {
    document.getElementById("game-id").textContent = gameId;
  },
  ready: (gameId) => {
    const title = () => (document.title = `${t("replay.of_game")} ${gameId} — greatwar`);
    title();
    onLangChange(title);
  },
});
