"""The yardsticks (``yardstick-easy``, ``yardstick-normal``) never move.

They are ``easy`` and ``normal`` frozen as they stood when issue 29 began
(:mod:`greatwar.pog.bots.yardstick`): a strength claim is a result against them. These tests pin
their decisions on seeded games (a digest of every decision, and of the search's statistics),
check that the package's code is the frozen code, and that it imports nothing of the live bots
or of the research encoder (whose changes would move it). A rules fix in the engine that
changes their play updates the pins with that fix, saying so; nothing else may.
"""

from __future__ import annotations

import ast
import hashlib
from pathlib import Path

import pytest

from greatwar.bots import make_bot
from greatwar.pog import engine
from greatwar.pog.view import view

PACKAGE = Path(__file__).resolve().parents[3] / "src/greatwar/pog/bots/yardstick"
ALLOWED = ("greatwar.core", "greatwar.pog")  # the engine and core, never these:
FORBIDDEN = ("greatwar.pog.bots", "greatwar.pog.encoding", "greatwar.pog.game")


def _imports(path: Path) -> set[str]:
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            assert node.level == 0, f"{path.name}: relative import"
            out.add(node.module or "")
    return out


def _within(name: str, package: str) -> bool:
    return name == package or name.startswith(package + ".")


def test_the_yardsticks_import_only_the_engine_core_and_themselves() -> None:
    files = sorted(PACKAGE.glob("*.py"))
    assert {p.stem for p in files} >= {"heuristic", "analysis", "evaluate", "search", "worlds"}
    for path in files:
        for name in _imports(path):
            if not name.startswith("greatwar"):
                continue
            if _within(name, "greatwar.pog.bots.yardstick"):
                continue
            assert any(_within(name, p) for p in ALLOWED), f"{path.name} imports {name}"
            assert not any(_within(name, p) for p in FORBIDDEN), f"{path.name} imports {name}"


def _code_digest() -> str:
    """The package's code without its docstrings and comments (formatting does not count)."""
    h = hashlib.sha256()
    for path in sorted(PACKAGE.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            body = getattr(node, "body", None)
            if (
                isinstance(body, list)
                and body
                and isinstance(body[0], ast.Expr)
                and isinstance(body[0].value, ast.Constant)
                and isinstance(body[0].value.value, str)
            ):
                body[0].value.value = ""
        h.update(path.name.encode() + b"\0" + _canon(tree).encode() + b"\0")
    return h.hexdigest()[:32]


def _canon(node: object) -> str:
    """A tree as text, fields that are empty or None left out (so the fields later Pythons
    add, which default to empty, do not change it; ``ast.dump`` differs between versions)."""
    if isinstance(node, ast.AST):
        fields = []
        for name in node._fields:
            value = getattr(node, name, None)
            if value is None or value == []:
                continue
            fields.append(f"{name}={_canon(value)}")
        return f"{type(node).__name__}({','.join(fields)})"
    if isinstance(node, list):
        return "[" + ",".join(_canon(x) for x in node) + "]"
    return repr(node)


CODE = "fe98b75409142f622421b26a7531e55f"


def test_the_yardsticks_code_is_the_frozen_code() -> None:
    assert _code_digest() == CODE, "the yardstick's code changed: it is frozen (see its package)"


def _play(ap: str, cp: str, seed: int, decisions: int) -> tuple[str, int]:
    """The digest of the first ``decisions`` decisions of a seeded game (with the search's
    root statistics, values to six places), and how many were searched."""
    s = engine.new_game("historical", seed=seed)
    bots = {"ap": make_bot(ap, seed), "cp": make_bot(cp, seed + 1)}
    h = hashlib.sha256()
    searched = 0
    for _ in range(decisions):
        if engine.is_over(s):
            break
        seat = engine.seat_name(engine.to_act(s))
        assert seat is not None
        bot = bots[seat]
        a = bot.choose(view(s, seat))
        h.update(a.encode() + b"\n")
        last = getattr(bot, "last", None)
        if last:
            searched += 1
            for cand, (n, v) in sorted(last.items()):
                h.update(f"{cand} {n} {v:.6f}\n".encode())
        engine.apply(s, a, seat)
    return h.hexdigest()[:32], searched


PINNED = [
    ("yardstick-easy", "yardstick-easy", 3, 700, "9dd00979b407fdd2ed61037ed6aa31cf", 0),
    ("yardstick-easy", "yardstick-easy", 8, 700, "9408715224fef79c76ecd17d44080470", 0),
    ("yardstick-normal", "yardstick-easy", 4, 120, "4d7932fa79a77a1f39ca6b201c0aecb7", 5),
    ("yardstick-easy", "yardstick-normal", 5, 120, "ee65c08e085207eb09b8c43183bcd2f7", 6),
]


@pytest.mark.parametrize("ap, cp, seed, decisions, digest, searched", PINNED)
def test_the_yardsticks_play_their_pinned_decisions(
    ap: str, cp: str, seed: int, decisions: int, digest: str, searched: int
) -> None:
    assert _play(ap, cp, seed, decisions) == (digest, searched)


def test_same_decisions_compares_the_live_bots_with_the_yardsticks(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The checking command agrees on a short game and refuses a malformed game spec."""
    from greatwar.pog.bots import same_decisions

    assert same_decisions.main(["easy:2:60"]) == 0
    assert "60 decisions, the same" in capsys.readouterr().out
    with pytest.raises(SystemExit) as stop:
        same_decisions.main(["hard:x:1"])
    assert stop.value.code == 2


def test_same_decisions_searches_the_live_normal_at_the_yardsticks_budget(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``normal`` has 48 simulations since the search became faster, played in turn, and scores
    with the learned evaluation too; the check compares the live search at the yardstick's 24,
    UCB1 and the hand evaluator (the first searched decisions of a seeded game agree,
    statistics included)."""
    from greatwar.pog.bots import same_decisions, yardstick
    from greatwar.pog.bots.levels import LEVELS, NORMAL_SIMS

    assert LEVELS["normal"](1).sims == NORMAL_SIMS == 2 * yardstick.NORMAL_SIMS
    live = same_decisions.BOTS["normal"](1)
    assert (live.sims, live.explore, live.final, live.value) == (
        yardstick.NORMAL_SIMS,
        "fixed",
        "visits",
        "hand",
    )
    level = LEVELS["normal"](1)
    assert (level.explore, level.final, level.value) == ("paired", "mean", "blend")
    assert same_decisions.main(["normal:4:90"]) == 0  # five searched decisions
    assert "90 decisions, the same" in capsys.readouterr().out
