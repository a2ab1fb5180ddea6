// The account bar at the top of every page (docs/server.md, "Accounts"): on a server with
// accounts, the links to the lobby and the leaderboard, the count of games waiting for this
// browser's account, and its name (its page) or the way to log in. It also gives the page the
// session's CSRF token (common.js sends it with every request that changes something). On a
// server without accounts it shows nothing.

import { api, el, fill, setCsrf } from "./common.js";
import { onLangChange, t } from "./i18n.js";

let me = { accounts: "off", user: null, csrf: null, waiting: 0 };
let bar = null;
let timer = null;

// Who this browser is (GET /api/me): {accounts, user, csrf, waiting}.
export async function loadMe() {
  try {
    me = await api("/api/me");
  } catch (e) {
    me = { accounts: "off", user: null, csrf: null, waiting: 0 };
  }
  setCsrf(me.csrf);
  render();
  return me;
}

export function whoAmI() {
  return me;
}

function render() {
  if (!bar) return;
  if (me.accounts === "off") {
    bar.hidden = true;
    return;
  }
  bar.hidden = false;
  const user = me.user;
  const waiting = user && me.waiting ? el("a", { href: "/#my-games", class: "waiting-count", "data-testid": "waiting-count", title: t("nav.waiting_title") }, t("nav.waiting", { n: me.waiting })) : null;
  fill(
    bar,
    el("a", { href: "/", "data-testid": "nav-lobby" }, t("nav.lobby")),
    el("a", { href: "/ratings", "data-testid": "nav-ratings" }, t("nav.ratings")),
    waiting,
    user
      ? el("a", { href: "/account", class: "nav-user", "data-testid": "nav-user", title: t("nav.account_title") }, user.name)
      : el("a", { href: `/account?next=${encodeURIComponent(location.pathname + location.hash)}`, class: "nav-user", "data-testid": "nav-login" }, t("nav.log_in")),
  );
  document.body.dataset.waiting = String(user ? me.waiting : 0);
}

// Put the bar in the page's top bar (before the language switch) and keep its count fresh:
// every ``every`` ms, and whenever ``refreshMe`` is called (a page that saw a move).
export async function accountBar(parent = document.querySelector(".topbar"), every = 30000) {
  if (!parent) return me;
  if (!bar) {
    bar = el("span", { class: "account-bar", "data-testid": "account-bar", hidden: true });
    const langs = parent.querySelector(".lang-switch");
    if (langs) parent.insertBefore(bar, langs);
    else parent.append(bar);
    onLangChange(render);
  }
  await loadMe();
  if (!timer && me.accounts !== "off") timer = setInterval(loadMe, every);
  return me;
}

export const refreshMe = loadMe;
