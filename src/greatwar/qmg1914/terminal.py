"""Quartermaster General: 1914 in the terminal: the game's face for :mod:`greatwar.terminal`.

:class:`QmgTerminal` turns a power's view into what the terminal prints (with rich): the round
track with its Scoring Rounds, both teams' VP, the board (every occupied space with each
country's piece and whether it is supplied, the Objectives and Objective tokens), every power's
card counts, face-up Status cards and discard-pile top, the power's own hand and prepared cards
with their texts, the prompt as a sentence and the actions with their ids written out as names.
Its commands: ``board`` (every space), ``hand`` (hand and prepared cards with their texts),
``cards`` (the text of every card in sight), ``powers`` and ``discard``. It reads views only
and prints nothing itself (:class:`greatwar.core.faces.TerminalFace`).
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import Any

from rich.markup import escape
from rich.rule import Rule
from rich.table import Table

from greatwar.core.faces import Printable
from greatwar.core.i18n import DEFAULT_LANG
from greatwar.qmg1914 import lang as T
from greatwar.qmg1914 import messages
from greatwar.qmg1914.card_text import (
    ADJECTIVES,
    COUNTRY_NAMES,
    GENERIC,
    POWER_SHORT,
    TYPE_NAMES,
    card_of,
    name,
    play_text,
    prepared_text,
    title,
)
from greatwar.qmg1914.data import (
    CARD_INDEX,
    COUNTRIES,
    COUNTRIES_OF,
    LAST_ROUND,
    POWER_NAMES,
    POWERS,
    SPACE_INDEX,
    SPACES,
    TEAM_NAMES,
    TEAM_OF,
    TEAMS,
)

POWER_NAME = dict(zip(POWERS, POWER_NAMES, strict=True))
TEAM_NAME = dict(zip(TEAMS, TEAM_NAMES, strict=True))
TEAM_OF_POWER = {POWERS[p]: TEAMS[TEAM_OF[p]] for p in range(len(POWERS))}
COLOUR = {"central": "red", "entente": "blue"}
COUNTRY_TEAM = {COUNTRIES[c]: TEAMS[TEAM_OF[p]] for p in range(5) for c in COUNTRIES_OF[p]}
QUIET_KEYS = frozenset({"game.setup", "turn.end"})
STORY_KEYS = frozenset({"token.placed", "card.status", "game.over", "scoring"})
STEPS = ("draft", "play", "attrition", "prepare", "draw")


def _t(key: str, lang: str, **args: Any) -> str:
    """One of the terminal face's sentences in ``lang``."""
    return T.TERMINAL.text(key, lang, **args)


def _w(key: str, lang: str, default: str) -> str:
    """One of the game's words in ``lang`` (``default`` in English)."""
    return default if lang == DEFAULT_LANG else T.word(key, lang, default)


def space_name(sid: str, lang: str = DEFAULT_LANG) -> str:
    return T.space(sid, lang) if sid in SPACE_INDEX else sid


def power_name(pid: str, lang: str = DEFAULT_LANG) -> str:
    if pid not in POWER_NAME:
        return pid
    return POWER_NAME[pid] if lang == DEFAULT_LANG else T.forms(f"power.{pid}", lang)


def _adj(c: str, lang: str) -> str:
    return _w(f"adj_f.{c}", lang, ADJECTIVES.get(c, c))


def _card_or_none(cid: str, lang: str = DEFAULT_LANG) -> str:
    return escape(name(cid, lang)) if cid else "-"


def _list(items: list[str], lang: str = DEFAULT_LANG) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + _t("list.or", lang) + items[-1]


