// Every word the Quartermaster General: 1914 client writes itself (the sentences about the
// position come from the server: prompts, action labels, the reasons a card can or cannot be
// used, the log). The words are the ``qmg.`` keys of the client's one catalogue (../i18n.js,
// greatwar/locale/web.<lang>.json); ``t(key, args)`` fills {names} in one.

import { t as text } from "../i18n.js";

export function t(key, args = {}) {
  return text(`qmg.${key}`, args);
}
