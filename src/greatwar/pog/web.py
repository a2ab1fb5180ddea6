"""Paths of Glory in the web client: the game's face for the server (:mod:`greatwar.server`).

:class:`PogWeb` gives the server what is this game's own: the public, fixed facts the browser
draws with (map, units, cards with their event texts, the calendar, the track boxes, the prompt
sentences, the reference tables), and what dresses a seat's view beside the engine's: the prompt
as a sentence with its numbers, the procedure under way in words, the combat being fought, the
markers of the position (activated spaces, attackers and target, neutral nations, events in
force, the action-round track, the score), the supply overlay, and a warning when ``done`` would
waste OPS, SR points, replacement points or an attack. All of it is computed from the full state
because it is public information (every unit, marker and played card is on the table). Nothing
here reads another seat's hand or private frames (fields starting with ``_``), except
:meth:`PogWeb.spectator`, which the server offers only once a game is over
(:meth:`PogWeb.public`, an observer's view, is built without any seat's secrets).
"""

from __future__ import annotations

import csv
import json
from functools import cache
from importlib import resources
from typing import Any

from greatwar.core import i18n
from greatwar.core.i18n import DEFAULT_LANG
from greatwar.core.steps import Frame
from greatwar.pog import board, messages, reinforcements, replacements
from greatwar.pog import lang as T
from greatwar.pog.action_phase import ROUNDS
from greatwar.pog.card_text import card_text
from greatwar.pog.cards import CARDS
from greatwar.pog.combat import fire
from greatwar.pog.combat.common import defender, units_of
from greatwar.pog.combat.resolution import flank_drm
from greatwar.pog.data import SIDE_NAMES, load
from greatwar.pog.scenarios import SCENARIOS
from greatwar.pog.state import OFF, State
from greatwar.pog.supply import (
    CLASSES,
    closed_to_all,
    space_supplied,
    traces_from,
    unit_supplied,
)
from greatwar.pog.tracks import RC_BOXES, US_BOXES, at_war
from greatwar.pog.view import public_view
from greatwar.pog.view import view as seat_view
from greatwar.pog.war_status import TURNS

D = load()
SPACES = D.spaces
UNITS = D.units

# -- the drawing layout ---------------------------------------------------------------------------
#
# The data's coordinates follow the printed maps. Drawn side by side in one picture, the Near
# East map is moved clear of Europe's south-eastern corner, and the two Permanently Eliminated
# boxes are drawn beside their Eliminated boxes instead of over Rostock; Sedan moves a little
# away from Verdun so their counters do not overlap.
WIDTH, HEIGHT = 2620, 1720
NEAR_EAST_SHIFT = (70, 64)
MOVED: dict[str, tuple[int, int, int, int]] = {
    "cp_permanently_eliminated_box": (890, 120, 223, 127),
    "ap_permanently_eliminated_box": (808, 1536, 223, 127),
    "sedan": (434, 640, 49, 49),
}


def _place(sp: Any) -> tuple[int, int, int, int]:
    if sp.id in MOVED:
        return MOVED[sp.id]
    if sp.map == "neareast":
        dx, dy = NEAR_EAST_SHIFT
        return sp.x + dx, sp.y + dy, sp.w, sp.h
    return sp.x, sp.y, sp.w, sp.h


# 11.1.11: the nations neutral when the game starts; their spaces are closed until they enter.
NEUTRAL_NATIONS = tuple(sorted({sp.nation for sp in SPACES if sp.neutral_at_start}))

# Events whose having been played changes the game later (the engine consults them).
LASTING_EVENTS = (
    "blockade",
    "walter_rathenau",
    "hoffmann",
    "uboats_unleashed",
    "sinai_pipeline",
    "zimmermann_telegram",
    "convoy",
    "moltke",
    "falkenhayn",
    "h_l_take_command",
    "tsar_takes_command",
    "fall_of_the_tsar",
    "bolshevik_revolution",
    "treaty_of_brest_litovsk",
    "independent_air_force",
    "salonika",
    "race_to_the_sea",
    "oberost",
    "landships",
    "fourteen_points",
    "french_mutiny",
    "sud_army",
    "eleventh_army",
    "ap_entrench",
    "cp_entrench",
)
_CARD_OF_EVENT: dict[str, int] = {}
for _c in D.cards:
    if _c.event_key and not _c.variant_of:
        _CARD_OF_EVENT.setdefault(_c.event_key, _c.ix)
for _c in D.cards:
    if _c.event_key:
        _CARD_OF_EVENT.setdefault(_c.event_key, _c.ix)

