// What the account, player and leaderboard pages share: the page's words and header, a toast,
// and drawing the page again when its language changes.

import { el } from "./common.js";
import { accountBar } from "./header.js";
import { addLangSwitch, loadStrings, onLangChange } from "./i18n.js";

export const $ = (id) => document.getElementById(id);

export function toast(msg, kind = "error") {
  const box = $("toast");
  box.textContent = msg;
  box.className = `toast show ${kind}`;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => (box.className = "toast"), kind === "error" ? 7000 : 3000);
}

// Start a page: its words, the language switch and the account bar, then ``draw()`` (again
// after each change of language). Returns who this browser is (GET /api/me).
export async function startPage(draw) {
  await loadStrings();
  addLangSwitch();
  const me = await accountBar();
  onLangChange(() => draw(me));
  try {
    await draw(me);
  } catch (e) {
    toast(e.message);
  }
  return me;
}

// A labelled input.
export function field(label, attrs) {
  return el("label", { class: "field" }, el("span", {}, label), el("input", attrs));
}

// The words of a game for people (its title, bots): /api/meta of each game, once per language.
const metas = {};
export async function metaOf(game, api, lang) {
  const key = `${game}:${lang}`;
  if (!metas[key]) metas[key] = await api(`/api/meta?game=${encodeURIComponent(game)}`);
  return metas[key];
}
