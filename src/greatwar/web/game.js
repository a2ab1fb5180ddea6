// The game page: one seat's view of a live game, every legal action a click.

import { api, ApiError, Facts, actionLabel, el, humanWords, OUTCOME, rememberSeat, rememberedSeats, SIDE_NAME } from "./common.js";
import { Board } from "./board.js";
import { cardFace, LogPanel, renderPiles, renderProcedure, renderTracks } from "./panels.js";

const gameId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
const $ = (id) => document.getElementById(id);

let token = location.hash.slice(1);
if (!token) {
  const seats = rememberedSeats()[gameId] || {};
  token = seats.ap || seats.cp || "";
}

const state = { v: null, version: -1, sel: [], busy: false, ws: null, retry: 500 };
let facts;
let board;
let logPanel;

function toast(msg, kind = "error") {
  const t = $("toast");
  t.textContent = msg;
  t.className = `toast show ${kind}`;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => (t.className = "toast"), kind === "error" ? 7000 : 2500);
}

function entities(a) {
  return a
    .split(" ")
    .slice(1)
    .filter((t) => facts.kind(t));
}

function legal() {
  return state.v && state.v.legal ? state.v.legal : [];
}

function candidates() {
  return legal().filter((a) => state.sel.every((id) => entities(a).includes(id)));
}

// -- receiving views ---------------------------------------------------------------------------

function applyView(v) {
  if (v.version < state.version) return; // an older message overtaken by a newer one
  if (v.log_start > logPanel.length) {
    requestSync();
    return;
  }
  const moved = !state.v || v.serial !== state.v.serial || v.version !== state.version;
  state.v = v;
  state.version = v.version;
  if (moved) state.sel = [];
  logPanel.merge(v);
  render();
}

function render() {
  const v = state.v;
  $("seat-name").textContent = SIDE_NAME[v.seat];
  $("seat-name").className = `seat side-${v.seat}`;
  Object.assign(document.body.dataset, {
    seat: v.seat,
    round: String(v.round),
    phase: String(v.phase),
    toAct: String(v.to_act),
    serial: String(v.serial),
    version: String(v.version),
    mine: String(legal().length > 0),
  });
  const opp = v.seat === "ap" ? "cp" : "ap";
  const oppSeat = v.seats[opp];
  $("opponent").textContent = oppSeat.kind === "bot" ? `against the ${oppSeat.bot} bot` : "against a human";
  board.render(v);
  renderTracks($("tracks"), facts, v);
  renderProcedure($("procedure"), facts, v);
  renderPiles($("piles"), facts, v, showCard);
  renderHand();
  renderPrompt();
  const mine = v.legal && v.legal.length > 0;
  document.title = `${mine ? "▶ Your move — " : ""}greatwar ${gameId}`;
  $("status").textContent = v.over ? "Game over" : mine ? "Your decision" : `Waiting for the ${SIDE_NAME[v.to_act] || "game"}`;
  $("status").className = `status ${mine ? "mine" : ""}`;
}

function renderHand() {
  const v = state.v;
  const playable = new Set(legal().flatMap(entities).filter((id) => facts.kind(id) === "card"));
  const hand = v.cards.hand.map((id) => cardFace(facts, id, { onClick: clickCard, playable: playable.has(id) }));
  const opp = v.seat === "ap" ? "cp" : "ap";
  $("hand").replaceChildren(
    el("div", { class: "hand-title" }, `Your hand (${v.cards.hand.length})`, el("span", { class: "opp-hand" }, ` · ${SIDE_NAME[opp]}: ${v.cards.hand_count[opp]} cards in hand`)),
    el("div", { class: "hand-cards", "data-testid": "hand" }, hand),
  );
}

