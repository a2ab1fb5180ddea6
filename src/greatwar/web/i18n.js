// The browser client's words in the page's language, for every page and every game. The texts
// live on the server (greatwar/locale/web.<lang>.json, one catalogue checked by `greatwar
// messages --check`) and come from /api/strings; the language is the one chosen with the switch
// (kept in this browser and in a cookie the server reads), else the browser's own.
//
// t(key, args) fills {names} in a text; {n:plural:form|form|...} gives the form of a word for
// the number n, by the language's plural rules (the browser's Intl.PluralRules; the forms are
// listed in the order of the language's categories, which the server sends with the texts).
// As on the server (greatwar/core/i18n.py), a name may carry its grammatical cases: an argument
// made by named(text, forms) (or word(key), a catalogue word with the forms the server sends for
// it) fills {space.acc} with its accusative (.nom .gen .dat .acc .ins .pre), and
// {side:agree:sg=побеждает|pl=побеждают} with the form that agrees with its gender or number.

const PREF = "greatwar.lang";
const LANGS = { en: "EN", ru: "RU" };

let doc = { lang: "en", plurals: ["one", "other"], strings: {}, forms: {} };
const listeners = [];

// The language chosen in this browser, if any.
export function chosenLang() {
  try {
    const x = localStorage.getItem(PREF);
    return x && LANGS[x] ? x : null;
  } catch (e) {
    return null;
  }
}

function remember(code) {
  try {
    localStorage.setItem(PREF, code);
  } catch (e) {
    /* private mode: the cookie still says it */
  }
  document.cookie = `lang=${code}; path=/; max-age=31536000; samesite=lax`;
}

export function lang() {
  return doc.lang;
}

// Load the texts of a language (the chosen or the browser's one when none is named).
export async function loadStrings(code = chosenLang()) {
  const q = code ? `?lang=${encodeURIComponent(code)}` : "";
  const res = await fetch(`/api/strings${q}`);
  if (res.ok) doc = await res.json();
  document.documentElement.lang = doc.lang;
  translatePage();
  return doc.lang;
}

function plural(n, forms) {
  let cat = "other";
  try {
    cat = new Intl.PluralRules(doc.lang).select(Number(n));
  } catch (e) {
    /* an old browser: the last form */
  }
  const i = doc.plurals.indexOf(cat);
  return forms[i >= 0 && i < forms.length ? i : forms.length - 1];
}

// A name with its grammatical cases and its gender or number (agr: m, f, n or pl); it reads
// as its text where a plain string is wanted.
export function named(text, forms = {}) {
  return { ...forms, text: String(text), toString: () => String(text) };
}

// A word of the catalogue as a name, with the forms the server sends for it (if any).
export function word(key) {
  return named(t(key), (doc.forms && doc.forms[key]) || {});
}

// A title in the language's quotation marks (Russian: «...», with „...“ inside), as the
// server's i18n.quoted writes it; other languages leave it as it is.
export function quoted(name) {
  const s = String(name);
  if (doc.lang !== "ru") return s;
  const inner = s.startsWith("«") && s.endsWith("»") ? s.slice(1, -1) : s;
  return `«${inner.replace(/«/g, "„").replace(/»/g, "“")}»`;
}

const CASES = new Set(["nom", "gen", "dat", "acc", "ins", "pre"]);

function agree(v, forms) {
  const agr = (v && typeof v === "object" && v.agr) || "";
  const pairs = forms.map((f) => f.split("="));
  const hit = pairs.find(([k]) => k === agr || (k === "sg" && ["m", "f", "n"].includes(agr)));
  return (hit || pairs[0] || ["", ""])[1] ?? "";
}

export function t(key, args = {}) {
  const s = doc.strings[key] ?? key;
  return s.replace(/\{(\w+)(?:\.(\w+))?(?::(plural|agree):([^{}]*))?\}/g, (m, k, kase, spec, forms) => {
    const v = args[k];
    if (v === undefined || v === null) return m;
    if (spec === "plural") return plural(v, forms.split("|"));
    if (spec === "agree") return agree(v, forms.split("|"));
    if (kase && CASES.has(kase) && typeof v === "object") return String(v[kase] ?? v.text ?? v);
    return typeof v === "object" && v.text !== undefined ? v.text : String(v);
  });
}

// Whether a key has a text (a client may fall back to its own wording otherwise).
export function has(key) {
  return Object.prototype.hasOwnProperty.call(doc.strings, key);
}

// Fill every element marked data-i18n (its text), data-i18n-title, data-i18n-placeholder and
// data-i18n-label (its aria-label).
export function translatePage(root = document) {
  document.documentElement.style.setProperty("--new-label", JSON.stringify(` · ${t("log.new")}`));
  for (const e of root.querySelectorAll("[data-i18n]")) e.textContent = t(e.dataset.i18n);
  for (const e of root.querySelectorAll("[data-i18n-title]")) e.title = t(e.dataset.i18nTitle);
  for (const e of root.querySelectorAll("[data-i18n-placeholder]")) e.placeholder = t(e.dataset.i18nPlaceholder);
  for (const e of root.querySelectorAll("[data-i18n-label]")) e.setAttribute("aria-label", t(e.dataset.i18nLabel));
}

// Call ``fn(lang)`` after every change of language (the page re-fetches what it shows).
export function onLangChange(fn) {
  listeners.push(fn);
}

export async function switchLang(code) {
  if (!LANGS[code]) return;
  remember(code);
  await loadStrings(code);
  for (const fn of listeners) await fn(doc.lang);
  renderSwitches();
}

function renderSwitches() {
  for (const box of document.querySelectorAll(".lang-switch")) {
    for (const b of box.querySelectorAll("button")) {
      const on = b.dataset.lang === doc.lang;
      b.classList.toggle("on", on);
      b.setAttribute("aria-pressed", String(on));
    }
  }
}

// The EN / RU switch, put at the end of the page's top bar.
export function addLangSwitch(parent = document.querySelector(".topbar")) {
  if (!parent || parent.querySelector(".lang-switch")) return;
  const box = document.createElement("span");
  box.className = "lang-switch";
  box.dataset.testid = "lang-switch";
  for (const [code, label] of Object.entries(LANGS)) {
    const b = document.createElement("button");
    b.type = "button";
    b.dataset.lang = code;
    b.dataset.testid = `lang-${code}`;
    b.textContent = label;
    b.title = code === "ru" ? "Русский" : "English";
    b.onclick = () => switchLang(code);
    box.append(b);
  }
  parent.append(box);
  renderSwitches();
}
