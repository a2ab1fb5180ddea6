"""Choosing a multi-token action one token at a time (a prefix tree of the legal action texts).

An action's text is a short sequence of tokens (``play ops cp01``: verb, use, card). An agent
builds its decision token by token: the legal tokens at each point are those that extend the
tokens chosen so far (the *prefix*) towards some legal action. When the prefix spells a legal
action that no other legal action extends, the action is complete and is played. If the prefix
spells a legal action that another legal action extends, :data:`END` is legal too and closes the
shorter one. Nothing here knows a game: it works on the texts of ``view["legal"]``.

>>> d = Decision(["play ops cp01", "play event cp01", "play ops cp02", "done"])
>>> sorted(d.next_tokens())
['done', 'play']
>>> d.push("play"), sorted(d.next_tokens())
(None, ['event', 'ops'])
>>> d.push("ops"), sorted(d.next_tokens())
(None, ['cp01', 'cp02'])
>>> d.push("cp02")
'play ops cp02'
"""

from __future__ import annotations

from collections.abc import Sequence

from greatwar.core.errors import IllegalActionError
from greatwar.core.research import END


class Decision:
    """One decision of one seat: its legal actions and the tokens chosen so far."""

    __slots__ = ("_candidates", "legal", "prefix")

    def __init__(self, legal: Sequence[str]) -> None:
        if not legal:
            raise IllegalActionError("a decision needs at least one legal action")
        self.legal: tuple[str, ...] = tuple(legal)
        self.prefix: tuple[str, ...] = ()
        self._candidates: list[tuple[str, ...]] = [tuple(a.split()) for a in self.legal]

    def next_tokens(self) -> set[str]:
        """The tokens that may come next (END when the prefix is itself a legal action)."""
        k = len(self.prefix)
        out = {seq[k] for seq in self._candidates if len(seq) > k}
        if k and any(len(seq) == k for seq in self._candidates):
            out.add(END)
        return out

    def push(self, token: str) -> str | None:
        """Add ``token`` to the prefix; returns the action text once it is complete."""
        k = len(self.prefix)
        if token == END:
            if not k or not any(len(seq) == k for seq in self._candidates):
                raise IllegalActionError(
                    f"{END} is not legal after {' '.join(self.prefix) or 'nothing'!r}"
                )
            return " ".join(self.prefix)
        kept = [seq for seq in self._candidates if len(seq) > k and seq[k] == token]
        if not kept:
            raise IllegalActionError(
                f"token {token!r} does not extend {' '.join(self.prefix) or 'nothing'!r} "
                f"towards a legal action; expected one of: {', '.join(sorted(self.next_tokens()))}"
            )
        self.prefix = (*self.prefix, token)
        self._candidates = kept
        k += 1
        if all(len(seq) == k for seq in kept):
            return " ".join(self.prefix)
        return None

    def can_end(self) -> bool:
        return bool(self.prefix) and any(len(seq) == len(self.prefix) for seq in self._candidates)
