// The account page (/account): log in or sign up; for a logged-in account, its password, its
// e-mail address and its notification settings (once for the account: every seat it holds is
// told so), and logging out; a reset link's page (/account#reset=<token>) sets a new password.

import { api, el, fill } from "./common.js";
import { loadMe, whoAmI } from "./header.js";
import { t } from "./i18n.js";
import { $, field, startPage, toast } from "./site.js";

// Where to go once logged in: the page the visitor came from (?next=), else the lobby.
function next() {
  const to = new URLSearchParams(location.search).get("next") || "/";
  return to.startsWith("/") && !to.startsWith("//") ? to : "/";
}

function resetToken() {
  const m = /(?:^#|&)reset=([^&]+)/.exec(location.hash);
  return m ? decodeURIComponent(m[1]) : null;
}

async function submit(ev, path, body, after) {
  ev.preventDefault();
  try {
    const doc = await api(path, { method: "POST", body });
    await after(doc);
  } catch (e) {
    toast(e.message);
  }
}

function loginForm() {
  return el(
    "form",
    {
      class: "panel account-form",
      "data-testid": "login-form",
      onsubmit: (ev) =>
        submit(ev, "/api/account/login", { name: $("login-name").value.trim(), password: $("login-password").value }, async () => {
          location.href = next();
        }),
    },
    el("h2", {}, t("acct.log_in")),
    field(t("acct.name"), { id: "login-name", autocomplete: "username", required: true, maxlength: "24", "data-testid": "login-name" }),
    field(t("acct.password"), { id: "login-password", type: "password", autocomplete: "current-password", required: true, "data-testid": "login-password" }),
    el("button", { type: "submit", class: "action", "data-testid": "login-submit" }, t("acct.log_in")),
    el(
      "details",
      { class: "forgot" },
      el("summary", {}, t("acct.forgot")),
      el("p", { class: "muted small" }, t("acct.forgot_note")),
      el(
        "div",
        { class: "row" },
        el("input", { id: "forgot-name", maxlength: "24", placeholder: t("acct.name") }),
        el(
          "button",
          {
            type: "button",
            onclick: (ev) =>
              submit(ev, "/api/account/reset-request", { name: $("forgot-name").value.trim() }, async () => toast(t("acct.reset_sent"), "info")),
          },
          t("acct.send_link"),
        ),
      ),
    ),
  );
}

function signupForm(me) {
  const invite = me.accounts === "invite";
  return el(
    "form",
    {
      class: "panel account-form",
      "data-testid": "signup-form",
      onsubmit: (ev) => {
        if ($("signup-password").value !== $("signup-again").value) {
          ev.preventDefault();
          toast(t("acct.passwords_differ"));
          return;
        }
        const body = { name: $("signup-name").value.trim(), password: $("signup-password").value };
        const email = $("signup-email").value.trim();
        if (email) body.email = email;
        if (invite) body.invite = $("signup-invite").value.trim();
        submit(ev, "/api/account/signup", body, async () => {
          location.href = next();
        });
      },
    },
    el("h2", {}, t("acct.sign_up")),
    el("p", { class: "muted small" }, t(invite ? "acct.invite_only" : "acct.sign_up_note")),
    field(t("acct.name"), { id: "signup-name", autocomplete: "username", required: true, maxlength: "24", "data-testid": "signup-name" }),
    field(t("acct.password"), { id: "signup-password", type: "password", autocomplete: "new-password", required: true, minlength: "8", "data-testid": "signup-password" }),
    field(t("acct.password_again"), { id: "signup-again", type: "password", autocomplete: "new-password", required: true, minlength: "8", "data-testid": "signup-again" }),
    field(t("acct.email_optional"), { id: "signup-email", type: "email", autocomplete: "email", "data-testid": "signup-email" }),
    invite ? field(t("acct.invite_code"), { id: "signup-invite", required: true, autocomplete: "off" }) : null,
    el("button", { type: "submit", class: "action", "data-testid": "signup-submit" }, t("acct.sign_up")),
  );
}

function resetForm(token) {
  return el(
    "form",
    {
      class: "panel account-form",
      "data-testid": "reset-form",
      onsubmit: (ev) => {
        if ($("reset-password").value !== $("reset-again").value) {
          ev.preventDefault();
          toast(t("acct.passwords_differ"));
          return;
        }
        submit(ev, "/api/account/reset", { token, password: $("reset-password").value }, async () => {
          history.replaceState(null, "", "/account");
          location.href = "/";
        });
      },
    },
    el("h2", {}, t("acct.new_password")),
    field(t("acct.password"), { id: "reset-password", type: "password", autocomplete: "new-password", required: true, minlength: "8" }),
    field(t("acct.password_again"), { id: "reset-again", type: "password", autocomplete: "new-password", required: true, minlength: "8" }),
    el("button", { type: "submit", class: "action" }, t("acct.set_password")),
  );
}

function accountForms(me) {
  const user = me.user;
  const notify = user.notify || {};
  return [
    el(
      "section",
      { class: "panel account-form", "data-testid": "account-info" },
      el("h2", {}, t("acct.yours", { name: user.name })),
      el("p", {}, el("a", { href: `/player/${encodeURIComponent(user.name)}`, "data-testid": "my-page" }, t("acct.my_page")), " · ", el("a", { href: "/#my-games" }, t("acct.my_games"))),
      el(
        "button",
        {
          "data-testid": "logout",
          onclick: (ev) =>
            submit(ev, "/api/account/logout", {}, async () => {
              location.href = "/";
            }),
        },
        t("acct.log_out"),
      ),
    ),
    el(
      "form",
      {
        class: "panel account-form",
        "data-testid": "settings-form",
        onsubmit: (ev) => {
          const email = $("set-email").value.trim();
          const body = { email: email || null, webhook: $("set-webhook").value.trim() || null, notify_email: $("set-notify-email").checked };
          submit(ev, "/api/account/settings", body, async () => {
            await loadMe();
            toast(t("acct.saved"), "info");
            draw(whoAmI());
          });
        },
      },
      el("h2", {}, t("acct.notifications")),
      el("p", { class: "muted small" }, t("acct.notifications_note")),
      field(t("acct.email"), { id: "set-email", type: "email", value: user.email || "", autocomplete: "email", "data-testid": "set-email" }),
      el("label", { class: "check" }, el("input", { type: "checkbox", id: "set-notify-email", checked: !!notify.email, disabled: !me.email_sent }), ` ${t(me.email_sent ? "acct.notify_email" : "acct.no_email")}`),
      field(t("acct.webhook"), { id: "set-webhook", type: "url", value: notify.webhook || "", placeholder: t("clock.webhook_placeholder"), "data-testid": "set-webhook" }),
      el("button", { type: "submit", class: "action", "data-testid": "settings-submit" }, t("acct.save")),
    ),
    el(
      "form",
      {
        class: "panel account-form",
        "data-testid": "password-form",
        onsubmit: (ev) => {
          if ($("pw-new").value !== $("pw-again").value) {
            ev.preventDefault();
            toast(t("acct.passwords_differ"));
            return;
          }
          submit(ev, "/api/account/password", { old: $("pw-old").value, new: $("pw-new").value }, async () => {
            for (const id of ["pw-old", "pw-new", "pw-again"]) $(id).value = "";
            toast(t("acct.password_changed"), "info");
          });
        },
      },
      el("h2", {}, t("acct.change_password")),
      field(t("acct.old_password"), { id: "pw-old", type: "password", autocomplete: "current-password", required: true }),
      field(t("acct.new_password_field"), { id: "pw-new", type: "password", autocomplete: "new-password", required: true, minlength: "8" }),
      field(t("acct.password_again"), { id: "pw-again", type: "password", autocomplete: "new-password", required: true, minlength: "8" }),
      el("button", { type: "submit", class: "action" }, t("acct.change_password")),
    ),
  ];
}

function draw(me) {
  document.title = `greatwar — ${t("acct.title")}`;
  const page = $("page");
  if (me.accounts === "off") {
    fill(page, el("p", { class: "panel" }, t("acct.off")));
    return;
  }
  const token = resetToken();
  if (token) fill(page, el("div", { class: "account-grid" }, resetForm(token)));
  else if (me.user) fill(page, el("div", { class: "account-grid" }, accountForms(me)));
  else fill(page, el("div", { class: "account-grid" }, loginForm(), signupForm(me)));
}

startPage(draw);
