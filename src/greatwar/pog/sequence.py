"""The Sequence of Play (6.0): the turn as a program counter over phases A to H.

The ``turn`` frame sits at the bottom of the stack. Each time it is on top it runs the next
phase, which may push the frames of that phase's decisions; when they have all popped, the turn
frame runs the phase after. Phase H ends the game after the scenario's last turn, or starts the
next turn. A scenario that opens in the middle of a turn ("The Great War", 1916: in turn 10's
Replacement Phase) starts the program counter at that phase (:func:`start_turn`).
"""

from __future__ import annotations

from collections.abc import Callable

from greatwar.core.steps import Frame
from greatwar.pog.action_phase import action_phase
from greatwar.pog.attrition import attrition
from greatwar.pog.cards import CARDS
from greatwar.pog.data import AP, CP
from greatwar.pog.draw_phase import draw_phase
from greatwar.pog.flow import STEPS, PogStep, log, push
from greatwar.pog.mandated import mandated_offensive_phase
from greatwar.pog.replacements import replacement_phase
from greatwar.pog.scenarios import SCENARIOS
from greatwar.pog.siege import siege_phase
from greatwar.pog.state import State
from greatwar.pog.victory import LAST_TURN, end_game
from greatwar.pog.war_status import war_status_phase


def end_of_action_phase(s: State) -> None:
    """9.5.4.5: combat cards kept face up are discarded at the end of the turn; we do it when
    the Action Phase ends, so they are in the discard pile for a War Commitment reshuffle
    (see docs/rulings.md)."""
    for side in (AP, CP):
        for c in list(s.table[side]):
            s.table[side].remove(c)
            s.discard[side].append(c)
            log(s, "card.table_discarded", "9.5.4.5", side, card=CARDS[c].id)


def attrition_phase(s: State) -> None:
    """6.0 C: supply is checked and out-of-supply units are eliminated (14.3.5-14.3.6)."""
    s.phase = "attrition"
    end_of_action_phase(s)
    attrition(s)


def end_of_turn(s: State) -> None:
    """6.0 H: the game ends after the scenario's last turn; otherwise the next turn begins."""
    sc = SCENARIOS[s.scenario]
    if s.turn >= sc.last_turn:
        end_game(s, LAST_TURN)
        return
    s.turn += 1
    s.tflags = {}
    s.uses = [[], []]
    log(s, "turn.begins", "6.0H")


def _replacement(s: State) -> None:
    if s.turn < SCENARIOS[s.scenario].last_turn:
        replacement_phase(s)


def _draw(s: State) -> None:
    if s.turn < SCENARIOS[s.scenario].last_turn:
        draw_phase(s)


PHASES: tuple[Callable[[State], None], ...] = (
    mandated_offensive_phase,  # A
    action_phase,  # B
    attrition_phase,  # C
    siege_phase,  # D
    war_status_phase,  # E
    _replacement,  # F (not after the last turn: nothing it does can change the result)
    _draw,  # G (idem)
    end_of_turn,  # H
)

# The name of each phase of PHASES, as ``s.phase`` shows it while the phase runs.
PHASE_NAMES = (
    "mandated_offensives",
    "action",
    "attrition",
    "siege",
    "war_status",
    "replacement",
    "draw",
    "end_of_turn",
)


def start_turn(s: State, phase: str = "mandated_offensives") -> None:
    """6.0: begin turn ``s.turn`` at ``phase``; the phases before it do not happen in this
    turn (a scenario that opens mid-turn)."""
    if phase not in PHASE_NAMES:
        raise ValueError(f"unknown phase {phase!r}; expected one of: {', '.join(PHASE_NAMES)}")
    push(s, "turn", ph=PHASE_NAMES.index(phase))


@STEPS.register
class Turn(PogStep):
    """6.0: run phases A-H in order, turn after turn."""

    name = "turn"
    rule = "6.0"

    def settle(self, s: State, f: Frame) -> bool:
        ph = f["ph"]
        f["ph"] = (ph + 1) % len(PHASES)
        PHASES[ph](s)
        return True