# Markers of this turn (tflags) worth telling a player, in words (``marker.<key>`` of the web
# face's sentences).
TURN_MARKERS = (
    "influenza",
    "zeppelin_raids",
    "yanks_and_tanks",
    "everyone_into_battle",
    "brusilov_trench",
    "reinforced",
    "caucasus_move",
    "sr_ne_ru",
    "sr_ne_br",
    "sr_ne_cp",
)

CARD_USES = ("card.ops", "card.sr", "card.rp", "card.event", "auto_operation")
USE_OF = {
    "card.ops": "ops",
    "card.sr": "sr",
    "card.rp": "rp",
    "card.event": "event",
    "auto_operation": "auto",
}


class PogWeb:
    """Paths of Glory's :class:`greatwar.core.faces.WebFace`."""

    def static_data(self, lang: str = DEFAULT_LANG) -> dict[str, Any]:
        return static_data(lang)

    def dress(self, view: dict[str, Any], state: State, lang: str = DEFAULT_LANG) -> None:
        dress_view(view, state, lang)

    def spectator(self, state: State) -> dict[str, Any]:
        """The Allied view with both hands and the whole log (a finished game's replay)."""
        v = seat_view(state, "ap")
        v["cards"]["hands"] = {
            "ap": list(v["cards"]["hand"]),
            "cp": seat_view(state, "cp")["cards"]["hand"],
        }
        v["log"] = list(state.log)
        v["seat"] = "both"
        return v

    def public(self, state: State) -> dict[str, Any]:
        """An observer's view: neither hand, no card set aside (:func:`.view.public_view`)."""
        return public_view(state)

    def summary(self, state: State) -> dict[str, Any]:
        return {"turn": state.turn, "phase": state.phase, "round": state.round, "vp": state.vp}


def dress_view(view: dict[str, Any], s: State, lang: str = DEFAULT_LANG) -> None:
    """Everything :class:`PogWeb` adds to a seat's view (see the module docstring), its
    sentences in ``lang``."""
    view["lang"] = lang
    view["prompt_text"] = messages.prompt_text(view.get("prompt"), lang)
    view["supply"] = supply_overlay(s)
    view["supply_networks"] = supply_networks(s)
    view["neutral"] = neutral_spaces(s)
    view["under_way"] = under_way(s, lang)
    view["combat"] = combat_info(s, lang)
    view["map_marks"] = map_marks(s)
    view["rounds"] = round_track(s)
    view["in_force"] = events_in_force(s, lang)
    view["score"] = score(s)
    mine = bool(view.get("legal"))
    view["prompt_detail"] = prompt_detail(s, lang) if mine else []
    view["confirm_done"] = confirm_done(s, view.get("legal") or [], lang) if mine else None
    view["rp_offers"] = replacement_offers(s, view.get("legal") or []) if mine else {}


def supply_overlay(s: State) -> dict[str, list[str]]:
    """Public supply status (14): units on the map out of supply, and map spaces (of nations
    in the war) where a unit of the controlling side could not trace supply."""
    cached = s.cache.get("server.supply")
    if cached is not None:
        out: dict[str, list[str]] = cached
        return out
    boxes = D.boxes
    units = [
        D.units[u].id
        for u, x in enumerate(s.loc)
        if x != OFF and x not in boxes and not unit_supplied(s, u)
    ]
    spaces = [
        D.spaces[x].id for x in D.map_spaces if not closed_to_all(s, x) and not space_supplied(s, x)
    ]
    out = {"units": units, "spaces": spaces}
    s.cache["server.supply"] = out
    return out


# The supply networks a player may look at (14.2): the Central Powers' (any of their sources,
# across Turkish dashed lines: what a Central Powers space traces to, 14.2.5), the Western
# Allies' (London, 14.2.4), the Eastern Allies' (the Russian sources and Belgrade, 14.2.2) and
# the MEF's (London, the MEF Beachhead a port, 9.2.7.1); each by the supply class that traces
# it (greatwar.pog.supply.CLASSES).
SUPPLY_NETWORKS = {"cp": "space_cp", "ap_west": "ap_west", "ap_east": "ap_east", "mef": "ap_br_mef"}


