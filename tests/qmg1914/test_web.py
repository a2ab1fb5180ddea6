"""Quartermaster General: 1914's web face (:mod:`greatwar.qmg1914.web`): the drawn board is
readable (no space covers another, no link runs through a space it does not join) and carries
every space, link, country and card of the data; a seat's dressed view never names another
power's hidden cards; every legal action is written out in words; each card of the power to act
says whether it can be used now, and the reason agrees with the legal actions."""

from __future__ import annotations

import json
import math
import random
import re
from typing import Any

import pytest

from greatwar.qmg1914 import engine
from greatwar.qmg1914.data import (
    ADJ,
    ADJ_OPEN,
    CARD_IDS,
    CARDS,
    COUNTRIES,
    POWERS,
    SPACE_IDS,
    SPACE_INDEX,
    SPACES,
)
from greatwar.qmg1914.flow import REMOVE
from greatwar.qmg1914.view import view as seat_view
from greatwar.qmg1914.web import (
    HEIGHT,
    LAND,
    LAND_H,
    LAND_W,
    SEA,
    WIDTH,
    QmgWeb,
    action_label,
    dress_view,
    static_data,
)
from tests.qmg1914.helpers import give, past_setup, prepare, put, turn_at

CARD_RE = re.compile(r"\b(?:ahoe|ru|de|frit|ukus)_[a-z]{2}_\d+\b")


# -- the drawing ---------------------------------------------------------------------------------


def _inside(space: str, x: float, y: float, margin: float = 0.0) -> bool:
    """Is (x, y) inside the drawn shape of ``space`` (grown by ``margin``)?"""
    if space in LAND:
        cx, cy = LAND[space]
        return abs(x - cx) <= LAND_W / 2 + margin and abs(y - cy) <= LAND_H / 2 + margin
    cx, cy, rx, ry = SEA[space]
    return ((x - cx) / (rx + margin)) ** 2 + ((y - cy) / (ry + margin)) ** 2 <= 1


def _outline(space: str, n: int = 72) -> list[tuple[float, float]]:
    """Points on the drawn outline of ``space``."""
    if space in LAND:
        cx, cy = LAND[space]
        w, h = LAND_W / 2, LAND_H / 2
        out = []
        for i in range(n):
            f = i / n
            out += [(cx - w + 2 * w * f, cy - h), (cx - w + 2 * w * f, cy + h)]
            out += [(cx - w, cy - h + 2 * h * f), (cx + w, cy - h + 2 * h * f)]
        return out
    cx, cy, rx, ry = SEA[space]
    return [
        (cx + rx * math.cos(2 * math.pi * i / n), cy + ry * math.sin(2 * math.pi * i / n))
        for i in range(n)
    ]


def _nearest_on_ellipse(sea: str, px: float, py: float) -> tuple[float, float]:
    cx, cy, rx, ry = SEA[sea]
    pts = [
        (cx + rx * math.cos(math.radians(a)), cy + ry * math.sin(math.radians(a)))
        for a in range(0, 360, 2)
    ]
    return min(pts, key=lambda q: (q[0] - px) ** 2 + (q[1] - py) ** 2)


def test_every_space_is_drawn_once_inside_the_board() -> None:
    assert set(LAND) | set(SEA) == set(SPACE_IDS)
    assert not set(LAND) & set(SEA)
    for x in SPACES:
        assert (x.id in SEA) == x.sea, x.id
        for px, py in _outline(x.id, 8):
            assert 0 <= px <= WIDTH and 0 <= py <= HEIGHT, x.id


def test_no_space_covers_another() -> None:
    ids = list(SPACE_IDS)
    for i, a in enumerate(ids):
        for b in ids[i + 1 :]:
            assert not any(_inside(b, x, y, 4) for x, y in _outline(a)), (a, b)
            assert not any(_inside(a, x, y, 4) for x, y in _outline(b)), (a, b)


