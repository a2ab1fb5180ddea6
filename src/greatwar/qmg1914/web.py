"""Quartermaster General: 1914 in the web client: the game's face for the server.

:class:`QmgWeb` gives the server what is this game's own:

- :func:`static_data`: the fixed, public facts the browser draws with: the board as a schematic
  map of Europe (every space's place and size: land spaces as boxes, sea spaces as ellipses; the
  adjacencies, the Kiel Canal marked as the Central Powers' link only), the countries with
  their colours and piece limits, the powers and teams, every card with its Play text and
  prepared side, the Game Round track with its Scoring Rounds;
- :func:`dress_view`: what the page shows beside the engine's view: the prompt as a sentence,
  each legal action written out with names, for the power to act the reasons each of its own
  cards may or may not be used now, the battle being fought (its running Reinforce and Sustain
  totals, the cards revealed in it, who decides), what the power to act is doing (in words, for
  everybody else), and the score (what each team would score now).

Everything but the card notes is public (the board, the played and revealed cards, the
procedure's public fields). The card notes are about the viewing power's own hand and prepared
cards and are given to that power only. Nothing here reads another power's hand, prepared
cards or draw deck, except :meth:`QmgWeb.spectator`, which the server offers only once a game
is over. The sentences come from one place each: the prompts and action texts are the terminal
face's (:mod:`greatwar.qmg1914.terminal`), the others are in :data:`TEXT`.
"""

from __future__ import annotations

import json
import re
from contextvars import ContextVar
from functools import cache
from typing import Any

from greatwar.core import i18n
from greatwar.core.session import UNDO
from greatwar.core.steps import Frame
from greatwar.qmg1914 import battle as battles
from greatwar.qmg1914 import board, engine, placement
from greatwar.qmg1914 import lang as T
from greatwar.qmg1914.card_text import (
    ADJECTIVES,
    COUNTRY_NAMES,
    POWER_SHORT,
    SYMBOL_NAMES,
    TYPE_NAMES,
    name,
    play_text,
    prepared_text,
)
from greatwar.qmg1914.cards.base import BEHAVIOURS
from greatwar.qmg1914.cards.common import Requiring
from greatwar.qmg1914.cards.script import Script
from greatwar.qmg1914.data import (
    ADJ,
    ADJ_OPEN,
    ARMY_LIMITS,
    CARD_IDS,
    CARD_INDEX,
    CARDS,
    COUNTRIES,
    COUNTRIES_OF,
    DECK_SIZES,
    HAND_SIZE,
    HOME,
    LAND_MASK,
    LAST_ROUND,
    NAVY_LIMITS,
    POWER_NAMES,
    POWER_OF_COUNTRY,
    POWERS,
    SCORING_ROUNDS,
    SEA_MASK,
    SPACE_IDS,
    SPACE_INDEX,
    SPACES,
    TEAM_NAMES,
    TEAM_OF,
    TEAM_OF_COUNTRY,
    TEAMS,
)
from greatwar.qmg1914.state import State
from greatwar.qmg1914.terminal import (
    STEPS,
    describe,
    piece_phrase,
    power_name,
    prompt_text,
    step_text,
)
from greatwar.qmg1914.turn import SUDDEN_LEAD, adjacent_enemies, score
from greatwar.qmg1914.view import public_view
from greatwar.qmg1914.view import view as seat_view

# -- the words of the web face (one place, for translation) -----------------------------------

