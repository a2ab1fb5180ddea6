// Paths of Glory on the start page: the scenario, who plays each side (a person or a computer
// strength), the options; and how the game list writes a game's state.

import { el, fill, humanWords, OUTCOME } from "./common.js";

const $ = (id) => document.getElementById(id);

function seatOptions(select, bots, initial) {
  select.replaceChildren(
    el("option", { value: "human" }, "Human"),
    ...bots.map((b) => el("option", { value: b }, `Computer (${b})`)),
  );
  select.value = initial;
}

function buildOptions(box, meta) {
  const check = (key, label) =>
    el("label", { class: "check", title: meta.options[key].help }, el("input", { type: "checkbox", id: `opt-${key}` }), ` ${label}`);
  box.append(
    check("hand8", "Eight-card hands (9.1.4)"),
    check("trench_mod", "Trench roll modification (11.2.10)"),
    el(
      "label",
      { title: meta.options.optional_cards.help },
      "Optional cards ",
      el("select", { id: "opt-optional_cards" }, meta.options.optional_cards.choices.map((m) => el("option", { value: m }, humanWords(m)))),
    ),
    check("valiant", "Valiant variant deck"),
    check("tournament", "Tournament rules (5.6)"),
    el(
      "label",
      { title: meta.options.bid.help },
      "Bid (5.6.1) ",
      el("select", { id: "opt-bid-side" }, el("option", { value: "" }, "none"), el("option", { value: "ap" }, "AP cedes"), el("option", { value: "cp" }, "CP cedes")),
      el("input", { id: "opt-bid-vp", type: "number", min: "0", max: "10", value: "0", class: "narrow" }),
      " VP",
    ),
    el(
      "p",
      { class: "muted small" },
      "The Historical and The Great War (1916) scenarios always use eight-card hands and the trench roll modification (5.7.4); " +
        "The Great War (1916) uses neither the optional cards nor the Valiant deck.",
    ),
  );
}

function readOptions() {
  const o = {};
  for (const k of ["hand8", "trench_mod", "valiant", "tournament"]) if ($(`opt-${k}`).checked) o[k] = true;
  const oc = $("opt-optional_cards").value;
  if (oc !== "none") o.optional_cards = oc;
  const side = $("opt-bid-side").value;
  if (side) o.bid = { side, vp: Number($("opt-bid-vp").value || 0) };
  return o;
}

// The form in ``box``; returns { read() } giving the creation request's game-specific fields.
export function buildForm(box, meta) {
  const options = el("fieldset", { id: "options" }, el("legend", {}, "Options"));
  fill(box,
    el("label", {}, "Scenario ", el("select", { id: "scenario", name: "scenario" }, meta.scenarios.map((s) => el("option", { value: s.id }, `${s.name} (${s.description})`)))),
    el(
      "fieldset",
      {},
      el("legend", {}, "Players"),
      el("label", {}, "Allied Powers ", el("select", { id: "seat-ap", name: "ap" })),
      el("label", {}, "Central Powers ", el("select", { id: "seat-cp", name: "cp" })),
    ),
    options,
  );
  $("scenario").value = "historical";
  seatOptions($("seat-ap"), meta.bots, "human");
  seatOptions($("seat-cp"), meta.bots, "human");
  buildOptions(options, meta);
  return {
    // each person: one side
    people: () => ["ap", "cp"].filter((seat) => $(`seat-${seat}`).value === "human").map((seat) => [seat]),
    read: () => ({
      scenario: $("scenario").value,
      options: readOptions(),
      seats: { ap: $("seat-ap").value, cp: $("seat-cp").value },
    }),
  };
}

export function seatShort(seat) {
  return seat.toUpperCase();
}

// A game's state in the game list.
export function stateText(g) {
  if (g.over) return `over: ${OUTCOME[g.result && g.result.outcome] || ""}${g.result && g.result.vp !== undefined ? `, VP ${g.result.vp}` : ""}`;
  return `turn ${g.turn ?? "?"}, VP ${g.vp ?? "?"}, ${g.to_act ? g.to_act.toUpperCase() + " to act" : ""}`;
}
