"""``python3 -m greatwar.pog.bots.compile``: build the compiled analysis (:mod:`.native`).

Compiles today's ``analysis.py``, unchanged, with mypyc into ``_analysis_native`` beside it
(the ``fast`` extra: ``pip install ".[fast]"``; a C compiler and Python's headers, on Debian
``apt-get install gcc python3-dev``). ``--check`` says which analysis a new process runs,
``--remove`` goes back to plain Python.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import sysconfig
import tempfile
from pathlib import Path

from greatwar.pog.bots.native import HERE, SOURCE, extensions, in_use, source_hash


class BuildError(Exception):
    """The compiled analysis could not be built here (the message says what is missing)."""


def _compiler() -> str | None:
    cc = (sysconfig.get_config_var("CC") or "cc").split()[0]
    return shutil.which(cc) or shutil.which("cc") or shutil.which("gcc")


def build() -> Path:
    """Compile today's ``analysis.py`` beside it; return the extension's path."""
    try:
        from mypyc.build import mypycify
        from setuptools import Distribution  # type: ignore[import-untyped]
        from setuptools.command.build_ext import build_ext  # type: ignore[import-untyped]
    except ImportError as exc:
        raise BuildError(
            f"mypyc or setuptools is missing ({exc.name}): pip install 'greatwar[fast]'"
        ) from exc
    if _compiler() is None:
        raise BuildError(
            "no C compiler found: install one (Debian: apt-get install gcc python3-dev)"
        )
    include = sysconfig.get_paths()["include"]
    if not (Path(include) / "Python.h").exists():
        raise BuildError(f"Python's headers are missing ({include}/Python.h): Debian: python3-dev")
    if not os.access(HERE, os.W_OK):
        raise BuildError(f"cannot write beside the package ({HERE}): run as its owner")
    root = HERE.parents[2]  # the directory holding the greatwar package
    copy = HERE / "_analysis_native.py"
    remove()
    text = SOURCE.read_text(encoding="utf-8")
    copy.write_text(
        f"{text}\n\nSOURCE_HASH = {source_hash()!r}  # the analysis.py this was built from\n",
        encoding="utf-8",
    )
    cwd = Path.cwd()
    cache = os.environ.get("MYPY_CACHE_DIR")
    with tempfile.TemporaryDirectory(prefix="greatwar-native-") as tmp:
        try:
            os.chdir(root)  # mypyc names the module by its path from here
            os.environ["MYPY_CACHE_DIR"] = str(Path(tmp) / "mypy-cache")
            exts = mypycify(
                [str(copy.relative_to(root))], opt_level="3", target_dir=str(Path(tmp) / "c")
            )
            dist = Distribution({"name": "greatwar-native", "ext_modules": exts})
            cmd = build_ext(dist)
            cmd.inplace = True
            cmd.build_temp = str(Path(tmp) / "temp")
            cmd.build_lib = str(Path(tmp) / "lib")
            cmd.ensure_finalized()
            cmd.run()
        except (SystemExit, Exception) as exc:  # mypyc's or the C compiler's refusal
            raise BuildError(f"the compile failed: {exc}") from exc
        finally:
            os.chdir(cwd)
            copy.unlink(missing_ok=True)
            if cache is None:
                os.environ.pop("MYPY_CACHE_DIR", None)
            else:
                os.environ["MYPY_CACHE_DIR"] = cache
    out = extensions()
    if not out:
        raise BuildError("the compile made no extension module")
    return out[0]


def remove() -> list[Path]:
    """Delete any compiled analysis here (plain Python from the next start)."""
    gone = []
    for p in HERE.glob("_analysis_native*"):
        if p.suffix in (".so", ".pyd", ".py"):
            p.unlink()
            gone.append(p)
    return gone


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python3 -m greatwar.pog.bots.compile",
        description="Compile the Paths of Glory bots' analysis with mypyc (the same code, "
        "faster); it is used from the next start while it matches the source.",
    )
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--check", action="store_true", help="say which analysis is in use")
    group.add_argument("--remove", action="store_true", help="delete the compiled analysis")
    args = parser.parse_args(argv)
    if args.check:
        print(f"analysis: {in_use()} ({SOURCE})")
        return 0
    if args.remove:
        gone = remove()
        print(f"removed {len(gone)} file(s); the analysis is plain Python from the next start")
        return 0
    print("compiling the analysis with mypyc (a minute or so)...", flush=True)
    try:
        path = build()
    except BuildError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    print(f"built {path}; used from the next start (--check to see, --remove to undo)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
