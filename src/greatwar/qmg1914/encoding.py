"""Quartermaster General: 1914 for learning agents: the token vocabulary, the observation
encoding, and the determinizer search uses (the two hooks of :mod:`greatwar.core.research`).

The encoder reads a power's *view* only (``view(s, seat)``, WHO CAN SEE WHAT?), so an
observation holds nothing the power may not know: other powers' hands, prepared cards, draw
decks and face-down discards appear only as counts. Every number is in [0, 1]: bits, one-hot
groups, and counts divided by a bound from the game's data (a power's deck size, the opening
draw of ten cards) or a stated scale, capped at 1. ``docs/env.md`` lists every feature; it is
generated from :data:`ENCODER` (``python3 -m greatwar.env.docs qmg1914``).

The determinizer reads the full state (it is for search, never for observations): it redraws
what a power cannot see. The game has no dice: its only chance is the shuffling of the decks,
done by the engine's own generator (hidden state, reseeded by resampling).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from greatwar.core import rng as _rng
from greatwar.core.actions import Action, ArgKind
from greatwar.core.research import END, BlockEncoder, Feature, FeatureBlock, onehot
from greatwar.qmg1914 import engine
from greatwar.qmg1914.data import (
    CARD_IDS,
    CARD_INDEX,
    CARD_TYPES,
    CARDS,
    COUNTRIES,
    DECK_SIZES,
    LAST_ROUND,
    POWER_CARDS,
    POWERS,
    SCORING_ROUNDS,
    SPACE_IDS,
    SPACES,
    TEAM_NAMES,
    TEAM_OF,
    TEAM_OF_COUNTRY,
    TEAMS,
)
from greatwar.qmg1914.flow import REMOVE, STEPS
from greatwar.qmg1914.grammar import CARD, COUNTRY, GRAMMAR, POWER, SPACE, TYPE
from greatwar.qmg1914.options import OPTIONS
from greatwar.qmg1914.state import State, deep_copy
from greatwar.qmg1914.turn import OPENING_DRAW, STEP_NAMES, SUDDEN_LEAD
from greatwar.qmg1914.view import decider

NUMBERS = tuple(str(n) for n in range(11))
"""``draw <number>`` asks for at most seven cards (5. DRAW STEP) and ``choose <number>`` is
offered by no card today: the vocabulary reserves 0-10 (a larger one is refused by
:meth:`QmgEncoder.token_id`)."""

HAND_MAX = OPENING_DRAW  # SETUP: ten cards are the most a hand holds (seven after the draw)
PREPARED_MAX = OPENING_DRAW  # no limit in the rules; a scale, capped at 1
VP_SCALE = 50  # no limit in the rules; a scale, capped at 1 (SUDDEN VICTORY ends most games)
STATUS_MAX = max(sum(1 for c in CARDS if c.power == p and c.type == "status") for p in range(5))
COUNT_MAX = 10  # the numbers a step counts (cards to pay, pieces to place): a scale
SYMBOLS_MAX = 6  # Reinforce / Sustain symbols in one battle: a scale
TURN_STEPS = STEP_NAMES[:-1]  # draft, play, attrition, prepare, draw
BATTLE_STAGES = ("cost", "init", "fight", "reinforce", "sustain", "counter", "end")
TURN_FLAGS = (
    "alpini",
    "battlecruisers",
    "big_bertha",
    "dreadnoughts",
    "mark_iv",
    "mustard_gas",
    "nivelle",
    "red_baron",
    "renault",
    "stosstruppen",
    "woe",
)
"""The cards' effects lasting for the current turn (``view["effects"]["turn"]``) shown as
bits; ``supply`` and ``nodif`` (lists) have features of their own."""
ROUND_FLAGS = ("truce",)
GAME_FLAGS: tuple[str, ...] = ()
"""Effects lasting the round or the game; no card sets a game-long flag today (a test keeps
these lists in step with the cards' code)."""

STEPS_ALL = tuple(STEPS.names())
CARD_ROWS = CARD_IDS
SPACE_ROWS = SPACE_IDS
# (step, field) pairs whose integer value is a card index; other card references in frames
# are card ids (strings).
_CARD_INT_FIELDS = (("script", "k"), ("pals_take", "card"), ("rumpler", "card"))


def _vocabulary() -> tuple[str, ...]:
    """END, the verbs, the literal words, then every id the grammar's argument kinds accept:
    card types, countries, powers, spaces and cards in data order, numbers 0-10."""
    data_order: dict[str, tuple[str, ...]] = {
        TYPE.name: CARD_TYPES,
        COUNTRY.name: COUNTRIES,
        POWER.name: POWERS,
        SPACE.name: SPACE_IDS,
        CARD.name: CARD_IDS,
    }
    kinds: list[ArgKind] = []
    for verb in GRAMMAR.verbs:
        for sig in GRAMMAR.signatures(verb):
            kinds.extend(sig)
    words: list[str] = []
    for kind in kinds:
        if kind.words is not None and kind.name not in data_order:
            words.extend(sorted(kind.words))
    out = [END, *GRAMMAR.verbs, *sorted(set(words))]
    for name in (TYPE.name, COUNTRY.name, POWER.name, SPACE.name, CARD.name):
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


def _option_values(name: str) -> tuple[str, ...]:
    return tuple(str(v).lower() for v in OPTIONS[name].choices)


def _blocks() -> tuple[FeatureBlock, ...]:
    spaces = FeatureBlock(
        "spaces",
        "one row per space (spaces.csv order); a country has at most one piece in a space, an "
        "Army on land or a Navy at sea (PIECES)",
        SPACE_ROWS,
        (
            *[_f(c, f"1 if {c.upper()} has a piece here") for c in COUNTRIES],
            *[
                _f(f"{c}_unsupplied", f"1 if {c.upper()}'s piece here is out of supply")
                for c in COUNTRIES
            ],
            _f("objective_token", "1 if an Objective token is here"),
            _f("sea", "1 for a sea space (a fact of the map)"),
            _f("difficult", "1 for difficult terrain (a fact of the map)"),
            _f("objective", "1 for a printed Objective (a fact of the map)"),
            _f("token_space", "1 if an Event may place an Objective token here (map fact)"),
            *[
                _f(f"home_{t}", f"1 for the Home space of a country of the {name} (map fact)")
                for t, name in zip(TEAMS, TEAM_NAMES, strict=True)
            ],
            _f("battle_target", "1 if the battle being resolved is for this space"),
            _f("battle_origin", "1 if the battle being resolved comes from this space"),
            _f("in_area", "1 if the decision now offers this space (its area)"),
        ),
    )
    cards = FeatureBlock(
        "cards",
        "one row per card (cards.csv order); another power's hand, prepared cards, draw deck "
        "and face-down discards are never shown, only counted",
        CARD_ROWS,
        (
            _f("my_hand", "1 if the card is in the observing power's hand"),
            _f("my_prepared", "1 if the observing power prepared the card (face down)"),
            _f("my_deck", "1 if the card is in the observing power's draw deck (order unknown)"),
            _f("my_discard", "1 if the card is in the observing power's discard pile"),
            _f("status", "1 if the card is a face-up Status card on the table"),
            _f("discard_top", "1 if the card lies face up on top of a discard pile"),
            _f("resolving", "1 if the card's Play text is being carried out now"),
        ),
    )
    powers = FeatureBlock(
        "powers",
        "one row per power (ORDER OF PLAY)",
        POWERS,
        (
            _f("me", "1 for the observing power"),
            _f("teammate", "1 for the observing power's teammates"),
            _f("central", "1 for a Central Powers power (0 for the Entente)"),
            _f("current", "1 for the power whose turn it is"),
            _f("to_act", "1 for the power deciding now"),
            _f("hand", f"cards in hand / {HAND_MAX}"),
            _f("deck", "cards in the draw deck / the power's deck size"),
            _f("discard", "cards in the discard pile / the power's deck size"),
            _f("prepared", f"prepared cards / {PREPARED_MAX}"),
            _f("status", f"Status cards on the table / {STATUS_MAX}"),
        ),
    )
    game: list[Feature] = []
    game += onehot("seat", POWERS, "the observing power")
    game += onehot("round", range(1, LAST_ROUND + 1), "the round")
    game += [
        _f("setup", "1 during SETUP (before the first round's turns)"),
        _f("scoring_round", "1 if this round ends with a Scoring Round"),
        *[
            _f(f"vp_{t}", f"the {n}' VP / {VP_SCALE}")
            for t, n in zip(TEAMS, TEAM_NAMES, strict=True)
        ],
        *[
            _f(f"lead_{t}", f"the {n}' lead in VP / {SUDDEN_LEAD} (SUDDEN VICTORY)")
            for t, n in zip(TEAMS, TEAM_NAMES, strict=True)
        ],
    ]
    game += onehot("turn_step", TURN_STEPS, "the step of the current turn")
    for name in OPTIONS:
        game += onehot(f"option_{name}", _option_values(name), f"the option {name}")
    game += [_f(f"turn_{k}", f"1 if {k} is in effect this turn") for k in TURN_FLAGS]
    game += [
        _f("turn_supply", "1 if a card makes pieces count as supplied this turn"),
        *[
            _f(f"turn_nodif_{c}", f"1 if {c.upper()} ignores difficult terrain this turn")
            for c in COUNTRIES
        ],
    ]
    game += [_f(f"round_{k}", f"1 if {k} is in effect this round") for k in ROUND_FLAGS]
    game += [_f(f"game_{k}", f"1 if {k} is in effect for the game") for k in GAME_FLAGS]
    game_block = FeatureBlock("game", "who, when, score and effects (one row)", ("",), tuple(game))

    battle: list[Feature] = [_f("battle", "1 while a battle is being resolved")]
    battle += onehot("stage", BATTLE_STAGES, "the battle's stage")
    battle += onehot("attacker", POWERS, "the attacking power")
    battle += onehot("country", COUNTRIES, "the battling country")
    battle += [
        _f("reinforce", f"Reinforce symbols played / {SYMBOLS_MAX}"),
        _f("sustain", f"Sustain symbols played / {SYMBOLS_MAX}"),
        _f("difficult", "1 if the battle is in DIFFICULT TERRAIN"),
        _f("sea_battle", "1 for a battle for a sea space"),
        _f("counterattack", "1 if the battle is a COUNTERATTACK"),
    ]
    battle += [_f(f"defending_{c}", f"1 if {c.upper()} defends the space") for c in COUNTRIES]
    battle_block = FeatureBlock(
        "battle", "the innermost battle being resolved (one row)", ("",), tuple(battle)
    )
    procedure = FeatureBlock(
        "procedure",
        "the procedure: the step deciding now and every step on the stack (one row)",
        ("",),
        (
            *onehot("step", STEPS_ALL, "the current step"),
            *[_f(f"open_{n}", f"1 if a {n} step is on the procedure stack") for n in STEPS_ALL],
            _f("count", f"the number the current step counts (cards, pieces) / {COUNT_MAX}"),
        ),
    )
    return (spaces, cards, powers, game_block, battle_block, procedure)


def _spaces_of(mask: int) -> list[int]:
    out = []
    x = 0
    while mask:
        if mask & 1:
            out.append(x)
        mask >>= 1
        x += 1
    return out


class QmgEncoder(BlockEncoder):
    """The :class:`greatwar.core.research.Encoder` of Quartermaster General: 1914."""

    def __init__(self) -> None:
        super().__init__("Quartermaster General: 1914", _vocabulary(), GRAMMAR, _blocks())
        self._space_row = {sid: i for i, sid in enumerate(SPACE_ROWS)}
        self._card_row = {cid: i for i, cid in enumerate(CARD_ROWS)}
        self._power_row = {p: i for i, p in enumerate(POWERS)}
        self._own_cards = {p: tuple(CARD_IDS[k] for k in POWER_CARDS[i]) for i, p in
                           enumerate(POWERS)}  # fmt: skip
        # The single-row blocks: feature name -> absolute index.
        self._scalar: dict[str, int] = {}
        for b in self.blocks:
            if b.rows == ("",):
                for i, f in enumerate(b.features):
                    self._scalar[f"{b.name}.{f.name}"] = self._offset[b.name] + i
        # The facts of the map: the same non-zero entries in every observation.
        base = self._offset["spaces"]
        cols = self._col["spaces"]
        width = len(cols)
        static: list[int] = []
        for x in SPACES:
            r = base + x.index * width
            for name, on in (
                ("sea", x.sea),
                ("difficult", x.difficult),
                ("objective", x.objective),
                ("token_space", x.token_space),
            ):
                if on:
                    static.append(r + cols[name])
            if x.home_of >= 0:
                static.append(r + cols[f"home_{TEAMS[TEAM_OF_COUNTRY[x.home_of]]}"])
        self._static = static

    def features(self, view: Mapping[str, Any]) -> tuple[list[int], list[float]]:
        idx: list[int] = list(self._static)
        val: list[float] = [1.0] * len(idx)
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
        for piece in board["pieces"]:
            r = base + srow[piece["space"]] * width
            c = piece["country"]
            put_i(r + cols[c])
            put_v(1.0)
            if not piece["supplied"]:
                put_i(r + cols[f"{c}_unsupplied"])
                put_v(1.0)
        for sid in board["tokens"]:
            put_i(base + srow[sid] * width + cols["objective_token"])
            put_v(1.0)

        # -- cards
        me = str(view["seat"])
        cbase = self._offset["cards"]
        ccols = self._col["cards"]
        cwidth = len(ccols)
        crow = self._card_row
        cards = view["cards"]
        seen: set[str] = set()
        for pile, col in (
            ("hand", "my_hand"),
            ("prepared", "my_prepared"),
            ("discard", "my_discard"),
        ):
            for cid in cards[pile]:
                put_i(cbase + crow[cid] * cwidth + ccols[col])
                put_v(1.0)
                seen.add(cid)
        for ids in cards["status"].values():
            for cid in ids:
                put_i(cbase + crow[cid] * cwidth + ccols["status"])
                put_v(1.0)
                seen.add(cid)
        for cid in self._own_cards[me]:  # every card is in one pile of its own power
            if cid not in seen:
                put_i(cbase + crow[cid] * cwidth + ccols["my_deck"])
                put_v(1.0)
        for cid in cards["discard_top"].values():
            if cid is not None:
                put_i(cbase + crow[cid] * cwidth + ccols["discard_top"])
                put_v(1.0)

        # -- powers
        pbase = self._offset["powers"]
        pcols = self._col["powers"]
        pwidth = len(pcols)
        my_team = TEAM_OF[POWERS.index(me)]
        counts = cards["counts"]
        for i, p in enumerate(POWERS):
            r = pbase + i * pwidth
            n = counts[p]
            status = cards["status"][p]
            for name, value in (
                ("me", 1.0 if p == me else 0.0),
                ("teammate", 1.0 if p != me and TEAM_OF[i] == my_team else 0.0),
                ("central", 1.0 if TEAM_OF[i] == 0 else 0.0),
                ("current", 1.0 if view["current"] == p else 0.0),
                ("to_act", 1.0 if view["to_act"] == p else 0.0),
                ("hand", n["hand"] / HAND_MAX),
                ("deck", n["deck"] / DECK_SIZES[i]),
                ("discard", n["discard"] / DECK_SIZES[i]),
                ("prepared", n["prepared"] / PREPARED_MAX),
                ("status", len(status) / STATUS_MAX),
            ):
                if value:
                    put_i(r + pcols[name])
                    put_v(min(1.0, value))

        # -- game
        one(f"game.seat_{me}")
        rnd = int(view["round"])
        one(f"game.round_{rnd}")
        if rnd in SCORING_ROUNDS:
            one("game.scoring_round")
        vp = view["vp"]
        for t in TEAMS:
            one(f"game.vp_{t}", vp[t] / VP_SCALE)
        lead = vp[TEAMS[0]] - vp[TEAMS[1]]
        one(f"game.lead_{TEAMS[0]}", max(0, lead) / SUDDEN_LEAD)
        one(f"game.lead_{TEAMS[1]}", max(0, -lead) / SUDDEN_LEAD)
        opts = view["options"]
        for name in OPTIONS:
            if name in opts:
                one(f"game.option_{name}_{str(opts[name]).lower()}")
        effects = view["effects"]
        turn = effects["turn"]
        for k in TURN_FLAGS:
            if turn.get(k):
                one(f"game.turn_{k}")
        if turn.get("supply"):
            one("game.turn_supply")
        for c in turn.get("nodif") or ():
            one(f"game.turn_nodif_{COUNTRIES[c]}")
        for k in ROUND_FLAGS:
            if effects["round"].get(k):
                one(f"game.round_{k}")
        for k in GAME_FLAGS:
            if effects["game"].get(k):
                one(f"game.game_{k}")

        # -- the procedure: the turn, the battle, the step now
        frames: list[dict[str, Any]] = view["procedure"]
        turn_frame = battle = None
        for f in frames:
            step = f["step"]
            one(f"procedure.open_{step}")
            if step == "turn":
                turn_frame = f
            elif step == "battle":
                battle = f
            elif step == "game" and f.get("ph") == "setup":
                one("game.setup")
            elif step == "script" and isinstance(f.get("k"), int):
                put_i(cbase + f["k"] * cwidth + ccols["resolving"])
                put_v(1.0)
        if turn_frame is not None:
            k = turn_frame["k"]
            if frames[-1] is not turn_frame and isinstance(turn_frame.get("on"), int):
                k = turn_frame["on"]  # the step whose decision is being carried out
            if k < len(TURN_STEPS):
                one(f"game.turn_step_{TURN_STEPS[k]}")
        if battle is not None:
            one("battle.battle")
            one(f"battle.stage_{battle['st']}")
            one(f"battle.attacker_{POWERS[battle['a']]}")
            one(f"battle.country_{COUNTRIES[battle['c']]}")
            one("battle.reinforce", battle["r"] / SYMBOLS_MAX)
            one("battle.sustain", battle["su"] / SYMBOLS_MAX)
            one("battle.difficult", battle["dif"])
            one("battle.sea_battle", battle["sea"])
            one("battle.counterattack", battle["ca"])
            for c in range(len(COUNTRIES)):
                if battle["defc"] >> c & 1:
                    one(f"battle.defending_{COUNTRIES[c]}")
            put_i(base + battle["t"] * width + cols["battle_target"])
            put_v(1.0)
            put_i(base + battle["o"] * width + cols["battle_origin"])
            put_v(1.0)
        if frames:
            top = frames[-1]
            one(f"procedure.step_{top['step']}")
            n = top.get("n")
            if top["step"] != "game" and isinstance(n, int) and n > 0:
                one("procedure.count", n / COUNT_MAX)
            area = top.get("area")
            if isinstance(area, int) and area > 0:
                for x in _spaces_of(area):
                    put_i(base + x * width + cols["in_area"])
                    put_v(1.0)
        return idx, val


class QmgDeterminizer:
    """The :class:`greatwar.core.research.Determinizer` of Quartermaster General: 1914."""

    max_outcomes = 0  # no dice: the only chance is the decks' shuffles (hidden generator)
    tries = 16

    def resample(self, s: State, seat: str, seed: int) -> State:
        """Redraw what ``seat`` cannot see (WHO CAN SEE WHAT?): for every other power,
        teammates included, the cards of its hand, prepared row, draw deck and face-down
        discards (the bottom of its discard pile) are dealt again among those places, each
        keeping its size; the seat's own draw deck is put in a new order; the generator of
        later shuffles is reseeded. Cards the seat knows the place of stay there: those the
        procedure names publicly (a card being played) and those in the private fields of the
        seat's own decisions (a hand it was shown).

        When another power is to decide now, the engine only ever stops for a decision with a
        choice besides ``pass`` (and besides ``remove``, PIECES' removal of one's own piece,
        offered at every decision of one's own turn); a world where that power would have none
        is drawn again (up to :attr:`tries` times).

        Known limits (the world stays consistent with the seat's view, but ignores some of
        what the seat could infer): the three cards each power put at the bottom of its deck
        at SETUP, a hand or prepared row seen through a card once its step is over, and cards
        known to stay in a hand (a Status card keeping a played card) are dealt like the rest.
        The world is a function of the seat's knowledge and ``seed`` alone: two states the
        seat cannot tell apart give the same world for the same seed.
        """
        me = POWERS.index(seat)
        r = random.Random(seed)
        pinned = _pinned(s, me)
        world = s
        for _ in range(self.tries):
            world = s.clone()
            _deal(world, me, r, pinned)
            p = engine.to_act(world)
            if p is None or p == me:
                break
            if any(a.verb != "pass" and a != REMOVE for a in engine.legal_actions(world)):
                break
        return world

    def world(self, view: Mapping[str, Any], seed: int) -> State:
        """A whole game state built from ``view`` alone (search: it never reads a state), its
        hidden parts drawn at random from ``seed`` consistently with the view: ``view(world,
        seat)`` shows what ``view`` shows (but the log, which the world does not keep).

        Every card is in one pile of its own power, so a power's unseen cards are its cards
        the view shows nowhere (not in its face-up Status cards, not the face-up top of its
        discard pile; for the seat itself, not in its hand, prepared row or discard pile). The
        seat's draw deck gets its unseen cards in a random order; another power's unseen cards
        are dealt among its hand, prepared row, draw deck and the face-down part of its
        discard pile, each of the size the view counts. A card the procedure names (a card
        being resolved, kept in hand by a Status card) goes to its power's hand, and the cards
        the seat's own decisions showed it (a hand looked at, prepared cards seen) to the pile
        it saw them in. Another power's private frame fields, which the view leaves out, are
        filled from the world (:func:`_fill_private`). The generator of later shuffles is
        seeded anew. The limits of :meth:`resample` apply; the world is a function of the view
        and ``seed`` alone."""
        from greatwar.qmg1914.bots.model import public_state

        me = POWERS.index(str(view["seat"]))
        r = random.Random(seed)
        s = public_state(view)
        s.seed = 0
        s.chance = 0
        s.serial = int(view.get("serial") or 0)
        s.stack = deep_copy(list(view.get("procedure") or ()))
        s.result = deep_copy(view.get("result"))
        s.log = []
        s.logging = False
        s.cache = {}
        named = _named(s.stack, me)
        world = s
        for _ in range(self.tries):
            world = s.clone(with_log=False)
            _deal_view(world, view, me, r, named)
            p = engine.to_act(world)
            if p is None or p == me:
                break
            if any(a.verb != "pass" and a != REMOVE for a in engine.legal_actions(world)):
                break
        return world

    def apply_with_outcomes(
        self, s: State, action: str, outcomes: Sequence[int]
    ) -> tuple[State | None, int]:
        """No action rolls dice: every action applies with no outcomes."""
        if outcomes:
            raise ValueError("Quartermaster General: 1914 has no dice; no outcomes are taken")
        c = s.clone()
        engine.apply_unchecked(c, Action.parse(action))
        return c, 0

    def outcome_text(self, outcome: int) -> str:
        return f"outcome {outcome}"


def _pinned(s: State, me: int) -> set[int]:
    """The cards whose place ``me`` knows from the procedure (see :meth:`resample`)."""
    out: set[int] = set()
    for f in s.stack:
        own = decider(f) == me
        step = f["step"]
        for key, v in f.items():
            if key.startswith("_") and not own:
                continue
            if isinstance(v, int) and not isinstance(v, bool):
                if (step, key) in _CARD_INT_FIELDS or (own and key == "_card"):
                    out.add(v)
            elif isinstance(v, str):
                k = CARD_INDEX.get(v)
                if k is not None:
                    out.add(k)
            elif isinstance(v, list):
                for x in v:
                    k = CARD_INDEX.get(x) if isinstance(x, str) else None
                    if k is not None:
                        out.add(k)
    return out


def _deal_view(s: State, view: Mapping[str, Any], me: int, r: random.Random,
               named: dict[int, str]) -> None:  # fmt: skip
    """Deal, in place, the cards ``me`` does not see in ``view`` (see
    :meth:`QmgDeterminizer.world`)."""
    cards = view["cards"]
    counts = cards["counts"]
    tops = cards["discard_top"]
    for p, power in enumerate(POWERS):
        n = counts[power]
        top = tops.get(power)
        seen = set(s.status[p])
        if p == me:
            seen.update(s.hand[p], s.prepared[p], s.discard[p])
            rest = sorted(k for k in POWER_CARDS[p] if k not in seen)
            r.shuffle(rest)
            s.deck[p] = rest
            s.dhidden[p] = len(s.discard[p]) - (1 if top is not None else 0)
            continue
        if top is not None:
            seen.add(CARD_INDEX[top])
        unseen = sorted(k for k in POWER_CARDS[p] if k not in seen)
        hidden_discard = int(n["discard"]) - (1 if top is not None else 0)
        sizes = {
            "hand": int(n["hand"]),
            "prepared": int(n["prepared"]),
            "deck": int(n["deck"]),
            "discard": hidden_discard,
        }
        piles: dict[str, list[int]] = {name: [] for name in sizes}
        free = []
        for k in unseen:
            want = named.get(k)
            if want is not None and len(piles[want]) < sizes[want]:
                piles[want].append(k)
            else:
                free.append(k)
        r.shuffle(free)
        for name, size in sizes.items():
            need = size - len(piles[name])
            piles[name] += free[:need]
            del free[:need]
        for name in ("hand", "prepared"):
            r.shuffle(piles[name])
        s.hand[p] = piles["hand"]
        s.prepared[p] = piles["prepared"]
        s.deck[p] = piles["deck"]
        s.discard[p] = piles["discard"] + ([CARD_INDEX[top]] if top is not None else [])
        s.dhidden[p] = len(piles["discard"])
    for f in s.stack:
        if decider(f) != me:
            _fill_private(s, f)
    s.rng = _rng.seed_state(r.getrandbits(64))
    s.cache = {}


_SHOWN_IN = {"_hand": "hand", "_seen": "prepared"}
"""The seat's own private frame fields that show it other powers' cards, and the pile it saw
them in (Redl: Austria-Hungary's hand; the Rumpler Taube: prepared cards)."""


def _named(stack: list[dict[str, Any]], me: int) -> dict[int, str]:
    """The cards a view's procedure names and the pile each is in for the world: the hand
    (a card being resolved that is not on its discard pile), or where the seat's own decision
    showed it (:data:`_SHOWN_IN`)."""
    out: dict[int, str] = {}
    for f in stack:
        step = f["step"]
        for key, v in f.items():
            pile = _SHOWN_IN.get(key, "hand") if decider(f) == me else "hand"
            values = v if isinstance(v, list) else [v]
            for x in values:
                if isinstance(x, str):
                    k = CARD_INDEX.get(x)
                elif (
                    isinstance(x, int)
                    and not isinstance(x, bool)
                    and (step, key) in (_CARD_INT_FIELDS)
                ):
                    k = x
                else:
                    k = None
                if k is not None:
                    out.setdefault(k, pile)
    return out


PRIVATE_FIELDS = ("_card", "_hand", "_seen", "_taken")
"""Every private frame field the rules code keeps (a test scans the rules for others)."""


def _fill_private(s: State, f: dict[str, Any]) -> None:
    """Give another power's frame, in a world, the private fields the view left out, drawn
    from the world: the card France & Italy may prepare (one of its hand), the hand Russia
    looked at, the prepared cards Germany saw, the cards UK&US took (none known)."""
    p = decider(f)
    if p is None:
        return
    step = f["step"]
    if step == "prepare_now" and "_card" not in f:
        hand = s.hand[p]
        f["_card"] = hand[-1] if hand else -1
    elif step == "redl" and "_hand" not in f:
        f["_hand"] = [CARD_IDS[c] for c in s.hand[f["victim"]]]
    elif step == "rumpler" and f.get("looked") and "_seen" not in f:
        f["_seen"] = [CARD_IDS[c] for q in f["powers"] for c in s.prepared[q]]
    elif step == "war_revenue" and "_taken" not in f:
        f["_taken"] = []


def _deal(c: State, me: int, r: random.Random, pinned: set[int]) -> None:
    """Deal again, in place, what power ``me`` cannot see in ``c`` (see :meth:`resample`).
    The cards are sorted before they are shuffled, so the world depends on what ``me`` knows
    and the seed only, never on where the hidden cards really are."""
    for p in range(len(POWERS)):
        if p == me:
            deck = c.deck[p]
            slots = [i for i, k in enumerate(deck) if k not in pinned]
            cards = sorted(deck[i] for i in slots)
            r.shuffle(cards)
            for i, k in zip(slots, cards, strict=True):
                deck[i] = k
            continue
        places: list[tuple[list[int], int]] = []
        for pile in (c.hand[p], c.prepared[p], c.deck[p]):
            places += [(pile, i) for i, k in enumerate(pile) if k not in pinned]
        discard = c.discard[p]
        places += [(discard, i) for i in range(c.dhidden[p]) if discard[i] not in pinned]
        cards = sorted(pile[i] for pile, i in places)
        r.shuffle(cards)
        for (pile, i), k in zip(places, cards, strict=True):
            pile[i] = k
    c.rng = _rng.seed_state(r.getrandbits(64))
    c.cache = {}


ENCODER = QmgEncoder()
DETERMINIZER = QmgDeterminizer()
