"""Turning structured log entries into text.

A log entry is ``{"k": key, "t": turn, "r": rule, "s": side, "a": {args}}``. Templates below
name their arguments; ids of cards, spaces and units in the arguments are shown by name. The
catalogue is per language: the English templates are here and in the rules modules, which add
the templates of their own keys with :func:`define` when imported; the other languages' are in
``locale/<lang>.json`` (:mod:`greatwar.pog.lang`), where names and codes are given in the
language (cases with ``{side.gen}``, plurals with ``{n:plural:...}``, see
:mod:`greatwar.core.i18n`). ``greatwar messages --check`` and the tests check that every key
has every language and that random games render in each.
"""

from __future__ import annotations

from typing import Any

from greatwar.core import i18n
from greatwar.pog import lang as T
from greatwar.pog.data import load

_d = load()
_CARD = {c.id: c.name for c in _d.cards}
_SPACE = {s.id: s.name for s in _d.spaces}
_UNIT = {u.id: u.name for u in _d.units}
# the card of each event key (the basic card before its variants)
_CARD_OF_EVENT: dict[str, str] = {}
for _c in sorted(_d.cards, key=lambda c: bool(c.variant_of)):
    if _c.event_key:
        _CARD_OF_EVENT.setdefault(_c.event_key, _c.id)

SIDE = {"ap": "Allies", "cp": "Central Powers", None: ""}
MO_NAMES = {
    "none": "none",
    "fr": "French",
    "br": "British",
    "it": "Italian",
    "ru": "Russian",
    "ah": "Austro-Hungarian",
    "ah_it": "Austro-Hungarian (against Italy)",
    "tu": "Turkish",
    "ge": "German",
    "fr_mutiny": "French Mutiny",
}

EN: dict[str, str] = {
    "activate": "{side} activate {space} for {mode} ({cost} OPS)",
    "armistice": "Armistice: Combined War Status is {combined}",
    "attrition.space": "{space} suffers attrition and passes to the {side}",
    "attrition.unit": "{unit} in {space} is out of supply and eliminated",
    "auto_operation": "{side} take the automatic 1-OPS operation",
    "card.discarded": "{side} discard {card}",
    "card.event": "{side} play {card} as an event",
    "card.event_ops": "{side} conduct an operation of {ops} OPS with the event",
    "card.ops": "{side} play {card} for {ops} OPS",
    "card.rp": "{side} play {card} for replacement points {rp}",
    "card.sr": "{side} play {card} for {sr} SR points",
    "card.table_discarded": "{side} discard {card} from the table at the end of the turn",
    "cards.drawn": "{side} draw {count} cards (hand: {hand})",
    "commitment.raised": "{side} War Commitment rises to level {level} ({cards} cards added)",
    "control": "{side} take control of {space}",
    "deck.new_draw_pile": "{side} shuffle a new draw pile of {cards} cards",
    "deck.reshuffled": "{side} reshuffle the discard pile into the draw pile",
    "die": "{side} roll {die} ({why})",
    "entrench.attempt": "{unit} attempts to entrench",
    "entrench.roll": "{unit} in {space} entrenches: die {die}{drm}: {success_text}",
    "event.blockade": "Blockade is in effect",
    "event.hoffmann": "Hoffmann: +1 to every later CP mandated offensive roll",
    "event.independent_air_force": "Independent Air Force: no more Rathenau replacement points",
    "event.influenza": "Influenza: no card may be played for replacement points this turn",
    "event.prince_max": "Prince Max",
    "event.uboats_unleashed": "U-Boats Unleashed",
    "event.walter_rathenau": "Walter Rathenau: +1 German RP in every Replacement Phase",
    "event.zeppelin_raids": "Zeppelin Raids: British RPs cut by 4 this turn",
    "fort.besieged": "The fort in {space} is besieged by the {side}",
    "fort.destroyed": "The fort in {space} is destroyed",
    "game.over": "Game over: {outcome_text} ({reason}); VP {vp}, final VP {final_vp}",
    "game.setup": "A new {scenario} game",
    "mef.beachhead_removed": "The MEF Beachhead in {space} is removed",
    "mo.cancelled": "{side} mandated offensive ({mo_text}) is cancelled",
    "mo.french_mutiny_penalty": "French Mutiny: French units attacked; VP now {vp}",
    "mo.made": "{side} meet their mandated offensive ({mo_text})",
    "mo.missed": "{side} missed their mandated offensive ({mo_text}); VP now {vp}",
    "mo.result": "{side} mandated offensive roll {die}: {mo_text}",
    "move": "{unit} moves from {frm} to {to}",
    "nation.enters": "{nation} enters the war",
    "optional.chosen": "{side} have chosen {count} optional cards",
    "peace.accepted": "{side} accept the peace terms",
    "peace.declined": "{side} decline the peace terms",
    "peace.offered": "{side} offer peace terms (VP {vp})",
    "peace.table": "Peace Terms table: die {die}, VP now {vp}",
    "rp.historical_bonus": "The Central Powers receive the historical German RP (5.7.3)",
    "rp.lost": "Unspent replacement points are lost: {rp}",
    "rp.rathenau": "Walter Rathenau: +1 German RP",
    "rp.uboats": "U-Boats Unleashed: -1 British RP",
    "rp.zeppelin_raids": "Zeppelin Raids: -4 British RP",
    "setup.guns_of_august": "The Central Powers start with Guns of August in hand",
    "setup.hands": "Opening hands of {size} cards dealt",
    "setup.no_guns_of_august": "The Central Powers start without Guns of August in hand",
    "siege.lifted": "Too few besiegers remain in {space}: the fort is no longer besieged",
    "siege.roll": "Siege of {space}: die {die}, total {total} against fort {fort}",
    "turn.begins": "Turn {turn} begins",
    "unit.eliminated": "{unit} is eliminated{perm_text}",
    "unit.placed": "{unit} is placed in {space}",
    "vp.blockade": "Blockade: VP now {vp}",
    "vp.event": "{event_name}: VP {amount:+d}, now {vp}",
    "vp.italy_neutral": "Italy is still neutral with the Allies at Total War: VP now {vp}",
    "vp.space": "{side} gain the VP space {space}: VP now {vp}",
    "war_status.raised": "{side} War Status +{amount} (now {ws}; combined {combined})",
}

