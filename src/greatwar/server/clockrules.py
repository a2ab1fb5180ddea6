"""The rules of the clocks of games between people, as tournaments play by e-mail.

Plain data and pure functions: the game service (:mod:`.games`) keeps each game's clock with
the record entries that change it; the route and the watcher are :mod:`.clocks`, above it.

A game is given a clock when it is created (``POST /api/games`` ``"clock"``): a preset
(:data:`PRESETS`: ``fast`` 72 h to start, 12 h more per move, never more than 120 h; ``slow``
72 h, 36 h, 240 h) or a custom rule (``{"initial_hours", "increment_hours", "max_hours"}``).
Everything here is plain data and pure functions of the time given (``now``), so the server
passes its clock in and the tests pass theirs.

Whose clock: each person has one clock, shared by the seats their token holds (one person
playing several powers has one clock). Bots have no clock: while a bot is to act no clock runs.

- The clock of the person to act runs; no other clock does. It starts when the game starts
  (at creation, or once a chosen seed is agreed).
- A *move* is one person's turn at the controls: it ends when the decision passes to another
  person (or a bot). Every decision before that (moving units one by one, an undo) is part of
  the same move. When a move ends, the person who made it gains the increment, up to the
  maximum. The decision that ends the game earns nothing.
- A person whose clock reaches zero while to act loses: the server records the core's
  ``time-out <seat>`` entry (:meth:`greatwar.core.session.Session.time_out`), so the record
  replays to the same end.
- Pause: every person must ask (``{"pause": true}``); the clocks stop once the last one asks.
  Either person may resume alone (``{"pause": false}``), which also withdraws a pending ask;
  while paused no action is taken (an action is refused until someone resumes), so a pause can
  never be used to think for free nor hold a game hostage.

The stored state (``extra["clock"]`` of the game's row, written in the same transaction as the
record entries that change it) is ``{"rule", "people", "left", "running", "since", "paused",
"asks", "flagged"}``: ``left`` maps each person (their seats joined by ``+``) to seconds left
when ``since`` was reached; the running person's time is ``left - (now - since)``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

HOUR = 3600.0


class ClockError(ValueError):
    """A clock rule or request that is not one (the message says why)."""


@dataclass(frozen=True)
class ClockRule:
    """Seconds to start with, seconds added per move, and the most a clock may hold."""

    initial: float
    increment: float
    cap: float
    preset: str = "custom"

    def to_json(self) -> dict[str, Any]:
        return {
            "preset": self.preset,
            "initial": self.initial,
            "increment": self.increment,
            "cap": self.cap,
        }


PRESETS: dict[str, ClockRule] = {
    "fast": ClockRule(72 * HOUR, 12 * HOUR, 120 * HOUR, "fast"),
    "slow": ClockRule(72 * HOUR, 36 * HOUR, 240 * HOUR, "slow"),
}
MAX_HOURS = 24.0 * 365  # the longest clock a custom rule may set


def _hours(spec: Mapping[str, Any], key: str, least: float) -> float:
    x = spec.get(key)
    if isinstance(x, bool) or not isinstance(x, int | float) or x != x:
        raise ClockError(f"clock: {key} must be a number of hours")
    if not least <= x <= MAX_HOURS:
        raise ClockError(f"clock: {key} must be from {least:g} to {MAX_HOURS:g} hours")
    return float(x) * HOUR


def parse_rule(spec: Any) -> ClockRule | None:
    """A clock rule from what a client sent: None (no clock), ``"fast"``, ``"slow"``, or
    ``{"initial_hours", "increment_hours", "max_hours"}`` (max at least initial)."""
    if spec is None or spec == "none":
        return None
    if isinstance(spec, str):
        if spec in PRESETS:
            return PRESETS[spec]
        raise ClockError(
            f"clock: no such preset; expected {', '.join(PRESETS)}, none or "
            "{initial_hours, increment_hours, max_hours}"
        )
    if not isinstance(spec, Mapping):
        raise ClockError("clock: a preset name or {initial_hours, increment_hours, max_hours}")
    extra = set(spec) - {"initial_hours", "increment_hours", "max_hours", "preset"}
    if extra:
        raise ClockError(
            "clock: unknown fields; a clock has initial_hours, increment_hours and max_hours"
        )
    initial = _hours(spec, "initial_hours", 0.01)
    increment = _hours(spec, "increment_hours", 0)
    cap = _hours(spec, "max_hours", 0.01)
    if cap < initial:
        raise ClockError("clock: max_hours must be at least initial_hours")
    return ClockRule(initial, increment, cap)


def new_state(rule: ClockRule, people: Sequence[Sequence[str]]) -> dict[str, Any]:
    """A stopped clock for these people (each a group of seats), every one full."""
    keys = ["+".join(p) for p in people]
    return {
        "rule": rule.to_json(),
        "people": [list(p) for p in people],
        "left": {k: rule.initial for k in keys},
        "running": None,
        "since": None,
        "paused": False,
        "asks": [],
        "flagged": None,
    }


def person_of(state: Mapping[str, Any], seat: str | None) -> str | None:
    """The person (key) holding ``seat``, or None (a bot's seat, or nobody to act)."""
    if seat is None:
        return None
    for p in state.get("people", ()):
        if seat in p:
            return "+".join(p)
    return None


def left_at(state: Mapping[str, Any], person: str, now: float) -> float:
    """Seconds left on a person's clock at ``now`` (may be below zero: run out)."""
    left = float(state["left"].get(person, 0.0))
    if state.get("running") == person and not state.get("paused") and state.get("since"):
        left -= max(0.0, now - float(state["since"]))
    return left


def _settled(state: Mapping[str, Any], now: float) -> dict[str, Any]:
    """A copy with the running clock's time taken off up to ``now``."""
    out = {**state, "left": dict(state["left"]), "asks": list(state.get("asks", ()))}
    running = out.get("running")
    if running is not None and not out.get("paused"):
        out["left"][running] = left_at(state, running, now)
    out["since"] = now
    return out


def advance(
    state: Mapping[str, Any], actor: str | None, to_act: str | None, over: bool, now: float
) -> dict[str, Any]:
    """The clock after a change of the game at ``now``: ``actor`` the seat that made it (None:
    the game started), ``to_act`` the seat to act after it, ``over`` whether it ended the game.
    A move that hands the decision to another person earns its maker the increment."""
    out = _settled(state, now)
    before = out.get("running")
    after = None if over else person_of(out, to_act)
    mover = person_of(out, actor)
    if mover is not None and mover != after and not over:
        rule = out["rule"]
        out["left"][mover] = min(float(rule["cap"]), out["left"][mover] + float(rule["increment"]))
    if after != before or over:
        out["running"] = after
    return out


def out_of_time(state: Mapping[str, Any], now: float) -> str | None:
    """The person whose clock has run out at ``now`` (the one to act), or None."""
    running = state.get("running")
    if running is None or state.get("paused") or state.get("flagged"):
        return None
    return running if left_at(state, running, now) <= 0 else None


def deadline(state: Mapping[str, Any]) -> float | None:
    """When the running clock runs out (None: no clock runs)."""
    running = state.get("running")
    if running is None or state.get("paused") or state.get("flagged") or not state.get("since"):
        return None
    return float(state["since"]) + float(state["left"].get(running, 0.0))


def flag(state: Mapping[str, Any], seat: str, now: float) -> dict[str, Any]:
    """The clock once ``seat``'s person lost on time: stopped, at zero."""
    out = _settled(state, now)
    person = person_of(out, seat)
    if person is not None:
        out["left"][person] = 0.0
    out["running"] = None
    out["flagged"] = seat
    out["asks"] = []
    out["paused"] = False
    return out


def ask_pause(
    state: Mapping[str, Any], held: Sequence[str], pause: bool, now: float
) -> dict[str, Any]:
    """A person's answer about pausing: ``pause`` asks for it (the clocks stop once every
    person asked); not ``pause`` withdraws an ask, or resumes a paused game."""
    person = next((p for p in (person_of(state, s) for s in held) if p is not None), None)
    if person is None:
        raise ClockError("your seats have no clock in this game")
    if state.get("flagged"):
        raise ClockError("the game is over on time")
    out = _settled(state, now)
    if pause:
        if out.get("paused"):
            return out
        if person not in out["asks"]:
            out["asks"].append(person)
        everyone = {"+".join(p) for p in out["people"]}
        if everyone <= set(out["asks"]):
            out["paused"] = True
            out["asks"] = []
    else:
        out["paused"] = False
        out["asks"] = [p for p in out["asks"] if p != person]
    return out


def public(state: Mapping[str, Any], now: float) -> dict[str, Any]:
    """What every seat is told about the clocks (nothing in it is secret)."""
    return {
        "rule": dict(state["rule"]),
        "now": now,
        "running": state.get("running"),
        "paused": bool(state.get("paused")),
        "asks": list(state.get("asks", ())),
        "flagged": state.get("flagged"),
        "deadline": deadline(state),
        "people": [
            {
                "key": "+".join(p),
                "seats": list(p),
                "left": max(0.0, left_at(state, "+".join(p), now)),
            }
            for p in state["people"]
        ],
    }