def describe(action: str, lang: str = DEFAULT_LANG) -> str:
    """An action's text with its ids written out as names, as a short phrase."""
    parts = action.split()
    if not parts:
        return action
    verb, args = parts[0], parts[1:]
    cards = [_card_label(a, lang) for a in args if a in CARD_INDEX]
    keep = "keep" in args
    if verb == "play" and cards:
        return _t("act.play", lang, card=cards[0])
    if verb in ("reinforce", "sustain") and cards:
        tail = _t("act.keep_tail", lang) if keep else ""
        return _t(f"act.{verb}", lang, card=cards[0], tail=tail)
    if verb == "counterattack" and cards:
        return _t("act.counterattack", lang, card=cards[0])
    if verb == "attrition" and cards:
        against = _t("act.against", lang, power=_power_gen(args[1], lang)) if len(args) > 1 else ""
        return _t("act.attrition", lang, card=cards[0], against=against)
    if verb == "discard" and args == ["deck"]:
        return _t("act.discard_deck", lang)
    if verb in ("discard", "prepare", "unprepare", "bottom", "take") and cards:
        return _t(f"act.{verb}", lang, card=cards[0])
    if verb == "draft" and len(args) == 2:
        kind = _w(f"type.{args[0]}", lang, TYPE_NAMES.get(args[0], args[0]))
        return _t("act.draft", lang, adj=_adj(args[1], lang), type=kind)
    if verb == "draw" and args:
        n = int(args[0]) if args[0].isdigit() else 0
        return _t("act.draw", lang, n=n, s="s" if args[0] != "1" else "")
    if verb in ("build", "recruit") and args:
        return _t(f"act.{verb}", lang, space=space_name(args[0], lang))
    if verb == "remove" and not args:
        return _t("act.remove_choose", lang)
    if verb == "remove" and len(args) == 2 and args[0] in COUNTRIES:
        return _t(
            "act.remove_piece",
            lang,
            piece=piece_phrase(args[0], args[1], lang),
            space=space_name(args[1], lang),
        )
    if verb == "remove" and args:
        return _t("act.remove", lang, space=space_name(args[0], lang))
    if verb == "battle" and len(args) == 3:
        return _t(
            "act.battle", lang, space=space_name(args[0], lang), origin=space_name(args[2], lang)
        )
    if verb == "eliminate" and len(args) == 2:
        return _t("act.eliminate", lang, adj=_adj(args[0], lang), space=space_name(args[1], lang))
    if verb == "target" and args:
        return _t("act.target", lang, power=power_name(args[0], lang))
    if verb == "lose":
        return _t("act.lose", lang)
    if verb == "mulligan":
        return _t("act.mulligan", lang)
    if verb == "pass":
        return _t("act.pass", lang)
    return " ".join([verb, *(space_name(a, lang) if a in SPACE_INDEX else a for a in args)])


def piece_phrase(country: str, sid: str, lang: str = DEFAULT_LANG) -> str:
    """A country's piece in a space, named (an Army on land, a Navy at sea: PIECES): "French
    Army"; in Russian with its cases («французская армия»)."""
    x = SPACE_INDEX.get(sid)
    kind = "navy" if x is not None and SPACES[x].sea else "army"
    if lang == DEFAULT_LANG:
        return f"{ADJECTIVES.get(country, country)} {'Navy' if kind == 'navy' else 'Army'}"
    return T.piece(country, kind, lang)


def _card_label(cid: str, lang: str) -> str:
    """A card as an action names it: its name, its title in quotation marks in Russian (a
    generic card's country after it: «Построить армию» (Германия))."""
    if lang == DEFAULT_LANG:
        return name(cid, lang)
    c = card_of(cid)
    if c is None:
        return cid
    if c.event_key in GENERIC:
        country = COUNTRIES[c.country]
        shown = _w(f"country.{country}", lang, COUNTRY_NAMES[country])
        return _t("card.generic", lang, title=T.quoted(title(cid, lang), lang), country=shown)
    return T.quoted(title(cid, lang), lang)


def _power_gen(pid: str, lang: str) -> str:
    """A power's name after "against" (its genitive in Russian)."""
    if lang == DEFAULT_LANG or pid not in POWER_NAME:
        return power_name(pid, lang)
    return T.forms(f"power.{pid}", lang).gen


def entry_text(e: Mapping[str, Any], lang: str = DEFAULT_LANG) -> str:
    try:
        return messages.render(e, lang)
    except Exception:  # a template that cannot take these arguments: show the key
        return str(e.get("k"))