function renderPrompt() {
  const v = state.v;
  syncSelection();
  const box = $("prompt");
  const items = [];
  if (v.over && v.result) {
    items.push(el("div", { class: "result" }, `Game over: ${OUTCOME[v.result.outcome] || v.result.outcome} (${humanWords(v.result.reason || "")}), VP ${v.result.vp}`));
  }
  if (v.bot_error) items.push(el("div", { class: "error" }, v.bot_error));
  if (!legal().length) {
    if (!v.over) {
      const who = v.to_act ? v.seats[v.to_act] : null;
      items.push(el("div", { class: "waiting" }, who && who.kind === "bot" ? "The computer is playing…" : `Waiting for the ${SIDE_NAME[v.to_act] || "other player"}…`));
    }
  } else {
    items.push(el("div", { class: "prompt-text", "data-testid": "prompt" }, v.prompt_text || v.prompt));
    if (state.sel.length) {
      items.push(
        el(
          "div",
          { class: "selection" },
          "Selected: ",
          state.sel.map((id) => el("b", {}, facts.name(id) + " ")),
          el("button", { class: "link", onclick: () => select([]) }, "clear"),
        ),
      );
    }
    const cands = candidates();
    const groups = new Map();
    for (const a of cands) {
      const verb = a.split(" ")[0];
      if (!groups.has(verb)) groups.set(verb, []);
      groups.get(verb).push(a);
    }
    const button = (a) =>
      el(
        "button",
        {
          class: `action verb-${a.split(" ")[0]}`,
          "data-action": a,
          onclick: () => send(a),
          onmouseenter: () => board.highlight({ spaces: entities(a).filter((x) => facts.kind(x) === "space"), units: entities(a).filter((x) => facts.kind(x) === "unit"), selected: state.sel }),
          onmouseleave: () => highlight(),
        },
        actionLabel(facts, a),
      );
    const list = el("div", { class: "actions", "data-testid": "actions" });
    const cardOf = (a) => entities(a).find((x) => facts.kind(x) === "card");
    const withCard = cands.filter(cardOf);
    if (withCard.length > 8) {
      // many card choices: one row per card, one short button per use
      const rows = new Map();
      for (const a of withCard) {
        const c = cardOf(a);
        if (!rows.has(c)) rows.set(c, []);
        rows.get(c).push(a);
      }
      for (const [c, acts] of rows) {
        list.append(
          el(
            "div",
            { class: "card-row" },
            el("a", { href: "#", class: "card-row-name", onclick: (ev) => (ev.preventDefault(), showCard(c)) }, facts.name(c)),
            acts.map((a) => {
              const b = button(a);
              b.textContent = shortLabel(a, c);
              b.title = actionLabel(facts, a);
              return b;
            }),
          ),
        );
      }
      groups.forEach((acts, verb) => groups.set(verb, acts.filter((a) => !cardOf(a))));
    }
    const big = [...groups.values()].filter((acts) => acts.length > 6).length;
    for (const [verb, acts] of groups) {
      if (!acts.length) continue;
      if (big > 1 && cands.length > 24 && acts.length > 6) {
        list.append(el("details", { class: "verb-group" }, el("summary", {}, `${humanWords(verb)} (${acts.length})`), acts.map(button)));
      } else {
        list.append(...acts.map(button));
      }
    }
    items.push(list);
    if (cands.some((a) => entities(a).some((x) => facts.kind(x) !== "card"))) {
      items.push(el("div", { class: "hint" }, "Highlighted spaces and units on the map can be clicked."));
    }
  }
  if (v.can_undo) items.push(el("button", { class: "undo", "data-testid": "undo", onclick: undo }, "↶ Undo my last decision"));
  box.replaceChildren(...items);
  highlight();
}

function shortLabel(a, card) {
  const [verb, ...args] = a.split(" ");
  const c = facts.cards.get(card);
  if (verb === "play") return { ops: `OPS ${c.ops}`, sr: `SR ${c.sr}`, rp: "RP", event: "Event" }[args[0]] || args[0];
  const rest = args.filter((x) => x !== card).map((x) => facts.name(x));
  return [humanWords(verb), ...rest].join(" ");
}

function highlight() {
  const ids = candidates().flatMap(entities).filter((id) => !state.sel.includes(id));
  board.highlight({
    spaces: ids.filter((x) => facts.kind(x) === "space"),
    units: ids.filter((x) => facts.kind(x) === "unit"),
    selected: state.sel,
  });
}

function syncSelection() {
  document.body.dataset.sel = state.sel.join(",");
}

function select(sel) {
  state.sel = sel;
  closeMenu();
  renderPrompt();
}