TEXT: dict[str, str] = {
    # what the power to act is doing, for the other seats
    "wait.setup": "{power} is choosing the cards to put on the bottom of its draw deck",
    "wait.draft": "{power} may discard two cards to draft one (Draft step)",
    "wait.play": "{power} is choosing a card to play (Play step)",
    "wait.attrition": "{power} may use a prepared card's Attrition symbols",
    "wait.prepare": "{power} may prepare a card (Prepare step)",
    "wait.draw": "{power} is drawing back up to its hand size",
    "wait.place": "{power} is placing a piece",
    "wait.battle_choose": "{power} is choosing a battle",
    "wait.reinforce": "{power} decides whether to reinforce the defence of {space}",
    "wait.sustain": "{power} decides whether to sustain the battle of {space}",
    "wait.counter": "{power} decides whether to counterattack from {space}",
    "wait.pay": "{power} is discarding cards it must pay",
    "wait.loss": "{power} is choosing the cards it loses",
    "wait.remove_piece": "{power} is removing one of its pieces from the board",
    "wait.other": "{power} is deciding",
    # the reasons a card may or may not be used now
    "ok.play": "Can be played now",
    "ok.play_build": "Can be played: {n} space(s) where the piece may be placed",
    "ok.play_battle": "Can be played: {n} battle(s) possible",
    "ok.play_nothing": "Can be played, but it would do nothing now: {why}",
    "ok.attrition": "Its Attrition symbols can be used now",
    "ok.prepare": "Can be prepared (face down)",
    "ok.unprepare": "Can be taken back into your hand",
    "ok.reinforce": "Reinforce: +{n}",
    "ok.sustain": "Sustain: +{n}",
    "ok.counterattack": "Counterattack from {space}",
    "ok.discard": "Can be discarded",
    "ok.other": "Can be chosen now",
    "no.unimplemented": "Its Play text is not available in this game",
    "no.cost_hand": "Playing it costs {n} other card(s) from your hand; you have {have}",
    "no.cost_prepared": "Playing it costs {n} prepared card(s); you have {have}",
    "no.requirement": "Its requirement is not met now",
    "no.play": "It cannot be played now",
    "no.build": "no space where a {adjective} {piece} may be built",
    "no.battle": "no {kind} space the {adjective} pieces can battle",
    "no.not_attrition": "It has no Attrition symbols",
    "no.no_adjacent": "No enemy Army stands next to one of your Armies",
    "no.not_symbol": "It is not a {symbol} card",
    "no.sustain_only": "Only the attacker sustains a battle",
    "no.reinforce_only": "Only a defender reinforces a battle",
    "no.counter_only": "Only a Counterattack card can be used now",
    "no.where": "Its Prepare text does not allow it in {space}",
    "no.country_absent": "No {adjective} piece stands in {space}",
    "no.unsupplied": "The {adjective} piece in {space} is out of supply and the card has no "
    "Supply symbol",
    "no.battling_country": "Only {adjective} cards sustain this battle",
    "no.hand_for_terrain": "Difficult terrain: each Sustain costs a card from your hand, and "
    "your hand is empty",
    "no.insufficient_reinforce": "Not enough: even all your side's usable Reinforce cards "
    "cannot bring the total above the Sustain total ({su})",
    "no.insufficient_sustain": "Not enough: even all your usable Sustain cards cannot bring "
    "the total up to the Reinforce total ({r})",
    "no.status_forbids": "A Status card in play forbids your prepared cards in this battle",
    "no.counter_sea": "No counterattack after a sea battle or a battle from the sea",
    "no.counter_cannot": "The {adjective} Army cannot battle {space} now",
    "no.other": "It cannot be used now",
    # the actions, written out
    "act.bottom": "Put {card} on the bottom of your draw deck",
    "act.mulligan": "Take a mulligan: reshuffle your deck and draw 10 again",
    "act.play": "Play {card}",
    "act.prepare": "Prepare {card}",
    "act.unprepare": "Take {card} back into your hand",
    "act.reinforce": "Reinforce with {card}",
    "act.reinforce_keep": "Reinforce with {card}, keeping it prepared",
    "act.sustain": "Sustain with {card}",
    "act.sustain_keep": "Sustain with {card}, keeping it",
    "act.counterattack": "Counterattack with {card}",
    "act.attrition": "Use the Attrition symbols of {card}",
    "act.attrition_against": "Use the Attrition symbols of {card} against {power}",
    "act.discard": "Discard {card}",
    "act.discard_deck": "Discard the top card of your draw deck",
    "act.lose": "Lose 1 VP instead of a card",
    "act.draft": "Draft {a_country} {type}",
    "act.draw": "Draw {n} card(s)",
    "act.build": "Build in {space}",
    "act.recruit": "Recruit in {space}",
    "act.remove": "Remove your piece from {space}",
    "act.remove_choose": "Remove one of your pieces from the board…",
    "act.remove_piece": "Remove your {piece} from {space}",
    "act.battle": "Battle {target} from {origin}",
    "act.eliminate": "Eliminate the {adjective} piece in {space}",
    "act.target": "Choose {power}",
    "act.take": "Take {card}",
    "act.pass": "Pass",
    # the battle
    "battle.cost": "paying its cost",
    "battle.init": "being initiated",
    "battle.fight": "under way",
    "battle.reinforce": "the defenders may reinforce",
    "battle.sustain": "the attacker may sustain",
    "battle.counter": "the defenders may counterattack",
    "battle.end": "decided",
}


WEB = i18n.register(
    "qmg1914",
    i18n.Catalogue(
        "qmg1914.web",
        {"en": {k: v for k, v in TEXT.items() if not k.startswith("act.")}, "ru": T.RU["web"]},
    ),
)
"""The sentences of :data:`TEXT` in every language (the actions, ``act.``, are English only:
in another language an action is the terminal's phrase, :func:`describe`)."""

