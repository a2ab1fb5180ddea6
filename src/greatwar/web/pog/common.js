// Paths of Glory's helpers for its page and replay: sides, nations, counters, the game's
// facts (map, units, cards) and the labels of its actions. The shared helpers are re-exported.

import { api } from "../common.js";
import { lang, named, quoted, t, word } from "../i18n.js";

export * from "../common.js";
export { named, quoted, t, word } from "../i18n.js";

// Words by key in the page's language (``pog.<table>.<key>`` of the client's catalogue), read
// like a table: SIDE_NAME.ap.
const words = (table) => new Proxy({}, { get: (_, k) => (typeof k === "string" && k ? t(`pog.${table}.${k}`) : undefined) });
export const SIDE_NAME = words("side");
// A side as a name with its cases and number ({side.nom} inside a sentence: «союзники»).
export const sideName = (side) => word(`pog.side.${side}`);
export const SIDE_SHORT = words("side_short");
export const OUTCOME = words("outcome");

// Nation: [name, counter colour, letters on the counter]. Colours differ in hue and lightness
// so that neighbours on the map (Austria-Hungary and Russia, Germany and France) never look alike.
export const NATION = {
  ge: ["Germany", "#5f6670", "GE"],
  ah: ["Austria-Hungary", "#d8bf4a", "AH"],
  tu: ["Turkey", "#e0904a", "TU"],
  bu: ["Bulgaria", "#8a9a3c", "BU"],
  sn: ["Senussi", "#c49a64", "SN"],
  fr: ["France", "#4a7bd0", "FR"],
  br: ["Britain", "#b98555", "BR"],
  ru: ["Russia", "#3f9456", "RU"],
  it: ["Italy", "#49b8ac", "IT"],
  be: ["Belgium", "#f0dc66", "BE"],
  sb: ["Serbia", "#c0534a", "SB"],
  mn: ["Montenegro", "#9a4b78", "MN"],
  ro: ["Romania", "#9a7fd0", "RO"],
  gr: ["Greece", "#7cc6ea", "GR"],
  us: ["United States", "#a8b860", "US"],
  ana: ["Arab Northern Army", "#e3cf98", "ANA"],
  al: ["Albania", "#999999", "AL"],
  pe: ["Persia", "#999999", "PE"],
  ar: ["Arabia", "#999999", "AR"],
  eg: ["Egypt", "#999999", "EG"],
  none: ["", "#999999", ""],
};

// The turn's name in the facts' language ("Август 1914"), else the view's.
export function turnLabel(facts, v) {
  const turn = facts.turns.find((x) => x.turn === v.turn);
  return (turn && turn.label) || v.turn_label;
}

// A bot's name for people ("normal": «средний»).
export function botName(bot) {
  const key = `bot.${bot}`;
  const s = t(key);
  return s === key ? bot : s;
}

export function nationColor(n) {
  return (NATION[n] || ["", "#999"])[1];
}

export function nationName(n) {
  return n && NATION[n] && NATION[n][0] ? t(`pog.nation.${n}`) : n;
}

// The letters a counter shows: "GE" and "1" for the German 1st Army, "GE" and "c" for a corps,
// the special corps their own letters ("CAV", "PL", "SN", "ANA", "AUS"...).
export function counterText(u) {
  const name = u.name || "";
  const own = /^[А-ЯЁ]{2,3}/.exec(name); // a Russian name's own letters ("ГЕР 1")
  const letters = own ? own[0] : (NATION[u.nation] || ["", "", u.nation.toUpperCase()])[2];
  if (/^[a-z]+_corps_\d+$/.test(u.id)) return { top: letters, main: t("pog.corps") };
  if (u.army) {
    const rest = name.replace(/^[A-ZА-ЯЁ]{2,3}\s*/, "");
    return { top: letters, main: rest || name };
  }
  const special = name.replace(/(c|к)$/, "").replace(/^[A-ZА-ЯЁ]{2,3}\s+/, "");
  const code = special && special !== letters && special.length <= 4 ? special : "";
  return { top: letters, main: code ? code : t("pog.corps") };
}

// The fixed facts (map, units, cards), indexed by id.
export class Facts {
  constructor(doc) {
    this.doc = doc;
    this.spaces = new Map(doc.spaces.map((s) => [s.id, s]));
    this.units = new Map(doc.units.map((u) => [u.id, u]));
    this.cards = new Map(doc.cards.map((c) => [c.id, c]));
    this.links = doc.links;
    this.turns = doc.turns;
  }
  static async load() {
    return new Facts(await api(`/api/data?game=pog&lang=${lang()}`));
  }
  // One of the game's words in the facts' language (nations, phases, decks...: the server's).
  word(key, fallback = key) {
    return (this.doc.words && this.doc.words[key]) || fallback;
  }
  kind(id) {
    if (this.units.has(id)) return "unit";
    if (this.cards.has(id)) return "card";
    if (this.spaces.has(id)) return "space";
    return null;
  }
  name(id) {
    const x = this.units.get(id) || this.cards.get(id) || this.spaces.get(id);
    return x ? x.name : id;
  }
  // A space's name with its cases ({space.acc} in a text: «Атаковать Варшаву»).
  place(id) {
    const s = this.spaces.get(id);
    return s ? named(s.name, s.forms || {}) : id;
  }
  cardTitle(id) {
    const c = this.cards.get(id);
    return c ? `${c.name} (${SIDE_SHORT[c.side]} #${c.number})` : id;
  }
}

