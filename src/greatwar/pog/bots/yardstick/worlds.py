"""The yardstick search's worlds: whole game states drawn from a seat's view alone.

A frozen copy of :meth:`greatwar.pog.encoding.PogDeterminizer.world` and its helpers as they
stood when the yardsticks were frozen (issue 29), so that a change to the research encoder's
determinizer cannot move the yardsticks. Never change it (see ``yardstick/__init__.py``).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from greatwar.core import rng as _rng
from greatwar.pog.bots.yardstick.public import public_state
from greatwar.pog.cards import DECK_ORDER
from greatwar.pog.data import SIDE_OF_NAME, load
from greatwar.pog.setup import AT_WAR_AT_START, GUNS_OF_AUGUST, NEUTRAL_AT_START, game_cards
from greatwar.pog.state import State, deep_copy

D = load()
SEATS = ("ap", "cp")


def world(view: Mapping[str, Any], seed: int) -> State:
    """A whole game state built from ``view`` alone, its hidden parts drawn at random (from
    ``seed``) consistently with the view (the other seat's hand, draw pile and set-aside cards
    dealt from the cards of that side it cannot see; its own draw pile and set-aside cards are
    its cards it sees nowhere else; the generator seeded anew)."""
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


def _own_frame(f: Mapping[str, Any]) -> dict[str, Any]:
    """A frame of a view as the engine keeps it (its side a number again)."""
    g: dict[str, Any] = deep_copy(dict(f))
    if isinstance(g.get("side"), str):
        g["side"] = SIDE_OF_NAME[g["side"]]
    return g


def _pick_out(unknown: list[int], n: int, view: Mapping[str, Any], r: random.Random) -> list[int]:
    """The other side's cards left out of this game: those the options leave out, or, when
    that side chose its optional cards in secret, ``n`` of its optional or variant cards."""
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
    draw pile from the cards they hold together (sizes kept; Guns of August kept in the CP hand
    when it was taken there at set-up, 4.3.1), a new order of its own draw pile, a new seed."""
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
