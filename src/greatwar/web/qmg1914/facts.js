// The fixed facts of Quartermaster General: 1914 (/api/data?game=qmg1914), indexed by id:
// spaces, links, countries, powers, teams and cards.

import { api } from "../common.js";
import { named } from "../i18n.js";

export class Facts {
  constructor(doc) {
    this.doc = doc;
    this.spaces = new Map(doc.spaces.map((s) => [s.id, s]));
    this.cards = new Map(doc.cards.map((c) => [c.id, c]));
    this.countries = new Map(doc.countries.map((c) => [c.id, c]));
    this.powers = new Map(doc.powers.map((p) => [p.id, p]));
    this.teams = new Map(doc.teams.map((x) => [x.id, x]));
    this.links = doc.links;
    this.powerOrder = doc.powers.map((p) => p.id);
  }
  static async load() {
    return new Facts(await api("/api/data?game=qmg1914"));
  }
  // What an id names (the log links spaces and cards).
  kind(id) {
    if (this.cards.has(id)) return "card";
    if (this.spaces.has(id)) return "space";
    return null;
  }
  // An id as the log writes it (a card by its title).
  name(id) {
    const c = this.cards.get(id);
    if (c) return c.title;
    const s = this.spaces.get(id);
    return s ? s.name : id;
  }
  // A card's name for people (the generic cards with their country).
  cardName(id) {
    const c = this.cards.get(id);
    return c ? c.name : id;
  }
  powerName(p) {
    const x = this.powers.get(p);
    return x ? x.name : p;
  }
  // A power, a team or a space as a name with its cases and gender or number ({power.gen},
  // {team:agree:sg=...|pl=...} in a text).
  power(p) {
    const x = this.powers.get(p);
    return x ? named(x.name, x.forms || {}) : p;
  }
  team(id) {
    const x = this.teams.get(id);
    return x ? named(x.name, x.forms || {}) : id;
  }
  place(id) {
    const x = this.spaces.get(id);
    return x ? named(x.name, x.forms || {}) : id;
  }
  // Why a game ended, in words ("scoring victory").
  reason(r) {
    return (this.doc.reasons && this.doc.reasons[r]) || r;
  }
  powerShort(p) {
    const x = this.powers.get(p);
    return x ? x.short : p;
  }
  teamOf(p) {
    const x = this.powers.get(p);
    return x ? x.team : null;
  }
  country(c) {
    return this.countries.get(c);
  }
}