def test_no_link_runs_through_a_space_it_does_not_join() -> None:
    """Links are drawn as the client draws them (centre to centre; a coast from the land
    space's centre to the nearest point of the sea's ellipse)."""
    for ln in static_data()["links"]:
        a, b = ln["a"], ln["b"]
        if a in SEA and b in LAND:
            a, b = b, a
        p1 = LAND[a] if a in LAND else SEA[a][:2]
        p2 = (
            _nearest_on_ellipse(b, *p1)
            if a in LAND and b in SEA
            else (LAND[b] if b in LAND else SEA[b][:2])
        )
        for k in range(1, 100):
            f = k / 100
            x, y = p1[0] + (p2[0] - p1[0]) * f, p1[1] + (p2[1] - p1[1]) * f
            for other in SPACE_IDS:
                if other not in (a, b):
                    assert not _inside(other, x, y), f"{a}-{b} crosses {other}"


def test_static_data_carries_the_whole_board_and_every_card() -> None:
    doc = static_data()
    assert [s["id"] for s in doc["spaces"]] == list(SPACE_IDS)
    pairs = {(ln["a"], ln["b"]) for ln in doc["links"]}
    n = len(SPACES)
    want = {
        (SPACE_IDS[a], SPACE_IDS[b])
        for a in range(n)
        for b in range(a + 1, n)
        if ADJ[0][a] >> b & 1 or ADJ[1][a] >> b & 1
    }
    assert pairs == want
    # KIEL CANAL: the one link open to the Central Powers only
    kiel = [(ln["a"], ln["b"]) for ln in doc["links"] if ln["kiel"]]
    assert len(kiel) == 1
    a, b = (SPACE_INDEX[x] for x in kiel[0])
    assert not ADJ_OPEN[a] >> b & 1
    assert {c["id"] for c in doc["countries"]} == set(COUNTRIES)
    assert len({c["colour"] for c in doc["countries"]}) == len(COUNTRIES)
    assert [c["id"] for c in doc["cards"]] == list(CARD_IDS)
    assert all(c["play"] and c["prepared"] for c in doc["cards"])
    assert [p["id"] for p in doc["powers"]] == list(POWERS)
    assert doc["rounds"]["scoring"] == [3, 7, 11, 15, 17]
    json.dumps(doc)  # served as JSON


# -- the dressed views ---------------------------------------------------------------------------


def _hidden_from(s: Any, me: int) -> set[str]:
    out: set[str] = set()
    for p in range(5):
        if p == me:
            continue
        for pile in (s.hand[p], s.prepared[p], s.deck[p], s.discard[p][: s.dhidden[p]]):
            out.update(CARD_IDS[k] for k in pile)
    return out


def _revealed(s: Any, me: int) -> set[str]:
    """Card ids named in the log entries power ``me`` may read (the public ones and those
    shown to it alone, such as the hand a Redl Blackmail looks at)."""
    seen = [e for e in s.log if e.get("v", POWERS[me]) == POWERS[me]]
    return set(CARD_RE.findall(json.dumps(seen, default=str)))


def _dressed(s: Any, power: str) -> dict[str, Any]:
    v = seat_view(s, power)
    dress_view(v, s)
    return v


def test_dressed_views_never_name_another_powers_hidden_cards() -> None:
    """Seed 3 brings a Redl Blackmail: Russia then sees Austria-Hungary's hand, nobody else."""
    rng = random.Random(3)
    s = past_setup(3)
    decisions = 0
    while not engine.is_over(s) and decisions < 300:
        for me, power in enumerate(POWERS):
            v = _dressed(s, power)
            text = json.dumps(v, default=str)
            leaked = (set(CARD_RE.findall(text)) & _hidden_from(s, me)) - _revealed(s, me)
            assert not leaked, (power, sorted(leaked))
            if v["legal"]:
                assert v["prompt_text"]
                # only its own cards are described
                assert set(v["notes"]) <= {CARD_IDS[k] for k in s.hand[me] + s.prepared[me]}
            else:
                assert v["notes"] == {} and v["labels"] == {}
        engine.apply(s, rng.choice(engine.legal_actions(s)))
        decisions += 1
    assert decisions > 100