// -- clicking ----------------------------------------------------------------------------------

function clickEntity(id, ev) {
  closeMenu();
  let c = candidates().filter((a) => entities(a).includes(id));
  if (!c.length && state.sel.length) {
    state.sel = [];
    c = legal().filter((a) => entities(a).includes(id));
  }
  if (!c.length) {
    renderPrompt();
    return false;
  }
  if (c.length === 1) {
    send(c[0]);
    return true;
  }
  const shapes = new Set(c.map((a) => entities(a).sort().join(",")));
  if (shapes.size === 1) {
    showMenu(c, ev, facts.name(id));
    return true;
  }
  state.sel = [...state.sel, id];
  renderPrompt();
  return true;
}

function clickSpace(id, ev) {
  if (!clickEntity(id, ev)) inspect(id, ev);
}

function clickUnit(id, ev) {
  if (clickEntity(id, ev)) return;
  // a unit with nothing to do: the click is meant for its space (activation, attack...)
  const u = state.v.board.units.find((x) => x.id === id);
  if (u && !clickEntity(u.space, ev)) inspect(u.space, ev);
}

function clickCard(id, ev) {
  if (!clickEntity(id, ev)) showCard(id);
}

function showMenu(actions, ev, title) {
  const menu = $("menu");
  menu.replaceChildren(
    el("div", { class: "menu-title" }, title || "Choose"),
    ...actions.map((a) => el("button", { class: "action", "data-action": a, onclick: () => (closeMenu(), send(a)) }, actionLabel(facts, a))),
    el("button", { class: "link", onclick: closeMenu }, "cancel"),
  );
  placePopup(menu, ev);
}

function inspect(spaceId, ev) {
  const s = facts.spaces.get(spaceId);
  if (!s) return;
  const v = state.v;
  const here = v.board.units.filter((u) => u.space === spaceId);
  const targets = new Set(candidates().flatMap(entities));
  const ctrl = v.board.control[spaceId];
  const out = new Set(v.supply?.units || []);
  const menu = $("menu");
  menu.replaceChildren(
    el("div", { class: "menu-title" }, s.name),
    s.kind === "map_space"
      ? el(
          "div",
          { class: "inspect-facts" },
          `${humanWords(s.terrain)} · ${ctrl ? SIDE_NAME[ctrl] : ""}`,
          s.fort ? ` · fort ${s.fort} (${v.board.forts[spaceId] || "intact"})` : "",
          v.board.trenches[spaceId] ? ` · trench level ${v.board.trenches[spaceId].level} (${v.board.trenches[spaceId].side.toUpperCase()})` : "",
          (v.historical ? s.vp : s.vp_classic) ? " · VP space" : "",
          (v.supply?.spaces || []).includes(spaceId) ? " · out of supply" : "",
        )
      : null,
    here.length
      ? el(
          "div",
          { class: "inspect-units" },
          here.map((u) => {
            const d = facts.units.get(u.id);
            const fac = u.reduced ? d.reduced : d.full;
            return el(
              "button",
              { class: `unit-row${targets.has(u.id) ? " target" : ""}`, "data-unit": u.id, onclick: (e) => (closeMenu(), clickUnit(u.id, e)) },
              `${d.name} ${fac.join("-")}${u.reduced ? " (reduced)" : ""}${out.has(u.id) ? " — out of supply" : ""}`,
            );
          }),
        )
      : el("div", { class: "muted" }, "No units"),
    el("button", { class: "link", onclick: closeMenu }, "close"),
  );
  placePopup(menu, ev);
}

function showCard(id) {
  const menu = $("menu");
  menu.replaceChildren(cardFace(facts, id), el("button", { class: "link", onclick: closeMenu }, "close"));
  placePopup(menu, null);
}

function placePopup(menu, ev) {
  menu.classList.add("open");
  const x = ev && ev.clientX !== undefined ? ev.clientX : window.innerWidth / 2 - 150;
  const y = ev && ev.clientY !== undefined ? ev.clientY : window.innerHeight / 3;
  const r = menu.getBoundingClientRect();
  menu.style.left = `${Math.max(8, Math.min(x + 8, window.innerWidth - r.width - 8))}px`;
  menu.style.top = `${Math.max(8, Math.min(y + 8, window.innerHeight - r.height - 8))}px`;
}

