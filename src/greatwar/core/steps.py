"""The step protocol: a game's procedure as a table of named steps over a stack of frames.

At every moment the frame on top of the state's stack names the current step. A step either
*settles* by itself (it does bookkeeping, rolls dice from the in-state generator, pushes or pops
frames) or waits for a decision: then it names the seat that decides, lists that seat's legal
actions and handles the one chosen. Interrupts (a defender's combat card, a retreat choice, a
peace offer to answer) are just frames pushed on top; when they pop, the step below resumes.

Frames are plain dicts of JSON values with a ``"step"`` key, so the stack serialises with the
state. Steps are stateless singletons registered in a :class:`StepTable`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Generic, Protocol, TypeVar

from greatwar.core.actions import Action
from greatwar.core.errors import IllegalActionError

Frame = dict[str, Any]


class HasStack(Protocol):
    stack: list[Frame]
    serial: int  # decisions applied so far


S = TypeVar("S", bound=HasStack)


class Step(Generic[S]):
    """One named step of a game's procedure.

    Subclasses set ``name`` (the key frames use) and ``rule`` (the rulebook reference), and
    override :meth:`settle` for automatic work, or :meth:`seat`, :meth:`legal` and
    :meth:`apply` for a decision.
    """

    name: str = ""
    rule: str = ""

    def settle(self, s: S, f: Frame) -> bool:
        """Do automatic work. Return True if anything changed (the loop then looks again);
        False if the step now waits for a decision."""
        return False

    def seat(self, s: S, f: Frame) -> int:
        """The seat that decides at this step."""
        raise TypeError(f"step {self.name!r} does not wait for a decision")

    def legal(self, s: S, f: Frame) -> list[Action]:
        """Every legal action of the deciding seat, in a stable order."""
        raise TypeError(f"step {self.name!r} does not wait for a decision")

    def apply(self, s: S, f: Frame, a: Action) -> None:
        """Carry out ``a``, which the caller has checked is in :meth:`legal`."""
        raise TypeError(f"step {self.name!r} does not wait for a decision")

    def prompt(self, s: S, f: Frame) -> str:
        """A short message key telling the deciding seat what is asked."""
        return self.name


class StepTable(Generic[S]):
    """The registry of a game's steps, and the loop that settles automatic steps."""

    def __init__(self) -> None:
        self._steps: dict[str, Step[S]] = {}

    def register(self, cls: type[Step[S]]) -> type[Step[S]]:
        """Class decorator: instantiate and register a step under its ``name``."""
        if not cls.name:
            raise ValueError(f"{cls.__name__} has no step name")
        if cls.name in self._steps:
            raise ValueError(f"step {cls.name!r} registered twice")
        self._steps[cls.name] = cls()
        return cls

    def __getitem__(self, name: str) -> Step[S]:
        return self._steps[name]

    def __contains__(self, name: object) -> bool:
        return name in self._steps

    def names(self) -> list[str]:
        return sorted(self._steps)

    def push(self, s: S, step: str, **fields: Any) -> Frame:
        """Push a frame for ``step`` and return it."""
        if step not in self._steps:
            raise KeyError(f"unknown step {step!r}")
        f: Frame = {"step": step, **fields}
        s.stack.append(f)
        return f

    def pop(self, s: S, f: Frame) -> None:
        """Pop ``f``, which must be the top frame."""
        if not s.stack or s.stack[-1] is not f:
            raise RuntimeError(f"frame {f.get('step')!r} is not on top of the stack")
        s.stack.pop()

    def top(self, s: S) -> tuple[Step[S], Frame] | None:
        if not s.stack:
            return None
        f = s.stack[-1]
        return self._steps[f["step"]], f

    def settle(
        self, s: S, limit: int = 1_000_000, on_settle: Callable[[S], None] | None = None
    ) -> None:
        """Run automatic steps until a decision is pending or the stack is empty."""
        steps = self._steps
        stack = s.stack
        for _ in range(limit):
            if not stack:
                return
            f = stack[-1]
            if not steps[f["step"]].settle(s, f):
                return
            if on_settle is not None:
                on_settle(s)
            stack = s.stack
        raise RuntimeError("the step loop did not settle; a step keeps reporting progress")

    # -- the decision pending, for a game's engine module -------------------------------------

    def seat(self, s: S) -> int | None:
        """The seat that decides now, or None when the stack is empty (the game is over)."""
        top = self.top(s)
        if top is None:
            return None
        step, f = top
        return step.seat(s, f)

    def prompt(self, s: S) -> str | None:
        top = self.top(s)
        if top is None:
            return None
        step, f = top
        return step.prompt(s, f)

    def legal(self, s: S) -> list[Action]:
        """Every legal action of the seat to act, in a stable order ([] when the game is over)."""
        top = self.top(s)
        if top is None:
            return []
        step, f = top
        return step.legal(s, f)

    def check(
        self,
        s: S,
        a: Action,
        seat: str | int | None,
        seat_of: Callable[[str | int], int],
        seat_names: Sequence[str],
        also: Callable[[Step[S], S, Frame, Action], bool] | None = None,
    ) -> None:
        """Raise IllegalActionError unless ``a`` is legal now for ``seat`` (None: whoever
        decides). ``seat_of`` reads a seat argument (raising on a bad one) once the game is
        known not to be over; ``seat_names`` names the seats in messages; ``also`` accepts
        actions the step does not list but that stand for one it does (a game's shorthand)."""
        top = self.top(s)
        if top is None:
            raise IllegalActionError(f"the game is over; {a} cannot be played")
        step, f = top
        deciding = step.seat(s, f)
        if seat is not None:
            want = seat_of(seat)
            if want != deciding:
                raise IllegalActionError(
                    f"it is {seat_names[deciding]}'s decision ({step.name}), "
                    f"not {seat_names[want]}'s"
                )
        legal = step.legal(s, f)
        if a not in legal and not (also is not None and also(step, s, f, a)):
            shown = ", ".join(str(x) for x in legal[:12])
            more = f" and {len(legal) - 12} more" if len(legal) > 12 else ""
            raise IllegalActionError(
                f"{a} is not legal now; at step {step.name!r} {seat_names[deciding]} may play: "
                f"{shown}{more}"
            )

    def apply(self, s: S, a: Action) -> None:
        """Apply an action known to be legal, count it, and settle the automatic steps after."""
        step, f = self.top(s)  # type: ignore[misc]
        step.apply(s, f, a)
        s.serial += 1
        self.settle(s)
