"""The heuristic's analysis compiled to C with mypyc, where a machine can build it.

The search spends most of its time in :mod:`greatwar.pog.bots.analysis` (the worth of standing
in each space, the best moves, the operation's candidates). ``python3 -m
greatwar.pog.bots.compile`` (:mod:`.compile`) compiles that module, unchanged, with mypyc into
an extension module beside it, ``_analysis_native``, which holds the hash of the source it was
built from. When the package's bots are imported (:func:`install`), that
extension stands in for the module if, and only if, it was built from today's ``analysis.py``:
a build left over from another version is ignored (``--check`` says which is in use). Same
code, so the same decisions, faster (docs/bots.md, "Throughput"); without a build everything
runs as plain Python. ``GREATWAR_PURE=1`` keeps the plain module even where a build exists.
"""

from __future__ import annotations

import hashlib
import importlib
import os
import sys
import sysconfig
from pathlib import Path
from types import ModuleType

PACKAGE = "greatwar.pog.bots"
PURE = f"{PACKAGE}.analysis"
NATIVE = f"{PACKAGE}._analysis_native"
HERE = Path(__file__).resolve().parent
SOURCE = HERE / "analysis.py"


def source_hash() -> str:
    """The hash of today's ``analysis.py`` (a build records the one it was made from)."""
    return hashlib.sha256(SOURCE.read_bytes()).hexdigest()[:32]


def extensions() -> list[Path]:
    """The compiled analysis's files here (none: plain Python)."""
    suffix = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
    return sorted(p for p in HERE.glob("_analysis_native*") if p.name.endswith(suffix))


def built() -> ModuleType | None:
    """The compiled analysis, if one was built here from today's source (else None)."""
    if not extensions():
        return None
    try:
        mod = importlib.import_module(NATIVE)
    except Exception:  # built for another Python or mypyc, or broken: the plain module serves
        return None
    return mod if getattr(mod, "SOURCE_HASH", None) == source_hash() else None


def install() -> bool:
    """Use the compiled analysis for :mod:`greatwar.pog.bots.analysis` where it is built from
    today's source and ``GREATWAR_PURE`` is not set (called before anything imports it)."""
    if os.environ.get("GREATWAR_PURE") or PURE in sys.modules:
        return False
    mod = built()
    if mod is None:
        return False
    sys.modules[PURE] = mod
    vars(sys.modules[PACKAGE])["analysis"] = mod  # ``from greatwar.pog.bots import analysis``
    return True


def in_use() -> str:
    """Which analysis this process runs: "compiled" or "plain Python"."""
    mod = sys.modules.get(PURE) or importlib.import_module(PURE)
    return "compiled" if mod.__name__ == NATIVE else "plain Python"
