"""Paths of Glory for learning agents: the token vocabulary, the observation encoding, and the
determinizer search uses (the two hooks of :mod:`greatwar.core.research`).

The encoder reads a seat's *view* only (``view(s, seat)``), so an observation holds nothing the
seat may not know. Every number is in [0, 1]: bits, one-hot groups, and counts divided by a
bound taken from the game's data (the General Records Track has boxes 0-40; a space stacks at
most three units). ``docs/env.md`` lists every feature; it is generated from :data:`ENCODER`
(``python3 -m greatwar.env.docs``).

The determinizer reads the full state (it is for search, never for observations): it redraws
what a seat cannot see, and applies an action with its dice given from outside.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from greatwar.core import rng as _rng
from greatwar.core.actions import Action, ArgKind
from greatwar.core.research import END, BlockEncoder, Feature, FeatureBlock, onehot
from greatwar.pog import engine
from greatwar.pog.cards import DECK_ORDER
from greatwar.pog.data import SIDE_OF_NAME
from greatwar.pog.flow import STEPS, D
from greatwar.pog.grammar import CARD, GRAMMAR, NATION, SPACE, UNIT
from greatwar.pog.scenarios import OPTIONAL_CARD_MODES, SCENARIOS
from greatwar.pog.setup import (
    AT_WAR_AT_START,
    GUNS_OF_AUGUST,
    NEUTRAL_AT_START,
    RP_POOLS,
    game_cards,
)
from greatwar.pog.state import State, deep_copy
from greatwar.pog.tracks import RC_BOXES, US_BOXES
from greatwar.pog.war_status import TURNS

SEATS = ("ap", "cp")
NUMBERS = tuple(str(n) for n in range(10))
"""``choose <number>``: the grammar allows any number; the engine offers none today, and the
vocabulary reserves 0-9 (a larger one would be refused by :meth:`PogEncoder.token_id`)."""

TRACK_MAX = 40  # the General Records Track's boxes are 0-40 (VP, War Status, RPs)
STACK_MAX = 3  # 10.1: at most three units in a space
HAND_MAX = 8  # 9.1.4: seven cards, eight with the option or in the historical scenario
ROUNDS = tuple(range(9))  # 0 before the first action round; six (or seven) rounds a turn
PHASES = (
    "setup",
    "mandated_offensives",
    "action",
    "attrition",
    "siege",
    "war_status",
    "replacement",
    "draw",
    "over",
)
COMMITMENT = ("mobilization", "limited", "total")
_MO_TABLE = D.tables["mandated_offensive_tables"]
MO_RESULTS = tuple(dict.fromkeys(["none", *_MO_TABLE["ap"].values(), *_MO_TABLE["cp"].values()]))
NATIONS = (*AT_WAR_AT_START, *NEUTRAL_AT_START)
LASTING_FLAGS = ("mef_normal", "salonika", "trench_fail", "goa_in_hand")
TURN_FLAGS = (
    "reinforced",
    "reshuffle",
    "yanks_and_tanks",
    "brusilov_trench",
    "caucasus_move",
    "everyone_into_battle",
    "influenza",
    "neutral_entry",
    "zeppelin_raids",
)
"""The markers of ``view["markers"]`` the encoder shows (present and not empty); the rest
(the US Entry and Russian Capitulation boxes, the MEF beachhead, Near East armies) are
encoded from the tracks, the spaces and the units."""

# Frame fields that name spaces or units (see view.named_frame): a space or unit named in the
# current procedure (an attack's target, the activated spaces, the units moving) is marked.
_SPACE_FIELDS = ("tgt", "stack", "spaces", "attacks", "moves", "attacked", "pending", "origin")
_UNIT_FIELDS = (
    "unit", "units", "movers", "done", "oos", "att", "dfn", "entrench", "used", "sel", "moved",
    "placed",
)  # fmt: skip

MAP_SPACES = tuple(D.spaces[x].id for x in D.map_spaces)
UNITS = tuple(u.id for u in D.units)
CARDS = tuple(c.id for c in D.cards)
STEP_NAMES = tuple(STEPS.names())
_BOX = {
    "ap_reserve_box": "reserve_box",
    "cp_reserve_box": "reserve_box",
    "ap_eliminated_box": "eliminated",
    "cp_eliminated_box": "eliminated",
    "ap_permanently_eliminated_box": "permanently_eliminated",
    "cp_permanently_eliminated_box": "permanently_eliminated",
}


def _vocabulary() -> tuple[str, ...]:
    """END, the verbs, the literal words, then every id the grammar's argument kinds accept:
    nations, cards, spaces and units in data order, numbers 0-9."""
    data_order: dict[str, tuple[str, ...]] = {
        NATION.name: tuple(D.nations),
        CARD.name: CARDS,
        SPACE.name: tuple(s.id for s in D.spaces),
        UNIT.name: UNITS,
    }
    words: list[str] = []
    kinds: list[ArgKind] = []
    for verb in GRAMMAR.verbs:
        for sig in GRAMMAR.signatures(verb):
            kinds.extend(sig)
    for kind in kinds:
        if kind.words is not None and kind.name not in data_order:
            words.extend(sorted(kind.words))
    out = [END, *GRAMMAR.verbs, *words]
    for name in (NATION.name, CARD.name, SPACE.name, UNIT.name):
        out.extend(data_order[name])
    out.extend(NUMBERS)
    vocab = tuple(dict.fromkeys(out))
    for kind in kinds:  # the vocabulary covers the grammar
        missing = (kind.words or frozenset()) - set(vocab)
        if missing:
            raise RuntimeError(f"tokens of {kind.name} missing from the vocabulary: {missing}")
    return vocab


def _f(name: str, meaning: str) -> Feature:
    return Feature(name, meaning)


def _blocks() -> tuple[FeatureBlock, ...]:
    per_side_units = []
    for side in SEATS:
        for kind in ("army", "corps"):
            for state in ("full", "reduced"):
                per_side_units.append(
                    _f(
                        f"{side}_{kind}_{state}",
                        f"{side.upper()} {kind} units at {state} strength here / {STACK_MAX}",
                    )
                )
    spaces = FeatureBlock(
        "spaces",
        "one row per map space (spaces.csv order, off-map boxes left out)",
        MAP_SPACES,
        (
            _f("ap_control", "1 if the AP controls the space"),
            _f("cp_control", "1 if the CP controls the space"),
            _f("trench_1", "1 if a level-1 trench is here"),
            _f("trench_2", "1 if a level-2 trench is here"),
            _f("trench_ap", "1 if the trench here is the AP's"),
            _f("trench_cp", "1 if the trench here is the CP's"),
            _f("fort_intact", "1 if the space's fort is intact"),
            _f("fort_besieged", "1 if the space's fort is besieged"),
            _f("fort_destroyed", "1 if the space's fort is destroyed"),
            *per_side_units,
            _f("in_procedure", "1 if the current procedure names the space (target, activated)"),
            _f("mef_beachhead", "1 if the MEF Beachhead marker is here"),
        ),
    )
    units = FeatureBlock(
        "units",
        "one row per unit (units.csv order)",
        UNITS,
        (
            _f("on_map", "1 if the unit is on a map space"),
            _f("reduced", "1 if the unit is on its reduced side"),
            _f("reserve_box", "1 if the unit is in its side's Reserve Box"),
            _f("eliminated", "1 if the unit is in its side's Eliminated Units box"),
            _f("permanently_eliminated", "1 if the unit is permanently eliminated"),
            _f("space", "(map space row + 1) / number of map spaces; 0 off the map"),
            _f("in_procedure", "1 if the current procedure names the unit (moving, attacking)"),
            _f("near_east_lost", "1 if the army lost its Near East status"),
        ),
    )
    cards = FeatureBlock(
        "cards",
        "one row per strategy card (cards.csv order); the other seat's hand and every draw "
        "pile are never shown, only counted",
        CARDS,
        (
            _f("my_hand", "1 if the card is in the observing seat's hand"),
            _f("discard", "1 if the card is in a discard pile"),
            _f("removed", "1 if the card was removed from the game"),
            _f("table", "1 if the card is on the table (a combat card in play)"),
            _f("played", "1 if the card is being played now"),
            _f("my_out", "1 if the card is the observing seat's and not in this game"),
            _f("event_played", "1 if the card's event has been played this game"),
        ),
    )
    scalars: list[Feature] = [
        _f("vp", f"the VP marker / {TRACK_MAX}"),
        *[_f(f"war_status_{x}", f"{x.upper()} War Status / {TRACK_MAX}") for x in SEATS],
        _f("combined_war_status", f"Combined War Status / {TRACK_MAX}"),
        _f("cp_russian_vp", f"current CP Russian VPs / {TRACK_MAX}"),
        _f("tsar_fell", "1 once the Tsar Fell marker is placed"),
        _f("tsar_fell_vp", f"the Tsar Fell CP Russian VP marker / {TRACK_MAX}"),
    ]
    for x in SEATS:
        scalars += onehot(f"commitment_{x}", COMMITMENT, f"{x.upper()}'s War Commitment")
    scalars += [_f(f"rp_{p}", f"{p} replacement points / {TRACK_MAX}") for p in RP_POOLS]
    scalars += onehot("us_entry", US_BOXES, "the US Entry track box")
    scalars += onehot("russian_capitulation", RC_BOXES, "the Russian Capitulation box")
    for x in SEATS:
        scalars += onehot(f"mo_{x}", MO_RESULTS, f"{x.upper()}'s Mandated Offensive")
    tracks = FeatureBlock("tracks", "the tracks of the board (one row)", ("",), tuple(scalars))

    n_side = {x: sum(1 for c in D.cards if c.side == SIDE_OF_NAME[x]) for x in SEATS}
    counts: list[Feature] = []
    for x in SEATS:
        counts += [
            _f(f"hand_count_{x}", f"cards in {x.upper()}'s hand / {HAND_MAX}"),
            _f(f"deck_count_{x}", f"cards in {x.upper()}'s draw pile / {n_side[x]}"),
            _f(f"later_count_{x}", f"{x.upper()} cards set aside for later decks / {n_side[x]}"),
            _f(f"out_count_{x}", f"{x.upper()} cards not in this game / {n_side[x]}"),
        ]
    piles = FeatureBlock("piles", "card counts (one row)", ("",), tuple(counts))

    game: list[Feature] = []
    game += onehot("seat", SEATS, "the observing seat")
    game += onehot("to_act", SEATS, "the seat to decide now")
    game += onehot("turn", sorted(TURNS), "the turn")
    game += onehot("round", ROUNDS, "the action round")
    game += onehot("phase", PHASES, "the phase")
    game += onehot("scenario", list(SCENARIOS), "the scenario")
    game += [
        _f("option_hand8", "1 with eight-card hands (9.1.4)"),
        _f("option_trench_mod", "1 with the trench roll modification (11.2.10)"),
        _f("option_valiant", "1 with the Valiant deck"),
        _f("option_tournament", "1 with tournament rules (5.6)"),
    ]
    game += onehot("optional_cards", OPTIONAL_CARD_MODES, "the optional-cards mode")
    game += [_f(f"at_war_{n}", f"1 if {n} is at war") for n in NATIONS]
    game += [_f(f"flag_{k}", f"1 if the lasting marker {k} is set") for k in LASTING_FLAGS]
    game += [_f(f"turn_flag_{k}", f"1 if this turn's marker {k} is set") for k in TURN_FLAGS]
    game_block = FeatureBlock("game", "who, when, which game (one row)", ("",), tuple(game))

    procedure = FeatureBlock(
        "procedure",
        "the procedure: the step deciding now and every step on the stack (one row)",
        ("",),
        (
            *onehot("step", STEP_NAMES, "the current step"),
            *[_f(f"open_{n}", f"1 if a {n} step is on the procedure stack") for n in STEP_NAMES],
        ),
    )
    return (spaces, units, cards, tracks, piles, game_block, procedure)


class PogEncoder(BlockEncoder):
    """The :class:`greatwar.core.research.Encoder` of Paths of Glory."""

    def __init__(self) -> None:
        super().__init__("Paths of Glory", _vocabulary(), GRAMMAR, _blocks())
        self._space_row = {sid: i for i, sid in enumerate(MAP_SPACES)}
        self._unit_row = {uid: i for i, uid in enumerate(UNITS)}
        self._card_row = {cid: i for i, cid in enumerate(CARDS)}
        self._card_event = tuple(c.event_key for c in D.cards)
        cols = self._col["spaces"]
        self._named_col = {
            "ap": cols["ap_control"],
            "cp": cols["cp_control"],
            "intact": cols["fort_intact"],
            "besieged": cols["fort_besieged"],
            "destroyed": cols["fort_destroyed"],
        }
        # unit id -> (its column in its space's row at full strength, reduced)
        self._stack_col = {
            u.id: tuple(
                cols[f"{SEATS[u.side]}_{'army' if u.army else 'corps'}_{strength}"]
                for strength in ("full", "reduced")
            )
            for u in D.units
        }
        self._n_side = {x: sum(1 for c in D.cards if SEATS[c.side] == x) for x in SEATS}
        # The single-row blocks: feature name -> absolute index.
        self._scalar: dict[str, int] = {}
        for b in self.blocks:
            if b.rows == ("",):
                for i, f in enumerate(b.features):
                    self._scalar[f.name] = self._offset[b.name] + i

    def features(self, view: Mapping[str, Any]) -> tuple[list[int], list[float]]:
        idx: list[int] = []
        val: list[float] = []
        put_i = idx.append
        put_v = val.append
        sc = self._scalar

        def one(name: str, value: float = 1.0) -> None:
            if value:
                put_i(sc[name])
                put_v(min(1.0, float(value)))

        # -- spaces
        base = self._offset["spaces"]
        cols = self._col["spaces"]
        width = len(cols)
        srow = self._space_row
        board = view["board"]
        named = self._named_col
        for sid, side in board["control"].items():
            put_i(base + srow[sid] * width + named[side])
            put_v(1.0)
        for sid, t in board["trenches"].items():
            r = base + srow[sid] * width
            put_i(r + cols[f"trench_{t['level']}"])
            put_v(1.0)
            put_i(r + cols[f"trench_{t['side']}"])
            put_v(1.0)
        for sid, fort in board["forts"].items():
            put_i(base + srow[sid] * width + named[fort])
            put_v(1.0)
        stacks: dict[int, float] = {}
        ubase = self._offset["units"]
        ucols = self._col["units"]
        uwidth = len(ucols)
        urow = self._unit_row
        n_map = len(MAP_SPACES)
        for u in board["units"]:
            uid = u["id"]
            r = ubase + urow[uid] * uwidth
            where = u["space"]
            if u["reduced"]:
                put_i(r + ucols["reduced"])
                put_v(1.0)
            row = srow.get(where)
            if row is None:
                put_i(r + ucols[_BOX[where]])
                put_v(1.0)
                continue
            put_i(r + ucols["on_map"])
            put_v(1.0)
            put_i(r + ucols["space"])
            put_v((row + 1) / n_map)
            k = base + row * width + self._stack_col[uid][1 if u["reduced"] else 0]
            stacks[k] = stacks.get(k, 0.0) + 1.0
        for k, n in stacks.items():
            put_i(k)
            put_v(min(1.0, n / STACK_MAX))
        markers = view["markers"]
        if markers.get("mef_beachhead"):
            put_i(base + srow[markers["mef_beachhead"]] * width + cols["mef_beachhead"])
            put_v(1.0)
        for uid in markers.get("near_east_lost") or ():
            put_i(ubase + urow[uid] * uwidth + ucols["near_east_lost"])
            put_v(1.0)
        spaces_named: set[str] = set()
        units_named: set[str] = set()
        for frame in view["procedure_named"]:
            for key in _SPACE_FIELDS:
                v = frame.get(key)
                if isinstance(v, str):
                    spaces_named.add(v)
                elif isinstance(v, list):
                    spaces_named.update(x for x in v if isinstance(x, str))
            for key in _UNIT_FIELDS:
                v = frame.get(key)
                if isinstance(v, str):
                    units_named.add(v)
                elif isinstance(v, list):
                    units_named.update(x for x in v if isinstance(x, str))
        for sid in spaces_named:
            row = srow.get(sid)
            if row is not None:
                put_i(base + row * width + cols["in_procedure"])
                put_v(1.0)
        for uid in units_named:
            if uid in urow:
                put_i(ubase + urow[uid] * uwidth + ucols["in_procedure"])
                put_v(1.0)

        # -- cards
        cbase = self._offset["cards"]
        ccols = self._col["cards"]
        cwidth = len(ccols)
        crow = self._card_row
        cards = view["cards"]
        for cid in cards["hand"]:
            put_i(cbase + crow[cid] * cwidth + ccols["my_hand"])
            put_v(1.0)
        for pile in ("discard", "removed", "table", "played"):
            for side_cards in cards[pile].values():
                for cid in side_cards:
                    put_i(cbase + crow[cid] * cwidth + ccols[pile])
                    put_v(1.0)
        for cid in cards["out"]:
            put_i(cbase + crow[cid] * cwidth + ccols["my_out"])
            put_v(1.0)
        events = view["events"]
        if events:
            for i, key in enumerate(self._card_event):
                if key in events:
                    put_i(cbase + i * cwidth + ccols["event_played"])
                    put_v(1.0)

        # -- tracks
        t = view["tracks"]
        one("vp", t["vp"] / TRACK_MAX)
        for x in SEATS:
            one(f"war_status_{x}", t["war_status"][x] / TRACK_MAX)
            one(f"commitment_{x}_{t['commitment'][x]}")
            one(f"mo_{x}_{t['mandated_offensive'][x]}")
        one("combined_war_status", t["combined_war_status"] / TRACK_MAX)
        one("cp_russian_vp", t["cp_russian_vp"] / TRACK_MAX)
        if t["tsar_fell_vp"] is not None:
            one("tsar_fell")
            one("tsar_fell_vp", t["tsar_fell_vp"] / TRACK_MAX)
        for pool, points in t["rp"].items():
            one(f"rp_{pool}", points / TRACK_MAX)
        one(f"us_entry_{t['us_entry']}")
        one(f"russian_capitulation_{t['russian_capitulation']}")

        # -- piles
        n_side = self._n_side
        me = view["seat"]
        for x in SEATS:
            one(f"hand_count_{x}", cards["hand_count"][x] / HAND_MAX)
            one(f"deck_count_{x}", cards["deck_count"][x] / n_side[x])
            one(f"later_count_{x}", cards["later_count"][x] / n_side[x])
            out = len(cards["out"]) if x == me else cards["out_count"][x]
            one(f"out_count_{x}", out / n_side[x])

        # -- game
        one(f"seat_{me}")
        if view["to_act"] is not None:
            one(f"to_act_{view['to_act']}")
        one(f"turn_{view['turn']}")
        one(f"round_{view['round']}")
        one(f"phase_{view['phase']}")
        one(f"scenario_{view['scenario']}")
        opts = view["options"]
        for name in ("hand8", "trench_mod", "valiant", "tournament"):
            one(f"option_{name}", 1.0 if opts.get(name) else 0.0)
        one(f"optional_cards_{opts.get('optional_cards', 'none')}")
        for nation in view["at_war"]:
            if f"at_war_{nation}" in sc:
                one(f"at_war_{nation}")
        lasting = markers["lasting"]
        for flag in LASTING_FLAGS:
            one(f"flag_{flag}", 1.0 if lasting.get(flag) else 0.0)
        this_turn = markers["this_turn"]
        for flag in TURN_FLAGS:
            one(f"turn_flag_{flag}", 1.0 if this_turn.get(flag) else 0.0)

        # -- procedure
        if view["step"] is not None:
            one(f"step_{view['step']}")
        for name in {f["step"] for f in view["procedure"]}:
            one(f"open_{name}")
        return idx, val


class PogDeterminizer:
    """The :class:`greatwar.core.research.Determinizer` of Paths of Glory.

    Two doors in: :meth:`resample` (from a full state, for the research environment, which
    holds the game) and :meth:`world` (from a seat's *view* alone, for the search bot, which
    never sees the state). Both deal the hidden cards the same way (:func:`_deal`).
    """

    max_outcomes = 6  # a die

    def resample(self, s: State, seat: str, seed: int) -> State:
        """Redraw what ``seat`` cannot see: the other seat's hand and draw pile are dealt again
        from the cards they hold together (keeping their sizes), the seat's own draw pile is
        put in a new order, and the generator that will shuffle later is reseeded.

        Known limits (the resampled world stays consistent with the seat's view, but ignores
        some of what the seat could infer): a hand seen through Mata Hari or Cloak and Dagger is
        not kept, nor is the secret choice of optional cards (the ``select`` option). Guns of
        August taken into the CP hand at set-up is public (4.3.1) and is kept there.
        """
        me = SIDE_OF_NAME[seat]
        c = s.clone()
        _deal(c, me, random.Random(seed))
        return c

    def world(self, view: Mapping[str, Any], seed: int) -> State:
        """A whole game state built from ``view`` alone, its hidden parts drawn at random
        (from ``seed``) consistently with the view: ``view(world, seat)`` shows what ``view``
        shows (but the log, which the world does not keep). The seat's own draw pile and set-
        aside cards are the seat's cards it does not see elsewhere; the other seat's hand,
        draw pile and set-aside cards are dealt from the cards of that side it cannot see
        (set-aside cards are those of a War Commitment deck not yet added, 9.1.2); the
        generator is seeded anew. The limits of :meth:`resample` apply."""
        from greatwar.pog.bots.public import public_state

        me = SIDE_OF_NAME[str(view["seat"])]
        opp = 1 - me
        r = random.Random(seed)
        s = public_state(dict(view))
        s.seed = 0
        s.chance = 0
        at_war = set(view.get("at_war") or ())
        s.at_war = {n: 1 if n in at_war else 0 for n in (*AT_WAR_AT_START, *NEUTRAL_AT_START)}
        for n in at_war:
            s.at_war.setdefault(n, 1)
        uses = view.get("uses") or {}
        s.uses = [list(uses.get("ap", ())), list(uses.get("cp", ()))]
        s.stack = [_own_frame(f) for f in view.get("procedure") or ()]
        cards = view["cards"]
        seen: set[int] = set()
        for pile in ("discard", "removed", "table", "played"):
            for ids in cards[pile].values():
                seen.update(D.card_ix[x] for x in ids)
        seen.update(s.hand[me])
        s.out = [[], []]
        s.out[me] = [D.card_ix[x] for x in cards["out"]]
        seen.update(s.out[me])
        for side in (me, opp):
            unknown = [c.ix for c in D.cards if c.side == side and c.ix not in seen]
            if side == opp:
                n_out = int(cards["out_count"].get(SEATS[opp], 0))
                s.out[opp] = _pick_out(unknown, n_out, view, r)
                gone = set(s.out[opp])
                unknown = [x for x in unknown if x not in gone]
            n_later = int(cards["later_count"][SEATS[side]])
            commit = s.commit[side]
            unknown.sort(key=lambda x: -DECK_ORDER.index(D.cards[x].deck))
            later = [x for x in unknown if DECK_ORDER.index(D.cards[x].deck) > commit]
            if len(later) != n_later:
                later = unknown[:n_later]
            s.later[side] = sorted(later)
            left = set(later)
            rest = [x for x in unknown if x not in left]
            if side == me:
                s.deck[me] = rest
            else:
                n_hand = int(cards["hand_count"][SEATS[opp]])
                s.hand[opp] = rest[:n_hand]
                s.deck[opp] = rest[n_hand:]
        _deal(s, me, r)
        s.log = []
        s.logging = False
        s.cache = {}
        return s

    def apply_with_outcomes(
        self, s: State, action: str, outcomes: Sequence[int]
    ) -> tuple[State | None, int]:
        """Dice come from ``outcomes`` (0-5 for a die of 1-6) through the engine's forced
        dice; a last impossible die (0) tells when the action wants one more."""
        c = s.clone()
        c.forced = [o + 1 for o in outcomes]
        c.forced.append(0)
        try:
            engine.apply_unchecked(c, Action.parse(action))
        except ValueError:
            if c.forced:  # the sentinel die was not reached: a real error
                raise
            return None, 6
        if c.forced != [0]:
            raise RuntimeError(f"{action}: {len(outcomes)} dice given, fewer used")
        c.forced = []
        return c, 0

    def outcome_text(self, outcome: int) -> str:
        return f"die {outcome + 1}"


def _own_frame(f: Mapping[str, Any]) -> dict[str, Any]:
    """A frame of a view as the engine keeps it (its side a number again)."""
    g: dict[str, Any] = deep_copy(dict(f))
    if isinstance(g.get("side"), str):
        g["side"] = SIDE_OF_NAME[g["side"]]
    return g


def _pick_out(unknown: list[int], n: int, view: Mapping[str, Any], r: random.Random) -> list[int]:
    """The other side's cards left out of this game (``out``): the cards the options leave
    out, or, when that side chose its optional cards in secret, ``n`` of its optional or
    variant cards at random."""
    if n <= 0:
        return []
    opts = dict(view.get("options") or {})
    try:
        in_game = game_cards(opts)
    except KeyError:
        in_game = set()
    fixed = [x for x in unknown if x not in in_game]
    if len(fixed) == n:
        return fixed
    likely = [x for x in unknown if D.cards[x].optional or D.cards[x].variant]
    r.shuffle(likely)
    pick = likely[:n]
    if len(pick) < n:
        others = [x for x in unknown if x not in set(pick)]
        r.shuffle(others)
        pick += others[: n - len(pick)]
    return sorted(pick)


def _deal(c: State, me: int, r: random.Random) -> None:
    """Deal again what seat ``me`` cannot see in ``c`` (in place): the other seat's hand and
    draw pile from the cards they hold together (sizes kept; Guns of August kept in the CP
    hand when it was taken there at set-up, 4.3.1), a new order of the seat's own draw pile,
    and a new seed for the generator."""
    opp = 1 - me
    hand = c.hand[opp]
    keep = [x for x in hand if x == GUNS_OF_AUGUST and c.flags.get("goa_in_hand")]
    pool = [x for x in hand if x not in keep] + c.deck[opp]
    r.shuffle(pool)
    n_hand = len(hand) - len(keep)
    c.hand[opp] = keep + pool[:n_hand]
    c.deck[opp] = pool[n_hand:]
    r.shuffle(c.deck[me])
    c.rng = _rng.seed_state(r.getrandbits(64))


ENCODER = PogEncoder()
DETERMINIZER = PogDeterminizer()
