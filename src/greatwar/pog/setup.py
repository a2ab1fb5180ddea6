"""Game set-up (4.0): markers, units, trenches, the decks, the opening hands.

:func:`new_state` builds the position of August 1914 for a scenario (the historical scenario
applies the 5.7.1 set-up changes) and pushes the set-up steps that need decisions: the secret
choice of optional cards (rulebook optional-cards note, way 2), the CP's choice to start with
Guns of August in hand (4.3.1), then the deal (4.3.1-4.3.2) and the first turn.
"""

from __future__ import annotations

from typing import Any

from greatwar.core import rng as _rng
from greatwar.core.actions import Action
from greatwar.core.steps import Frame
from greatwar.pog import board
from greatwar.pog.cards import CARDS, draw_to_full
from greatwar.pog.data import AP, CP, SIDE_NAMES
from greatwar.pog.flow import STEPS, D, PogStep, act, log, pop, push, shuffle
from greatwar.pog.scenarios import find_scenario, hand_size, normalise_options
from greatwar.pog.state import OFF, State

GUNS_OF_AUGUST = D.card("cp01")

# Nations at war when the game starts (4.2.2: the neutrals enter later). 'al' (Albania, always
# enterable, 11.1.12), 'eg' (Egypt), 'ar' (Arabia) and 'none' (MEF beaches) are map-only.
AT_WAR_AT_START = ("ge", "ah", "fr", "br", "be", "ru", "sb", "mn", "al", "eg", "ar", "none")
NEUTRAL_AT_START = ("it", "bu", "ro", "gr", "tu", "us", "pe")

RP_POOLS = ("ge", "ah", "tu", "bu", "fr", "br", "ru", "it", "us", "allied")


def game_cards(options: dict[str, Any]) -> set[int]:
    """The cards in play in a game with these options (before any secret selection)."""
    if options["valiant"]:
        return {c.ix for c in CARDS if c.valiant_deck}
    keep = {c.ix for c in CARDS if not c.optional and not c.variant}
    if options["optional_cards"] == "all":
        keep |= {c.ix for c in CARDS if c.optional and not c.variant}
    return keep


def new_state(scenario: str, options: dict[str, Any] | None = None, seed: int = 0) -> State:
    """The state at the start of a game, with its set-up decisions pending."""
    sc = find_scenario(scenario)
    opts = normalise_options(sc, options)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise TypeError("seed must be an integer")
    s = State()
    s.scenario = sc.id
    s.options = opts
    s.seed = seed
    s.turn = 1
    s.round = 0
    s.phase = "setup"
    s.rng = _rng.seed_state(seed)
    s.chance = 0
    s.forced = []
    n_units, n_spaces = len(D.units), len(D.spaces)
    s.loc = [OFF] * n_units
    s.red = [0] * n_units
    s.ctrl = [sp.initial_control for sp in D.spaces]
    s.trench = [0] * n_spaces
    s.tside = [-1] * n_spaces
    s.fort = [0] * n_spaces
    s.at_war = {n: 1 for n in AT_WAR_AT_START} | {n: 0 for n in NEUTRAL_AT_START}
    s.vp = 10  # 4.1.1
    s.ws = [0, 0]
    s.cws = 0
    s.commit = [0, 0]
    s.rp = {p: 0 for p in RP_POOLS}
    s.tsar_vp = -1
    s.mo = ["none", "none"]
    for pile in ("later", "deck", "hand", "discard", "removed", "table", "played", "out"):
        setattr(s, pile, [[], []])
    s.events = {}
    s.flags = {"total_war_turn": [0, 0]}
    s.tflags = {}
    s.uses = [[], []]
    s.stack = []
    s.result = None
    s.serial = 0

    # 4.2.1 units and trenches (5.7.1: the historical scenario's trench changes).
    for row in D.setup:
        if row.trigger != "start":
            continue
        if not (row.historical_setup if sc.historical else row.basic_setup):
            continue
        if row.kind == "unit":
            board.place(s, row.unit, row.space, reduced=row.reduced)
        elif row.kind == "trench":
            board.set_trench(s, row.space, row.trench_level, row.side)

    # 2.3 / 9.1.2 the decks: Mobilization cards in the draw pile, the others set aside.
    in_game = game_cards(opts)
    for c in CARDS:
        if c.ix not in in_game:
            s.out[c.side].append(c.ix)
        elif c.deck == "mobilization":
            s.deck[c.side].append(c.ix)
        else:
            s.later[c.side].append(c.ix)

    # The seed is never logged: with it a player could recompute every shuffle.
    log(s, "game.setup", sc.rule, scenario=sc.id)
    push(s, "turn", ph=0)
    push(s, "deal")
    push(s, "setup_guns_of_august", side=CP)
    if opts["optional_cards"] == "select":
        push(s, "setup_optional_cards", side=AP, _pick=-1, _chosen=[])
        push(s, "setup_optional_cards", side=CP, _pick=-1, _chosen=[])
    return s