CATALOGUES = {"en": EN, "ru": dict(T.RU["log"])}
LOG = i18n.register("pog", i18n.Catalogue("pog.log", CATALOGUES))

# What each step asks of the seat deciding (the step's ``prompt()`` key).
PROMPTS_EN: dict[str, str] = {
    "action.choose": "Choose your action for this round: play a card for operations, strategic "
    "redeployment, replacement points or its event, or take the automatic 1-OPS operation.",
    "operation.activate": "Activate spaces for movement or combat with your OPS, or finish.",
    "movement.choose": "Move the units of your Move spaces: pick a unit to move, or finish.",
    "movement.unit": "Move this unit on, one space at a time, or stop it here.",
    "movement.stack": "Move another unit of this stack, or finish with this stack.",
    "sr.choose": "Choose a unit to redeploy with your SR points, or finish.",
    "sr.destination": "Choose where this unit redeploys to.",
    "combat.designate": "Choose a space to attack from your Attack spaces, or end combat.",
    "combat.designate_units": "Choose the units that attack this space, then confirm.",
    "combat.flank": "Attempt a flank attack (choose the pinning space), or attack frontally.",
    "combat.cards": "Play or use combat cards for this combat, or go on without.",
    "combat.cards_trench": "Play combat cards that cancel the defender's trench, or go on.",
    "combat.losses": "Take your losses: choose the unit that loses the next step.",
    "combat.extra_step": "Take one more step loss to stay in place, or retreat.",
    "combat.retreat_or_cancel": "Retreat, or cancel the retreat by losing one more step.",
    "combat.retreat": "Retreat your units.",
    "combat.withdrawal": "Withdraw your units one space.",
    "combat.advance": "Advance with your full-strength attacking units, or stay.",
    "replacements.spend": "Spend your replacement points, or finish.",
    "reinforcements.place": "Place your reinforcements.",
    "draw.discard": "You may discard combat cards from your hand before drawing.",
    "entry.place": "Place the corps of the nation entering the war.",
    "peace.answer": "Your opponent offers peace terms: accept (a draw) or decline.",
    "optional.pick": "Choose optional cards to use; each replaces a matching basic card.",
    "optional.pick_basic": "Choose the basic card this optional card replaces.",
    "setup.guns_of_august": "Start the war with Guns of August in your hand?",
    "event.entrench": "Choose the army whose space gets the Entrench event's trench.",
    "event.landwehr": "Restore reduced German units with the Landwehr replacement points.",
    "event.paris_taxis": "Choose the French army the Paris taxis restore.",
    "event.russian_desertions": "Choose Russian units to reduce, or finish.",
}
PROMPT_CATALOGUES = {"en": PROMPTS_EN, "ru": dict(T.RU["prompts"])}
PROMPTS = i18n.register("pog", i18n.Catalogue("pog.prompts", PROMPT_CATALOGUES))