_LANG: ContextVar[str] = ContextVar("qmg1914_web_lang", default=i18n.DEFAULT_LANG)
"""The language the view being dressed is read in (set by :func:`dress_view`)."""


def text(key: str, **args: Any) -> str:
    lang = _LANG.get()
    if key in WEB.texts["en"]:
        return WEB.text(key, lang, **args)
    return TEXT[key].format(**args)


def _adjective(country: str) -> str:
    lang = _LANG.get()
    if lang == i18n.DEFAULT_LANG:
        return ADJECTIVES.get(country, country)
    return T.word(f"adj.{country}", lang, country)


def _piece(country: str, kind: str) -> Any:
    lang = _LANG.get()
    if lang == i18n.DEFAULT_LANG:
        return "Army" if kind == "army" else "Navy"
    return T.piece(country, kind, lang)


def action_label(action: str) -> str:
    """A legal action written out for people (the terminal's phrase where this face has
    none of its own, and in every language but English)."""
    if _LANG.get() != i18n.DEFAULT_LANG:
        return describe(action, _LANG.get())
    verb, *args = action.split()
    card = name(args[0]) if args and args[0] in CARD_INDEX else ""
    keep = "keep" in args
    space = {a: SPACES[SPACE_INDEX[a]].name for a in args if a in SPACE_INDEX}
    if verb in ("bottom", "play", "prepare", "unprepare", "counterattack", "take") and card:
        return text(f"act.{verb}", card=card)
    if verb in ("reinforce", "sustain") and card:
        return text(f"act.{verb}{'_keep' if keep else ''}", card=card)
    if verb == "attrition" and card:
        if len(args) > 1:
            return text("act.attrition_against", card=card, power=power_name(args[1]))
        return text("act.attrition", card=card)
    if verb == "discard":
        return text("act.discard_deck") if args == ["deck"] else text("act.discard", card=card)
    if verb == "draft" and len(args) == 2:
        adj = ADJECTIVES.get(args[1], args[1])
        art = "an" if adj[:1] in "AEIOU" and adj != "UK" else "a"
        return text("act.draft", a_country=f"{art} {adj}", type=TYPE_NAMES.get(args[0], args[0]))
    if verb == "draw" and args:
        return text("act.draw", n=args[0])
    if verb == "remove" and not args:
        return text("act.remove_choose")
    if verb == "remove" and len(args) == 2 and args[1] in space:
        return text("act.remove_piece", piece=piece_phrase(args[0], args[1]), space=space[args[1]])
    if verb in ("build", "recruit", "remove") and args and args[0] in space:
        return text(f"act.{verb}", space=space[args[0]])
    if verb == "battle" and len(args) == 3 and args[0] in space and args[2] in space:
        return text("act.battle", target=space[args[0]], origin=space[args[2]])
    if verb == "eliminate" and len(args) == 2 and args[1] in space:
        return text(
            "act.eliminate", adjective=ADJECTIVES.get(args[0], args[0]), space=space[args[1]]
        )
    if verb == "target" and args:
        return text("act.target", power=power_name(args[0]))
    if verb in ("mulligan", "pass", "lose"):
        return text(f"act.{verb}")
    return describe(action)


# -- the drawing layout ------------------------------------------------------------------------
#
# A schematic map of Europe: land spaces are boxes, centred where the space lies, sea spaces
# ellipses. A link between two land spaces or two seas is drawn between their centres; a coast
# (a land space next to a sea) from the land space's centre to the nearest point of the sea.
# Coordinates are chosen so that no space overlaps another and no link crosses a space it
# does not join (tests/qmg1914/test_web.py checks both).
WIDTH, HEIGHT = 1920, 1090
LAND_W, LAND_H = 140, 90