@pytest.mark.parametrize("seed", [1, 4])
def test_every_legal_action_is_written_in_words(seed: int) -> None:
    rng = random.Random(seed)
    s = past_setup(seed)
    ids = re.compile(r"\b(?:" + "|".join(SPACE_IDS) + r")\b|" + CARD_RE.pattern)
    for _ in range(600):
        if engine.is_over(s):
            break
        acts = [str(a) for a in engine.legal_actions(s)]
        for a in acts:
            words = action_label(a)
            assert words and not ids.search(words), (a, words)
        engine.apply(s, rng.choice(acts))


def test_the_reasons_agree_with_the_legal_actions() -> None:
    """In the Play step each hand card says whether it can be played, and says so exactly for
    the cards a legal action plays; the reasons given for the others are sentences."""
    rng = random.Random(2)
    s = past_setup(2)
    seen_play = seen_no = 0
    for _ in range(500):
        if engine.is_over(s):
            break
        p = engine.to_act(s)
        assert p is not None
        v = _dressed(s, POWERS[p])
        if v["turn_step"] and v["step"] == "turn" and v["turn_step"]["step"] == "play":
            played = {a.split()[1] for a in v["legal"] if a.startswith("play ")}
            hand = {CARD_IDS[k] for k in s.hand[p]}
            assert set(v["notes"]) == hand
            for cid, note in v["notes"].items():
                assert note["ok"] == (cid in played), (cid, note)
                assert note["why"] and note["why"][0].isupper()
                seen_no += not note["ok"]
            seen_play += 1
        engine.apply(s, rng.choice(engine.legal_actions(s)))
    assert seen_play >= 5 and seen_no >= 1


def test_the_battle_and_the_score_are_described() -> None:
    rng = random.Random(8)
    s = past_setup(8)
    battles = 0
    for _ in range(800):
        if engine.is_over(s):
            break
        v = _dressed(s, POWERS[0])
        assert set(v["score"]["now"]) == {"central", "entente"}
        b = v["battle"]
        if b is not None:
            battles += 1
            assert b["attacker"] in POWERS and b["target"] in SPACE_INDEX
            assert b["origin"] in SPACE_INDEX and b["stage_text"]
            assert all(c["card"] in {x.id for x in CARDS} for c in b["cards"])
        # random choices, but no piece taken off the board (PIECES), so that battles happen
        engine.apply(s, rng.choice([a for a in engine.legal_actions(s) if a != REMOVE]))
    assert battles > 0


def test_the_spectator_shows_every_hand_and_the_summary_is_public() -> None:
    s = past_setup(6)
    face = QmgWeb()
    v = face.spectator(s)
    for p, power in enumerate(POWERS):
        assert v["cards"]["hands"][power] == [CARD_IDS[k] for k in s.hand[p]]
    summary = face.summary(s)
    assert summary["round"] == 1 and summary["current"] in POWERS
    assert not CARD_RE.search(json.dumps(summary))


def test_a_replay_hides_another_powers_hidden_decisions() -> None:
    """HIDDEN INFORMATION: the card a power bottoms at set-up or prepares is its own secret; a
    replay seen by another power says only whose decision it was."""
    s = engine.new_game(None, 4)
    p = engine.to_act(s)
    assert p is not None
    card = CARD_IDS[s.hand[p][0]]
    engine.apply(s, f"bottom {card}")
    other = POWERS[(p + 1) % 5]
    v = seat_view(s, other)
    v["entry"] = f"bottom {card}"
    dress_view(v, s)
    assert v["entry"] is None and v["entry_hidden"] and v["entry_seat"] == POWERS[p]
    assert card not in json.dumps(v)
    v = seat_view(s, POWERS[p])
    v["entry"] = f"bottom {card}"
    dress_view(v, s)
    assert v["entry"] == f"bottom {card}" and not v.get("entry_hidden")
    assert v["entry_text"] and card not in v["entry_text"]


