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
from greatwar.qmg1914 import messages
from greatwar.qmg1914.card_text import (
    ADJECTIVES,
    COUNTRY_NAMES,
    POWER_SHORT,
    TYPE_NAMES,
    card_of,
    name,
    play_text,
    prepared_text,
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
STEP_TEXT = {
    "draft": "Draft step: you may discard two cards from hand to draft a Build Army or Build "
    "Navy card from your draw deck",
    "play": "Play step: you may play one card from your hand",
    "attrition": "Attrition step: you may reveal and discard a prepared card with Attrition "
    "symbols",
    "prepare": "Prepare step: you may prepare a card from your hand, or take a prepared card "
    "back into your hand",
    "draw": "Draw step: you may draw cards up to 7 in hand",
}


def space_name(sid: str) -> str:
    x = SPACE_INDEX.get(sid)
    return SPACES[x].name if x is not None else sid


def power_name(pid: str) -> str:
    return POWER_NAME.get(pid, pid)


def _card_or_none(cid: str) -> str:
    return escape(name(cid)) if cid else "-"


def _list(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " or " + items[-1]


def describe(action: str) -> str:
    """An action's text with its ids written out as names, as a short phrase."""
    parts = action.split()
    if not parts:
        return action
    verb, args = parts[0], parts[1:]
    cards = [name(a) for a in args if a in CARD_INDEX]
    keep = "keep" in args
    if verb == "play" and cards:
        return f"play {cards[0]}"
    if verb in ("reinforce", "sustain") and cards:
        tail = ", keeping it" if keep else ""
        return f"{verb} with {cards[0]}{tail}"
    if verb == "counterattack" and cards:
        return f"counterattack with {cards[0]}"
    if verb == "attrition" and cards:
        against = f" against {power_name(args[1])}" if len(args) > 1 else ""
        return f"use the Attrition symbols of {cards[0]}{against}"
    if verb == "discard" and args == ["deck"]:
        return "discard the top card of your draw deck"
    if verb in ("discard", "prepare", "unprepare", "bottom", "take") and cards:
        return f"{verb} {cards[0]}"
    if verb == "draft" and len(args) == 2:
        return f"draft a {ADJECTIVES.get(args[1], args[1])} {TYPE_NAMES.get(args[0], args[0])}"
    if verb == "draw" and args:
        return f"draw {args[0]} card{'s' if args[0] != '1' else ''}"
    if verb in ("build", "recruit") and args:
        return f"{verb} in {space_name(args[0])}"
    if verb == "remove" and args:
        return f"remove your piece from {space_name(args[0])}"
    if verb == "battle" and len(args) == 3:
        return f"battle {space_name(args[0])} from {space_name(args[2])}"
    if verb == "eliminate" and len(args) == 2:
        return f"eliminate the {ADJECTIVES.get(args[0], args[0])} piece in {space_name(args[1])}"
    if verb == "target" and args:
        return f"choose {power_name(args[0])}"
    if verb == "lose":
        return "lose 1 VP instead of a card"
    if verb == "mulligan":
        return "take a mulligan: reshuffle and draw 10 cards again"
    if verb == "pass":
        return "pass"
    return " ".join([verb, *(space_name(a) if a in SPACE_INDEX else a for a in args)])


def entry_text(e: Mapping[str, Any]) -> str:
    try:
        return messages.render(e)
    except Exception:  # a template that cannot take these arguments: show the key
        return str(e.get("k"))


def _top(view: Mapping[str, Any]) -> dict[str, Any]:
    proc = view.get("procedure") or []
    top: dict[str, Any] = proc[-1] if proc else {}
    return top


def _country(c: Any) -> str:
    return COUNTRIES[c] if isinstance(c, int) and 0 <= c < len(COUNTRIES) else "?"


def _why(f: Mapping[str, Any]) -> str:
    w = f.get("why") or f.get("src") or ""
    if isinstance(w, str) and w in CARD_INDEX:
        return f" ({name(w)})"
    return ""


def prompt_text(view: Mapping[str, Any]) -> str:
    """The question the power answers now, as a sentence (from the prompt key and the top
    frame of the procedure)."""
    key = str(view.get("prompt") or "")
    f = _top(view)
    if key == "setup.bottom":
        n = f.get("n", 1)
        return (
            f"Set-up: choose a card of the ten you drew to put on the bottom of your draw deck "
            f"({n} more to go)."
        )
    if key.startswith("turn."):
        step = key.split(".", 1)[1]
        return STEP_TEXT.get(step, "Your turn") + "; or pass."
    if key.startswith("place."):
        mode = key.split(".", 1)[1]
        c = _country(f.get("c"))
        n = f.get("n", 1)
        more = f" ({n} pieces may still be placed)" if isinstance(n, int) and n > 1 else ""
        return (
            f"{mode.capitalize()} a {ADJECTIVES.get(c, c)} piece{_why(f)}: choose a space"
            f"{more}, or pass."
        )
    if key == "battle.choose":
        c = _country(f.get("c"))
        kind = {"land": "a land space", "sea": "a sea space"}.get(str(f.get("kind")), "a space")
        return (
            f"{COUNTRY_NAMES.get(c, c)} may battle {kind}{_why(f)}: choose the space and the "
            "supplied piece that initiates the battle, or pass."
        )
    if key.startswith("battle."):
        return _battle_prompt(key.split(".", 1)[1], f, str(view.get("seat")))
    if key.startswith("pay."):
        pile = "your hand" if key.endswith("hand") else "your prepared cards"
        return (
            f"Discard {f.get('n', 1)} card(s) from {pile}, unrevealed{_why(f)}: choose the next "
            "one."
        )
    if key == "loss":
        return (
            f"You must lose {f.get('n', 1)} card(s){_why(f)}: discard one from your hand, your "
            "prepared cards or the top of your draw deck (1 VP instead once your deck is empty)."
        )
    return _card_prompt(key, f)


def _battle_prompt(stage: str, f: Mapping[str, Any], seat: str) -> str:
    t = f.get("t")
    where = SPACES[t].name if isinstance(t, int) and 0 <= t < len(SPACES) else "the space"
    a = f.get("a")
    attacker = power_name(POWERS[a]) if isinstance(a, int) and 0 <= a < 5 else "the attacker"
    tally = f"Sustain {f.get('su', 0)} against Reinforce {f.get('r', 0)}"
    if stage == "reinforce":
        return (
            f"{attacker} battles {where} ({tally}): reinforce with a prepared card to save the "
            "defending pieces, or pass to let them be removed."
        )
    if stage == "sustain":
        return (
            f"Your battle of {where} is held ({tally}): sustain it with a prepared card, or "
            "pass to give it up."
        )
    if stage == "counter":
        return (
            f"The attack of {attacker} on {where} failed: you may counterattack with a prepared "
            "Counterattack card, or pass."
        )
    return f"The battle of {where}: choose."


def _card_prompt(key: str, f: Mapping[str, Any]) -> str:
    victim = f.get("victim")
    vname = power_name(POWERS[victim]) if isinstance(victim, int) and 0 <= victim < 5 else ""
    texts = {
        "free_draft": "Draft a card at no cost, or pass.",
        "prep": f"Prepare a card from your hand (up to {f.get('n', 1)}), or pass.",
        "play_status": "Play a Status card from your hand to the table, or pass.",
        "eliminate": "Choose a piece to eliminate, or pass.",
        "extra_discards": f"Discard up to {f.get('n', 0)} more card(s) from hand, each making "
        f"{vname} lose a card; or pass.",
        "pick_status": f"Choose the Status card of {vname} to discard.",
        "take_discard": "Take a card from your discard pile into your hand, or pass.",
        "choose_power": "Choose a power.",
        "card_for_loss": f"You may discard a card face up to make {vname} lose more cards; or "
        "pass.",
        "play_type": "Play a card of the given type from your hand, or pass.",
        "stosstruppen": "Stosstruppen: battle a space next to the Army just built (then "
        "discard a prepared Sustain Land Battle), or pass.",
        "rumpler": "Rumpler Taube: discard it to look at the defenders' prepared cards (then "
        "discard one of them), or pass.",
        "prepare_now": "Citizen-Soldiers: prepare the card just drafted, or pass.",
        "redl": "Redl Blackmailed: choose the card of AH&OE's hand to discard.",
        "withdraw": "Remove one of your pieces (Entente +1 VP), or pass.",
        "mark_iv": "Mark IV Tanks: discard a prepared UK Sustain Land Battle to build a UK Army "
        "in the space battled, or pass.",
        "lawrence": "Lawrence Foments Arab Revolts: eliminate the Ottoman Army in the Middle "
        "East or recruit a UK Army there, or pass.",
        "war_revenue": "War Revenue Act: choose a US card of your discard pile and what to do "
        "with it, or pass.",
    }
    return texts.get(key, "Your decision.")


class QmgTerminal:
    """Quartermaster General: 1914's :class:`greatwar.core.faces.TerminalFace`."""

    def moment(self, view: Mapping[str, Any]) -> Hashable:
        return (view.get("round"), view.get("current"))

    # -- the position -----------------------------------------------------------------------

    def position(self, view: Mapping[str, Any]) -> list[Printable]:
        cur = view.get("current")
        who = f"{power_name(cur)}'s turn" if cur else "set-up"
        out: list[Printable] = [
            Rule(f"Round {view['round']} of {LAST_ROUND}, {who}"),
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
        ahead = (
            "level"
            if lead == 0
            else f"{TEAM_NAME['central' if lead > 0 else 'entente']} lead by {abs(lead)}"
        )
        return (
            f"Rounds: {' '.join(cells)}   (* Scoring Round)\n"
            f"VP: [red]Central Powers {vp['central']}[/red], "
            f"[blue]Entente Powers {vp['entente']}[/blue] ({ahead}; 12 ahead after a Scoring "
            "Round wins)"
        )

    def board(self, view: Mapping[str, Any], everything: bool) -> list[Printable]:
        b = view["board"]
        by_space: dict[str, list[dict[str, Any]]] = {}
        for piece in b["pieces"]:
            by_space.setdefault(piece["space"], []).append(piece)
        tokens = set(b.get("tokens") or ())
        table = Table(title="The board" if everything else "Pieces and Objectives")
        table.add_column("space")
        table.add_column("kind")
        table.add_column("objective")
        table.add_column("pieces")
        for x in SPACES:
            here = by_space.get(x.id, [])
            mark = []
            if x.home_of >= 0:
                mark.append(f"Home of {COUNTRY_NAMES[COUNTRIES[x.home_of]]}")
            elif x.objective:
                mark.append("Objective")
            if x.id in tokens:
                mark.append("Objective token")
            if not everything and not here and not mark:
                continue
            kind = "sea" if x.sea else ("difficult" if x.difficult else "clear")
            shown = []
            for p in here:
                c = p["country"]
                colour = COLOUR[COUNTRY_TEAM[c]]
                word = "Navy" if p["piece"] == "navy" else "Army"
                supply = "" if p["supplied"] else " [dim](unsupplied)[/dim]"
                shown.append(f"[{colour}]{ADJECTIVES[c]} {word}[/{colour}]{supply}")
            table.add_row(escape(x.name), kind, ", ".join(mark), ", ".join(shown) or "-")
        return [table]

    def powers(self, view: Mapping[str, Any]) -> list[Printable]:
        cards = view["cards"]
        table = Table(title="The powers")
        for col in ("power", "hand", "deck", "discard", "prepared", "discard top", "Status"):
            table.add_column(col)
        for p in POWERS:
            n = cards["counts"][p]
            colour = COLOUR[TEAM_OF_POWER[p]]
            me = " (you)" if p == view.get("seat") else ""
            table.add_row(
                f"[{colour}]{escape(power_name(p))}[/{colour}]{me}",
                str(n["hand"]),
                str(n["deck"]),
                str(n["discard"]),
                str(n["prepared"]),
                _card_or_none(cards["discard_top"].get(p) or ""),
                escape(", ".join(name(c) for c in cards["status"].get(p, []))) or "-",
            )
        return [table]

    def hand(self, view: Mapping[str, Any], texts: bool) -> list[Printable]:
        cards = view["cards"]
        out: list[Printable] = []
        for title, ids in (
            ("Your hand", cards["hand"]),
            ("Your prepared cards", cards["prepared"]),
        ):
            table = Table(title=f"{title} ({len(ids)})")
            table.add_column("card")
            table.add_column("name")
            table.add_column("type")
            if texts:
                table.add_column("play text")
            table.add_column("prepared side")
            for cid in ids:
                c = card_of(cid)
                kind = TYPE_NAMES[c.type] if c is not None else "?"
                row = [cid, escape(name(cid)), kind]
                if texts:
                    row.append(escape(play_text(cid)))
                row.append(escape(prepared_text(cid)))
                table.add_row(*row)
            if ids or title == "Your hand":
                out.append(table)
        return out

    def effects(self, view: Mapping[str, Any]) -> str:
        eff = view.get("effects") or {}
        lines = []
        truce = (eff.get("round") or {}).get("truce")
        if truce:
            lines.append(
                "The Christmas Truce: France and the United Kingdom may not battle a land space "
                "holding a German Army this round."
            )
        for c, x in (eff.get("turn") or {}).get("supply", []):
            if isinstance(c, int) and isinstance(x, int) and 0 <= x < len(SPACES):
                lines.append(
                    f"This turn a {ADJECTIVES[_country(c)]} Army in {SPACES[x].name} counts as "
                    "supplied."
                )
        waived = (eff.get("turn") or {}).get("nodif")
        if waived:
            who = _list([COUNTRY_NAMES[_country(c)] for c in waived])
            lines.append(f"This turn {who} pay(s) no difficult-terrain discards.")
        return escape("\n".join(lines))

    # -- the log, the prompt --------------------------------------------------------------------

    def entries(self, entries: list[dict[str, Any]]) -> list[Printable]:
        out: list[Printable] = []
        for e in entries:
            if e.get("k") in QUIET_KEYS:
                continue
            p = e.get("p")
            text = escape(entry_text(e))
            if isinstance(p, str) and p in TEAM_OF_POWER:
                colour = COLOUR[TEAM_OF_POWER[p]]
                text = f"[{colour}]{text}[/{colour}]"
            out.append(f"[dim]r{e.get('t')}[/dim] {text}")
        return out

    def prompt(self, view: Mapping[str, Any]) -> str:
        return prompt_text(view)

    def describe(self, action: str) -> str:
        return describe(action)

    # -- commands -----------------------------------------------------------------------------

    def commands(self) -> dict[str, str]:
        return {
            "board": "show every space of the map with its pieces",
            "hand": "show your hand and prepared cards with their texts",
            "cards": "show the text of every card in sight (yours, Status cards, discard tops)",
            "powers": "show every power's card counts, Status cards and discard top",
            "discard": "show your discard pile",
        }

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
            return [
                f"Your discard pile ({len(pile)}, top last): "
                + (escape(", ".join(name(c) for c in pile)) or "empty")
            ]
        raise ValueError(f"no command {name_!r}")

    def cards(self, view: Mapping[str, Any]) -> list[Printable]:
        cards = view["cards"]
        seen: dict[str, str] = {}
        for cid in cards["hand"]:
            seen.setdefault(cid, "your hand")
        for cid in cards["prepared"]:
            seen.setdefault(cid, "prepared by you")
        for p, ids in cards["status"].items():
            for cid in ids:
                seen.setdefault(cid, f"Status of {POWER_SHORT.get(p, p)}")
        for p, cid in cards["discard_top"].items():
            if cid:
                seen.setdefault(cid, f"top of {POWER_SHORT.get(p, p)}'s discard pile")
        table = Table(title="Cards in sight")
        for col in ("where", "name", "type", "play text", "prepared side"):
            table.add_column(col)
        for cid, where in seen.items():
            c = card_of(cid)
            table.add_row(
                where,
                escape(name(cid)),
                TYPE_NAMES[c.type] if c is not None else "?",
                escape(play_text(cid)),
                escape(prepared_text(cid)),
            )
        return [table]

    # -- the end ------------------------------------------------------------------------------

    def result(self, outcome: Mapping[str, Any]) -> str:
        team = str(outcome.get("outcome"))
        head = f"The {TEAM_NAME[team]} win" if team in TEAM_NAME else "The game is over"
        vp = outcome.get("vp") or {}
        score = (
            f"; VP Central Powers {vp.get('central')}, Entente Powers {vp.get('entente')}"
            if vp
            else ""
        )
        when = f"round {outcome.get('turn')} ({outcome.get('reason')})"
        return f"[bold]{escape(head)}[/bold] in {escape(when)}{escape(score)}."

    def story(self, view: Mapping[str, Any]) -> list[Printable]:
        """The war round by round: Scoring Rounds, Objective tokens, Status cards played, and
        the battles won by each team."""
        log = view["log"]
        table = Table(title="Story of the war")
        table.add_column("round", justify="right")
        table.add_column("event")
        won = {"central": 0, "entente": 0}
        for e in log:
            if e.get("k") == "battle.won" and e.get("p") in TEAM_OF_POWER:
                won[TEAM_OF_POWER[e["p"]]] += 1
            if e.get("k") in STORY_KEYS:
                table.add_row(str(e.get("t")), escape(entry_text(e)))
        return [
            table,
            f"Battles won: Central Powers {won['central']}, Entente Powers {won['entente']}.",
        ]
