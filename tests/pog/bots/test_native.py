"""The compiled analysis (``greatwar.pog.bots.native`` and ``.compile``): built from today's
source it stands in for the plain module and the search decides exactly as with the plain one;
a build from another source, or ``GREATWAR_PURE``, leaves the plain module in use.

The build needs mypyc, a C compiler and Python's headers: where one is missing the building test
is skipped and says which."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from greatwar.pog.bots import native
from greatwar.pog.bots.compile import main as compile_main

SRC = Path(native.__file__).resolve().parents[3]

# Two searched decisions (the first card choices of a seeded Historical game, from each side),
# printed with the search's root statistics.
DECIDE = """
import json, sys
from greatwar.pog import engine
from greatwar.pog.bots.heuristic import HeuristicBot
from greatwar.pog.bots.search import SearchBot
from greatwar.pog.bots.native import in_use
from greatwar.pog.view import view
s = engine.new_game("historical", seed=7)
out, seen = [], set()
easy = HeuristicBot(7)
while len(out) < 2:
    seat = engine.seat_name(engine.to_act(s))
    v = view(s, seat)
    if v["step"] == "action_round" and seat not in seen:
        seen.add(seat)
        bot = SearchBot(3, sims=8)
        out.append([bot.choose(v), sorted(bot.last.items())])
    engine.apply(s, easy.choose(v), seat)
print(json.dumps({"analysis": in_use(), "decisions": out}))
"""


def _missing() -> str | None:
    try:
        import mypyc  # noqa: F401
    except ImportError:
        return "mypyc is not installed (pip install '.[fast]')"
    cc = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if not (shutil.which(cc) or shutil.which("cc") or shutil.which("gcc")):
        return "no C compiler here"
    if not (Path(sysconfig.get_paths()["include"]) / "Python.h").exists():
        return "Python's headers are not installed here"
    return None


def _run(root: Path, code: str, pure: bool = False) -> dict[str, object]:
    env = {k: v for k, v in os.environ.items() if k != "GREATWAR_PURE"}
    env["PYTHONPATH"] = str(root)
    if pure:
        env["GREATWAR_PURE"] = "1"
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0, done.stderr
    result: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def test_the_compiled_analysis_decides_as_the_plain_one_and_a_stale_build_is_ignored(
    tmp_path: Path,
) -> None:
    missing = _missing()
    if missing:
        pytest.skip(f"cannot compile here: {missing}")
    root = tmp_path / "src"
    shutil.copytree(
        SRC / "greatwar",
        root / "greatwar",
        ignore=shutil.ignore_patterns("__pycache__", "_analysis_native*"),
    )
    built = subprocess.run(
        [sys.executable, "-m", "greatwar.pog.bots.compile"],
        env={**os.environ, "PYTHONPATH": str(root)},
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert built.returncode == 0, built.stderr
    assert "built " in built.stdout
    compiled = _run(root, DECIDE)
    plain = _run(root, DECIDE, pure=True)
    assert compiled["analysis"] == "compiled" and plain["analysis"] == "plain Python"
    assert compiled["decisions"] == plain["decisions"]
    # analysis.py changed since the build: the build is ignored
    source = root / "greatwar" / "pog" / "bots" / "analysis.py"
    source.write_text(source.read_text(encoding="utf-8") + "\n# changed\n", encoding="utf-8")
    check = "import json; from greatwar.pog.bots.native import in_use; "
    check += "print(json.dumps({'analysis': in_use()}))"
    assert _run(root, check)["analysis"] == "plain Python"


def test_compile_check_and_remove_say_what_they_did(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """``--check`` names the analysis in use; ``--remove`` deletes only the build's files (here
    in a directory of its own) and says how many."""
    from greatwar.pog.bots import compile as comp

    assert compile_main(["--check"]) == 0
    assert capsys.readouterr().out.startswith(f"analysis: {native.in_use()} (")
    suffix = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
    (tmp_path / f"_analysis_native{suffix}").write_bytes(b"")
    (tmp_path / f"_analysis_native__mypyc{suffix}").write_bytes(b"")
    (tmp_path / "analysis.py").write_text("# the source stays\n", encoding="utf-8")
    monkeypatch.setattr(comp, "HERE", tmp_path)
    assert compile_main(["--remove"]) == 0
    assert "removed 2 file(s)" in capsys.readouterr().out
    assert [p.name for p in tmp_path.iterdir()] == ["analysis.py"]


def test_a_build_of_another_source_is_not_used(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """:func:`native.built` accepts an extension only with the hash of today's analysis.py."""
    suffix = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
    monkeypatch.setattr(native, "HERE", tmp_path)
    assert native.extensions() == [] and native.built() is None  # nothing built here

    class Stale:
        SOURCE_HASH = "0" * 32

    (tmp_path / f"_analysis_native{suffix}").write_bytes(b"")
    monkeypatch.setitem(sys.modules, native.NATIVE, Stale)
    assert native.extensions() == [tmp_path / f"_analysis_native{suffix}"]
    assert native.built() is None
    Stale.SOURCE_HASH = native.source_hash()
    assert native.built() is Stale

    def broken(name: str) -> None:
        raise RuntimeError(f"{name}: built for another Python")

    monkeypatch.setattr(native.importlib, "import_module", broken)
    assert native.built() is None  # a build that fails to load leaves the plain module
