"""Paths of Glory in the terminal: the game's face for :mod:`greatwar.terminal`.

:class:`PogTerminal` turns a seat's view into what the terminal prints (with rich): the tracks,
the front, the hand with card values and event texts, the log, the prompt and the actions with
their ids written out as names, and the game's own commands (``board``, ``hand``), in the language
it is made for (its sentences in ``locale/<lang>.json``, :mod:`greatwar.pog.lang`). It reads views
only and prints nothing itself (:class:`greatwar.core.faces.TerminalFace`).
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import Any

from rich.markup import escape
from rich.rule import Rule
from rich.table import Table

from greatwar.core.faces import Printable
from greatwar.core.i18n import DEFAULT_LANG, Forms
from greatwar.pog import lang as T
from greatwar.pog import messages
from greatwar.pog.card_text import card_text
from greatwar.pog.data import load

D = load()
RESULT_TEXT = {
    "ap": "The Allies win",
    "cp": "The Central Powers win",
    "draw": "The game is a draw",
    "both_lose": "Both sides lose",
}
STORY_KEYS = frozenset(
    {
        "nation.enters",
        "commitment.raised",
        "armistice",
        "game.over",
        "peace.accepted",
        "fort.destroyed",
    }
)
VP_KEYS = frozenset(
    {
        "vp.space",
        "vp.event",
        "mo.missed",
        "vp.blockade",
        "peace.table",
        "vp.italy_neutral",
        "mo.french_mutiny_penalty",
    }
)
QUIET_KEYS = frozenset({"die", "game.setup"})


def unit_name(uid: str, lang: str = DEFAULT_LANG) -> str:
    return T.unit(uid, lang)


def space_name(sid: str, lang: str = DEFAULT_LANG) -> str:
    return T.space(sid, lang)


def card_name(cid: str, lang: str = DEFAULT_LANG) -> str:
    return T.card(cid, lang)


def _arg_name(p: str, lang: str) -> str:
    """One argument of an action for people: a card, unit or space by name, a word of the
    grammar in ``lang``."""
    if p in D.card_ix:
        return T.card_title(p, lang)
    if p in D.unit_ix:
        return unit_name(p, lang)
    if p in D.space_ix:
        return space_name(p, lang)
    if lang != DEFAULT_LANG:
        if p in D.nations:
            return T.word(f"nation.{p}", lang, p)
        return T.word(f"act.{p}", lang, p)
    return p


def describe(action: str, lang: str = DEFAULT_LANG) -> str:
    """The action with its ids written out as names, as a phrase of ``lang`` (the terminal's
    ``do.<verb>.<word>`` or ``do.<verb>.<number of arguments>`` templates; word by word for an
    action of another shape)."""
    parts = action.split()
    if not parts:
        return action
    verb, args = parts[0], parts[1:]
    table = T.TERMINAL.table(lang)
    if args and f"do.{verb}.{args[0]}" in table:
        key, args = f"do.{verb}.{args[0]}", args[1:]
    else:
        key = f"do.{verb}.{len(args)}"
    names = [Forms.of(_arg_name(p, lang)) for p in args]  # a space with its cases
    if key in table and len(names) <= 2:
        return T.TERMINAL.text(key, lang, **dict(zip("ab", names, strict=False)))
    if lang == DEFAULT_LANG:
        return " ".join([verb, *names])
    return " ".join([T.word(f"act.{verb}", lang, verb), *names])


def entry_text(e: Mapping[str, Any], lang: str = DEFAULT_LANG) -> str:
    try:
        return messages.render(dict(e), lang)
    except Exception:  # a template that cannot take these arguments: show the key
        return str(e.get("k"))


class PogTerminal:
    """Paths of Glory's :class:`greatwar.core.faces.TerminalFace`, its texts in ``lang``."""

    def __init__(self, lang: str = DEFAULT_LANG) -> None:
        self.lang = lang

    def t(self, key: str, **args: Any) -> str:
        """One of the terminal face's sentences in the face's language."""
        return T.TERMINAL.text(key, self.lang, **args)

    def w(self, key: str, default: str) -> str:
        """One of the game's words in the face's language (``default`` in English)."""
        return default if self.lang == DEFAULT_LANG else T.word(key, self.lang, default)

    def moment(self, view: Mapping[str, Any]) -> Hashable:
        return (view["turn"], view["round"], view["phase"])

    def position(self, view: Mapping[str, Any]) -> list[Printable]:
        t = view["tracks"]
        rp = ", ".join(
            f"{self.w(f'nation_abbr.{k}', k.upper())} {T.number(n, self.lang)}"
            for k, n in t["rp"].items()
            if n
        )
        mo = t["mandated_offensive"]
        cards = view["cards"]
        com = t["commitment"]
        turn_label = self.w(f"turn.{view['turn']}", view["turn_label"])
        if view.get("result") is not None or view["phase"] == "over":
            # no round once the game is over (the engine's round is 0 by then)
            rule = self.t(
                "position.rule_over",
                turn_label=turn_label,
                turn=view["turn"],
                phase=self.w("phase.over", "Game Over"),
            )
        else:
            rule = self.t(
                "position.rule",
                turn_label=turn_label,
                turn=view["turn"],
                phase=self.w(f"phase.{view['phase']}", view["phase"]),
                round=view["round"],
            )
        return [
            Rule(rule),
            self.t(
                "position.tracks",
                vp=t["vp"],
                ws_ap=t["war_status"]["ap"],
                ws_cp=t["war_status"]["cp"],
                cws=t["combined_war_status"],
                c_ap=self.w(f"commitment.{com['ap']}", com["ap"]),
                c_cp=self.w(f"commitment.{com['cp']}", com["cp"]),
            ),
            self.t(
                "position.mo",
                mo_ap=self.w(f"mo.{mo['ap']}", mo["ap"]),
                mo_cp=self.w(f"mo.{mo['cp']}", mo["cp"]),
                rp=rp or self.t("none"),
                us=self.w(f"us_box.{t['us_entry']}", t["us_entry"]),
                rc=self.w(f"rc_box.{t['russian_capitulation']}", t["russian_capitulation"]),
            ),
            self.t(
                "position.cards",
                h_ap=cards["hand_count"]["ap"],
                h_cp=cards["hand_count"]["cp"],
                d_ap=cards["deck_count"]["ap"],
                d_cp=cards["deck_count"]["cp"],
            ),
            *self.board(view, front_only=True),
            *self.hand(view),
        ]

    def board(self, view: Mapping[str, Any], front_only: bool) -> list[Printable]:
        b = view["board"]
        by_space: dict[str, list[dict[str, Any]]] = {}
        for u in b["units"]:
            if u["space"] in D.space_ix and not D.spaces[D.space_ix[u["space"]]].is_box:
                by_space.setdefault(u["space"], []).append(u)
        control = b["control"]
        side_of: dict[str, str] = {}
        for sid, units in by_space.items():
            side_of[sid] = "ap" if D.units[D.unit_ix[units[0]["id"]]].side == 0 else "cp"
        rows = []
        for sid, units in by_space.items():
            x = D.space_ix[sid]
            mine = side_of[sid]
            if front_only:
                near = False
                for n in D.adj[x]:
                    nid = D.spaces[n].id
                    if side_of.get(nid, mine) != mine or control.get(nid, mine) != mine:
                        near = True
                        break
                if not near:
                    continue
            rows.append((D.spaces[x].map, space_name(sid, self.lang), sid, units))
        rows.sort()
        table = Table(title=self.t("board.front" if front_only else "board.all"), expand=False)
        table.add_column(self.t("col.space"))
        table.add_column(self.t("col.side"))
        table.add_column(self.t("col.units"))
        table.add_column(self.t("col.marks"))
        lang = self.lang
        for _, name, sid, units in rows:
            shown = ", ".join(
                f"({unit_name(u['id'], lang)})" if u["reduced"] else unit_name(u["id"], lang)
                for u in units
            )
            marks = []
            tr = b["trenches"].get(sid)
            if tr:
                marks.append(self.t("mark.trench", level=tr["level"]))
            fort = b["forts"].get(sid)
            if fort:
                marks.append(self.t("mark.fort", status=self.w(f"fort.{fort}", fort)))
            side = side_of[sid]
            colour = "blue" if side == "ap" else "red"
            table.add_row(
                escape(name),
                f"[{colour}]{self.w(f'side_short.{side}', side.upper())}[/{colour}]",
                escape(shown),
                ", ".join(marks),
            )
        out: list[Printable] = [table]
        reserve = [
            unit_name(u["id"], lang) + (self.t("mark.reduced") if u["reduced"] else "")
            for u in b["units"]
            if u["space"] == f"{view['seat']}_reserve_box"
        ]
        if reserve:
            out.append(self.t("reserve", units=escape(", ".join(reserve))))
        return out

    def hand(self, view: Mapping[str, Any]) -> list[Printable]:
        table = Table(title=self.t("hand.title"))
        table.add_column(self.t("col.card"))
        table.add_column(self.t("col.name"))
        table.add_column(self.t("col.ops"), justify="right")
        table.add_column(self.t("col.sr"), justify="right")
        table.add_column(self.t("col.rp"))
        table.add_column(self.t("col.event"))
        for cid in view["cards"]["hand"]:
            card = D.cards[D.card_ix[cid]]
            rp = " ".join(f"{self.w(f'nation_abbr.{p}', p.upper())}{n}" for p, n in card.rp)
            marks = (self.t("mark.cc") if card.combat_card else "") + (
                " *" if card.removed_after_event else ""
            )
            table.add_row(
                cid,
                escape(card_name(cid, self.lang) + marks),
                str(card.ops),
                str(card.sr),
                rp,
                escape(card_text(cid, self.lang)),
            )
        return [table]

    def entries(self, entries: list[dict[str, Any]]) -> list[Printable]:
        return [
            f"[dim]{self.t('entry.turn', turn=e.get('t'))}[/dim] {escape(entry_text(e, self.lang))}"
            for e in entries
            if e.get("k") not in QUIET_KEYS
        ]

    def prompt(self, view: Mapping[str, Any]) -> str:
        return messages.prompt_text(view.get("prompt"), self.lang) or ""

    def describe(self, action: str) -> str:
        return describe(action, self.lang)

    def commands(self) -> dict[str, str]:
        return {"board": self.t("cmd.board"), "hand": self.t("cmd.hand")}

    def command(self, name: str, view: Mapping[str, Any]) -> list[Printable]:
        if name == "board":
            return self.board(view, front_only=False)
        if name == "hand":
            return self.hand(view)
        raise ValueError(f"no command {name!r}")

    def result(self, outcome: Mapping[str, Any]) -> str:
        word = str(outcome.get("outcome"))
        head = self.t(f"result.{word}") if word in RESULT_TEXT else self.t("result.over")
        reason = outcome.get("reason")
        return self.t(
            "result.line",
            head=head,
            turn=outcome.get("turn"),
            reason=self.w(f"reason.{reason}", str(reason)),
            vp=outcome.get("vp"),
            final_vp=outcome.get("final_vp"),
        )

    def story(self, view: Mapping[str, Any]) -> list[Printable]:
        """The war's milestones turn by turn and the VP at the end of each turn."""
        log = view["log"]
        vp_by_turn: dict[int, int] = {}
        for e in log:
            if e["k"] in VP_KEYS:
                vp_by_turn[e["t"]] = e["a"]["vp"]
        table = Table(title=self.t("story.title"))
        table.add_column(self.t("col.turn"), justify="right")
        table.add_column(self.t("col.event"))
        for e in log:
            if e["k"] in STORY_KEYS:
                table.add_row(str(e["t"]), escape(entry_text(e, self.lang)))
        out: list[Printable] = [table]
        if vp_by_turn:
            out.append(
                self.t(
                    "story.vp",
                    turns=", ".join(f"{t}: {v}" for t, v in sorted(vp_by_turn.items())),
                )
            )
        return out