LAND: dict[str, tuple[int, int]] = {
    "canada": (100, 150),
    "united_states": (100, 570),
    "ireland": (420, 110),
    "britain": (590, 130),
    "paris": (540, 500),
    "picardy": (660, 400),
    "belgium": (790, 290),
    "burgundy": (760, 550),
    "western_germany": (950, 380),
    "berlin": (1080, 280),
    "prussia": (1240, 200),
    "poland": (1380, 300),
    "petrograd": (1490, 110),
    "moscow": (1620, 220),
    "ukraine": (1490, 420),
    "vienna": (1110, 460),
    "galicia": (1265, 465),
    "tyrol": (950, 580),
    "budapest": (1170, 610),
    "romania": (1380, 590),
    "provence": (650, 690),
    "italian_alps": (820, 720),
    "rome": (880, 880),
    "serbia": (1200, 760),
    "bulgaria": (1380, 760),
    "greece": (1250, 900),
    "istanbul": (1510, 860),
    "caucasus": (1720, 410),
    "azerbaijan": (1745, 660),
    "anatolia": (1610, 960),
    "persia": (1835, 850),
    "middle_east": (1770, 1030),
}
SEA: dict[str, tuple[int, int, int, int]] = {
    "western_atlantic": (230, 380, 76, 160),
    "north_atlantic": (400, 360, 78, 150),
    "english_channel": (600, 280, 95, 46),
    "north_sea": (820, 130, 90, 65),
    "baltic_sea": (1150, 80, 200, 52),
    "western_mediterranean": (560, 870, 150, 80),
    "adriatic_sea": (1040, 750, 68, 85),
    "eastern_mediterranean": (1140, 1030, 240, 48),
    "black_sea": (1560, 680, 105, 68),
    "caspian_sea": (1860, 500, 40, 95),
}

# Country colours: the Central Powers' in greys and earth tones, the Entente's in brighter
# colours; neighbours never look alike.
COLOURS: dict[str, str] = {
    "ah": "#d2ad34",
    "oe": "#a0522d",
    "de": "#56606b",
    "ru": "#357a48",
    "fr": "#3a6fcf",
    "it": "#2aa39a",
    "uk": "#c0443a",
    "us": "#8360b0",
}
TEAM_COLOURS: dict[str, str] = {"central": "#2b2b2b", "entente": "#1f4fb0"}


