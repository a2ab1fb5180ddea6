// Paths of Glory on the start page: the scenario, who plays each side (a person or a computer
// strength), the options; and how the game list writes a game's state.

import { el, fill, OUTCOME, SIDE_NAME, SIDE_SHORT, t } from "./common.js";

const $ = (id) => document.getElementById(id);

function seatOptions(select, meta, initial) {
  select.replaceChildren(
    el("option", { value: "human" }, t("start.human")),
    ...meta.bots.map((b) => el("option", { value: b }, t("start.computer", { bot: (meta.bot_names && meta.bot_names[b]) || b }))),
  );
  select.value = initial;
}

function buildOptions(box, meta) {
  const check = (key, label) =>
    el("label", { class: "check", title: meta.options[key].help }, el("input", { type: "checkbox", id: `opt-${key}` }), ` ${label}`);
  box.append(
    check("hand8", t("pog.opt.hand8")),
    check("trench_mod", t("pog.opt.trench_mod")),
    el(
      "label",
      { title: meta.options.optional_cards.help },
      `${t("pog.opt.optional_cards")} `,
      el("select", { id: "opt-optional_cards" }, meta.options.optional_cards.choices.map((m) => el("option", { value: m }, t(`pog.opt.optional_cards.${m}`)))),
    ),
    check("valiant", t("pog.opt.valiant")),
    check("tournament", t("pog.opt.tournament")),
    el(
      "label",
      { title: meta.options.bid.help },
      `${t("pog.opt.bid")} `,
      el("select", { id: "opt-bid-side" }, el("option", { value: "" }, t("pog.none")), el("option", { value: "ap" }, t("pog.opt.bid_ap")), el("option", { value: "cp" }, t("pog.opt.bid_cp"))),
      el("input", { id: "opt-bid-vp", type: "number", min: "0", max: "10", value: "0", class: "narrow" }),
      ` ${t("pog.vp")}`,
    ),
    el("p", { class: "muted small" }, t("pog.opt.note")),
  );
}

// The options the chosen scenario sets (5.7.4 #1 and #2 in the Historical rules; the 1916
// scenario's own), and eight-card hands with all the optional cards: ticked and fixed, each
// saying why; the others as the player left them.
function applyFixed(meta) {
  const fixed = { ...((meta.fixed_options || {})[$("scenario").value] || {}) };
  if ($("opt-optional_cards").value === "all" && fixed.hand8 === undefined) fixed.hand8 = true;
  for (const k of ["hand8", "trench_mod", "valiant", "optional_cards"]) {
    const input = $(`opt-${k}`);
    const label = input.closest("label");
    const on = k in fixed;
    if (on && !input.disabled) input.dataset.chosen = input.type === "checkbox" ? String(input.checked) : input.value;
    if (!on && input.disabled && input.dataset.chosen !== undefined) {
      if (input.type === "checkbox") input.checked = input.dataset.chosen === "true";
      else input.value = input.dataset.chosen;
    }
    if (on) {
      if (input.type === "checkbox") input.checked = fixed[k] === true;
      else input.value = fixed[k];
    }
    input.disabled = on;
    label.classList.toggle("fixed", on);
    label.querySelector(".fixed-note")?.remove();
    if (on) label.append(el("span", { class: "fixed-note muted small" }, ` ${t("pog.opt.fixed")}`));
  }
}

function readOptions() {
  const o = {};
  // what the scenario fixes is its to set: not sent
  for (const k of ["hand8", "trench_mod", "valiant", "tournament"]) if ($(`opt-${k}`).checked && !$(`opt-${k}`).disabled) o[k] = true;
  const oc = $("opt-optional_cards").value;
  if (oc !== "none" && !$("opt-optional_cards").disabled) o.optional_cards = oc;
  const side = $("opt-bid-side").value;
  if (side) o.bid = { side, vp: Number($("opt-bid-vp").value || 0) };
  return o;
}

// The form in ``box``; returns { read() } giving the creation request's game-specific fields.
export function buildForm(box, meta) {
  // the choices made so far stay when the form is built again in another language
  const was = box.querySelector("#scenario") ? readForm() : null;
  const options = el("fieldset", { id: "options" }, el("legend", {}, t("start.options")));
  fill(box,
    el("label", {}, `${t("start.scenario")} `, el("select", { id: "scenario", name: "scenario" }, meta.scenarios.map((s) => el("option", { value: s.id }, s.description ? `${s.name} (${s.description})` : s.name)))),
    el(
      "fieldset",
      {},
      el("legend", {}, t("start.players")),
      el("label", {}, `${SIDE_NAME.ap} `, el("select", { id: "seat-ap", name: "ap" })),
      el("label", {}, `${SIDE_NAME.cp} `, el("select", { id: "seat-cp", name: "cp" })),
    ),
    options,
  );
  $("scenario").value = "historical";
  seatOptions($("seat-ap"), meta, "human");
  seatOptions($("seat-cp"), meta, "human");
  buildOptions(options, meta);
  if (was) {
    $("scenario").value = was.scenario;
    $("seat-ap").value = was.seats.ap;
    $("seat-cp").value = was.seats.cp;
  }
  applyFixed(meta);
  $("scenario").addEventListener("change", () => applyFixed(meta));
  $("opt-optional_cards").addEventListener("change", () => applyFixed(meta));
  return {
    // each person: one side
    people: () => ["ap", "cp"].filter((seat) => $(`seat-${seat}`).value === "human").map((seat) => [seat]),
    read: readForm,
  };
}

function readForm() {
  return {
    scenario: $("scenario").value,
    options: readOptions(),
    seats: { ap: $("seat-ap").value, cp: $("seat-cp").value },
  };
}

export function seatShort(seat) {
  return SIDE_SHORT[seat] || seat;
}

// A game's state in the game list.
export function stateText(g) {
  if (g.over) return t(g.result && g.result.vp !== undefined ? "pog.list_over_vp" : "pog.list_over", { outcome: (g.result && OUTCOME[g.result.outcome]) || "", vp: g.result && g.result.vp });
  return t(g.to_act ? "pog.list_state_acting" : "pog.list_state", { turn: g.turn ?? "?", vp: g.vp ?? "?", side: g.to_act ? SIDE_SHORT[g.to_act] : "" });
}
