"""What a game offers the research environment (``greatwar.env``): two optional hooks.

A game descriptor (:class:`greatwar.core.games.Game`) may offer

- ``encoder()`` -> :class:`Encoder`: the token vocabulary of its actions and a fixed-shape
  encoding of a seat's *view* as numbers. It reads views only, so whatever it encodes is what
  that seat may know.
- ``determinizer()`` -> :class:`Determinizer`: what search needs beyond views: redraw what a
  seat cannot see (:meth:`Determinizer.resample`) and apply an action with its chance outcomes
  given from outside (:meth:`Determinizer.apply_with_outcomes`), so that an OpenSpiel adapter
  can make every die an explicit chance node.

Both live in the game's own package (they know its grammar, data and rules); everything in
``greatwar.env`` is game-agnostic and finds them with :func:`encoder_of` and
:func:`determinizer_of`. This module is standard library only: the encoder returns its features
as sparse ``(index, value)`` lists, and the environment turns them into arrays.

Token sequences. An action's text is split on spaces into tokens (``play ops cp01`` is
``play``, ``ops``, ``cp01``). The vocabulary lists every token any action can contain, with
:data:`END` first; ``END`` closes an action whose text is also the beginning of another legal
action (it is never needed when no legal action is a prefix of another).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from greatwar.core.actions import Grammar
from greatwar.core.errors import MalformedActionError

END = "<end>"
"""The token that closes an action when the chosen tokens are also the start of a longer one."""


@dataclass(frozen=True, slots=True)
class Feature:
    """One column of a feature block: its name, what it means, and how it is scaled."""

    name: str
    meaning: str


@dataclass(frozen=True, slots=True)
class FeatureBlock:
    """A contiguous part of the observation: ``rows`` x ``len(features)`` numbers, row-major.

    ``rows`` names what each row stands for (a map space, a unit, a card) or is ``("",)`` for a
    single row of scalars.
    """

    name: str
    description: str
    rows: tuple[str, ...]
    features: tuple[Feature, ...]

    @property
    def size(self) -> int:
        return len(self.rows) * len(self.features)


def onehot(prefix: str, values: Sequence[Any], what: str) -> list[Feature]:
    """One column per value: ``<prefix>_<value>``, 1 if ``what`` is that value."""
    return [Feature(f"{prefix}_{v}", f"1 if {what} is {v}") for v in values]


class BlockEncoder:
    """What every game's :class:`Encoder` keeps alike: its vocabulary, the longest action of its
    grammar in tokens, the id of a token, and its blocks laid end to end: where each block
    starts (``_offset``) and each of its columns (``_col``) in the flat observation."""

    def __init__(
        self,
        title: str,
        vocabulary: tuple[str, ...],
        grammar: Grammar,
        blocks: tuple[FeatureBlock, ...],
    ) -> None:
        self._title = title  # the game's, for errors
        self.vocabulary: tuple[str, ...] = vocabulary
        self._token_ids = {t: i for i, t in enumerate(vocabulary)}
        self.max_tokens = 1 + max(
            len(sig) for verb in grammar.verbs for sig in grammar.signatures(verb)
        )
        self.blocks: tuple[FeatureBlock, ...] = blocks
        self._offset: dict[str, int] = {}
        self._col: dict[str, dict[str, int]] = {}
        at = 0
        for b in self.blocks:
            self._offset[b.name] = at
            self._col[b.name] = {f.name: i for i, f in enumerate(b.features)}
            at += b.size
        self._size = at

    @property
    def size(self) -> int:
        return self._size

    def token_id(self, token: str) -> int:
        try:
            return self._token_ids[token]
        except KeyError:
            raise KeyError(f"token {token!r} is not in the {self._title} vocabulary") from None


class Encoder(Protocol):
    """A game's encoding of views for learning agents. Every value is in [0, 1]."""

    vocabulary: tuple[str, ...]  # every token; index = the token's action id; END first
    max_tokens: int  # the most tokens one action has
    blocks: tuple[FeatureBlock, ...]  # the observation layout, in order

    @property
    def size(self) -> int:
        """The length of the observation (the sum of the blocks' sizes)."""
        ...

    def features(self, view: Mapping[str, Any]) -> tuple[list[int], list[float]]:
        """The non-zero entries of ``view``'s encoding: their indices and values."""
        ...


S = TypeVar("S")


class Determinizer(Protocol[S]):
    """Hidden information and chance, for search (it reads the full state: never use it to
    build what an agent observes)."""

    max_outcomes: int  # the most outcomes one chance event has (a die: 6)

    def resample(self, s: S, seat: str, seed: int) -> S:
        """A copy of ``s`` in which everything ``seat`` cannot know is redrawn at random
        (from ``seed``) consistently with what it knows: ``view(copy, seat) == view(s, seat)``."""
        ...

    def apply_with_outcomes(
        self, s: S, action: str, outcomes: Sequence[int]
    ) -> tuple[S | None, int]:
        """Apply legal ``action`` to a copy of ``s``, taking its chance events' results from
        ``outcomes`` in order (each an index into that event's equally likely outcomes).

        Returns ``(new_state, 0)`` when ``outcomes`` were exactly enough, or ``(None, n)`` when
        the action needs one more chance event with ``n`` equally likely outcomes.
        """
        ...

    def outcome_text(self, outcome: int) -> str:
        """A chance outcome for people (``die 4``)."""
        ...


def encoder_of(g: Any) -> Encoder:
    """The encoder of game descriptor ``g``, or a clear error if the game has none."""
    hook = getattr(g, "encoder", None)
    if hook is None:
        raise MalformedActionError(f"the game {g.id!r} offers no encoder for the environment")
    enc: Encoder = hook()
    return enc


def determinizer_of(g: Any) -> Determinizer[Any]:
    """The determinizer of game descriptor ``g``, or a clear error if the game has none."""
    hook = getattr(g, "determinizer", None)
    if hook is None:
        raise MalformedActionError(f"the game {g.id!r} offers no determinizer for search")
    det: Determinizer[Any] = hook()
    return det