function closeMenu() {
  $("menu").classList.remove("open");
}

// -- acting ------------------------------------------------------------------------------------

async function send(action) {
  if (state.busy) return;
  state.busy = true;
  document.body.classList.add("busy");
  try {
    const res = await api(`/api/games/${gameId}/action`, {
      method: "POST",
      token,
      body: { action, serial: state.v.serial, log_from: logPanel.length, log_hash: logPanel.hash },
    });
    applyView(res.view);
  } catch (e) {
    toast(e.message);
    if (e instanceof ApiError && (e.status === 409 || e.status === 403)) await refresh(true);
  } finally {
    state.busy = false;
    document.body.classList.remove("busy");
  }
}

async function undo() {
  try {
    const res = await api(`/api/games/${gameId}/undo`, {
      method: "POST",
      token,
      body: { serial: state.v.serial, log_from: logPanel.length, log_hash: logPanel.hash },
    });
    applyView(res.view);
    toast("Taken back", "info");
  } catch (e) {
    toast(e.message);
    await refresh(true);
  }
}

async function refresh(full = false) {
  const q = full ? "" : `?log_from=${logPanel.length}${logPanel.hash !== null ? `&log_hash=${logPanel.hash}` : ""}`;
  if (full) logPanel.entries = [];
  const v = await api(`/api/games/${gameId}/view${q}`, { token });
  if (full) state.version = -1;
  applyView(v);
}

function requestSync() {
  if (state.ws && state.ws.readyState === WebSocket.OPEN) state.ws.send(JSON.stringify({ type: "sync" }));
  else refresh(true);
}

function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${proto}://${location.host}/api/games/${gameId}/ws`);
  state.ws = ws;
  ws.onopen = () => {
    state.retry = 500;
    ws.send(JSON.stringify({ token, log_from: logPanel.length, log_hash: logPanel.hash }));
    $("live").className = "live on";
    $("live").title = "live updates connected";
  };
  ws.onmessage = (m) => {
    const msg = JSON.parse(m.data);
    if (msg.type === "view") applyView(msg.view);
    else if (msg.type === "error") toast(msg.detail);
  };
  ws.onclose = (ev) => {
    $("live").className = "live off";
    $("live").title = "live updates disconnected; reconnecting";
    if (ev.code >= 4400 && ev.code < 4500) return; // refused: reconnecting will not help
    setTimeout(connect, state.retry);
    state.retry = Math.min(state.retry * 2, 10000);
  };
}

setInterval(() => state.ws && state.ws.readyState === WebSocket.OPEN && state.ws.send(JSON.stringify({ type: "ping" })), 25000);

async function main() {
  $("game-id").textContent = gameId;
  $("replay-link").href = `/replay/${gameId}`;
  if (!token) {
    $("fatal").textContent = "This page needs your seat's private link (the one you were given when the game was created).";
    $("fatal").hidden = false;
    return;
  }
  facts = await Facts.load();
  board = new Board($("board"), facts, { onSpace: clickSpace, onUnit: clickUnit });
  logPanel = new LogPanel($("log"), facts, (id, kind) => (kind === "card" ? showCard(id) : board.flash(id)));
  $("zoom-in").onclick = () => board.zoom(1 / 1.3);
  $("zoom-out").onclick = () => board.zoom(1.3);
  $("zoom-fit").onclick = () => board.fit();
  $("supply").onchange = (e) => {
    board.showSupply = e.target.checked;
    board.render(state.v);
  };
  document.addEventListener("keydown", (e) => {
    if (e.key === "Escape") {
      closeMenu();
      select([]);
    }
  });
  document.addEventListener("click", (e) => {
    if (!$("menu").contains(e.target) && !e.target.closest(".card") && !e.target.closest(".board")) closeMenu();
  });
  try {
    const v = await api(`/api/games/${gameId}/view`, { token });
    rememberSeat(gameId, v.seat, token);
    applyView(v);
  } catch (e) {
    $("fatal").textContent = e.message;
    $("fatal").hidden = false;
    return;
  }
  connect();
}

main();
