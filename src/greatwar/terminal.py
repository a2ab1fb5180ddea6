"""Playing a game in the terminal against bots, any game.

:class:`TerminalGame` runs a :class:`~greatwar.core.session.Session`: the player holds one seat
or several (a person may play several powers), bots hold the others and answer with
``choose(view)`` from their own seat's view. The player sees the view of the seat he is to act
for, drawn by the game's terminal face (:class:`greatwar.core.faces.TerminalFace`, from the
descriptor's ``terminal()`` hook; a game without one is shown as text: the log, the prompt and
the legal actions), and the legal actions numbered. He answers with a number or the action text,
or a command:

    undo     take back your last decision (never across a die roll, a draw or a bot's turn)
    log [N]  the last N log entries (default 30)
    help     this list
    quit     stop (the game record is saved if --save was given)

plus the game's own commands (Paths of Glory: ``board``, ``hand``). Bad input is reported and
changes nothing. At the end the result is printed and the record saved if asked.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Hashable, Mapping, Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape

from greatwar.bots import make_bot
from greatwar.core.bot import Bot
from greatwar.core.errors import GameError
from greatwar.core.faces import Printable, TerminalFace
from greatwar.core.games import DEFAULT_GAME, Game, HasTerminal, game, seat_names
from greatwar.core.session import Session

BASE_HELP = {
    "undo": "take back your last decision (not across a die roll, a draw or a bot's turn)",
    "log [N]": "show the last N log entries (default 30)",
    "help": "show this help",
    "quit": "stop playing (the game record is saved if --save was given)",
}


class PlainFace:
    """How a game without a terminal face of its own is shown: its log (rendered by the
    descriptor), its prompt and its actions as the engine writes them."""

    def __init__(self, g: Game[Any]) -> None:
        self.game = g
        self.names = seat_names(g)

    def moment(self, view: Mapping[str, Any]) -> Hashable:
        return None

    def position(self, view: Mapping[str, Any]) -> list[Printable]:
        return []

    def entries(self, entries: list[dict[str, Any]]) -> list[Printable]:
        out: list[Printable] = []
        for e in entries:
            try:
                out.append(escape(self.game.render_log(e)))
            except Exception:  # an entry the renderer cannot take: show it raw
                out.append(escape(json.dumps(e, default=str)))
        return out

    def prompt(self, view: Mapping[str, Any]) -> str:
        return str(view.get("prompt") or "Your decision")

    def describe(self, action: str) -> str:
        return action

    def commands(self) -> dict[str, str]:
        return {}

    def command(self, name: str, view: Mapping[str, Any]) -> list[Printable]:
        raise ValueError(f"no command {name!r}")

    def result(self, outcome: Mapping[str, Any]) -> str:
        word = str(outcome.get("outcome"))
        teams = {t.id: t.name for t in self.game.teams()}
        head = f"{teams[word]} win" if word in teams else f"The game ends: {word}"
        when = f"turn {outcome.get('turn')} ({outcome.get('reason')})"
        return f"[bold]{escape(head)}[/bold] on {escape(when)}."

    def story(self, view: Mapping[str, Any]) -> list[Printable]:
        return []


def face_of(g: Game[Any]) -> TerminalFace:
    """The game's terminal face, or the plain one."""
    return g.terminal() if isinstance(g, HasTerminal) else PlainFace(g)