@pytest.mark.heading("TURN SEQUENCE")
def test_the_step_strip_shows_the_step_whose_card_is_resolving() -> None:
    """A card played in the Play step is carried out in that step: while its battle's cost is
    paid, the page says Play, not the Attrition step the turn goes on to."""
    s = turn_at("de")
    put(s, "de", "berlin", "western_germany")
    (k,) = give(s, "land_battle/de")
    give(s, "de_de_21", "de_de_22")
    engine.apply(s, f"play {CARD_IDS[k]}")
    engine.apply(s, "battle tyrol from western_germany")  # empty, difficult: pay a card
    assert engine.step_name(s) == "pay"
    for power in ("de", "ru"):
        v = _dressed(s, power)
        assert v["turn_step"] == {"power": "de", "step": "play", "index": 1}
    engine.apply(s, "discard de_de_21")
    v = _dressed(s, "de")
    assert engine.prompt(s) == "turn.prepare"  # no Attrition card: that step passed by itself
    assert v["turn_step"] == {"power": "de", "step": "prepare", "index": 3}
    assert v["log"][-1]["k"] == "battle.empty"


def test_removing_a_piece_is_written_in_words() -> None:
    s = turn_at("frit")
    put(s, "fr", "paris", "english_channel")
    v = _dressed(s, "frit")
    assert v["labels"]["remove"] == "Remove one of your pieces from the board…"
    engine.apply(s, "remove")
    v = _dressed(s, "frit")
    assert v["labels"]["remove fr paris"] == "Remove your French Army from Paris"
    assert (
        v["labels"]["remove fr english_channel"] == "Remove your French Navy from English Channel"
    )
    assert v["prompt_text"].startswith("Choose one of your pieces to remove")
    assert (
        _dressed(s, "de")["waiting"]
        == "France & Italy is removing one of its pieces from the board"
    )
    v = seat_view(s, "frit")
    dress_view(v, s, "ru")
    assert v["labels"]["remove fr paris"] == "убрать свою французскую армию из региона Париж"
    assert v["labels"]["remove fr english_channel"] == (
        "убрать свой французский флот из региона Ла-Манш"
    )


def test_a_sustain_that_could_not_be_sufficient_says_why() -> None:
    """Two symbols needed in the Tyrol (difficult terrain) and one hand card left: the Double
    Sustain can be used, the single one cannot (with it, the Double could no longer be paid)."""
    s = turn_at("frit")
    put(s, "it", "rome", "italian_alps")
    put(s, "de", "tyrol")
    (k,) = give(s, "land_battle/it")
    give(s, "frit_fr_22", "frit_fr_23")
    (r,) = prepare(s, "de_de_50")  # Landwehr: Double Reinforce, Supply symbol
    (isonzo, bers) = prepare(s, "frit_it_41", "frit_it_42")  # Double and single Sustain
    engine.apply(s, f"play {CARD_IDS[k]}")
    engine.apply(s, "battle tyrol from italian_alps")
    engine.apply(s, "discard frit_fr_22")  # the battle's cost
    engine.apply(s, f"reinforce {CARD_IDS[r]}")
    v = _dressed(s, "frit")
    assert [a for a in v["legal"] if a != "remove"] == [f"sustain {CARD_IDS[isonzo]}", "pass"]
    assert v["notes"][CARD_IDS[bers]] == {
        "ok": False,
        "why": "Not enough: even all your usable Sustain cards cannot bring the total up to "
        "the Reinforce total (2)",
    }


def test_every_country_colour_reads_with_its_ink() -> None:
    """Card bands and pieces: the ink on a country's colour has WCAG's contrast of 4.5:1."""
    from greatwar.qmg1914.web import COLOURS, _ink, _luminance

    for country, colour in COLOURS.items():
        a, b = sorted((_luminance(colour), _luminance(_ink(colour))))
        assert (b + 0.05) / (a + 0.05) >= 4.5, (country, colour, _ink(colour))