def supply_networks(s: State) -> dict[str, str]:
    """For each network of :data:`SUPPLY_NETWORKS`, the map spaces of its side where a unit
    of its class would be in supply, as a bitmap in hex (bit ``i`` of byte ``i // 8``: the
    ``i``-th space of the facts' ``spaces``), so that every view carries them in a few
    hundred characters."""
    cached = s.cache.get("server.networks")
    if cached is not None:
        out: dict[str, str] = cached
        return out
    out = {}
    for key, name in SUPPLY_NETWORKS.items():
        side = CLASSES[name].side
        bits = bytearray((len(SPACES) + 7) // 8)
        for x in D.map_spaces:
            if s.ctrl[x] == side and not closed_to_all(s, x) and traces_from(s, x, name):
                bits[x // 8] |= 1 << (x % 8)
        out[key] = bits.hex()
    s.cache["server.networks"] = out
    return out


def neutral_spaces(s: State) -> list[str]:
    """11.1.11: the spaces of nations still neutral (nobody controls them yet)."""
    return [
        SPACES[x].id
        for x in D.map_spaces
        if SPACES[x].neutral_at_start and not at_war(s, SPACES[x].nation)
    ]


# -- words and numbers of the procedure --------------------------------------------------------


def _t(key: str, lang: str, **args: Any) -> str:
    """One of the web face's sentences in ``lang``."""
    return T.WEB.text(key, lang, **args)


def _side(f: Frame) -> str:
    side = f.get("side")
    return SIDE_NAMES[side] if isinstance(side, int) else ""


def _names(ids: Any, kind: str, lang: str = DEFAULT_LANG) -> list[str]:
    if not isinstance(ids, list):
        return []
    table = D.spaces if kind == "space" else D.units
    name = T.space if kind == "space" else T.unit
    return [name(table[i].id, lang) for i in ids if isinstance(i, int) and 0 <= i < len(table)]


def _list(ids: Any, kind: str, lang: str) -> str:
    return ", ".join(_names(ids, kind, lang))


def _space(x: Any, lang: str = DEFAULT_LANG) -> str:
    return T.space(SPACES[x].id, lang) if isinstance(x, int) and 0 <= x < len(SPACES) else ""


def _card(c: Any, lang: str = DEFAULT_LANG) -> str:
    return T.card_title(CARDS[c].id, lang) if isinstance(c, int) and 0 <= c < len(CARDS) else ""


def _unit(u: int, lang: str) -> str:
    return T.unit(UNITS[u].id, lang)


def _rp_left(s: State, lang: str) -> str:
    if lang == DEFAULT_LANG:
        rp = ", ".join(f"{k.upper()} {v / 2:g}" for k, v in s.rp.items() if v > 0)
        return rp or "none"
    rp = ", ".join(
        f"{T.word(f'nation_abbr.{k}', lang)} {T.number(v / 2, lang)}"
        for k, v in s.rp.items()
        if v > 0
    )
    return rp or _t("none", lang)


def _top(s: State, step: str) -> Frame | None:
    for f in reversed(s.stack):
        if f.get("step") == step:
            return f
    return None


def _ops_left(f: Frame) -> int:
    return int(f.get("ops", 0)) - int(f.get("spent", 0))


def under_way(s: State, lang: str = DEFAULT_LANG) -> list[dict[str, Any]]:
    """The procedure in words, outermost first: one item per frame worth telling."""
    out: list[dict[str, Any]] = []
    for f in s.stack:
        step = f.get("step")
        side = _side(f)
        lines: list[str] = []
        if step == "action_round":
            title = _t("round.title", lang, round=f.get("round"))
        elif step == "operation":
            card = _card(f.get("card"), lang)
            title = (
                _t("operation.title_card", lang, card=card)
                if card
                else _t("operation.title_auto", lang)
            )
            lines.append(
                _t(
                    "operation.ops",
                    lang,
                    ops=f.get("ops"),
                    spent=f.get("spent", 0),
                    left=_ops_left(f),
                )
            )
            if f.get("moves"):
                lines.append(_t("operation.move", lang, spaces=_list(f["moves"], "space", lang)))
            if f.get("attacks"):
                lines.append(
                    _t("operation.attack", lang, spaces=_list(f["attacks"], "space", lang))
                )
        elif step == "movement":
            title = _t("movement.title", lang)
            u = f.get("unit", -1)
            if isinstance(u, int) and u >= 0:
                lines.append(
                    _t(
                        "movement.unit",
                        lang,
                        unit=_unit(u, lang),
                        mp=f.get("mp", 0),
                        mf=board.mf(s, u),
                    )
                )
            left = [m for m in f.get("movers", []) if m not in f.get("done", [])]
            if left:
                lines.append(_t("movement.left", lang, count=len(left)))
        elif step == "strategic_redeployment":
            card = _card(f.get("card"), lang)
            title = _t("sr.title_card", lang, card=card) if card else _t("sr.title", lang)
            lines.append(_t("sr.points", lang, points=f.get("points")))
            u = f.get("unit", -1)
            if isinstance(u, int) and u >= 0:
                lines.append(_t("sr.unit", lang, unit=_unit(u, lang)))
            if f.get("done"):
                lines.append(_t("sr.done", lang, units=_list(f["done"], "unit", lang)))
        elif step == "combat_designation":
            title = _t("designation.title", lang)
            if f.get("attacked"):
                lines.append(
                    _t("designation.attacked", lang, spaces=_list(f["attacked"], "space", lang))
                )
            tgt = f.get("tgt", -1)
            if isinstance(tgt, int) and tgt >= 0:
                lines.append(_t("designation.target", lang, space=_space(tgt, lang)))
                if f.get("sel"):
                    lines.append(_t("designation.sel", lang, units=_list(f["sel"], "unit", lang)))
        elif step == "combat":
            title = _t("combat.title", lang, space=_space(f.get("tgt"), lang))
            lines.append(_t("combat.attackers", lang, units=_list(f.get("att", []), "unit", lang)))
            dfn = _names(f.get("dfn", []), "unit", lang)
            lines.append(
                _t("combat.defenders", lang, units=", ".join(dfn) if dfn else _t("none", lang))
            )
            if f.get("cards"):
                cards = ", ".join(_card(c, lang) for c in f["cards"])
                lines.append(_t("combat.cards", lang, cards=cards))
        elif step == "combat_losses":
            title = _t("losses.title", lang)
            lines.append(_t("losses.ln", lang, ln=f.get("ln")))
        elif step in ("combat_retreat", "combat_advance"):
            title = _t("retreat.title" if step == "combat_retreat" else "advance.title", lang)
            if f.get("units"):
                lines.append(_t("units", lang, units=_list(f["units"], "unit", lang)))
        elif step in ("place_reinforcements", "entry_placement"):
            title = _t(
                "reinforcements.title" if step == "place_reinforcements" else "entry.title", lang
            )
            if f.get("units"):
                lines.append(_t("to_place", lang, units=_list(f["units"], "unit", lang)))
        elif step == "spend_replacements":
            title = _t("replacements.title", lang)
            lines.append(_t("rp.left", lang, rp=_rp_left(s, lang)))
        elif step in ("turn", "finish_card", "replacement_end", "draw_cards"):
            continue
        else:
            words = str(step).replace("_", " ").capitalize()
            title = T.word(f"step.{step}", lang, words) if lang != DEFAULT_LANG else words
        out.append({"title": title, "side": side, "lines": lines})
    return out


def _preview(s: State, f: Frame) -> dict[str, Any] | None:
    """The combat being designated (12.2.2), before combat cards: strengths, tables, columns."""
    tgt = f.get("tgt", -1)
    if not isinstance(tgt, int) or tgt < 0:
        return None
    side = f["side"]
    att = [u for u in f.get("sel", []) if isinstance(u, int)]
    dfn = [u for u in board.units_in(s, tgt) if UNITS[u].side != side]
    sp = SPACES[tgt]
    # 15.1.4: the defender's standing fort adds its value
    fort_cf = sp.fort if board.fort_intact(s, tgt) and board.fort_owner(s, tgt) != side else 0
    a_shift, d_shift = fire.terrain_shift(sp.terrain)
    level = s.trench[tgt] if s.tside[tgt] == 1 - side and dfn else 0
    if level:
        ta, td = fire.TRENCH_SHIFTS[level]
        a_shift, d_shift = a_shift + ta, d_shift + td
    att_cf = sum(board.cf(s, u) for u in att)
    dfn_cf = sum(board.cf(s, u) for u in dfn) + fort_cf
    at = fire.ARMY if any(UNITS[u].army for u in att) else fire.CORPS
    dt = fire.ARMY if any(UNITS[u].army for u in dfn) else fire.CORPS
    return {
        "stage": "designation",
        "target": sp.id,
        "attacker": SIDE_NAMES[side],
        "att": {
            "units": [UNITS[u].id for u in att],
            "cf": att_cf,
            "table": at.name,
            "column": at.labels[at.shifted(att_cf, a_shift)] if att else None,
            "shift": a_shift,
            "drm": fire.sinai_drm(s, {s.loc[u] for u in att}) if att else 0,
        },
        "dfn": {
            "units": [UNITS[u].id for u in dfn],
            "cf": dfn_cf,
            "fort": fort_cf,
            "table": dt.name,
            "column": dt.labels[dt.shifted(dfn_cf, d_shift)],
            "shift": d_shift,
            "drm": 0,
        },
        "terrain": sp.terrain,
        "trench": level,
        "fires": [],
    }


def combat_info(s: State, lang: str = DEFAULT_LANG) -> dict[str, Any] | None:
    """The combat under way (12.2-12.7) with both sides' numbers, or the one being designated;
    the fire rolls made so far come from the log (``fires``, their text in ``lang``)."""
    c = _top(s, "combat")
    if c is None:
        f = _top(s, "combat_designation")
        return _preview(s, f) if f is not None else None
    side = c["side"]
    sides: dict[str, Any] = {}
    for role, who in (("a", side), ("d", 1 - side)):
        units = units_of(s, c, role)
        cf = fire.strength(s, c, role)
        table = fire.table_for(s, c, role, who)
        a_shift, d_shift = fire.shifts(s, c)
        shift = a_shift if role == "a" else d_shift
        sides["att" if role == "a" else "dfn"] = {
            "units": [UNITS[u].id for u in units],
            "cf": cf,
            "fort": cf - sum(board.cf(s, u) for u in units) if role == "d" else 0,
            "table": table.name,
            "column": table.labels[table.shifted(cf, shift)],
            "shift": shift,
            "drm": fire.drm(s, c, who),
            "ln": c.get("lna" if role == "a" else "lnd", -1),
        }
    tgt = c["tgt"]
    fires: list[dict[str, Any]] = []
    for e in reversed(s.log):
        if e.get("v") is not None:
            continue
        k = e.get("k")
        if k == "combat.designated":
            break
        if k in ("combat.fire", "combat.flank", "combat.flank_auto", "combat.winner", "combat.tie"):
            fires.append({**e, "text": messages.render(e, lang)})
    fires.reverse()
    winner = c.get("winner", -1)
    return {
        "stage": str(c.get("stage", "")),
        "target": SPACES[tgt].id,
        "attacker": SIDE_NAMES[side],
        "defender": SIDE_NAMES[defender(c)],
        "att": sides["att"],
        "dfn": sides["dfn"],
        "spaces": [SPACES[x].id for x in c.get("spaces", [])],
        "terrain": SPACES[tgt].terrain,
        "trench": fire.trench_level(s, c),
        "flank": {1: "succeeded", -1: "failed"}.get(c.get("flank", 0), "none"),
        "cards": [CARDS[x].id for x in c.get("cards", []) if isinstance(x, int)],
        "winner": SIDE_NAMES[winner] if winner in (0, 1) else None,
        "fires": fires,
    }


def map_marks(s: State) -> dict[str, Any]:
    """What the map marks about the procedure: activated spaces, the moving unit, attackers
    and target, the unit chosen for SR."""
    out: dict[str, Any] = {
        "move": [],
        "attack": [],
        "target": None,
        "attackers": [],
        "attack_from": [],
        "unit": None,
    }
    op = _top(s, "operation")
    if op is not None:
        out["move"] = [SPACES[x].id for x in op.get("moves", [])]
        out["attack"] = [SPACES[x].id for x in op.get("attacks", [])]
    c = _top(s, "combat")
    d = _top(s, "combat_designation")
    if c is not None:
        out["target"] = SPACES[c["tgt"]].id
        out["attackers"] = [UNITS[u].id for u in c.get("att", [])]
        out["attack_from"] = [SPACES[x].id for x in c.get("spaces", [])]
    elif d is not None and isinstance(d.get("tgt"), int) and d["tgt"] >= 0:
        out["target"] = SPACES[d["tgt"]].id
        sel = [u for u in d.get("sel", []) if isinstance(u, int)]
        out["attackers"] = [UNITS[u].id for u in sel]
        out["attack_from"] = sorted({SPACES[s.loc[u]].id for u in sel if s.loc[u] >= 0})
    if d is not None:
        out["attacked"] = [SPACES[x].id for x in d.get("attacked", [])]
    top = s.stack[-1] if s.stack else {}
    u = top.get("unit", -1) if top.get("step") in ("movement", "strategic_redeployment") else -1
    if isinstance(u, int) and u >= 0:
        out["unit"] = UNITS[u].id
    return out


def round_track(s: State) -> dict[str, Any]:
    """The action-round track of this turn (8.1): what each side did in each round, from the
    public log (the card and its use), and the mandated offensive each side still owes."""
    rounds: dict[str, list[dict[str, Any]]] = {"ap": [], "cp": []}
    for e in reversed(s.log):
        if e.get("t") != s.turn:
            break
        if e.get("v") is not None or e.get("k") not in CARD_USES:
            continue
        side = e.get("s")
        if side in rounds:
            rounds[side].append(
                {
                    "round": e.get("ar"),
                    "use": USE_OF[e["k"]],
                    "card": (e.get("a") or {}).get("card"),
                }
            )
    for lst in rounds.values():
        lst.reverse()
    missed = [
        {"turn": e.get("t"), "side": e.get("s"), "mo": (e.get("a") or {}).get("mo")}
        for e in s.log
        if e.get("k") == "mo.missed"
    ]
    return {
        "rounds": ROUNDS,
        "current": s.round,
        "uses": rounds,
        "mo_owed": {"ap": s.mo[0], "cp": s.mo[1]},
        "mo_missed": missed,
    }


def events_in_force(s: State, lang: str = DEFAULT_LANG) -> list[dict[str, Any]]:
    """Played events whose effect lasts (the engine consults them later), with this turn's
    markers, in the order played; names in ``lang``."""
    out: list[dict[str, Any]] = []
    for key, turn in sorted(s.events.items(), key=lambda kv: (kv[1], kv[0])):
        if key not in LASTING_EVENTS:
            continue
        c = _CARD_OF_EVENT.get(key)
        out.append(
            {
                "key": key,
                "card": CARDS[c].id if c is not None else None,
                "name": T.card(CARDS[c].id, lang)
                if c is not None
                else key.replace("_", " ").title(),
                "side": SIDE_NAMES[CARDS[c].side] if c is not None else None,
                "turn": turn,
            }
        )
    for key in TURN_MARKERS:
        if s.tflags.get(key):
            text = _t(f"marker.{key}", lang)
            out.append(
                {"key": key, "card": None, "name": text, "side": None, "turn": s.turn, "now": 1}
            )
    return out


def score(s: State) -> dict[str, Any]:
    """The score: VP, the VP spaces each side holds, and what the scenario's end would give."""
    sc = SCENARIOS[s.scenario]
    held: dict[str, list[str]] = {"ap": [], "cp": []}
    for x in D.map_spaces:
        if board.vp_space(s, x):
            held[SIDE_NAMES[s.ctrl[x]]].append(SPACES[x].id)
    levels = sc.levels
    if sc.levels_after_brest_litovsk is not None and "treaty_of_brest_litovsk" in s.events:
        levels = sc.levels_after_brest_litovsk
    return {
        "vp": s.vp,
        "held": held,
        "last_turn": sc.last_turn,
        "cp_wins_at": levels.cp_at_least,
        "ap_wins_at": levels.ap_at_most,
        "judged_now": levels.judge(s.vp),
        "draws_to_ap": sc.draws_to_ap,
        "automatic": {"cp": 20, "ap": 0},
    }


def prompt_detail(s: State, lang: str = DEFAULT_LANG) -> list[str]:
    """The numbers the decision at hand turns on, as short sentences in ``lang``."""
    if not s.stack:
        return []
    f = s.stack[-1]
    step = f.get("step")
    out: list[str] = []
    if step == "operation":
        out.append(_t("detail.ops", lang, left=_ops_left(f), ops=f.get("ops")))
    elif step == "strategic_redeployment":
        out.append(_t("detail.sr", lang, points=f.get("points")))
        u = f.get("unit", -1)
        if isinstance(u, int) and u >= 0:
            out.append(
                _t("detail.sr_unit", lang, unit=_unit(u, lang), space=_space(s.loc[u], lang))
            )
    elif step == "movement":
        u = f.get("unit", -1)
        if isinstance(u, int) and u >= 0:
            out.append(
                _t(
                    "detail.movement",
                    lang,
                    unit=_unit(u, lang),
                    space=_space(s.loc[u], lang),
                    mp=f.get("mp", 0),
                    mf=board.mf(s, u),
                )
            )
    elif step == "combat_losses":
        out.append(_t("detail.ln", lang, ln=f.get("ln")))
    elif step == "combat_flank":
        c = _top(s, "combat")
        if c is not None:
            need = D.tables["flank_attack"]["success_if_modified_roll_at_least"]
            out.append(_t("detail.flank", lang, space=_space(c["tgt"], lang), need=need))
            for x in c.get("spaces", []):
                if x != c["tgt"]:
                    drm = flank_drm(s, c, x)
                    out.append(_t("detail.pinning", lang, space=_space(x, lang), drm=drm))
    elif step == "spend_replacements":
        out.append(_t("detail.rp", lang, rp=_rp_left(s, lang)))
    elif step in ("place_reinforcements", "entry_placement") and f.get("units"):
        out.append(_t("detail.to_place", lang, units=_list(f["units"], "unit", lang)))
    info = combat_info(s, lang)
    if info is not None and step in (
        "combat_designation",
        "combat_cards",
        "combat_flank",
        "combat_losses",
    ):
        a, d = info["att"], info["dfn"]
        if a["units"] or step != "combat_designation":
            out.append(
                _t(
                    "detail.attack",
                    lang,
                    space=T.space(info["target"], lang),
                    acf=a["cf"],
                    atable=T.word(f"table.{a['table']}", lang),
                    acol=a["column"],
                    adrm=_drm_text(a["drm"], lang),
                    dcf=d["cf"],
                    dtable=T.word(f"table.{d['table']}", lang),
                    dcol=d["column"],
                    ddrm=_drm_text(d["drm"], lang),
                )
            )
    return out


def replacement_offers(s: State, legal: list[str]) -> dict[str, dict[str, Any]]:
    """What each purchase of the Replacement Phase open now does (17.1, the Replacement Cost
    Table), for its label: ``{"place fr_3_army verdun": {"rebuild": True, "space": "verdun",
    "rp": 1.0}}``: a unit rebuilt from the Eliminated Box, reduced, where it will stand (17.1.5,
    17.1.6), or a reduced unit flipped to full where it stands; and the RPs it costs."""
    f = s.stack[-1] if s.stack else None
    if f is None or f.get("step") != "spend_replacements":
        return {}
    out: dict[str, dict[str, Any]] = {}
    for text in legal:
        verb, *args = text.split()
        if verb not in ("replace", "place") or not args:
            continue
        u = D.unit(args[0])
        d = UNITS[u]
        if verb == "place":  # 17.1.5: an eliminated army, placed as a reinforcement
            out[text] = {"rebuild": True, "space": args[1], "rp": replacements.ARMY_REBUILD / 2}
        elif s.loc[u] == board.ELIMINATED[d.side]:  # an eliminated corps (17.1.6: the ANA)
            x = reinforcements.corps_space(s, u)
            cost = replacements.CORPS_REBUILD / 2
            out[text] = {"rebuild": True, "space": SPACES[x].id, "rp": cost}
        else:
            cost = (replacements.ARMY_STEP if d.army else replacements.CORPS_STEP) / 2
            out[text] = {"rebuild": False, "space": SPACES[s.loc[u]].id, "rp": cost}
    return out


def _drm_text(drm: int, lang: str = DEFAULT_LANG) -> str:
    return _t("detail.drm", lang, drm=drm) if drm else ""


def confirm_done(s: State, legal: list[str], lang: str = DEFAULT_LANG) -> str | None:
    """A warning (in ``lang``) when ``done`` would leave something unused that could still
    be used."""
    if "done" not in legal or not s.stack:
        return None
    f = s.stack[-1]
    step = f.get("step")
    others = [a for a in legal if a != "done"]
    if not others:
        return None
    if step == "operation":
        left = _ops_left(f)
        if left > 0:
            return _t("confirm.ops", lang, left=left)
    elif step == "strategic_redeployment" and f.get("unit", -1) < 0:
        return _t("confirm.sr", lang, points=f.get("points"))
    elif step == "combat_designation" and f.get("tgt", -1) < 0:
        unused = [a.split()[1] for a in others if a.startswith("attack ")]
        if unused:
            names = ", ".join(T.space(x, lang) for x in unused[:6])
            return _t("confirm.attacks", lang, spaces=names)
    elif step == "spend_replacements":
        return _t("confirm.rp", lang)
    elif step == "movement" and f.get("unit", -1) < 0 and f.get("stack", -1) < 0:
        idle = [m for m in f.get("movers", []) if m not in f.get("done", [])]
        if idle:
            return _t("confirm.movement", lang, count=len(idle))
    return None


# -- the fixed facts ------------------------------------------------------------------------------


def _reinforcements() -> list[dict[str, Any]]:
    """The reinforcement cards (9.5.3), by side and deck: which units each brings."""
    out = []
    for c in D.cards:
        if c.reinforcement_units:
            out.append(
                {
                    "card": c.id,
                    "side": SIDE_NAMES[c.side],
                    "deck": c.deck,
                    "units": [UNITS[u].id for u in c.reinforcement_units],
                    "optional": c.optional,
                }
            )
    return out


def rule_sections(lang: str = DEFAULT_LANG) -> list[dict[str, str]]:
    """The rulebook's sections (1.0 to 17.1) by number and heading, in ``lang`` (the
    Russian rulebook's headings; English for a language without its own): the rules summary
    that the log's rule numbers lead to."""
    rows = _section_rows()
    column = lang if rows and lang in rows[0] else DEFAULT_LANG
    return [{"rule": r["section"], "title": r[column]} for r in rows]


@cache
def _section_rows() -> list[dict[str, str]]:
    text = resources.files("greatwar.pog").joinpath("data", "rule_sections.csv")
    return list(csv.DictReader(text.read_text(encoding="utf-8").splitlines()))


def _localised(tables: dict[str, Any], lang: str) -> dict[str, Any]:
    """A copy of the reference tables with their texts in ``lang`` (the paths of
    :data:`greatwar.pog.lang.REFERENCE_PATHS`)."""
    out: dict[str, Any] = json.loads(json.dumps(tables))
    texts = T.reference(lang)
    for path in T.REFERENCE_PATHS:
        parts = path.split(".")
        node: Any = out
        for part in parts[:-1]:
            node = node.get(part) if isinstance(node, dict) else None
        last = parts[-1]
        if not isinstance(node, dict) or last not in node:
            continue
        if isinstance(node[last], list):
            node[last] = [texts.get(f"{path}.{i}", v) for i, v in enumerate(node[last])]
        elif isinstance(node[last], str):
            node[last] = texts.get(path, node[last])
    return out


def words(lang: str = DEFAULT_LANG) -> dict[str, str]:
    """The game's words (nations, terrains, phases, decks, track boxes, scenarios, MO results,
    the prompts' steps...) in ``lang``, for the client's labels: ``{"terrain.forest": ...}``."""
    return {k: T.word(k, lang) for k in T.WORDS.table("en")}


@cache
def static_data(lang: str = DEFAULT_LANG) -> dict[str, Any]:
    """The facts a client draws with: spaces, connections, units, cards (with event texts),
    the turn calendar, the track boxes, the prompts, the game's words and the reference tables,
    their names and texts in ``lang``. Public and fixed; served once and cached."""
    spaces = []
    for x in D.spaces:
        px, py, pw, ph = _place(x)
        spaces.append(
            {
                "id": x.id,
                "name": T.space(x.id, lang),
                "forms": i18n.forms_of(T.space(x.id, lang)),
                "kind": x.kind,
                "map": x.map,
                "nation": x.nation,
                "neutral_at_start": x.neutral_at_start,
                "initial_control": SIDE_NAMES[x.initial_control],
                "terrain": x.terrain,
                "vp": x.vp,
                "vp_classic": x.vp_classic,
                "fort": x.fort,
                "supply_source": x.supply_source,
                "ap_port": x.ap_port,
                "cp_port": x.cp_port,
                "capital": x.capital,
                "mef_beach": x.mef_beach,
                "x": px,
                "y": py,
                "w": pw,
                "h": ph,
                "alt_x": x.alt_x,
                "alt_y": x.alt_y,
            }
        )
    links = [
        {
            "a": D.spaces[ln.a].id,
            "b": D.spaces[ln.b].id,
            "restriction": ln.restriction,
            "nations": sorted(ln.nations),
            "crosses_maps": ln.crosses_maps,
        }
        for ln in D.links
    ]
    units = [
        {
            "id": u.id,
            "name": T.unit(u.id, lang),
            "side": "ap" if u.side == 0 else "cp",
            "nation": u.nation,
            "army": u.army,
            "full": [u.cf, u.lf, u.mf],
            "reduced": [u.reduced_cf, u.reduced_lf, u.reduced_mf],
        }
        for u in D.units
    ]
    cards = [
        {
            "id": c.id,
            "side": "ap" if c.side == 0 else "cp",
            "number": c.number,
            "name": T.card(c.id, lang),
            "deck": c.deck,
            "ops": c.ops,
            "sr": c.sr,
            "rp": dict(c.rp),
            "war_status": c.war_status,
            "removed": c.removed_after_event,
            "combat": c.combat_card,
            "event_ops": c.event_also_ops,
            "optional": c.optional,
            "event_key": c.event_key,
            "text": card_text(c.id, lang),
        }
        for c in D.cards
    ]
    turns = [
        {
            "turn": t,
            "label": T.word(f"turn.{t}", lang, TURNS[t]["label"]),
            "season": TURNS[t]["season"],
            "notes": [
                T.reference(lang).get(f"turn_track.{t}.notes.{i}", n)
                for i, n in enumerate(TURNS[t].get("notes", []))
            ],
        }
        for t in sorted(TURNS)
    ]
    tables = _localised(D.tables, lang)
    return {
        "lang": lang,
        "width": WIDTH,
        "height": HEIGHT,
        "spaces": spaces,
        "links": links,
        "units": units,
        "cards": cards,
        "turns": turns,
        "us_boxes": list(US_BOXES),
        "rc_boxes": list(RC_BOXES),
        "prompts": {k: messages.prompt_text(k, lang) for k in messages.PROMPTS_EN},
        "words": words(lang),
        "neutral_nations": list(NEUTRAL_NATIONS),
        "reference": {
            "fire_tables": tables["fire_tables"],
            "terrain_effects": tables["terrain_effects"],
            "flank_attack": tables["flank_attack"],
            "retreat_length": tables["retreat_length"],
            "general_records_track": tables["general_records_track"],
            "victory_levels": tables["victory_levels"],
            "vp_table": tables["vp_table"],
            "activation": tables["activation"],
            "reinforcements": _reinforcements(),
            "rule_sections": rule_sections(lang),
            "rounds": ROUNDS,
        },
    }
