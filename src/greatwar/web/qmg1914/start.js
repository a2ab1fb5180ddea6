// Quartermaster General: 1914 on the start page: how many people play (the rulebook's Player /
// Power assignments), which of each person's powers the computer plays instead, the rule
// options; and how the game list writes a game's state.

import { el, fill } from "../common.js";
import { t } from "./strings.js";
import { has, word as wordOf } from "../i18n.js";

const $ = (id) => document.getElementById(id);

function seatSelect(power, meta) {
  const name = (b) => (meta.bot_names && meta.bot_names[b]) || b;
  return el(
    "select",
    { id: `seat-${power}`, name: power, "data-power": power },
    el("option", { value: "human" }, t("human")),
    meta.bots.map((b) => el("option", { value: b }, t("computer", { bot: name(b) }))),
  );
}

// A rule option's choice in words (the catalogue's qmg.choice.<option>.<value>).
function word(key, v) {
  const k = `qmg.choice.${key}.${String(v)}`;
  return has(k) ? t(`choice.${key}.${String(v)}`) : String(v).replace(/_/g, " ");
}

// The form in ``box``; returns { read() } giving the creation request's game-specific fields.
export function buildForm(box, meta) {
  const names = Object.fromEntries(meta.seat_info.map((s) => [s.id, s.name]));
  const teams = Object.fromEntries(meta.seat_info.map((s) => [s.id, s.team]));
  const peopleSelect = el("select", { id: "qmg-people", "data-testid": "people" }, Object.keys(meta.seat_groups).map((n) => el("option", { value: n }, n)));
  const table = el("div", { id: "qmg-seats", class: "qmg-seats" });
  const drawGroups = () => {
    const groups = meta.seat_groups[peopleSelect.value];
    fill(table,
      groups.map((g, i) =>
        el(
          "fieldset",
          { class: "person", "data-person": String(i + 1) },
          el("legend", {}, t("person", { n: i + 1 })),
          g.map((p) => el("label", { class: `team-${teams[p]}` }, `${names[p]} `, seatSelect(p, meta))),
        ),
      ),
    );
  };
  peopleSelect.value = "3" in meta.seat_groups ? "3" : Object.keys(meta.seat_groups)[0];
  peopleSelect.addEventListener("change", drawGroups);
  const options = Object.entries(meta.options).map(([key, o]) =>
    el(
      "label",
      { title: o.help, class: "qmg-option" },
      `${o.help.split(":")[0]} `,
      el(
        "select",
        { id: `opt-${key}`, "data-option": key },
        (o.choices || [o.default]).map((c) => el("option", { value: JSON.stringify(c), selected: c === o.default }, word(key, c) + (c === o.default ? t("choice_default") : ""))),
      ),
    ),
  );
  fill(box,
    el("label", {}, `${t("people")} `, peopleSelect),
    el("p", { class: "muted small" }, t("assignments")),
    table,
    el("details", { class: "qmg-options" }, el("summary", {}, t("rule_options")), options),
  );
  drawGroups();
  // each person: the powers of their assignment that the computer does not play
  const people = () =>
    meta.seat_groups[peopleSelect.value].map((g) => g.filter((p) => $(`seat-${p}`).value === "human")).filter((g) => g.length);
  return {
    people,
    read: () => {
      const seats = {};
      const players = [];
      for (const g of meta.seat_groups[peopleSelect.value]) {
        const humans = [];
        for (const p of g) {
          seats[p] = $(`seat-${p}`).value;
          if (seats[p] === "human") humans.push(p);
        }
        if (humans.length) players.push(humans);
      }
      if (!players.length) throw new Error(t("no_human"));
      const opts = {};
      for (const sel of document.querySelectorAll("select[data-option]")) {
        const value = JSON.parse(sel.value);
        if (value !== meta.options[sel.dataset.option].default) opts[sel.dataset.option] = value;
      }
      return { scenario: meta.default_scenario, seats, players, options: opts };
    },
  };
}

export function seatShort(seat) {
  return t(`short_${seat}`);
}

// A game's state in the game list.
export function stateText(g) {
  if (g.over && g.result) {
    return t("list_over", { team: wordOf(g.result.outcome === "central" ? "qmg.team_central" : "qmg.team_entente"), central: g.vp_central ?? "?", entente: g.vp_entente ?? "?" });
  }
  return t("list_state", { round: g.round ?? "?", central: g.vp_central ?? "?", entente: g.vp_entente ?? "?", acting: g.to_act ? t("list_acting", { power: wordOf(`qmg.short_${g.to_act}`) }) : "" });
}
