"""The public view of every registered game with a web face (an observer's of a public game):
random games, and at every decision the public view shows no card of any hand (nor, in
Quartermaster General, of any prepared row), no log entry meant for one seat, no private field
of the procedure, and nothing to decide; and it shows only what every seat's own view shows of
the cards."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from greatwar.core.games import HasWeb, game, games

WEB_GAMES = [g for g in games() if isinstance(game(g), HasWeb)]


def private_fields(frames: list[dict[str, Any]]) -> list[str]:
    return [k for f in frames for k in f if k.startswith("_")]


@pytest.mark.parametrize("game_id", WEB_GAMES)
def test_the_public_view_shows_no_seats_secret(game_id: str) -> None:
    g = game(game_id)
    web = g.web()  # type: ignore[attr-defined]
    checked = 0
    for k in range(4):
        r = random.Random(k)
        s = g.new_game(g.default_scenario, None, 1_000_003 + k)
        for _ in range(300):
            public = web.public(s)
            assert public["seat"] is None and public["legal"] == [] and public["prompt"] is None
            assert all("v" not in e for e in public["log"])
            assert not private_fields(public["procedure"])
            cards = public["cards"]
            assert cards["hand"] == [] and cards.get("prepared", []) == []
            shown = json.dumps({k: v for k, v in public.items() if k != "log"})
            for seat in g.seats:
                mine = g.view(s, seat)["cards"]
                for secret in [*mine["hand"], *mine.get("prepared", [])]:
                    assert f'"{secret}"' not in shown, (game_id, seat, secret)
            checked += 1
            if g.to_act(s) is None:
                break
            g.apply_unchecked(s, r.choice(g.legal_actions(s)))
    assert checked > 200
