// Paths of Glory's helpers for its page and replay: sides, nations, counters, the game's
// facts (map, units, cards) and the labels of its actions. The shared helpers are re-exported.

import { api } from "../common.js";

export * from "../common.js";

export const SIDE_NAME = { ap: "Allied Powers", cp: "Central Powers", both: "both seats" };
export const SIDE_SHORT = { ap: "AP", cp: "CP" };
export const OUTCOME = { ap: "the Allies win", cp: "the Central Powers win", draw: "a draw", both_lose: "both sides lose" };

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

export function nationColor(n) {
  return (NATION[n] || ["", "#999"])[1];
}

export function nationName(n) {
  return (NATION[n] || [n])[0] || n;
}

// The letters a counter shows: "GE" and "1" for the German 1st Army, "GE" and "c" for a corps,
// the special corps their own letters ("CAV", "PL", "SN", "ANA", "AUS"...).
export function counterText(u) {
  const letters = (NATION[u.nation] || ["", "", u.nation.toUpperCase()])[2];
  const name = u.name || "";
  if (u.army) {
    const rest = name.replace(/^[A-Z]{2,3}\s*/, "");
    return { top: letters, main: rest || name };
  }
  const special = name.replace(/c$/, "").replace(/^[A-Z]{2}\s+/, "");
  const code = special && special !== letters && special.length <= 4 ? special : "";
  return { top: letters, main: code ? code : "corps" };
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
    return new Facts(await api("/api/data?game=pog"));
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
  cardTitle(id) {
    const c = this.cards.get(id);
    return c ? `${c.name} (${c.side.toUpperCase()} #${c.number})` : id;
  }
}

const CARD_USE = { ops: "operations", sr: "strategic redeployment", rp: "replacements", event: "the event" };

// Where a unit stands in a view ("Berlin", "Reserve Box"), or "" when it is not in play.
export function whereIs(facts, v, unitId) {
  const u = v && v.board.units.find((x) => x.id === unitId);
  if (!u) return "";
  const s = facts.spaces.get(u.space);
  if (!s) return "";
  return s.kind === "offmap_box" ? s.name.replace(/^(AP|CP) /, "") : s.name;
}

// A unit's name with where it stands: "GE 1 (Koblenz)".
export function unitLabel(facts, v, id) {
  const w = whereIs(facts, v, id);
  return w ? `${facts.name(id)} (${w})` : facts.name(id);
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
  switch (verb) {
    case "play":
      if (a[0] === "auto") return "Automatic operation (1 OPS, no card)";
      if (a[0] === "ops") return `Play ${card(a[1])} for operations (${facts.cards.get(a[1])?.ops ?? "?"} OPS)`;
      if (a[0] === "sr") return `Play ${card(a[1])} for strategic redeployment (${facts.cards.get(a[1])?.sr ?? "?"} SR)`;
      if (a[0] === "rp") return `Play ${card(a[1])} for replacement points`;
      if (a[0] === "event") return `Play ${card(a[1])} as an event`;
      return `Play ${card(a[1])} for ${CARD_USE[a[0]] || a[0]}`;
    case "activate":
      return `Activate ${n(a[1])} for ${a[0] === "attack" ? "combat" : "movement"}`;
    case "move":
      return `Move ${u(a[0])} to ${n(a[1])}`;
    case "entrench":
      return `${u(a[0])} tries to entrench`;
    case "sr":
      return a.length === 1 ? `Redeploy ${u(a[0])}` : `Redeploy ${u(a[0])} to ${n(a[1])}`;
    case "attack":
      return `Attack ${n(a[0])}`;
    case "with":
      return `Attack with ${u(a[0])}`;
    case "pin":
      return `Pin from ${n(a[0])}`;
    case "flank":
      return "Attempt a flank attack";
    case "noflank":
      return "No flank attack";
    case "cc":
      return `Combat card: ${card(a[0])}`;
    case "lose":
      return `Take a step loss from ${u(a[0])}`;
    case "retreat":
      return `Retreat ${u(a[0])} to ${n(a[1])}`;
    case "advance":
      return `Advance ${u(a[0])} to ${n(a[1])}`;
    case "place":
      return `Place ${n(a[0])} in ${n(a[1])}`;
    case "replace":
      return `Spend replacement points on ${u(a[0])}`;
    case "eliminate":
      return `Eliminate ${u(a[0])}`;
    case "discard":
      return `Discard ${card(a[0])}`;
    case "select":
      return `Select ${card(a[0])}`;
    case "choose":
      return `Choose: ${(NATION[a[0]] || [a[0]])[0] || a[0]}`;
    case "peace":
      return { offer: "Offer peace terms", accept: "Accept the peace terms", decline: "Decline the peace terms" }[a[0]] || `Peace: ${a[0]}`;
    case "done":
      return "Done";
    default:
      return [verb, ...a.map(n)].join(" ");
  }
}

