"""Playing a game in the terminal against bots, any game.

:class:`TerminalGame` runs a :class:`~greatwar.core.session.Session`: the player holds one seat
or several (a person may play several powers), bots hold the others and answer with
``choose(view)`` from their own seat's view. The player sees the view of the seat he is to act
for, drawn by the game's terminal face (:class:`greatwar.core.faces.TerminalFace`, from the
descriptor's ``terminal()`` hook; a game without one is shown as text: the log, the prompt and
the legal actions), and the legal actions numbered. He answers with a number or the action text,
or a command:

    undo     take back your last decision (never across a die roll, a draw or a bot's turn)
    resign   resign the game (asked first: type yes); your side loses
    log [N]  the last N log entries (default 30)
    help     this list
    quit     stop (the game record is saved if --save was given)

plus the game's own commands (Paths of Glory: ``board``, ``hand``). Bad input is reported and
changes nothing. At the end the result is printed and the record saved if asked.

Everything is said in one language (``lang``: the game's faces and log, the driver's own
sentences from :mod:`greatwar.texts`); the commands are the same words in every language.
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
from greatwar.core.errors import GameError, IllegalActionError, MalformedActionError
from greatwar.core.faces import Printable, TerminalFace
from greatwar.core.games import (
    DEFAULT_GAME,
    Game,
    HasLanguages,
    HasTerminal,
    game,
    seat_names,
    speaks,
    team_names,
    title_of,
)
from greatwar.core.i18n import DEFAULT_LANG
from greatwar.core.session import Session, render_entry
from greatwar.texts import bot_name
from greatwar.texts import terminal as say

BASE_COMMANDS = {
    "undo": "help.undo",
    "resign": "help.resign",
    "log [N]": "help.log",
    "help": "help.help",
    "quit": "help.quit",
}


def base_help(lang: str = DEFAULT_LANG) -> dict[str, str]:
    """The driver's own commands with their help in ``lang``."""
    return {k: say(v, lang) for k, v in BASE_COMMANDS.items()}


BASE_HELP = base_help()


class PlainFace:
    """How a game without a terminal face of its own is shown: its log (rendered by the
    descriptor), its prompt and its actions as the engine writes them."""

    def __init__(self, g: Game[Any], lang: str = DEFAULT_LANG) -> None:
        self.game = g
        self.lang = lang if speaks(g, lang) else DEFAULT_LANG
        self.names = seat_names(g, self.lang)

    def moment(self, view: Mapping[str, Any]) -> Hashable:
        return None

    def position(self, view: Mapping[str, Any]) -> list[Printable]:
        return []

    def entries(self, entries: list[dict[str, Any]]) -> list[Printable]:
        out: list[Printable] = []
        for e in entries:
            try:
                out.append(escape(self.game.render_log(e, self.lang)))
            except Exception:  # an entry the renderer cannot take: show it raw
                out.append(escape(json.dumps(e, default=str)))
        return out

    def prompt(self, view: Mapping[str, Any]) -> str:
        if isinstance(self.game, HasLanguages) and self.lang in self.game.languages():
            return self.game.prompt(view, self.lang) or say("decision", self.lang)
        return str(view.get("prompt") or say("decision", self.lang))

    def describe(self, action: str) -> str:
        return action

    def commands(self) -> dict[str, str]:
        return {}

    def command(self, name: str, view: Mapping[str, Any]) -> list[Printable]:
        raise ValueError(f"no command {name!r}")

    def result(self, outcome: Mapping[str, Any]) -> str:
        word = str(outcome.get("outcome"))
        teams = team_names(self.game, self.lang)
        head = (
            say("result.win", self.lang, team=teams[word])
            if word in teams
            else say("result.other", self.lang, outcome=word)
        )
        return say(
            "result.line",
            self.lang,
            head=escape(head),
            turn=outcome.get("turn"),
            reason=escape(str(outcome.get("reason"))),
        )

    def story(self, view: Mapping[str, Any]) -> list[Printable]:
        return []


