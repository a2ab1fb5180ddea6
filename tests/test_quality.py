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


def test_every_data_file_ships_with_the_package():
    """A file the code reads at run time must be named by the package-data globs of
    pyproject.toml, or an installed copy (pip install .) lacks it."""
    import fnmatch
    import tomllib

    config = tomllib.loads(ROOT.joinpath("pyproject.toml").read_text(encoding="utf-8"))
    globs = config["tool"]["setuptools"]["package-data"]
    src = ROOT / "src"
    missing = []
    for path in src.joinpath("greatwar").rglob("*"):
        if not path.is_file() or path.suffix in {".py", ".pyc"} or "__pycache__" in path.parts:
            continue
        if path.suffix in {".so", ".pyd"}:
            continue  # a machine's own build (python3 -m greatwar.pog.bots.compile), not data
        rel = path.relative_to(src)
        shipped = False
        for package, patterns in globs.items():
            base = Path(*package.split("."))
            if rel.is_relative_to(base):
                inner = rel.relative_to(base).as_posix()
                if any(fnmatch.fnmatch(inner, pattern) for pattern in patterns):
                    shipped = True
        if not shipped:
            missing.append(str(rel))
    assert missing == [], f"add these to [tool.setuptools.package-data]: {missing}"


def test_no_merge_conflict_markers_are_left():
    """A text file with a line of ``<<<<<<<``, ``=======`` or ``>>>>>>>`` is a merge gone wrong."""
    marks = ("<" * 7 + " ", ">" * 7 + " ", "=" * 7)
    files = [ROOT / "README.md", *ROOT.joinpath("docs").rglob("*.md")]
    files += [
        p
        for p in ROOT.joinpath("src").rglob("*")
        if p.suffix in {".py", ".js", ".html", ".css", ".json", ".csv"}
    ]
    files += list(ROOT.joinpath("tests").rglob("*.py"))
    bad = []
    for path in files:
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if line.startswith(marks[:2]) or line == marks[2]:
                bad.append(f"{path.relative_to(ROOT)}:{n}")
    assert bad == []
