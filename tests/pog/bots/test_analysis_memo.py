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
    u = next(u for u, x in enumerate(s.loc) if x in MAP and UNITS[u].side == an.me)
    x = s.loc[u]
    y = next(n for n in analysis.ADJ[x] if not board.units_in(s, n))
    t = s.clone(with_log=False)
    t.loc = list(t.loc)
    t.loc[u] = y
    board.invalidate(t)
    moved = Analysis(view(t, seat))
    assert moved._pot is not an._pot
    assert moved.occ[y] != an.occ[y]
