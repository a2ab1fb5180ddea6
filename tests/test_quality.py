"""The code stays clean: ruff (lint) and mypy (strict types) are part of the test suite."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, cwd=ROOT, capture_output=True, text=True, timeout=600)


def test_ruff_is_clean():
    r = _run(sys.executable, "-m", "ruff", "check", "src", "tests")
    assert r.returncode == 0, r.stdout + r.stderr


def test_mypy_is_clean():
    r = _run(sys.executable, "-m", "mypy")
    assert r.returncode == 0, r.stdout + r.stderr


def test_product_never_reads_shared():
    marker = "/".join(("..", "shared"))
    for path in [*ROOT.joinpath("src").rglob("*.py"), *ROOT.joinpath("tests").rglob("*.py")]:
        if path == Path(__file__).resolve():
            continue
        assert marker not in path.read_text(encoding="utf-8"), path