class TerminalGame:
    """One game between a person at the terminal (one seat or several) and bots."""

    def __init__(
        self,
        seats: Sequence[str],
        bots: Mapping[str, Bot],
        session: Session[Any],
        console: Console,
        read: Callable[[str], str] | None = None,
        save: Path | None = None,
    ) -> None:
        g = session.rules
        unknown = [x for x in (*seats, *bots) if x not in g.seats]
        if unknown or not seats:
            raise ValueError(f"seats must be some of {', '.join(g.seats)}")
        missing = [x for x in g.seats if x not in seats and x not in bots]
        if missing:
            raise ValueError(f"no player for {', '.join(missing)}")
        self.seats = tuple(seats)
        self.bots = dict(bots)
        self.session = session
        self.game = g
        self.face = face_of(g)
        self.console = console
        self.read = read or console.input
        self.save = save
        self.seen: dict[str, int] = {}  # log entries already shown, per seat
        self.last_moment: Hashable = ()

    # -- the loop --------------------------------------------------------------------------

    def run(self) -> dict[str, Any] | None:
        """Play until the game ends or the player quits; return the result (None if quit)."""
        names = seat_names(self.game)
        mine = " and ".join(f"the {names[x]}" for x in self.seats)
        against = sorted({b.name for b in self.bots.values()})
        rivals = f" against the {', '.join(against)} bot" if against else ""
        self.console.rule(f"{self.game.title}: you play {mine}{rivals}")
        self.console.print("Type [bold]help[/bold] for the commands.")
        while not self.session.over:
            actor = self.game.to_act(self.session.state)
            if actor is None:
                break
            if actor not in self.seats:
                self.bot_turn(actor)
                continue
            if not self.human_turn(actor):
                self.finish(quit_=True)
                return None
        return self.finish(quit_=False)

    def bot_turn(self, seat: str) -> None:
        text = self.bots[seat].choose(self.session.view(seat))
        self.session.apply(text, seat)

    def show(self, items: list[Printable]) -> None:
        for item in items:
            self.console.print(item)

    def help_text(self) -> str:
        lines = {**BASE_HELP, **self.face.commands()}
        width = max(len(k) for k in lines)
        return "Answer with the number of an action or its text (e.g. 'done'). Commands:\n" + (
            "\n".join(f"  {k:<{width}}  {v}" for k, v in lines.items())
        )

    def human_turn(self, seat: str) -> bool:
        """One decision of the player for ``seat``; False when he quits."""
        v = self.session.view(seat)
        here = (seat, self.face.moment(v))
        if here != self.last_moment:
            self.show(self.face.position(v))
            self.last_moment = here
        self.render_log(seat, v)
        legal: list[str] = v["legal"]
        self.render_prompt(v, legal)
        own = self.face.commands()
        while True:
            try:
                line = self.read(f"[bold]{seat.upper()}>[/bold] ").strip()
            except EOFError:
                return False
            if not line:
                continue
            word, _, rest = line.partition(" ")
            word = word.lower()
            if word in ("quit", "exit", "q"):
                return False
            if word == "help":
                self.console.print(escape(self.help_text()))
                continue
            if word == "log":
                n = int(rest) if rest.strip().isdigit() else 30
                self.show(self.face.entries(list(self.session.view(seat).get("log", []))[-n:]))
                continue
            if word in own:
                self.show(self.face.command(word, v))
                continue
            if word == "undo":
                if not self.undo(seat):
                    continue
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
                a = self.session.apply(text, seat)
            except GameError as e:
                self.console.print(f"[red]{escape(str(e))}[/red]")
                continue
            self.console.print(f"[dim]You: {escape(self.face.describe(str(a)))}[/dim]")
            return True

    def undo(self, seat: str) -> bool:
        """Take back the player's last decision (for whichever of his seats made it)."""
        who = next((x for x in self.seats if self.session.can_undo(x)), seat)
        try:
            self.session.undo(who)
        except GameError as e:
            self.console.print(f"[red]{escape(str(e))}[/red]")
            return False
        self.console.print("[yellow]Your last decision is taken back.[/yellow]")
        for x in self.seats:
            shown = len(self.session.view(x).get("log", []))
            self.seen[x] = min(self.seen.get(x, 0), shown)
        return True

    def finish(self, quit_: bool) -> dict[str, Any] | None:
        self.render_log(self.seats[0], self.session.view(self.seats[0]))
        res = self.game.outcome(self.session.state)
        if res is not None:
            self.console.rule("Game over")
            self.console.print(self.face.result(res))
        elif quit_:
            self.console.print("You left the game.")
        if self.save is not None:
            self.save.write_text(
                json.dumps(self.session.record.to_json(), indent=1) + "\n", encoding="utf-8"
            )
            self.console.print(f"The game record is saved in {escape(str(self.save))}.")
        return res

    # -- rendering ---------------------------------------------------------------------------

    def render_log(self, seat: str, v: Mapping[str, Any]) -> None:
        log = list(v.get("log", []))
        seen = self.seen.get(seat, 0)
        if seen < len(log):
            self.show(self.face.entries(log[seen:]))
        self.seen[seat] = len(log)

    def render_prompt(self, v: Mapping[str, Any], legal: list[str]) -> None:
        c = self.console
        c.print(f"[bold]{escape(self.face.prompt(v))}[/bold]")
        width = len(str(len(legal)))
        for i, text in enumerate(legal, 1):
            nice = self.face.describe(text)
            shown = escape(text) if nice == text else f"{escape(text)}  [dim]({escape(nice)})[/dim]"
            c.print(f"  {i:>{width}}. {shown}")
        if v.get("can_undo"):
            c.print("  [dim](undo is available)[/dim]")


def parse_seats(g: Game[Any], text: str | Sequence[str]) -> tuple[str, ...]:
    """The seats a player holds, from ``"ap"`` or ``"ahoe,de"`` (ValueError naming the seats
    of the game otherwise)."""
    given = text.split(",") if isinstance(text, str) else list(text)
    seats = tuple(dict.fromkeys(x.strip().lower() for x in given if x.strip()))
    bad = [x for x in seats if x not in g.seats]
    if bad or not seats:
        raise ValueError(
            f"unknown seat {', '.join(bad) or repr(text)}; the seats are {', '.join(g.seats)}"
        )
    return seats


def new_terminal_game(
    seat: str | Sequence[str],
    vs: str,
    scenario: str | None = None,
    seed: int = 1,
    options: dict[str, Any] | None = None,
    console: Console | None = None,
    save: Path | None = None,
    read: Callable[[str], str] | None = None,
    game_id: str = DEFAULT_GAME,
    think: float | None = None,
    workers: int | None = None,
) -> TerminalGame:
    """A terminal game where the player holds ``seat`` (one seat, or several as a list or
    comma-separated) and the bot ``vs`` plays every other seat (``think``: its seconds a
    decision, ``workers``: its processes, for bots that search)."""
    g = game(game_id)
    seats = parse_seats(g, seat)
    session = Session.new(g, scenario or g.default_scenario, options, seed)
    bots = {
        x: make_bot(
            vs, (seed * 1_000_003 + i * 7919) % (1 << 62), game_id, think=think, workers=workers
        )
        for i, x in enumerate(g.seats)
        if x not in seats
    }
    return TerminalGame(seats, bots, session, console or Console(), read=read, save=save)
