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
    assert set(services) == {"db", "migrate", "server1", "server2", "proxy"}
    known = env_names()
    for name in ("migrate", "server1", "server2"):
        svc = services[name]
        parses(svc["command"])
        for var in svc["environment"]:
            if var.startswith("GREATWAR_"):
                assert var in known, f"{name}: {var} is read by no command"
        assert svc["environment"]["GREATWAR_DB"].startswith("postgresql://greatwar:")
    assert services["migrate"]["command"][1:3] == ["db", "upgrade"]
    for name in ("server1", "server2"):
        assert services[name]["command"][1] == "serve"
        assert services[name]["depends_on"]["migrate"]["condition"] == (
            "service_completed_successfully"
        )
        assert "ports" not in services[name]  # reached through the proxy only
    assert services["server1"]["environment"] == services["server2"]["environment"]


def test_the_proxy_spreads_requests_and_websockets_over_both_servers() -> None:
    """Two server processes behind one port (issue 22, item 5): the proxy publishes the one
    port and forwards to both servers, passing a websocket's upgrade on."""
    doc: dict[str, Any] = yaml.safe_load((ROOT / "compose.yaml").read_text(encoding="utf-8"))
    proxy = doc["services"]["proxy"]
    assert proxy["image"].startswith("nginx:")
    assert proxy["ports"] == ["8000:8000"]
    assert set(proxy["depends_on"]) == {"server1", "server2"}
    mount = next(v for v in proxy["volumes"] if "nginx.conf" in v)
    conf = (ROOT / mount.split(":")[0]).read_text(encoding="utf-8")
    upstream = re.search(r"upstream greatwar \{(.*?)\}", conf, re.S)
    assert upstream is not None
    servers = re.findall(r"^\s*server (\S+?)[;\s]", upstream.group(1), re.M)
    assert servers == ["server1:8000", "server2:8000"]
    assert "listen 8000;" in conf and "proxy_pass http://greatwar;" in conf
    assert "proxy_set_header Upgrade $http_upgrade;" in conf
    assert "proxy_set_header Connection $connection_upgrade;" in conf
    assert conf.count("{") == conf.count("}")


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