// Where a unit stands in a view ("Berlin", "Reserve Box"), or "" when it is not in play.
export function whereIs(facts, v, unitId) {
  const u = v && v.board.units.find((x) => x.id === unitId);
  if (!u) return "";
  const s = facts.spaces.get(u.space);
  if (!s) return "";
  return s.kind === "offmap_box" ? s.name.replace(/^(AP|CP|СО|ЦД) /, "") : s.name;
}

// A unit's name with where it stands: "GE 1 (Koblenz)".
export function unitLabel(facts, v, id) {
  const w = whereIs(facts, v, id);
  return w ? `${facts.name(id)} (${w})` : facts.name(id);
}

// Replacement points as the Replacement Cost Table counts them: "1 RP", "½ RP".
export function rpCost(rp) {
  const whole = Math.floor(rp);
  const half = rp - whole >= 0.5 ? "½" : "";
  return t("pog.rp_cost", { n: `${whole || !half ? whole : ""}${half}` });
}

// A purchase of the Replacement Phase (17.1), by what it does and what it costs (the view's
// ``rp_offers``): "Rebuild FR 3 at Verdun: 1 RP", "Rebuild BE corps in the Reserve Box: ½ RP",
// "Restore GE 1 (Metz) to full strength: 1 RP".
export function replacementLabel(facts, v, text) {
  const o = v.rp_offers[text];
  const id = text.split(" ")[1];
  const cost = rpCost(o.rp);
  if (!o.rebuild) return t("pog.act.restore", { unit: unitLabel(facts, v, id), cost });
  if (facts.spaces.get(o.space)?.kind === "offmap_box") return t("pog.act.rebuild_reserve", { unit: facts.name(id), cost });
  return t("pog.act.rebuild", { unit: facts.name(id), space: facts.place(o.space), cost });
}

// A readable label for any action text; unknown verbs read as the verb and the names.
export function actionLabel(facts, text, v = null) {
  const [verb, ...a] = text.split(" ");
  const n = (id) => facts.name(id);
  const u = (id) => (v ? unitLabel(facts, v, id) : n(id));
  const card = (id) => {
    const c = facts.cards.get(id);
    return c ? c.name : id;
  };
  const card_ = (id) => quoted(card(id)); // «Операция „Блюхер“» in Russian
  const x = (key, args) => t(`pog.act.${key}`, args);
  switch (verb) {
    case "play":
      if (a[0] === "auto") return x("auto");
      if (a[0] === "ops") return x("ops", { card: card_(a[1]), n: facts.cards.get(a[1])?.ops ?? "?" });
      if (a[0] === "sr") return x("sr", { card: card_(a[1]), n: facts.cards.get(a[1])?.sr ?? "?" });
      if (a[0] === "rp") return x("rp", { card: card_(a[1]) });
      if (a[0] === "event") return x("event", { card: card_(a[1]) });
      return x("play", { card: card_(a[1]), use: a[0] });
    case "activate":
      return x(a[0] === "attack" ? "activate_attack" : "activate_move", { space: facts.place(a[1]) });
    case "move":
      return x("move", { unit: u(a[0]), space: n(a[1]) });
    case "entrench":
      return x("entrench", { unit: u(a[0]) });
    case "sr":
      return a.length === 1 ? x("redeploy", { unit: u(a[0]) }) : x("redeploy_to", { unit: u(a[0]), space: n(a[1]) });
    case "attack":
      return x("attack", { space: facts.place(a[0]) });
    case "with":
      return x("with", { unit: u(a[0]) });
    case "pin":
      return x("pin", { space: n(a[0]) });
    case "flank":
      return x("flank");
    case "noflank":
      return x("noflank");
    case "cc":
      return x("cc", { card: card_(a[0]) });
    case "lose":
      return x("lose", { unit: u(a[0]) });
    case "retreat":
      return x("retreat", { unit: u(a[0]), space: n(a[1]) });
    case "advance":
      return x("advance", { unit: u(a[0]), space: n(a[1]) });
    case "place":
      if (v?.rp_offers?.[text]) return replacementLabel(facts, v, text);
      return x("place", { unit: n(a[0]), space: n(a[1]) });
    case "replace":
      if (v?.rp_offers?.[text]) return replacementLabel(facts, v, text);
      return x("replace", { unit: u(a[0]) });
    case "eliminate":
      return x("eliminate", { unit: u(a[0]) });
    case "discard":
      return x("discard", { card: card_(a[0]) });
    case "select":
      return x("select", { card: card_(a[0]) });
    case "choose":
      return x("choose", { what: NATION[a[0]] ? nationName(a[0]) : facts.word(`act.${a[0]}`, a[0]) });
    case "peace":
      return ["offer", "accept", "decline"].includes(a[0]) ? x(`peace_${a[0]}`) : x("peace", { what: a[0] });
    case "done":
      return x("done");
    default:
      return [facts.word(`act.${verb}`, verb), ...a.map(n)].join(" ");
  }
}

