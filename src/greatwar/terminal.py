"""Playing Paths of Glory in the terminal against a bot.

:class:`TerminalGame` runs a :class:`~greatwar.core.session.Session`: the bot answers with
``choose(view)`` from its own seat's view; the player sees his seat's view rendered with rich
(the tracks, the front, the hand with card values and event texts, the log since his last
decision, the prompt) and the legal actions numbered. He answers with a number or the action
text, or a command:

    undo     take back your last decision (never across a die roll, a draw or the bot's turn)
    log [N]  the last N log entries (default 30)
    board    every space with units
    hand     your hand
    help     this list
    quit     stop (the game record is saved if --save was given)

Bad input is reported and changes nothing. At the end the result is printed and the record
saved if asked.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from greatwar.bots import make_bot
from greatwar.core.bot import Bot
from greatwar.core.errors import GameError
from greatwar.core.session import Session
from greatwar.pog import messages
from greatwar.pog.card_text import card_text
from greatwar.pog.data import SIDE_OF_NAME, load
from greatwar.pog.game import RULES
from greatwar.pog.state import State

D = load()
SIDE_LONG = {"ap": "Allies", "cp": "Central Powers"}
RESULT_TEXT = {
    "ap": "The Allies win",
    "cp": "The Central Powers win",
    "draw": "The game is a draw",
    "both_lose": "Both sides lose",
}
HELP = """Answer with the number of an action or its text (e.g. 'done'). Commands:
  undo     take back your last decision (not across a die roll, a draw or the bot's turn)
  log [N]  show the last N log entries (default 30)
  board    show every space with units
  hand     show your hand
  help     show this help
  quit     stop playing (the game record is saved if --save was given)"""
COMMANDS = ("undo", "log", "board", "hand", "help", "quit", "exit", "q")


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


class TerminalGame:
    """One game between a person at the terminal and a bot."""

    def __init__(
        self,
        seat: str,
        bot: Bot,
        session: Session[State],
        console: Console,
        read: Callable[[str], str] | None = None,
        save: Path | None = None,
    ) -> None:
        if seat not in ("ap", "cp"):
            raise ValueError("seat must be 'ap' or 'cp'")
        self.seat = seat
        self.bot_seat = "cp" if seat == "ap" else "ap"
        self.bot = bot
        self.session = session
        self.console = console
        self.read = read or console.input
        self.save = save
        self.seen = 0  # log entries already shown
        self.last_step: tuple[Any, ...] = ()

    # -- the loop --------------------------------------------------------------------------

    def run(self) -> dict[str, Any] | None:
        """Play until the game ends or the player quits; return the result (None if quit)."""
        c = self.console
        c.rule(
            f"Paths of Glory: you play the {SIDE_LONG[self.seat]} against the {self.bot.name} bot"
        )
        c.print("Type [bold]help[/bold] for the commands.")
        while not self.session.over:
            actor = RULES.to_act(self.session.state)
            if actor == self.bot_seat:
                self.bot_turn()
                continue
            if not self.human_turn():
                self.finish(quit_=True)
                return None
        return self.finish(quit_=False)

    def bot_turn(self) -> None:
        text = self.bot.choose(self.session.view(self.bot_seat))
        self.session.apply(text, self.bot_seat)

    def human_turn(self) -> bool:
        """One decision of the player; False when he quits."""
        v = self.session.view(self.seat)
        here = (v["turn"], v["round"], v["phase"])
        if here != self.last_step:
            self.render_position(v)
            self.last_step = here
        self.render_log(v)
        legal: list[str] = v["legal"]
        self.render_prompt(v, legal)
        while True:
            try:
                line = self.read(f"[bold]{self.seat.upper()}>[/bold] ").strip()
            except EOFError:
                return False
            if not line:
                continue
            word, _, rest = line.partition(" ")
            word = word.lower()
            if word in ("quit", "exit", "q"):
                return False
            if word == "help":
                self.console.print(HELP)
                continue
            if word == "log":
                n = int(rest) if rest.strip().isdigit() else 30
                self.render_entries(self.session.view(self.seat)["log"][-n:])
                continue
            if word == "board":
                self.render_board(v, front_only=False)
                continue
            if word == "hand":
                self.render_hand(v)
                continue
            if word == "undo":
                try:
                    self.session.undo(self.seat)
                except GameError as e:
                    self.console.print(f"[red]{escape(str(e))}[/red]")
                    continue
                self.console.print("[yellow]Your last decision is taken back.[/yellow]")
                self.seen = min(self.seen, len(self.session.view(self.seat)["log"]))
                return True
            text = line
            if line.isdigit():
                n = int(line)
                if not 1 <= n <= len(legal):
                    self.console.print(
                        f"[red]No action {n}: choose a number from 1 to {len(legal)}.[/red]"
                    )
                    continue
                text = legal[n - 1]
            try:
                a = self.session.apply(text, self.seat)
            except GameError as e:
                self.console.print(f"[red]{escape(str(e))}[/red]")
                continue
            self.console.print(f"[dim]You: {escape(describe(str(a)))}[/dim]")
            return True

    def finish(self, quit_: bool) -> dict[str, Any] | None:
        v = self.session.view(self.seat)
        self.render_log(v)
        res = self.session.rules.outcome(self.session.state)
        if res is not None:
            head = RESULT_TEXT.get(str(res.get("outcome")), "The game is over")
            self.console.rule("Game over")
            self.console.print(
                f"[bold]{head}[/bold] on turn {res.get('turn')} ({res.get('reason')}); "
                f"VP {res.get('vp')}, final VP {res.get('final_vp')}."
            )
        elif quit_:
            self.console.print("You left the game.")
        if self.save is not None:
            self.save.write_text(
                json.dumps(self.session.record.to_json(), indent=1) + "\n", encoding="utf-8"
            )
            self.console.print(f"The game record is saved in {escape(str(self.save))}.")
        return res

    # -- rendering ---------------------------------------------------------------------------

    def render_position(self, v: dict[str, Any]) -> None:
        c = self.console
        t = v["tracks"]
        c.rule(f"{v['turn_label']} (turn {v['turn']}), {v['phase']} phase, round {v['round']}")
        rp = ", ".join(f"{k.upper()} {n:g}" for k, n in t["rp"].items() if n)
        mo = t["mandated_offensive"]
        c.print(
            f"VP [bold]{t['vp']}[/bold]   War Status AP {t['war_status']['ap']} / "
            f"CP {t['war_status']['cp']} (combined {t['combined_war_status']})   "
            f"Commitment AP {t['commitment']['ap']} / CP {t['commitment']['cp']}"
        )
        c.print(
            f"Mandated offensive: AP {mo['ap']}, CP {mo['cp']}   RP: {rp or 'none'}   "
            f"US entry: {t['us_entry']}   Russia: {t['russian_capitulation']}"
        )
        cards = v["cards"]
        c.print(
            f"Hands: AP {cards['hand_count']['ap']}, CP {cards['hand_count']['cp']}   "
            f"Draw piles: AP {cards['deck_count']['ap']}, CP {cards['deck_count']['cp']}"
        )
        self.render_board(v, front_only=True)
        self.render_hand(v)

    def render_board(self, v: dict[str, Any], front_only: bool) -> None:
        b = v["board"]
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
        self.console.print(table)
        reserve = [
            unit_name(u["id"]) + (" (r)" if u["reduced"] else "")
            for u in b["units"]
            if u["space"] == f"{self.seat}_reserve_box"
        ]
        if reserve:
            self.console.print("Your Reserve Box: " + escape(", ".join(reserve)))

    def render_hand(self, v: dict[str, Any]) -> None:
        table = Table(title="Your hand")
        table.add_column("card")
        table.add_column("name")
        table.add_column("OPS", justify="right")
        table.add_column("SR", justify="right")
        table.add_column("RP")
        table.add_column("event")
        for cid in v["cards"]["hand"]:
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
        self.console.print(table)

    def render_entries(self, entries: list[dict[str, Any]]) -> None:
        for e in entries:
            if e.get("k") == "die" or e.get("k") == "game.setup":
                continue
            try:
                text = messages.render(e)
            except Exception:
                text = str(e.get("k"))
            self.console.print(f"[dim]t{e.get('t')}[/dim] {escape(text)}")

    def render_log(self, v: dict[str, Any]) -> None:
        log = v["log"]
        if self.seen < len(log):
            self.render_entries(log[self.seen :])
        self.seen = len(log)

    def render_prompt(self, v: dict[str, Any], legal: list[str]) -> None:
        c = self.console
        c.print(f"[bold]{escape(messages.prompt_text(v.get('prompt')) or '')}[/bold]")
        width = len(str(len(legal)))
        for i, text in enumerate(legal, 1):
            nice = describe(text)
            shown = text if nice == text else f"{text}  [dim]({escape(nice)})[/dim]"
            c.print(f"  {i:>{width}}. {shown}")
        if v.get("can_undo"):
            c.print("  [dim](undo is available)[/dim]")


def new_terminal_game(
    seat: str,
    vs: str,
    scenario: str = "historical",
    seed: int = 1,
    options: dict[str, Any] | None = None,
    console: Console | None = None,
    save: Path | None = None,
    read: Callable[[str], str] | None = None,
) -> TerminalGame:
    """A terminal game for ``seat`` ('ap' or 'cp') against bot ``vs``."""
    if seat not in SIDE_OF_NAME:
        raise ValueError(f"unknown side {seat!r}; expected ap or cp")
    session = Session.new(RULES, scenario, options, seed)
    bot_seat = "cp" if seat == "ap" else "ap"
    bot = make_bot(vs, (seed * 1_000_003 + (1 if bot_seat == "cp" else 0) * 7919) % (1 << 62))
    return TerminalGame(seat, bot, session, console or Console(), read=read, save=save)
