"""The container files (Dockerfile, compose.yaml) ask only for what greatwar has: every
GREATWAR_* variable they set is one a command reads, and every command they run parses
(issue 22, item 5). Building the image needs a Docker daemon: see README, "Hosting it"."""

from __future__ import annotations

import re
import shlex
from pathlib import Path
from typing import Any

import click
import typer.main
import yaml

from greatwar.cli import app

ROOT = Path(__file__).resolve().parents[1]


def commands() -> dict[tuple[str, ...], click.Command]:
    out: dict[tuple[str, ...], click.Command] = {}

    def walk(cmd: click.Command, path: tuple[str, ...]) -> None:
        out[path] = cmd
        for name, sub in getattr(cmd, "commands", {}).items():
            walk(sub, (*path, name))

    walk(typer.main.get_command(app), ())
    return out


def env_names() -> set[str]:
    names = set()
    for cmd in commands().values():
        for p in cmd.params:
            envvar = getattr(p, "envvar", None)
            if isinstance(envvar, str):
                names.add(envvar)
    return names


def parses(argv: list[str]) -> None:
    """Parse a greatwar command line (options and their values checked), running nothing."""
    assert argv[0] == "greatwar", argv
    table = commands()
    path: tuple[str, ...] = ()
    rest = argv[1:]
    while rest and (*path, rest[0]) in table:
        path = (*path, rest[0])
        rest = rest[1:]
    cmd = table[path]
    assert not isinstance(cmd, click.Group), f"{argv} names no command"
    cmd.make_context(" ".join(argv[:1] + list(path)), list(rest), resilient_parsing=False)


def test_the_compose_file_runs_commands_and_settings_greatwar_has() -> None:
    doc: dict[str, Any] = yaml.safe_load((ROOT / "compose.yaml").read_text(encoding="utf-8"))
    services = doc["services"]
    assert set(services) == {"db", "migrate", "server"}
    known = env_names()
    for name in ("migrate", "server"):
        svc = services[name]
        parses(svc["command"])
        for var in svc["environment"]:
            if var.startswith("GREATWAR_"):
                assert var in known, f"{name}: {var} is read by no command"
        assert svc["environment"]["GREATWAR_DB"].startswith("postgresql://greatwar:")
    assert services["migrate"]["command"][1:3] == ["db", "upgrade"]
    assert services["server"]["depends_on"]["migrate"]["condition"] == (
        "service_completed_successfully"
    )
    assert "replicas" not in str(services["server"])  # one process until items 1 and 2 exist


def test_the_dockerfile_serves_as_a_user_with_a_health_check() -> None:
    text = (ROOT / "Dockerfile").read_text(encoding="utf-8")
    lines = [x for x in text.replace("\\\n", " ").splitlines() if x and not x.startswith("#")]
    assert lines[0] == "FROM python:3.11-slim"
    user = [x.split()[1] for x in lines if x.startswith("USER ")]
    assert user and user[-1] not in ("root", "0")
    health = next(x for x in lines if x.startswith("HEALTHCHECK"))
    assert "/healthz" in health
    cmd = next(x for x in lines if x.startswith("CMD "))
    argv = shlex.split(cmd[4:].strip("[] ").replace('",', '"'))
    assert argv == ["greatwar", "serve", "--host", "0.0.0.0"]
    parses(argv)
    for var in re.findall(r"\b(GREATWAR_[A-Z_]+)=", text):
        assert var in env_names(), var
    assert "pip install" in text and '".[postgres]"' in text
    ignored = (ROOT / ".dockerignore").read_text(encoding="utf-8").split()
    assert "!src/" in ignored and "!pyproject.toml" in ignored