def _matching_basic(s: State, side: int, opt: int) -> list[int]:
    """Basic cards that a chosen optional card may replace: same War Commitment deck and the
    same OPS and SR values (optional-cards note, way 2)."""
    o = CARDS[opt]
    return [
        c
        for c in (*s.deck[side], *s.later[side])
        if not CARDS[c].optional
        and CARDS[c].deck == o.deck
        and CARDS[c].ops == o.ops
        and CARDS[c].sr == o.sr
        and c != GUNS_OF_AUGUST
    ]


@STEPS.register
class SetupOptionalCards(PogStep):
    """Optional-cards note, way 2: each player secretly picks optional cards to use, and for
    each one secretly removes a matching basic card from the game."""

    name = "setup_optional_cards"
    rule = "optional cards"

    def prompt(self, s: State, f: Frame) -> str:
        return "optional.pick_basic" if f["_pick"] >= 0 else "optional.pick"

    def legal(self, s: State, f: Frame) -> list[Action]:
        side = f["side"]
        if f["_pick"] >= 0:
            return [act("select", CARDS[c].id) for c in _matching_basic(s, side, f["_pick"])]
        out = [
            act("select", CARDS[c].id)
            for c in s.out[side]
            if CARDS[c].optional and not CARDS[c].variant and _matching_basic(s, side, c)
        ]
        out.append(act("done"))
        return out

    def apply(self, s: State, f: Frame, a: Action) -> None:
        side = f["side"]
        if a.verb == "done":
            log(s, "optional.chosen", self.rule, side, count=len(f["_chosen"]))
            pop(s, f)
            return
        c = D.card(a.args[0])
        if f["_pick"] < 0:
            f["_pick"] = c
            return
        opt = f["_pick"]
        f["_pick"] = -1
        f["_chosen"] = [*f["_chosen"], opt]
        # The basic card leaves the game; the optional card joins its deck group.
        for pile in ("deck", "later"):
            if c in getattr(s, pile)[side]:
                getattr(s, pile)[side].remove(c)
        s.out[side].append(c)
        s.out[side].remove(opt)
        (s.deck if CARDS[opt].deck == "mobilization" else s.later)[side].append(opt)


@STEPS.register
class SetupGunsOfAugust(PogStep):
    """4.3.1: the CP may start with Guns of August in hand (the historical scenario requires
    it, 5.7.4 #3), and must tell the AP."""

    name = "setup_guns_of_august"
    rule = "4.3.1"

    def settle(self, s: State, f: Frame) -> bool:
        if GUNS_OF_AUGUST not in s.deck[CP]:
            pop(s, f)  # not in this game's deck (a variant deck without it)
            return True
        if find_scenario(s.scenario).historical:
            _take_goa(s)
            pop(s, f)
            return True
        return False

    def prompt(self, s: State, f: Frame) -> str:
        return "setup.guns_of_august"

    def legal(self, s: State, f: Frame) -> list[Action]:
        return [act("choose", "yes"), act("choose", "no")]

    def apply(self, s: State, f: Frame, a: Action) -> None:
        if a.args[0] == "yes":
            _take_goa(s)
        else:
            log(s, "setup.no_guns_of_august", self.rule, CP)
        pop(s, f)


def _take_goa(s: State) -> None:
    s.deck[CP].remove(GUNS_OF_AUGUST)
    s.hand[CP].append(GUNS_OF_AUGUST)
    s.flags["goa_in_hand"] = 1
    log(s, "setup.guns_of_august", "4.3.1", CP, card="cp01")


@STEPS.register
class Deal(PogStep):
    """4.3.1-4.3.2: shuffle each Mobilization deck and deal the opening hands."""

    name = "deal"
    rule = "4.3"

    def settle(self, s: State, f: Frame) -> bool:
        for side in (CP, AP):
            shuffle(s, s.deck[side])
            draw_to_full(s, side)
        log(s, "setup.hands", self.rule, size=hand_size(s.options))
        pop(s, f)
        return True


def side_name(side: int) -> str:
    return SIDE_NAMES[side]
