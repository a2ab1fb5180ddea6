"""Game set-up (4.0): markers, units, trenches, the decks, the opening hands.

:func:`new_state` builds the position of August 1914 for a scenario (the historical scenario
applies the 5.7.1 set-up changes) and pushes the set-up steps that need decisions: the secret
choice of optional cards (rulebook optional-cards note, way 2), the CP's choice to start with
Guns of August in hand (4.3.1), then the deal (4.3.1-4.3.2) and the first turn.

A scenario that opens later ("The Great War", 1916) is built from its data set instead
(:func:`later_start`): position, tracks, RPs, every card's pile, the events in force; its turn
starts at the scenario's phase.
"""

from __future__ import annotations

from typing import Any

from greatwar.core import rng as _rng
from greatwar.core.actions import Action
from greatwar.core.steps import Frame
from greatwar.pog import board
from greatwar.pog.cards import CARDS, draw_to_full
from greatwar.pog.data import AP, CP, SIDE_NAMES, DataError, load_start
from greatwar.pog.flow import STEPS, D, PogStep, act, log, pop, push, shuffle
from greatwar.pog.scenarios import Scenario, find_scenario, hand_size, normalise_options
from greatwar.pog.sequence import start_turn
from greatwar.pog.state import FORT_DESTROYED, OFF, State
from greatwar.pog.tracks import log_track_moves

GUNS_OF_AUGUST = D.card("cp01")

# Nations at war when the game starts (4.2.2: the neutrals enter later). 'al' (Albania, always
# enterable, 11.1.12), 'eg' (Egypt), 'ar' (Arabia) and 'none' (MEF beaches) are map-only.
AT_WAR_AT_START = ("ge", "ah", "fr", "br", "be", "ru", "sb", "mn", "al", "eg", "ar", "none")
NEUTRAL_AT_START = ("it", "bu", "ro", "gr", "tu", "us", "pe")

RP_POOLS = ("ge", "ah", "tu", "bu", "fr", "br", "ru", "it", "us", "allied")

COMMITMENT_LEVELS = {"mobilization": 0, "limited": 1, "total": 2}  # 16.1
# A later start's entries already made (value key -> the nations at war by it). Turkey's entry
# also opens Persia (16.1.3.1, 11.1.13).
ENTRIES = {
    "turkey_entry_turn": ("tu", "pe"),
    "italy_entry_turn": ("it",),
    "bulgaria_entry_turn": ("bu",),
}
# A later start's neutrals (value key -> the status the engine can represent).
NEUTRALS = {
    "romania_status": "neutral",
    "greece_status": "neutral_limited_entry",
    "us_status": "neutral",
}


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
    s = _blank_state(sc.id, opts, seed)
    if sc.start:
        later_start(s, sc)
        return s
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


def _blank_state(scenario: str, opts: dict[str, Any], seed: int) -> State:
    """A state with every field at its new-game value, before any set-up."""
    s = State()
    s.scenario = scenario
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

    return s


def later_start(s: State, sc: Scenario) -> None:
    """A scenario that opens after August 1914 ("The Great War", 1916): the position, tracks,
    RPs, card piles and events in force are the scenario's data (``scenario-<id>-*.csv``,
    ``setup-<id>.csv``); the turn starts at the scenario's phase, whose own start-of-phase
    effects (17.1, 5.7.3, Walter Rathenau) then apply as in any turn."""
    st = load_start(sc.start)
    v = st.values
    s.turn = st.number("start_turn")
    s.phase = v["start_phase"]
    for row in st.setup:
        if row.trigger != "start":
            continue  # later entries use the 1914 rows of their trigger (entry.py)
        if row.kind == "unit":
            board.place(s, row.unit, row.space, reduced=row.reduced)
        elif row.kind == "trench":
            board.set_trench(s, row.space, row.trench_level, row.side)
        elif row.kind == "control":
            s.ctrl[row.space] = row.side  # the VP marker is the scenario's value, not moved
        elif row.kind == "fort_destroyed":
            s.fort[row.space] = FORT_DESTROYED  # 15.1.9-15.1.10
        elif row.kind == "mef_beachhead":
            s.flags["mef_beachhead"] = row.space  # 9.5.3.5
    for key, nations in ENTRIES.items():
        if not 1 <= st.number(key) < s.turn:
            raise DataError(f"scenario {sc.id}: {key} must be a turn before the start")
        for n in nations:
            s.at_war[n] = 1
    for key, status in NEUTRALS.items():
        if v[key] != status:
            raise DataError(f"scenario {sc.id}: {key} {v[key]!r} is not supported")
    if v["greece_status"] == "neutral_limited_entry":
        s.flags["salonika"] = 1  # 9.5.2.4: Greece neutral, its corps placed by Salonika
    s.commit = [COMMITMENT_LEVELS[v["ap_commitment"]], COMMITMENT_LEVELS[v["cp_commitment"]]]
    # 5.7.3 asks only whether Total War came before this turn: the scenario's sides reached it
    # before its first turn (see docs/rulings.md).
    s.flags["total_war_turn"] = [s.turn - 1 if c == 2 else 0 for c in s.commit]
    s.ws = [st.number("ap_war_status"), st.number("cp_war_status")]
    s.cws = st.number("combined_war_status")
    if s.cws != sum(s.ws):
        raise DataError(f"scenario {sc.id}: combined War Status is not the sum of the two")
    s.vp = st.number("vp")
    s.rp = {p: 2 * st.number(f"rp_{p}") for p in RP_POOLS}  # half points
    s.mo = [v["ap_mo"], v["cp_mo"]]
    # The cards: every basic card in its pile (played events booked on their turn); cards
    # left out of this game (optional, Valiant) out.
    in_game = game_cards(s.options)
    for c in CARDS:
        if c.ix not in in_game:
            s.out[c.side].append(c.ix)
    for sc_card in st.cards:
        c = CARDS[sc_card.card]
        getattr(s, sc_card.pile)[c.side].append(c.ix)
        if sc_card.turn:
            s.events[c.event_key] = sc_card.turn
    for side in (AP, CP):
        shuffle(s, s.deck[side])
    log(s, "game.setup", sc.rule, scenario=sc.id)
    log_track_moves(s)  # 16.3, 16.4: the markers stand where the position puts them
    start_turn(s, s.phase)


def _matching_basic(s: State, side: int, opt: int) -> list[int]:
    """Basic cards that a chosen optional card may replace: same War Commitment deck and the
    same OPS and SR values (optional-cards note, way 2). The note makes no exception: Guns of
    August matches a 3-OPS / 4-SR Mobilization card like any other (ruling R110); set aside, it
    is no longer in the deck when the CP decides on it (4.3.1)."""
    o = CARDS[opt]
    return [
        c
        for c in (*s.deck[side], *s.later[side])
        if not CARDS[c].optional
        and CARDS[c].deck == o.deck
        and CARDS[c].ops == o.ops
        and CARDS[c].sr == o.sr
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
