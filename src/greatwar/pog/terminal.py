"""Paths of Glory in the terminal: the game's face for :mod:`greatwar.terminal`.

:class:`PogTerminal` turns a seat's view into what the terminal prints (with rich): the tracks,
the front, the hand with card values and event texts, the log, the prompt and the actions with
their ids written out as names, and the game's own commands (``board``, ``hand``). It reads views
only and prints nothing itself (:class:`greatwar.core.faces.TerminalFace`).
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import Any

from rich.markup import escape
from rich.rule import Rule
from rich.table import Table

from greatwar.core.faces import Printable
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


def unit_name(uid: str) -> str:
    ix = D.unit_ix.get(uid)
    return D.units[ix].name if ix is not None else uid


def space_name(sid: str) -> str:
    ix = D.space_ix.get(sid)
    return D.spaces[ix].name if ix is not None else sid


def card_name(cid: str) -> str:
    ix = D.card_ix.get(cid)
    return D.cards[ix].name if ix is not None else cid


def describe(action: str) -> str:
    """The action with its ids written out as names."""
    parts = action.split()
    out = []
    for p in parts[1:]:
        if p in D.card_ix:
            out.append(card_name(p))
        elif p in D.unit_ix:
            out.append(unit_name(p))
        elif p in D.space_ix:
            out.append(space_name(p))
        else:
            out.append(p)
    return " ".join([parts[0], *out]) if parts else action


def entry_text(e: Mapping[str, Any]) -> str:
    try:
        return messages.render(dict(e))
    except Exception:  # a template that cannot take these arguments: show the key
        return str(e.get("k"))


class PogTerminal:
    """Paths of Glory's :class:`greatwar.core.faces.TerminalFace`."""

    def moment(self, view: Mapping[str, Any]) -> Hashable:
        return (view["turn"], view["round"], view["phase"])

    def position(self, view: Mapping[str, Any]) -> list[Printable]:
        t = view["tracks"]
        rp = ", ".join(f"{k.upper()} {n:g}" for k, n in t["rp"].items() if n)
        mo = t["mandated_offensive"]
        cards = view["cards"]
        return [
            Rule(
                f"{view['turn_label']} (turn {view['turn']}), {view['phase']} phase, "
                f"round {view['round']}"
            ),
            f"VP [bold]{t['vp']}[/bold]   War Status AP {t['war_status']['ap']} / "
            f"CP {t['war_status']['cp']} (combined {t['combined_war_status']})   "
            f"Commitment AP {t['commitment']['ap']} / CP {t['commitment']['cp']}",
            f"Mandated offensive: AP {mo['ap']}, CP {mo['cp']}   RP: {rp or 'none'}   "
            f"US entry: {t['us_entry']}   Russia: {t['russian_capitulation']}",
            f"Hands: AP {cards['hand_count']['ap']}, CP {cards['hand_count']['cp']}   "
            f"Draw piles: AP {cards['deck_count']['ap']}, CP {cards['deck_count']['cp']}",
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
            rows.append((D.spaces[x].map, D.spaces[x].name, sid, units))
        rows.sort()
        table = Table(title="The front" if front_only else "Units on the map", expand=False)
        table.add_column("space")
        table.add_column("side")
        table.add_column("units")
        table.add_column("trench / fort")
        for _, name, sid, units in rows:
            shown = ", ".join(
                f"({unit_name(u['id'])})" if u["reduced"] else unit_name(u["id"]) for u in units
            )
            marks = []
            tr = b["trenches"].get(sid)
            if tr:
                marks.append(f"trench {tr['level']}")
            fort = b["forts"].get(sid)
            if fort:
                marks.append(f"fort {fort}")
            side = side_of[sid]
            colour = "blue" if side == "ap" else "red"
            table.add_row(
                escape(name),
                f"[{colour}]{side.upper()}[/{colour}]",
                escape(shown),
                ", ".join(marks),
            )
        out: list[Printable] = [table]
        reserve = [
            unit_name(u["id"]) + (" (r)" if u["reduced"] else "")
            for u in b["units"]
            if u["space"] == f"{view['seat']}_reserve_box"
        ]
        if reserve:
            out.append("Your Reserve Box: " + escape(", ".join(reserve)))
        return out

    def hand(self, view: Mapping[str, Any]) -> list[Printable]:
        table = Table(title="Your hand")
        table.add_column("card")
        table.add_column("name")
        table.add_column("OPS", justify="right")
        table.add_column("SR", justify="right")
        table.add_column("RP")
        table.add_column("event")
        for cid in view["cards"]["hand"]:
            card = D.cards[D.card_ix[cid]]
            rp = " ".join(f"{p.upper()}{n}" for p, n in card.rp)
            marks = (" [CC]" if card.combat_card else "") + (
                " *" if card.removed_after_event else ""
            )
            table.add_row(
                cid,
                escape(card.name + marks),
                str(card.ops),
                str(card.sr),
                rp,
                escape(card_text(cid)),
            )
        return [table]

    def entries(self, entries: list[dict[str, Any]]) -> list[Printable]:
        return [
            f"[dim]t{e.get('t')}[/dim] {escape(entry_text(e))}"
            for e in entries
            if e.get("k") not in QUIET_KEYS
        ]

    def prompt(self, view: Mapping[str, Any]) -> str:
        return messages.prompt_text(view.get("prompt")) or ""

    def describe(self, action: str) -> str:
        return describe(action)

    def commands(self) -> dict[str, str]:
        return {"board": "show every space with units", "hand": "show your hand"}

    def command(self, name: str, view: Mapping[str, Any]) -> list[Printable]:
        if name == "board":
            return self.board(view, front_only=False)
        if name == "hand":
            return self.hand(view)
        raise ValueError(f"no command {name!r}")

    def result(self, outcome: Mapping[str, Any]) -> str:
        head = RESULT_TEXT.get(str(outcome.get("outcome")), "The game is over")
        return (
            f"[bold]{head}[/bold] on turn {outcome.get('turn')} ({outcome.get('reason')}); "
            f"VP {outcome.get('vp')}, final VP {outcome.get('final_vp')}."
        )

    def story(self, view: Mapping[str, Any]) -> list[Printable]:
        """The war's milestones turn by turn and the VP at the end of each turn."""
        log = view["log"]
        vp_by_turn: dict[int, int] = {}
        for e in log:
            if e["k"] in VP_KEYS:
                vp_by_turn[e["t"]] = e["a"]["vp"]
        table = Table(title="Story of the war")
        table.add_column("turn", justify="right")
        table.add_column("event")
        for e in log:
            if e["k"] in STORY_KEYS:
                table.add_row(str(e["t"]), escape(entry_text(e)))
        out: list[Printable] = [table]
        if vp_by_turn:
            out.append(
                "VP at the end of turns: "
                + ", ".join(f"{t}: {v}" for t, v in sorted(vp_by_turn.items()))
            )
        return out