def _luminance(hex_colour: str) -> float:
    """WCAG 2's relative luminance of a colour ``#rrggbb``."""

    def lin(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (lin(int(hex_colour[i : i + 2], 16) / 255) for i in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _ink(hex_colour: str) -> str:
    """White or near-black, whichever stands out more on the colour (every country's colour is
    chosen so that its ink reaches WCAG's 4.5:1: tests/qmg1914/test_web.py)."""
    back = _luminance(hex_colour)
    white = 1.05 / (back + 0.05)
    black = (back + 0.05) / (_luminance("#111111") + 0.05)
    return "#ffffff" if white >= black else "#111111"


REASONS = (
    "sudden victory",
    "scoring victory",
    "scoring victory (tie: Central Powers)",
    "time",
    "resign",
)
"""Why a game ends (the outcome's ``reason``; ``time``: a game lost on time; ``resign``: a
person resigned)."""


@cache
def static_data(lang: str = "en") -> dict[str, Any]:
    """The public, fixed facts the client draws with (served once per language, cached)."""
    en = lang == i18n.DEFAULT_LANG
    spaces = []
    for x in SPACES:
        row: dict[str, Any] = {
            "id": x.id,
            "name": x.name if en else T.space(x.id, lang),
            "forms": {} if en else i18n.forms_of(T.space(x.id, lang)),
            "sea": x.sea,
            "difficult": x.difficult,
            "home_of": COUNTRIES[x.home_of] if x.home_of >= 0 else None,
            "objective": x.objective,
            "token_space": x.token_space,
        }
        if x.sea:
            cx, cy, rx, ry = SEA[x.id]
            row.update(x=cx, y=cy, rx=rx, ry=ry)
        else:
            cx, cy = LAND[x.id]
            row.update(x=cx, y=cy, w=LAND_W, h=LAND_H)
        spaces.append(row)
    links = []
    for a in range(len(SPACES)):
        for b in range(a + 1, len(SPACES)):
            if ADJ[0][a] >> b & 1 or ADJ[1][a] >> b & 1:
                # KIEL CANAL: adjacent for the Central Powers only
                kiel = not ADJ_OPEN[a] >> b & 1
                links.append({"a": SPACE_IDS[a], "b": SPACE_IDS[b], "kiel": kiel})
    countries = [
        {
            "id": c,
            "name": COUNTRY_NAMES[c] if en else T.word(f"country.{c}", lang),
            "forms": {} if en else i18n.forms_of(T.country(c, lang)),
            "adjective": ADJECTIVES[c] if en else T.word(f"adj.{c}", lang),
            "power": POWERS[POWER_OF_COUNTRY[i]],
            "team": TEAMS[TEAM_OF_COUNTRY[i]],
            "colour": COLOURS[c],
            "ink": _ink(COLOURS[c]),
            "armies": ARMY_LIMITS[i],
            "navies": NAVY_LIMITS[i],
            "home": SPACE_IDS[HOME[i]],
        }
        for i, c in enumerate(COUNTRIES)
    ]
    powers = [
        {
            "id": p,
            "name": POWER_NAMES[i] if en else T.word(f"power.{p}", lang),
            "forms": {} if en else i18n.forms_of(T.forms(f"power.{p}", lang)),
            "short": POWER_SHORT[p] if en else T.word(f"power_short.{p}", lang),
            "team": TEAMS[TEAM_OF[i]],
            "countries": [COUNTRIES[c] for c in COUNTRIES_OF[i]],
            "deck": DECK_SIZES[i],
        }
        for i, p in enumerate(POWERS)
    ]
    teams = [
        {
            "id": t,
            "name": TEAM_NAMES[i] if en else T.word(f"team.{t}", lang),
            "forms": {} if en else i18n.forms_of(T.forms(f"team.{t}", lang)),
            "colour": TEAM_COLOURS[t],
            "powers": [POWERS[p] for p in range(len(POWERS)) if TEAM_OF[p] == i],
        }
        for i, t in enumerate(TEAMS)
    ]
    cards = [
        {
            "id": c.id,
            "power": POWERS[c.power],
            "country": COUNTRIES[c.country],
            "type": c.type,
            "type_name": TYPE_NAMES[c.type] if en else T.word(f"type.{c.type}", lang),
            "title": c.title if en else T.title(c.event_key, lang),
            "name": name(c.id, lang),
            "play": play_text(c.id, lang),
            "prepared": prepared_text(c.id, lang),
            "symbol": c.symbol,
            "symbol_name": SYMBOL_NAMES[c.symbol] if en else T.word(f"symbol.{c.symbol}", lang),
            "strength": c.strength,
            "supply": c.supply_symbol,
        }
        for c in CARDS
    ]
    return {
        "game": "qmg1914",
        "lang": lang,
        "width": WIDTH,
        "height": HEIGHT,
        "spaces": spaces,
        "links": links,
        "countries": countries,
        "powers": powers,
        "teams": teams,
        "cards": cards,
        "rounds": {"last": LAST_ROUND, "scoring": list(SCORING_ROUNDS)},
        "hand_size": HAND_SIZE,
        "sudden_lead": SUDDEN_LEAD,
        "steps": {step: step_text(step, lang) for step in STEPS},
        "reasons": {r: T.word(f"reason.{r}", lang) for r in REASONS},
    }


# -- the face ------------------------------------------------------------------------------------


class QmgWeb:
    """Quartermaster General: 1914's :class:`greatwar.core.faces.WebFace`."""

    def static_data(self, lang: str = "en") -> dict[str, Any]:
        return static_data(lang)

    def dress(self, view: dict[str, Any], state: State, lang: str = "en") -> None:
        dress_view(view, state, lang)

    def spectator(self, state: State) -> dict[str, Any]:
        """Every power's hand and prepared cards and the whole log (a finished game's
        replay), on the first power's view."""
        v = seat_view(state, POWERS[0])
        v["cards"]["hands"] = {POWERS[p]: [CARD_IDS[k] for k in state.hand[p]] for p in range(5)}
        v["cards"]["prepareds"] = {
            POWERS[p]: [CARD_IDS[k] for k in state.prepared[p]] for p in range(5)
        }
        v["cards"]["hand"] = []
        v["cards"]["prepared"] = []
        v["cards"]["discard"] = []
        v["log"] = list(state.log)
        v["seat"] = "all"
        v["legal"] = []
        v["prompt"] = None
        return v

    def public(self, state: State) -> dict[str, Any]:
        """An observer's view: no power's hand, prepared or face-down cards
        (:func:`.view.public_view`)."""
        return public_view(state)

    def summary(self, state: State) -> dict[str, Any]:
        return {
            "round": state.round,
            "current": POWERS[state.cur] if state.cur >= 0 else None,
            "vp_central": state.vp[0],
            "vp_entente": state.vp[1],
        }


def dress_view(view: dict[str, Any], s: State, lang: str = "en") -> None:
    """Everything :class:`QmgWeb` adds to a seat's view (see the module docstring), its
    sentences in ``lang``."""
    token = _LANG.set(i18n.known(lang) or i18n.DEFAULT_LANG)
    try:
        _dress(view, s, lang)
    finally:
        _LANG.reset(token)


def _dress(view: dict[str, Any], s: State, lang: str) -> None:
    view["lang"] = lang
    if isinstance(view.get("entry"), str):
        dress_entry(view, s)
    legal: list[str] = list(view.get("legal") or [])
    seat = view.get("seat")
    mine = bool(legal) and seat in POWERS
    view["prompt_text"] = prompt_text(view, lang) if mine else None
    view["labels"] = {a: action_label(a) for a in legal}
    view["notes"] = card_notes(s, POWERS.index(str(seat)), legal) if mine else {}
    view["battle"] = battle_info(s)
    view["waiting"] = waiting_text(s)
    view["turn_step"] = turn_step(s)
    now = score(s)
    view["score"] = {
        "central": s.vp[0],
        "entente": s.vp[1],
        "now": {"central": now[0], "entente": now[1]},
        "sudden_lead": SUDDEN_LEAD,
        "next_scoring": next((r for r in SCORING_ROUNDS if r >= s.round), None),
    }


def dress_entry(view: dict[str, Any], s: State) -> None:
    """A replay's decision (``entry``, the action that led to position ``s``) written out, or
    hidden when it names a card of another power that the viewing seat has not seen: a card put
    on the bottom of the deck at set-up, a card prepared face down (HIDDEN INFORMATION)."""
    entry = str(view["entry"])
    seat = view.get("seat")
    if entry == UNDO:
        view["entry_text"] = None
        return
    named = [w for w in entry.split()[1:] if w in CARD_INDEX]
    if seat in POWERS:
        shown = {
            w
            for e in s.log
            if e.get("v", seat) == seat
            for w in re.findall(r"[a-z]+_[a-z]{2}_\d+", json.dumps(e.get("a"), default=str))
        }
        hidden = [w for w in named if POWERS[CARDS[CARD_INDEX[w]].power] != seat and w not in shown]
        if hidden:
            view["entry"] = None
            view["entry_hidden"] = True
            view["entry_seat"] = POWERS[CARDS[CARD_INDEX[hidden[0]]].power]
            view["entry_text"] = None
            return
    view["entry_text"] = action_label(entry)


# -- the procedure in words ----------------------------------------------------------------------


def _top(s: State, step: str) -> Frame | None:
    for f in reversed(s.stack):
        if f.get("step") == step:
            return f
    return None


def _space_name(x: Any) -> str:
    if not (isinstance(x, int) and 0 <= x < len(SPACES)):
        return "?"
    lang = _LANG.get()
    return SPACES[x].name if lang == i18n.DEFAULT_LANG else T.space(SPACES[x].id, lang)


def turn_step(s: State) -> dict[str, Any] | None:
    """The power whose turn it is and the step of its turn (public): while a decision's
    consequences are carried out (a card played in the Play step, its battle...), the step
    that decision was made in."""
    f = _top(s, "turn")
    if f is None:
        return None
    k = int(f.get("k", 0))
    if s.stack[-1] is not f and isinstance(f.get("on"), int):
        k = int(f["on"])
    names = ("draft", "play", "attrition", "prepare", "draw", "done")
    return {"power": POWERS[int(f["p"])], "step": names[min(k, len(names) - 1)], "index": k}


def waiting_text(s: State) -> str | None:
    """What the power to act is doing, in words any seat may read."""
    p = engine.to_act(s)
    if p is None or not s.stack:
        return None
    who = power_name(POWERS[p], _LANG.get())
    f = s.stack[-1]
    step = f.get("step")
    if step == "keep":
        return text("wait.setup", power=who)
    if step == "turn":
        names = ("draft", "play", "attrition", "prepare", "draw")
        k = int(f.get("k", 0))
        return text(f"wait.{names[k]}", power=who) if k < len(names) else None
    if step == "place":
        return text("wait.place", power=who)
    if step == "battle_choose":
        return text("wait.battle_choose", power=who)
    if step == "battle":
        st = f.get("st")
        where = _space_name(f.get("t"))
        if st in ("reinforce", "sustain", "counter"):
            return text(f"wait.{st}", power=who, space=where)
    if step == "pay":
        return text("wait.pay", power=who)
    if step == "loss":
        return text("wait.loss", power=who)
    if step == "remove_piece":
        return text("wait.remove_piece", power=who)
    return text("wait.other", power=who)


def battle_info(s: State) -> dict[str, Any] | None:
    """The battle under way (RESOLVING BATTLE): who battles what from where, the running
    Reinforce and Sustain totals, the cards revealed in it so far, the defenders and who
    decides now. All public (the frame's public fields and the public log)."""
    f = _top(s, "battle")
    if f is None:
        return None
    cards: list[dict[str, Any]] = []
    for e in reversed(s.log):
        if e.get("v") is not None:
            continue
        k = e.get("k")
        if k == "battle.declared":
            break
        a = e.get("a") or {}
        if isinstance(k, str) and k.startswith("battle.") and isinstance(a.get("card"), str):
            cards.append({"power": e.get("p"), "card": a["card"], "use": k.split(".")[1]})
    cards.reverse()
    st = str(f.get("st", ""))
    deciding = engine.to_act(s) if s.stack and s.stack[-1] is f else None
    return {
        "attacker": POWERS[int(f["a"])],
        "country": COUNTRIES[int(f["c"])],
        "origin": SPACE_IDS[int(f["o"])],
        "target": SPACE_IDS[int(f["t"])],
        "sea": bool(f.get("sea")),
        "difficult": bool(f.get("dif")),
        "reinforce": int(f.get("r", 0)),
        "sustain": int(f.get("su", 0)),
        "stage": st,
        "stage_text": text(f"battle.{st}") if f"battle.{st}" in TEXT else st,
        "counterattack": bool(f.get("ca")),
        "defenders": [POWERS[p] for p in battles.defenders(s, f)] if f.get("defc") else [],
        "passed": [POWERS[p] for p in f.get("passed", []) if isinstance(p, int)],
        "deciding": POWERS[deciding] if deciding is not None else None,
        "cards": cards,
        "src": f.get("src") if isinstance(f.get("src"), str) else None,
    }


# -- the reasons a card may or may not be used ---------------------------------------------------


def _named(legal: list[str]) -> dict[str, list[str]]:
    """Card id -> the legal actions naming it."""
    out: dict[str, list[str]] = {}
    for a in legal:
        for w in a.split()[1:]:
            if w in CARD_INDEX:
                out.setdefault(w, []).append(a)
    return out


def card_notes(s: State, p: int, legal: list[str]) -> dict[str, dict[str, Any]]:
    """For power ``p`` (to act), each of its own hand and prepared cards: whether it can be
    used in the decision at hand and why (or why not). Only ``p``'s own cards are read."""
    if not s.stack:
        return {}
    f = s.stack[-1]
    step = f.get("step")
    named = _named(legal)
    out: dict[str, dict[str, Any]] = {}
    hand, prepared = s.hand[p], s.prepared[p]
    if step == "turn":
        k = int(f.get("k", 0))
        if k == 1:  # PLAY
            for c in hand:
                cid = CARD_IDS[c]
                out[cid] = (
                    {"ok": True, "why": _play_hint(s, p, c)}
                    if cid in named
                    else {"ok": False, "why": _play_reason(s, p, c)}
                )
        elif k == 2:  # ATTRITION
            for c in prepared:
                cid = CARD_IDS[c]
                if cid in named:
                    out[cid] = {"ok": True, "why": text("ok.attrition")}
                elif CARDS[c].symbol != "attrition":
                    out[cid] = {"ok": False, "why": text("no.not_attrition")}
                elif CARDS[c].any_adjacent and not adjacent_enemies(s, p, CARDS[c].country):
                    out[cid] = {"ok": False, "why": text("no.no_adjacent")}
                else:
                    out[cid] = {"ok": False, "why": text("no.other")}
        elif k == 3:  # PREPARE
            for c in hand:
                out[CARD_IDS[c]] = {"ok": True, "why": text("ok.prepare")}
            for c in prepared:
                out[CARD_IDS[c]] = {"ok": True, "why": text("ok.unprepare")}
        return out
    if step == "battle":
        for c in prepared:
            cid = CARD_IDS[c]
            if cid in named:
                out[cid] = {"ok": True, "why": _battle_ok(f, c, named[cid])}
            else:
                out[cid] = {"ok": False, "why": _battle_reason(s, f, p, c)}
        for c in hand:  # a Status card may let a hand card serve (its actions name it)
            cid = CARD_IDS[c]
            if cid in named:
                out[cid] = {"ok": True, "why": _battle_ok(f, c, named[cid])}
        return out
    return out


def _play_reason(s: State, p: int, c: int) -> str:
    """Why card ``c`` of ``p``'s hand cannot be played now (COMPLEX CARDS)."""
    b = BEHAVIOURS.get(CARDS[c].event_key)
    if b is None:
        return text("no.unimplemented")
    if isinstance(b, Requiring) and not b.requirement(s, p, c):
        return text("no.requirement")
    if isinstance(b, Script):
        need_hand = need_prepared = 0
        for op_name, args in b.ops(s, p, c):
            if op_name == "cost_hand":
                need_hand += int(args["n"])
            elif op_name == "cost_prepared":
                need_prepared += int(args["n"])
        if len(s.hand[p]) - 1 < need_hand:
            return text("no.cost_hand", n=need_hand, have=len(s.hand[p]) - 1)
        if len(s.prepared[p]) < need_prepared:
            return text("no.cost_prepared", n=need_prepared, have=len(s.prepared[p]))
    return text("no.play")


def _play_hint(s: State, p: int, c: int) -> str:
    """What a playable card would do now, for the generic cards (CARD TYPES)."""
    card = CARDS[c]
    adj = _adjective(COUNTRIES[card.country])
    if card.type in ("build_army", "build_navy"):
        area = LAND_MASK if card.type == "build_army" else SEA_MASK
        n = len(placement.targets(s, card.country, area, placement.BUILD))
        if n or placement.removable(s, card.country, area):
            return text("ok.play_build", n=n)
        piece = _piece(COUNTRIES[card.country], "army" if card.type == "build_army" else "navy")
        return text("ok.play_nothing", why=text("no.build", adjective=adj, piece=piece))
    if card.type in ("land_battle", "sea_battle"):
        kind = "land" if card.type == "land_battle" else "sea"
        n = len(battles.options(s, card.country, kind, LAND_MASK | SEA_MASK, -1))
        if n:
            return text("ok.play_battle", n=n)
        return text("ok.play_nothing", why=text("no.battle", kind=kind, adjective=adj))
    return text("ok.play")


def _battle_ok(f: Frame, c: int, actions: list[str]) -> str:
    verb = actions[0].split()[0]
    n = CARDS[c].strength
    if verb == "reinforce":
        return text("ok.reinforce", n=n)
    if verb == "sustain":
        return text("ok.sustain", n=n)
    if verb == "counterattack":
        return text("ok.counterattack", space=_space_name(f.get("t")))
    return text("ok.other")


def _symbol(sym: str) -> str:
    lang = _LANG.get()
    return SYMBOL_NAMES[sym] if lang == i18n.DEFAULT_LANG else T.word(f"symbol.{sym}", lang)


def _battle_reason(s: State, f: Frame, p: int, c: int) -> str:
    """Why prepared card ``c`` cannot be used at this stage of battle ``f`` (RESOLVING
    BATTLE, SUPPLY (RESOLVING BATTLE), COUNTERATTACK), checked in the rules' order."""
    card = CARDS[c]
    st = f.get("st")
    t = int(f["t"])
    adj = _adjective(COUNTRIES[card.country])
    if not battles._uses(s, p, f):
        return text("no.status_forbids")
    if st == "reinforce":
        sym = "reinforce_navy" if f.get("sea") else "reinforce_army"
        if card.symbol in ("sustain_land", "sustain_sea"):
            return text("no.sustain_only")
        if card.symbol != sym:
            return text("no.not_symbol", symbol=_symbol(sym))
        if not card.allows(t):
            return text("no.where", space=_space_name(t))
        if not board.has_piece(s, card.country, t):
            return text("no.country_absent", adjective=adj, space=_space_name(t))
        if not card.supply_symbol and not board.supplied(s, card.country, t):
            return text("no.unsupplied", adjective=adj, space=_space_name(t))
        if c in battles.reinforce_cards(s, f, p):  # PROCEDURE: it could not be sufficient
            return text("no.insufficient_reinforce", su=int(f.get("su", 0)))
        return text("no.other")
    if st == "sustain":
        sym = "sustain_sea" if f.get("sea") else "sustain_land"
        if card.symbol in ("reinforce_army", "reinforce_navy"):
            return text("no.reinforce_only")
        if card.symbol != sym:
            return text("no.not_symbol", symbol=_symbol(sym))
        if card.country != int(f["c"]):
            return text("no.battling_country", adjective=_adjective(COUNTRIES[int(f["c"])]))
        if not card.allows(t):
            return text("no.where", space=_space_name(t))
        if not battles.can_pay_sustain(s, f):
            return text("no.hand_for_terrain")
        if c in battles.sustain_cards(s, f, p):  # PROCEDURE: it could not be sufficient
            return text("no.insufficient_sustain", r=int(f.get("r", 0)))
        return text("no.other")
    if st == "counter":
        o = int(f["o"])
        if card.symbol != "counterattack":
            return text("no.counter_only")
        if f.get("sea") or SPACES[o].sea:
            return text("no.counter_sea")
        if not card.allows(o):
            return text("no.where", space=_space_name(o))
        if not board.has_piece(s, card.country, t):
            return text("no.country_absent", adjective=adj, space=_space_name(t))
        if not board.supplied(s, card.country, t):
            return text("no.unsupplied", adjective=adj, space=_space_name(t))
        return text("no.counter_cannot", adjective=adj, space=_space_name(o))
    return text("no.other")