def face_of(g: Game[Any], lang: str = DEFAULT_LANG) -> TerminalFace:
    """The game's terminal face in ``lang`` (English when the game does not speak it), or the
    plain one."""
    if not isinstance(g, HasTerminal):
        return PlainFace(g, lang)
    if lang != DEFAULT_LANG and isinstance(g, HasLanguages) and lang in g.languages():
        face: TerminalFace = g.terminal(lang)  # type: ignore[call-arg]
        return face
    return g.terminal()


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
        lang: str = DEFAULT_LANG,
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
        self.lang = lang if speaks(g, lang) else DEFAULT_LANG
        self.face = face_of(g, self.lang)
        self.console = console
        self.read = read or console.input
        self.save = save
        self.seen: dict[str, int] = {}  # log entries already shown, per seat
        self.last_moment: Hashable = ()

    # -- the loop --------------------------------------------------------------------------

    def run(self) -> dict[str, Any] | None:
        """Play until the game ends or the player quits; return the result (None if quit)."""
        lang = self.lang
        names = seat_names(self.game, lang)
        mine = say("start.and", lang).join(
            say("start.seat", lang, seat=names[x]) for x in self.seats
        )
        against = sorted({bot_name(b.name, lang) for b in self.bots.values()})
        rivals = say("start.rivals", lang, bots=", ".join(against)) if against else ""
        self.console.rule(
            escape(say("start", lang, title=title_of(self.game, lang), mine=mine, rivals=rivals))
        )
        self.console.print(say("start.help", lang))
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
        lines = {**base_help(self.lang), **self.face.commands()}
        width = max(len(k) for k in lines)
        return (
            say("help.intro", self.lang)
            + "\n"
            + ("\n".join(f"  {k:<{width}}  {v}" for k, v in lines.items()))
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
            if word == "resign":
                if self.resign(seat):
                    return True
                continue
            text = line
            if line.isdigit():
                n = int(line)
                if not 1 <= n <= len(legal):
                    no = say("no_action", self.lang, n=n, count=len(legal))
                    self.console.print(f"[red]{escape(no)}[/red]")
                    continue
                text = legal[n - 1]
            try:
                a = self.session.apply(text, seat)
            except GameError as e:
                self.console.print(f"[red]{escape(self.error_text(e, 'error.illegal'))}[/red]")
                continue
            you = say("you", self.lang, action=self.face.describe(str(a)))
            self.console.print(f"[dim]{escape(you)}[/dim]")
            return True

    def resign(self, seat: str) -> bool:
        """Resign for ``seat`` (the seat to act) once the player confirms: the core's record
        entry ``resign <seat>``; True when the game ended."""
        try:
            answer = self.read(f"{escape(say('resign.confirm', self.lang))} ").strip().lower()
        except EOFError:
            answer = ""
        if answer not in ("yes", "y", "да"):
            self.console.print(escape(say("resign.kept", self.lang)))
            return False
        self.session.resign(seat)
        return True

    def undo(self, seat: str) -> bool:
        """Take back the player's last decision (for whichever of his seats made it)."""
        who = next((x for x in self.seats if self.session.can_undo(x)), seat)
        try:
            self.session.undo(who)
        except GameError as e:
            self.console.print(f"[red]{escape(self.error_text(e, 'error.undo'))}[/red]")
            return False
        self.console.print(f"[yellow]{escape(say('undone', self.lang))}[/yellow]")
        for x in self.seats:
            shown = len(self.session.view(x).get("log", []))
            self.seen[x] = min(self.seen.get(x, 0), shown)
        return True

    def finish(self, quit_: bool) -> dict[str, Any] | None:
        self.render_log(self.seats[0], self.session.view(self.seats[0]))
        res = self.session.outcome
        if res is not None:
            self.console.rule(escape(say("game_over", self.lang)))
            if self.session.verdict is not None:  # the core's end (a resignation): its entry
                last = self.session.view(self.seats[0]).get("log", [{}])[-1]
                self.console.print(escape(render_entry(self.game, last, self.lang)))
            else:
                self.console.print(self.face.result(res))
        elif quit_:
            self.console.print(escape(say("left", self.lang)))
        if self.save is not None:
            self.save.write_text(
                json.dumps(self.session.record.to_json(), indent=1) + "\n", encoding="utf-8"
            )
            self.console.print(escape(say("saved", self.lang, path=str(self.save))))
        return res

    # -- rendering ---------------------------------------------------------------------------

    def error_text(self, e: GameError, key: str) -> str:
        """What the player reads about bad input: the engine's own words in English, a
        sentence of the driver's catalogue in another language (the engine's errors are
        English)."""
        if self.lang == DEFAULT_LANG:
            return str(e)
        if isinstance(e, MalformedActionError):
            key = "error.malformed"
        elif isinstance(e, IllegalActionError) and key != "error.undo":
            key = "error.illegal"
        return say(key, self.lang, detail=str(e))

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
            c.print(f"  [dim]{escape(say('undo_available', self.lang))}[/dim]")


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
    lang: str = DEFAULT_LANG,
) -> TerminalGame:
    """A terminal game where the player holds ``seat`` (one seat, or several as a list or
    comma-separated) and the bot ``vs`` plays every other seat (``think``: its seconds a
    decision, ``workers``: its processes, for bots that search), everything said in
    ``lang``."""
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
    return TerminalGame(seats, bots, session, console or Console(), read=read, save=save, lang=lang)
