"""Action values and their text form.

An action is a verb and a tuple of argument tokens, all strings: ``play ops cp01``,
``activate attack liege``, ``move ge_1 liege``, ``done``. Its text form round-trips:
``Action.parse(str(a)) == a``. Actions are small immutable tuples, cheap to create in the
thousands when a step lists its legal actions.

A :class:`Grammar` says which verbs exist and what their arguments are; it turns arbitrary text
into an :class:`Action` or raises :class:`MalformedActionError` naming what was expected. Whether
a well-formed action is *legal* is the game's business, not the grammar's.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from greatwar.core.errors import MalformedActionError


class Action(NamedTuple):
    """One decision: a verb and its argument tokens."""

    verb: str
    args: tuple[str, ...] = ()

    def __str__(self) -> str:
        return " ".join((self.verb, *self.args)) if self.args else self.verb

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"

    @classmethod
    def of(cls, verb: str, *args: str) -> Action:
        """Build an action from its verb and arguments: ``Action.of('move', 'ge_1', 'liege')``."""
        return cls(verb, tuple(args))

    @classmethod
    def parse(cls, text: str) -> Action:
        """Split text into an action without checking it against any grammar."""
        if not isinstance(text, str):
            raise MalformedActionError(
                f"an action is text such as 'done', not {type(text).__name__}"
            )
        tokens = text.strip().lower().split()
        if not tokens:
            raise MalformedActionError("empty action: expected a verb such as 'done'")
        return cls(tokens[0], tuple(tokens[1:]))


@dataclass(frozen=True, slots=True)
class ArgKind:
    """A kind of argument token: a named set of allowed words, or any non-negative integer."""

    name: str
    words: frozenset[str] | None = None  # None means: a non-negative integer

    def accepts(self, token: str) -> bool:
        if self.words is None:
            return token.isdigit()
        return token in self.words

    def describe(self) -> str:
        if self.words is None:
            return f"<{self.name}: a number>"
        if len(self.words) <= 6:
            return "|".join(sorted(self.words))
        return f"<{self.name}>"


def word(*values: str) -> ArgKind:
    """A literal word (or a small choice of words) as an argument kind."""
    return ArgKind("|".join(values), frozenset(values))


class Grammar:
    """The verbs of one game and the signatures each verb accepts."""

    def __init__(self, verbs: Mapping[str, Sequence[Sequence[ArgKind]]]) -> None:
        self._verbs: dict[str, tuple[tuple[ArgKind, ...], ...]] = {
            verb: tuple(tuple(sig) for sig in sigs) for verb, sigs in verbs.items()
        }

    @property
    def verbs(self) -> Iterable[str]:
        return self._verbs.keys()

    def signatures(self, verb: str) -> tuple[tuple[ArgKind, ...], ...]:
        """The argument kinds ``verb`` accepts, one tuple per form (``()`` for a bare verb)."""
        return self._verbs.get(verb, ())

    def usage(self, verb: str) -> list[str]:
        return [" ".join((verb, *(k.describe() for k in sig))) for sig in self._verbs.get(verb, ())]

    def check(self, action: Action) -> Action:
        """Return ``action`` if it is well formed, else raise :class:`MalformedActionError`."""
        sigs = self._verbs.get(action.verb)
        if sigs is None:
            raise MalformedActionError(
                f"unknown verb {action.verb!r}; expected one of: {', '.join(sorted(self._verbs))}"
            )
        problems: list[str] = []
        for sig in sigs:
            if len(sig) != len(action.args):
                continue
            bad = [
                (tok, kind)
                for tok, kind in zip(action.args, sig, strict=True)
                if not kind.accepts(tok)
            ]
            if not bad:
                return action
            tok, kind = bad[0]
            problems.append(f"{tok!r} is not a valid {kind.name}")
        expected = "; ".join(self.usage(action.verb))
        detail = f" ({problems[0]})" if problems else ""
        raise MalformedActionError(
            f"malformed {action.verb!r} action{detail}; expected: {expected}"
        )

    def parse(self, text: str | Action) -> Action:
        """Parse text (or re-check an Action) against this grammar."""
        action = text if isinstance(text, Action) else Action.parse(text)
        if not isinstance(action.verb, str) or not all(isinstance(t, str) for t in action.args):
            raise MalformedActionError("an action's verb and arguments must be text")
        return self.check(action)