def _top(view: Mapping[str, Any]) -> dict[str, Any]:
    proc = view.get("procedure") or []
    top: dict[str, Any] = proc[-1] if proc else {}
    return top


def _country(c: Any) -> str:
    return COUNTRIES[c] if isinstance(c, int) and 0 <= c < len(COUNTRIES) else "?"


def _why(f: Mapping[str, Any], lang: str = DEFAULT_LANG) -> str:
    w = f.get("why") or f.get("src") or ""
    if isinstance(w, str) and w in CARD_INDEX:
        return _t("prompt.why", lang, card=T.quoted(name(w, lang), lang))
    return ""


def step_text(step: str, lang: str = DEFAULT_LANG) -> str:
    """What a power may do in one step of its turn (``draft``, ``play``...), in ``lang``."""
    return _t(f"step.{step}", lang)


def prompt_text(view: Mapping[str, Any], lang: str = DEFAULT_LANG) -> str:
    """The question the power answers now, as a sentence in ``lang`` (from the prompt key and
    the top frame of the procedure)."""
    key = str(view.get("prompt") or "")
    f = _top(view)
    if key == "setup.bottom":
        return _t("prompt.setup_bottom", lang, n=f.get("n", 1))
    if key.startswith("turn."):
        step = key.split(".", 1)[1]
        text = step_text(step, lang) if step in STEPS else _t("prompt.your_turn", lang)
        return _t("prompt.turn", lang, step=text)
    if key.startswith("place."):
        mode = key.split(".", 1)[1]
        c = _country(f.get("c"))
        n = f.get("n", 1)
        more = _t("prompt.place_more", lang, n=n) if isinstance(n, int) and n > 1 else ""
        shown = mode.capitalize() if lang == DEFAULT_LANG else T.word(f"place_mode.{mode}", lang)
        return _t("prompt.place", lang, mode=shown, adj=_adj(c, lang), why=_why(f, lang), more=more)
    if key == "battle.choose":
        c = _country(f.get("c"))
        kind = (
            _t(f"battle_kind.{f.get('kind')}", lang)
            if f.get("kind") in ("land", "sea")
            else (_t("battle_kind.any", lang))
        )
        return _t(
            "prompt.battle_choose",
            lang,
            country=COUNTRY_NAMES.get(c, c) if lang == DEFAULT_LANG else T.country(c, lang),
            kind=kind,
            why=_why(f, lang),
        )
    if key.startswith("battle."):
        return _battle_prompt(key.split(".", 1)[1], f, str(view.get("seat")), lang)
    if key.startswith("pay."):
        pile = _t("pay_pile.hand" if key.endswith("hand") else "pay_pile.prepared", lang)
        return _t("prompt.pay", lang, n=f.get("n", 1), pile=pile, why=_why(f, lang))
    if key == "loss":
        return _t("prompt.loss", lang, n=f.get("n", 1), why=_why(f, lang))
    if key == "remove_piece":
        return _t("prompt.remove_piece", lang)
    return _card_prompt(key, f, lang)


def _battle_prompt(stage: str, f: Mapping[str, Any], seat: str, lang: str = DEFAULT_LANG) -> str:
    t = f.get("t")
    where = (
        space_name(SPACES[t].id, lang)
        if isinstance(t, int) and 0 <= t < len(SPACES)
        else _t("battle.the_space", lang)
    )
    a = f.get("a")
    attacker = (
        power_name(POWERS[a], lang)
        if isinstance(a, int) and 0 <= a < 5
        else _t("battle.the_attacker", lang)
    )
    tally = _t("battle.tally", lang, su=f.get("su", 0), r=f.get("r", 0))
    if stage in ("reinforce", "sustain", "counter", "reinforce_more", "sustain_more"):
        return _t(f"prompt.battle.{stage}", lang, attacker=attacker, where=where, tally=tally)
    return _t("prompt.battle.other", lang, where=where)


