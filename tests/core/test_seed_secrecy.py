"""No seat of any registered game learns the seed or the dice generator's state before the end.

From the seed (or any state of the generator) a seat could compute every shuffle and every die
to come, and so every hand: a view, its log and the face the web client dresses it with must
never carry either while the game goes on. The walk plays random games of every game in the
registry with large seeds (whose decimal and hexadecimal forms cannot turn up by chance) and
scans what each seat is shown after every action: the view without its log, and the log entries
that are new to the seat; and, every few actions, the public view an observer of a public game is
shown (the web face's ``public``). The generator states the walk has seen so far are all secrets: an
earlier state tells as much of the future as the current one.

Every test run plays ``QUICK`` games of each game; the whole walk of ``FULL`` games a game (about
twenty minutes of one core) runs where ``GREATWAR_TEST_FULL=1`` is set, e.g.
``GREATWAR_TEST_FULL=1 python3 -m pytest tests/core/test_seed_secrecy.py -n auto``.
"""

from __future__ import annotations

import json
import os
import random
import re
from typing import Any

import pytest

from greatwar.core.games import HasWeb, game, games

QUICK = 30
FULL = 200
CHUNK = 10  # games per test case, so xdist spreads a game's walk over its workers
NUMBER = re.compile(r"(?<![0-9a-fA-F])(?:[0-9]{6,}|[0-9a-fA-F]{10,})(?![0-9a-fA-F])")


def secret_forms(value: int) -> set[str]:
    """The texts a number would show as: decimal and hexadecimal (either case, with or without
    the leading zeros of 16 digits)."""
    out = {str(value), f"{value:x}", f"{value:X}", f"{value:016x}", f"{value:016X}"}
    return {x for x in out if len(x) >= 6}


def numbers_in(doc: Any) -> set[str]:
    return set(NUMBER.findall(doc if isinstance(doc, str) else json.dumps(doc)))


def generator(state: Any) -> int | None:
    """The generator's state, where the game keeps one in a field named ``rng``."""
    value = getattr(state, "rng", None)
    return value if isinstance(value, int) else None


def walk(game_id: str, first: int, count: int) -> int:
    """Play ``count`` random games from ``first``; the number of views scanned."""
    g = game(game_id)
    web = g.web() if isinstance(g, HasWeb) else None
    scanned = 0
    for k in range(first, first + count):
        seed = (1 << 62) + 0x1F2E3D4C5B6A * (k + 1)
        r = random.Random(k)
        s = g.new_game(g.default_scenario, None, seed)
        secrets = secret_forms(seed)
        read = dict.fromkeys(g.seats, 0)
        n = 0
        while True:
            rng = generator(s)
            if rng is not None:
                secrets |= secret_forms(rng)
            for seat in g.seats:
                v = g.view(s, seat)
                log = v.pop("log")
                new, read[seat] = log[read[seat] :], len(log)
                shown = numbers_in(v) | numbers_in(new)
                if web is not None and n % 25 == 0:  # the web face dresses the same view
                    dressed = dict(v, log=log)
                    web.dress(dressed, s, "en")
                    shown |= numbers_in(dressed)
                leaked = shown & secrets
                assert not leaked, (
                    f"{game_id} seed {seed}, decision {n}: seat {seat} is shown the seed or a "
                    f"generator state ({sorted(leaked)[:3]})"
                )
                scanned += 1
            if web is not None and n % 5 == 0:  # an observer's view of a public game
                public = web.public(s)
                assert public["seat"] is None and not public["legal"] and not public["prompt"]
                web.dress(public, s, "en")
                leaked = numbers_in(public) & secrets
                assert not leaked, (
                    f"{game_id} seed {seed}, decision {n}: an observer is shown the seed or a "
                    f"generator state ({sorted(leaked)[:3]})"
                )
                scanned += 1
            if g.to_act(s) is None:
                break
            g.apply_unchecked(s, r.choice(g.legal_actions(s)))
            n += 1
    return scanned


CASES = [(gid, first) for gid in games() for first in range(0, QUICK, CHUNK)]
SLOW_CASES = [(gid, first) for gid in games() for first in range(QUICK, FULL, CHUNK)]


@pytest.mark.parametrize(("game_id", "first"), CASES)
def test_no_seat_sees_the_seed_or_the_generator(game_id: str, first: int) -> None:
    assert walk(game_id, first, CHUNK) > 100 * CHUNK


@pytest.mark.slow
@pytest.mark.skipif(
    os.environ.get("GREATWAR_TEST_FULL") != "1", reason="the whole walk: set GREATWAR_TEST_FULL=1"
)
@pytest.mark.parametrize(("game_id", "first"), SLOW_CASES)
def test_no_seat_sees_the_seed_or_the_generator_in_many_games(game_id: str, first: int) -> None:
    assert walk(game_id, first, CHUNK) > 100 * CHUNK


def test_the_scan_finds_a_seed_where_one_is_shown() -> None:
    """The scan itself: a seed written into a log entry is found in either form."""
    seed = (1 << 62) + 0x1F2E3D4C5B6A
    assert numbers_in({"log": [{"k": "x", "a": {"seed": seed}}]}) & secret_forms(seed)
    assert numbers_in(f"state {seed:x}.") & secret_forms(seed)
    assert not numbers_in({"serial": 12345, "vp": 10}) & secret_forms(seed)