def define_prompts(lang: str, prompts: dict[str, str]) -> None:
    """Add the prompt sentences of a rules module's steps (called at its import)."""
    cat = PROMPT_CATALOGUES.setdefault(lang, {})
    clash = {k for k in prompts if k in cat and cat[k] != prompts[k]}
    if clash:
        raise ValueError(f"prompt keys defined twice: {', '.join(sorted(clash))}")
    cat.update(prompts)


def prompt_text(key: str | None, lang: str = "en", strict: bool = False) -> str | None:
    """The sentence for a step's prompt key in ``lang`` (None for no prompt)."""
    if key is None:
        return None
    text = PROMPT_CATALOGUES.get(lang, PROMPTS_EN).get(key) or PROMPTS_EN.get(key)
    if strict and key not in PROMPT_CATALOGUES.get(lang, {}):
        raise TextError(f"no {lang} prompt for the key {key!r}")
    if text is None:
        words = key.replace(".", ": ").replace("_", " ")
        return words[:1].upper() + words[1:]
    return text


def define(lang: str, templates: dict[str, str]) -> None:
    """Add templates for the log keys a rules module writes (called at its import)."""
    cat = CATALOGUES.setdefault(lang, {})
    clash = {k for k in templates if k in cat and cat[k] != templates[k]}
    if clash:
        raise ValueError(f"log keys defined twice: {', '.join(sorted(clash))}")
    cat.update(templates)


def _name(key: str, value: Any) -> Any:
    if not isinstance(value, str):
        return value
    if key in ("card",):
        return _CARD.get(value, value)
    if key in ("space", "frm", "to"):
        return _SPACE.get(value, value)
    if key == "unit":
        return _UNIT.get(value, value)
    return value


class TextError(ValueError):
    """A log entry or prompt that a catalogue cannot render (no template, or arguments that do
    not fit it): raised by the strict renderers of ``greatwar messages --check``."""


def render(entry: dict[str, Any], lang: str = "en", strict: bool = False) -> str:
    """The text of one log entry in ``lang`` (English when the language is unknown); an entry
    the catalogue cannot render is shown raw, or raises :class:`TextError` when ``strict``."""
    if lang != "en" and lang in CATALOGUES:
        return _render_other(entry, lang, strict)
    cat = CATALOGUES.get(lang, EN)
    key = entry["k"]
    args = {k: _name(k, v) for k, v in entry.get("a", {}).items()}
    args["side"] = SIDE.get(entry.get("s"), "")
    args["turn"] = entry.get("t")
    if "mo" in args:
        args["mo_text"] = MO_NAMES.get(args["mo"], args["mo"])
    if "permanently" in args:
        args["perm_text"] = " permanently" if args["permanently"] else ""
    if "success" in args:
        args["success_text"] = "success" if args["success"] else "failure"
    if "drm" in args:
        args["drm"] = f" {args['drm']:+d}" if args["drm"] else ""
    if "outcome" in args:
        args["outcome_text"] = {
            "ap": "the Allies win",
            "cp": "the Central Powers win",
            "draw": "a draw",
            "both_lose": "both sides lose",
        }.get(args["outcome"], args["outcome"])
    if "event" in args:
        args["event_name"] = args["event"].replace("_", " ").title()
    if "rp" in args and isinstance(args["rp"], dict):
        args["rp"] = ", ".join(f"{k.upper()} {v:g}" for k, v in args["rp"].items()) or "none"
    if isinstance(args.get("cards"), list):
        args["cards"] = ", ".join(_CARD.get(c, c) for c in args["cards"]) or "no cards"
    if "other" in args and args["other"] in SIDE:
        args["other"] = SIDE[args["other"]]
    if isinstance(args.get("why"), str):
        args["why"] = args["why"].replace("_", " ")
    if "nation" in args:
        args["nation"] = str(args["nation"]).upper()
    template = cat.get(key)
    if template is None:
        if strict:
            raise TextError(f"no {lang} template for the log key {key!r}")
        return f"[{key}] " + ", ".join(f"{k}={v}" for k, v in entry.get("a", {}).items())
    try:
        return str(template.format(**args))
    except (KeyError, ValueError) as e:
        if strict:
            raise TextError(f"{key!r} does not render in {lang}: {e!r}") from None
        return f"[{key}] " + ", ".join(f"{k}={v}" for k, v in entry.get("a", {}).items())


