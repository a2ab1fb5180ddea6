"""An analysis shares what it works out with later analyses of the same position by the same seat
(:func:`greatwar.pog.bots.analysis._fingerprint`): sharing must never change a value."""

from __future__ import annotations

from greatwar.pog import board, engine
from greatwar.pog.bots import analysis
from greatwar.pog.bots.analysis import MAP, UNITS, Analysis
from greatwar.pog.bots.heuristic import HeuristicBot
from greatwar.pog.state import State
from greatwar.pog.view import view


def _midgame(seed: int = 3, decisions: int = 300) -> State:
    s = engine.new_game("historical", seed=seed)
    bots = (HeuristicBot(seed), HeuristicBot(seed + 1))
    for _ in range(decisions):
        side = engine.to_act(s)
        assert side is not None
        seat = engine.seat_name(side)
        engine.apply(s, bots[side].choose(view(s, seat)), seat)
    return s


def _values(an: Analysis) -> list[float]:
    """Many of the values an analysis keeps for its position."""
    s = an.s
    own = [u for u, x in enumerate(s.loc) if x in MAP and UNITS[u].side == an.me]
    out: list[float] = []
    for u in own:
        out.append(an.move_gain(u))
        out.extend(an.potential(u, y) for y in MAP)
        out.extend(float(d) for d in an.dist(u))
    out.extend(an.capture_gain(y) + an.behind(y) + an.exposure(y) for y in MAP)
    for t in an.attack_targets(an.own_spaces()):
        out.append(an.best_group(an.attackers_for(t, an.own_spaces(), an.attack_frame()), t)[0])
    return out


def test_an_analysis_of_a_position_seen_before_gives_the_values_of_a_fresh_one() -> None:
    s = _midgame()
    seat = engine.seat_name(engine.to_act(s))
    assert seat is not None
    analysis._BOARDS.clear()
    made = Analysis(view(s, seat))
    fresh = _values(made)
    first = Analysis(view(s, seat))
    assert first._pot is made._pot and len(first._pot) > 0  # shared with the analysis above
    assert _values(first) == fresh
    # The seat's hand is left out of the fingerprint: another hand shares the same values.
    v = view(s, seat)
    v["cards"] = {**v["cards"], "hand": v["cards"]["hand"][:1]}
    other = Analysis(v)
    assert other._pot is first._pot
    analysis._BOARDS.clear()
    assert _values(Analysis(v)) == fresh


def test_another_position_or_seat_is_analysed_afresh() -> None:
    s = _midgame()
    seat = engine.seat_name(engine.to_act(s))
    assert seat is not None
    analysis._BOARDS.clear()
    an = Analysis(view(s, seat))
    foe = "cp" if seat == "ap" else "ap"
    assert Analysis(view(s, foe))._pot is not an._pot
    # A unit of the seat's side moves one space: nothing is shared with the first analysis.
    u, y = next(
        (u, n)
        for u, x in enumerate(s.loc)
        if x in MAP and UNITS[u].side == an.me
        for n in analysis.ADJ[x]
        if not board.units_in(s, n)
    )
    t = s.clone(with_log=False)
    t.loc = list(t.loc)
    t.loc[u] = y
    board.invalidate(t)
    moved = Analysis(view(t, seat))
    assert moved._pot is not an._pot
    assert moved.occ[y] != an.occ[y]


def test_twin_units_share_values_that_are_each_units_own() -> None:
    """Units whose printed data is the same but for their names (analysis.TWIN) share
    potentials, moves and the spaces they may enter: each value is the one the unit gets in
    an analysis where no unit has a twin (positions from three mirror games, both seats)."""
    singles = tuple(2 * u for u in range(len(UNITS)))
    shared = 0
    for seed, decisions in ((3, 300), (5, 900), (7, 1500)):
        s = _midgame(seed, decisions)
        for seat in ("ap", "cp"):
            analysis._BOARDS.clear()
            twins = Analysis(view(s, seat))
            got = _values(twins)
            assert len(set(twins._tw)) < len(twins._tw)  # some units have a twin here
            shared += len(twins._tw) - len(set(twins._tw))
            analysis._BOARDS.clear()
            old = analysis.TWIN2
            analysis.TWIN2 = singles
            try:
                alone = Analysis(view(s, seat))
                assert len(set(alone._tw)) == len(alone._tw)
                assert _values(alone) == got
            finally:
                analysis.TWIN2 = old
                analysis._BOARDS.clear()
    assert shared > 50


def test_the_best_potential_over_spaces_is_the_best_of_their_potentials() -> None:
    """Analysis.best_potential skips spaces whose bound cannot beat the best found: it must
    still give the best potential (strategic redeployment's destinations, any set)."""
    for seed, decisions in ((3, 300), (7, 1500)):
        s = _midgame(seed, decisions)
        for seat in ("ap", "cp"):
            analysis._BOARDS.clear()
            fast = Analysis(view(s, seat))
            own = [u for u, x in enumerate(s.loc) if x in MAP and UNITS[u].side == fast.me]
            spaces = [*MAP, analysis.RESERVE[fast.me]]
            got = [fast.best_potential(u, spaces) for u in own]
            got += [fast.best_potential(u, spaces[u % 7 :: 7]) for u in own]
            analysis._BOARDS.clear()
            slow = Analysis(view(s, seat))
            want = [max(slow.potential(u, y) for y in spaces) for u in own]
            want += [max(slow.potential(u, y) for y in spaces[u % 7 :: 7]) for u in own]
            assert got == want