CARD_PROMPTS = (
    "free_draft",
    "prep",
    "play_status",
    "eliminate",
    "extra_discards",
    "pick_status",
    "take_discard",
    "choose_power",
    "card_for_loss",
    "play_type",
    "stosstruppen",
    "rumpler",
    "prepare_now",
    "redl",
    "withdraw",
    "mark_iv",
    "lawrence",
    "war_revenue",
)


def _card_prompt(key: str, f: Mapping[str, Any], lang: str = DEFAULT_LANG) -> str:
    victim = f.get("victim")
    vname = power_name(POWERS[victim], lang) if isinstance(victim, int) and 0 <= victim < 5 else ""
    if key not in CARD_PROMPTS:
        return _t("prompt.card.default", lang)
    return _t(f"prompt.card.{key}", lang, n=f.get("n", 1 if key == "prep" else 0), victim=vname)


class QmgTerminal:
    """Quartermaster General: 1914's :class:`greatwar.core.faces.TerminalFace`, its texts in
    ``lang``."""

    def __init__(self, lang: str = DEFAULT_LANG) -> None:
        self.lang = lang

    def t(self, key: str, **args: Any) -> str:
        return _t(key, self.lang, **args)

    def moment(self, view: Mapping[str, Any]) -> Hashable:
        return (view.get("round"), view.get("current"))

    # -- the position -----------------------------------------------------------------------

    def position(self, view: Mapping[str, Any]) -> list[Printable]:
        cur = view.get("current")
        who = (
            self.t("position.turn_of", power=power_name(cur, self.lang))
            if cur
            else (self.t("position.setup"))
        )
        out: list[Printable] = [
            Rule(self.t("position.rule", round=view["round"], last=LAST_ROUND, who=who)),
            self.track(view),
            *self.board(view, everything=False),
            *self.powers(view),
            *self.hand(view, texts=False),
        ]
        effects = self.effects(view)
        if effects:
            out.append(effects)
        return out

    def track(self, view: Mapping[str, Any]) -> str:
        rnd = view["round"]
        scoring = set(view.get("scoring_rounds") or ())
        cells = []
        for r in range(1, LAST_ROUND + 1):
            cell = f"{r}*" if r in scoring else str(r)
            cells.append(f"[reverse]{cell}[/reverse]" if r == rnd else cell)
        vp = view["vp"]
        lead = vp["central"] - vp["entente"]
        team = "central" if lead > 0 else "entente"
        leader = (
            TEAM_NAME[team] if self.lang == DEFAULT_LANG else T.forms(f"team.{team}", self.lang)
        )
        ahead = (
            self.t("track.level") if lead == 0 else self.t("track.lead", team=leader, n=abs(lead))
        )
        return self.t(
            "track.rounds",
            cells=" ".join(cells),
            central=vp["central"],
            entente=vp["entente"],
            ahead=ahead,
        )

    def board(self, view: Mapping[str, Any], everything: bool) -> list[Printable]:
        lang = self.lang
        b = view["board"]
        by_space: dict[str, list[dict[str, Any]]] = {}
        for piece in b["pieces"]:
            by_space.setdefault(piece["space"], []).append(piece)
        tokens = set(b.get("tokens") or ())
        table = Table(title=self.t("board.title_all" if everything else "board.title"))
        table.add_column(self.t("col.space"))
        table.add_column(self.t("col.kind"))
        table.add_column(self.t("col.objective"))
        table.add_column(self.t("col.pieces"))
        for x in SPACES:
            here = by_space.get(x.id, [])
            mark = []
            if x.home_of >= 0:
                c = COUNTRIES[x.home_of]
                home = _w(f"country.{c}", lang, COUNTRY_NAMES[c])
                mark.append(self.t("mark.home", country=home))
            elif x.objective:
                mark.append(self.t("mark.objective"))
            if x.id in tokens:
                mark.append(self.t("mark.token"))
            if not everything and not here and not mark:
                continue
            kind = self.t(
                "kind.sea" if x.sea else ("kind.difficult" if x.difficult else "kind.clear")
            )
            shown = []
            for p in here:
                c = p["country"]
                colour = COLOUR[COUNTRY_TEAM[c]]
                kind_of = "navy" if p["piece"] == "navy" else "army"
                if lang == DEFAULT_LANG:
                    word = "Navy" if kind_of == "navy" else "Army"
                    piece_name = f"{ADJECTIVES[c]} {word}"
                else:
                    piece_name = T.piece(c, kind_of, lang)
                supply = "" if p["supplied"] else self.t("piece.unsupplied")
                shown.append(f"[{colour}]{piece_name}[/{colour}]{supply}")
            table.add_row(
                escape(space_name(x.id, lang)), kind, ", ".join(mark), ", ".join(shown) or "-"
            )
        return [table]

    def powers(self, view: Mapping[str, Any]) -> list[Printable]:
        cards = view["cards"]
        table = Table(title=self.t("powers.title"))
        for col in ("power", "hand", "deck", "discard", "prepared", "discard_top", "status"):
            table.add_column(self.t(f"col.{col}"))
        for p in POWERS:
            n = cards["counts"][p]
            colour = COLOUR[TEAM_OF_POWER[p]]
            me = self.t("powers.you") if p == view.get("seat") else ""
            table.add_row(
                f"[{colour}]{escape(power_name(p, self.lang))}[/{colour}]{me}",
                str(n["hand"]),
                str(n["deck"]),
                str(n["discard"]),
                str(n["prepared"]),
                _card_or_none(cards["discard_top"].get(p) or "", self.lang),
                escape(", ".join(name(c, self.lang) for c in cards["status"].get(p, []))) or "-",
            )
        return [table]

    def hand(self, view: Mapping[str, Any], texts: bool) -> list[Printable]:
        lang = self.lang
        cards = view["cards"]
        out: list[Printable] = []
        for key, ids in (("hand.title", cards["hand"]), ("hand.prepared", cards["prepared"])):
            table = Table(title=self.t("hand.count", title=self.t(key), n=len(ids)))
            table.add_column(self.t("col.card"))
            table.add_column(self.t("col.name"))
            table.add_column(self.t("col.type"))
            if texts:
                table.add_column(self.t("col.play_text"))
            table.add_column(self.t("col.prepared_side"))
            for cid in ids:
                c = card_of(cid)
                kind = _w(f"type.{c.type}", lang, TYPE_NAMES[c.type]) if c is not None else "?"
                row = [cid, escape(name(cid, lang)), kind]
                if texts:
                    row.append(escape(play_text(cid, lang)))
                row.append(escape(prepared_text(cid, lang)))
                table.add_row(*row)
            if ids or key == "hand.title":
                out.append(table)
        return out

    def effects(self, view: Mapping[str, Any]) -> str:
        lang = self.lang
        eff = view.get("effects") or {}
        lines = []
        truce = (eff.get("round") or {}).get("truce")
        if truce:
            lines.append(self.t("effect.truce"))
        for c, x in (eff.get("turn") or {}).get("supply", []):
            if isinstance(c, int) and isinstance(x, int) and 0 <= x < len(SPACES):
                lines.append(
                    self.t(
                        "effect.supply",
                        adj=_adj(_country(c), lang),
                        space=space_name(SPACES[x].id, lang),
                    )
                )
        waived = (eff.get("turn") or {}).get("nodif")
        if waived:
            who = _list(
                [_w(f"country.{_country(c)}", lang, COUNTRY_NAMES[_country(c)]) for c in waived],
                lang,
            )
            lines.append(self.t("effect.nodif", who=who))
        return escape("\n".join(lines))

    # -- the log, the prompt --------------------------------------------------------------------

    def entries(self, entries: list[dict[str, Any]]) -> list[Printable]:
        out: list[Printable] = []
        for e in entries:
            if e.get("k") in QUIET_KEYS:
                continue
            p = e.get("p")
            text = escape(entry_text(e, self.lang))
            if isinstance(p, str) and p in TEAM_OF_POWER:
                colour = COLOUR[TEAM_OF_POWER[p]]
                text = f"[{colour}]{text}[/{colour}]"
            out.append(f"[dim]{self.t('entry.round', round=e.get('t'))}[/dim] {text}")
        return out

    def prompt(self, view: Mapping[str, Any]) -> str:
        return prompt_text(view, self.lang)

    def describe(self, action: str) -> str:
        return describe(action, self.lang)

    # -- commands -----------------------------------------------------------------------------

    def commands(self) -> dict[str, str]:
        return {c: self.t(f"cmd.{c}") for c in ("board", "hand", "cards", "powers", "discard")}

    def command(self, name_: str, view: Mapping[str, Any]) -> list[Printable]:
        if name_ == "board":
            return [self.track(view), *self.board(view, everything=True)]
        if name_ == "hand":
            return self.hand(view, texts=True)
        if name_ == "cards":
            return self.cards(view)
        if name_ == "powers":
            return self.powers(view)
        if name_ == "discard":
            pile = view["cards"]["discard"]
            shown = escape(", ".join(name(c, self.lang) for c in pile)) or self.t("discard.empty")
            return [self.t("discard.pile", n=len(pile), cards=shown)]
        raise ValueError(f"no command {name_!r}")

    def cards(self, view: Mapping[str, Any]) -> list[Printable]:
        lang = self.lang
        cards = view["cards"]
        seen: dict[str, str] = {}

        def short(p: str) -> str:
            return _w(f"power_short.{p}", lang, POWER_SHORT.get(p, p))

        for cid in cards["hand"]:
            seen.setdefault(cid, self.t("where.hand"))
        for cid in cards["prepared"]:
            seen.setdefault(cid, self.t("where.prepared"))
        for p, ids in cards["status"].items():
            for cid in ids:
                seen.setdefault(cid, self.t("where.status", power=short(p)))
        for p, cid in cards["discard_top"].items():
            if cid:
                seen.setdefault(cid, self.t("where.discard_top", power=short(p)))
        table = Table(title=self.t("cards.title"))
        for col in ("where", "name", "type", "play_text", "prepared_side"):
            table.add_column(self.t(f"col.{col}"))
        for cid, where in seen.items():
            c = card_of(cid)
            table.add_row(
                where,
                escape(name(cid, lang)),
                _w(f"type.{c.type}", lang, TYPE_NAMES[c.type]) if c is not None else "?",
                escape(play_text(cid, lang)),
                escape(prepared_text(cid, lang)),
            )
        return [table]

    # -- the end ------------------------------------------------------------------------------

    def result(self, outcome: Mapping[str, Any]) -> str:
        lang = self.lang
        team = str(outcome.get("outcome"))
        if team in TEAM_NAME:
            shown = TEAM_NAME[team] if lang == DEFAULT_LANG else T.forms(f"team.{team}", lang)
            head = self.t("result.win", team=shown)
        else:
            head = self.t("result.over")
        vp = outcome.get("vp") or {}
        score = (
            self.t("result.score", central=vp.get("central"), entente=vp.get("entente"))
            if vp
            else ""
        )
        reason = str(outcome.get("reason"))
        when = self.t(
            "result.when", round=outcome.get("turn"), reason=_w(f"reason.{reason}", lang, reason)
        )
        return self.t("result.line", head=escape(head), when=escape(when), score=escape(score))

    def story(self, view: Mapping[str, Any]) -> list[Printable]:
        """The war round by round: Scoring Rounds, Objective tokens, Status cards played, and
        the battles won by each team."""
        log = view["log"]
        table = Table(title=self.t("story.title"))
        table.add_column(self.t("col.round"), justify="right")
        table.add_column(self.t("col.event"))
        won = {"central": 0, "entente": 0}
        for e in log:
            if e.get("k") == "battle.won" and e.get("p") in TEAM_OF_POWER:
                won[TEAM_OF_POWER[e["p"]]] += 1
            if e.get("k") in STORY_KEYS:
                table.add_row(str(e.get("t")), escape(entry_text(e, self.lang)))
        return [
            table,
            self.t("story.battles", central=won["central"], entente=won["entente"]),
        ]