def _event_name(key: str, lang: str) -> str:
    c = _CARD_OF_EVENT.get(key)
    if c is not None:
        return T.card_title(c, lang)
    return T.quoted(T.word(f"event.{key}", lang), lang)


def _other_args(entry: dict[str, Any], lang: str) -> dict[str, Any]:
    """The arguments of an entry as the templates of ``lang`` name them: ids as names in the
    language, codes as its words, numbers as its people write them."""
    key = entry["k"]
    raw = entry.get("a", {})
    args: dict[str, Any] = {}
    for k, v in raw.items():
        if isinstance(v, float):
            args[k] = i18n.Number(v, lang)
        elif not isinstance(v, str):
            args[k] = v
        elif k == "card":
            args[k] = T.card_title(v, lang)
        elif k in ("space", "frm", "to"):
            args[k] = T.space(v, lang)
        elif k == "unit":
            args[k] = T.unit(v, lang)
        else:
            args[k] = v
    args["side"] = T.side(entry.get("s"), lang)
    args["turn"] = entry.get("t")
    if "mo" in raw:
        args["mo_text"] = T.word(f"mo.{raw['mo']}", lang)
    if "permanently" in raw:
        args["perm_text"] = T.word("log.permanently", lang) if raw["permanently"] else ""
    if "success" in raw:
        args["success_text"] = T.word("log.success" if raw["success"] else "log.failure", lang)
    if "drm" in raw:
        args["drm"] = f" {raw['drm']:+d}" if raw["drm"] else ""
    if "outcome" in raw:
        args["outcome_text"] = T.word(f"outcome.{raw['outcome']}", lang)
    if isinstance(raw.get("event"), str):
        args["event_name"] = _event_name(raw["event"], lang)
    if isinstance(raw.get("rp"), dict):
        args["rp"] = ", ".join(
            f"{T.word(f'nation_abbr.{k}', lang)} {T.number(v, lang)}" for k, v in raw["rp"].items()
        ) or T.word("log.none", lang)
    if isinstance(raw.get("cards"), list):
        args["cards"] = ", ".join(T.card_title(str(c), lang) for c in raw["cards"]) or T.word(
            "log.no_cards", lang
        )
    if isinstance(raw.get("other"), str):
        args["other"] = T.side(raw["other"], lang)
    if isinstance(raw.get("why"), str):
        args["why"] = T.word(f"why.{raw['why']}", lang)
    if "nation" in raw:
        args["nation"] = T.word(f"nation.{raw['nation']}", lang)
    if isinstance(raw.get("scenario"), str):
        args["scenario"] = T.word(f"scenario.{raw['scenario']}", lang)
    if isinstance(raw.get("table"), str):
        args["table"] = T.word(f"table.{raw['table']}", lang)
    if isinstance(raw.get("mode"), str):
        args["mode"] = T.word(f"mode.{raw['mode']}", lang)
    if isinstance(raw.get("reason"), str):
        args["reason"] = T.word(f"reason.{raw['reason']}", lang)
    if isinstance(raw.get("box"), str):
        track = "us_box" if key == "track.us_entry" else "rc_box"
        args["box_name"] = T.word(f"{track}.{raw['box']}", lang)
    if isinstance(raw.get("level"), int) and key == "commitment.raised":
        args["level"] = T.word(f"commitment_level.{raw['level']}", lang)
    return args


def _render_other(entry: dict[str, Any], lang: str, strict: bool) -> str:
    key = entry["k"]
    template = CATALOGUES[lang].get(key)
    args = _other_args(entry, lang)
    if template is None:
        if strict:
            raise TextError(f"no {lang} template for the log key {key!r}")
        return render(entry, "en")
    try:
        return i18n.fmt(template, lang, args)
    except (KeyError, ValueError, AttributeError, IndexError) as e:
        if strict:
            raise TextError(f"{key!r} does not render in {lang}: {e!r}") from None
        return render(entry, "en")
