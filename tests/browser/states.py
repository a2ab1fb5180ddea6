"""Games brought to a chosen decision through the API (fast: no browser), for the browser tests
that look at one position: a combat, a choice of spaces, the opponent's last round, a Quartermaster
General battle. Each game is seeded (the other seats agree to the seed), so the same position
comes every time."""

from __future__ import annotations

import contextlib
import json
import urllib.error
import urllib.request
from collections.abc import Callable
from typing import Any

POWERS = ("de", "ahoe", "ru", "frit", "ukus")


def post(url: str, doc: Any, token: str | None = None) -> Any:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["X-Seat-Token"] = token
    req = urllib.request.Request(url, json.dumps(doc).encode(), headers, method="POST")
    with urllib.request.urlopen(req) as r:
        return json.load(r)


def get(url: str, token: str | None = None) -> Any:
    headers = {"X-Seat-Token": token} if token else {}
    with urllib.request.urlopen(urllib.request.Request(url, headers=headers)) as r:
        return json.load(r)


class Game:
    """A game on the test server and its seats' tokens; ``view(seat)`` as that seat sees it,
    ``act(seat, action)``, ``link(seat)`` the seat's private link."""

    def __init__(self, server: str, doc: dict[str, Any]) -> None:
        self.server = server
        self.id: str = doc["id"]
        self.tokens: dict[str, str] = dict(doc.get("tokens") or {})
        for seat, link in (doc.get("links") or {}).items():
            self.tokens.setdefault(seat, link.split("#")[1])
        for token in set(self.tokens.values()):
            with contextlib.suppress(urllib.error.HTTPError):  # the creator agrees by choosing
                post(f"{server}/api/games/{self.id}/seed", {"agree": True}, token)

    def info(self) -> Any:
        return get(f"{self.server}/api/games/{self.id}")

    def view(self, seat: str) -> Any:
        return get(f"{self.server}/api/games/{self.id}/view?seat={seat}", self.tokens[seat])

    def act(self, seat: str, action: str) -> Any:
        v = self.view(seat)
        return post(
            f"{self.server}/api/games/{self.id}/action",
            {"action": action, "serial": v["serial"]},
            self.tokens[seat],
        )

    def link(self, seat: str) -> str:
        return f"{self.server}/play/{self.id}#{self.tokens[seat]}"

    def play_until(
        self, stop: Callable[[Any], bool], choose: Callable[[Any], str], most: int = 400
    ) -> Any:
        """Decide with ``choose(view)`` until ``stop(view)`` holds for the seat to act; that
        seat's view."""
        for _ in range(most):
            seat = self.info()["to_act"]
            v = self.view(seat)
            if stop(v):
                return v
            self.act(seat, choose(v))
        raise AssertionError("the wanted decision never came")


def pog(server: str, seed: int = 7, seats: dict[str, str] | None = None) -> Game:
    doc = post(
        server + "/api/games",
        {"scenario": "historical", "seats": seats or {"ap": "human", "cp": "human"}, "seed": seed},
    )
    return Game(server, doc)


def qmg(server: str, seed: int = 34) -> Game:
    doc = post(
        server + "/api/games",
        {
            "game": "qmg1914",
            "seed": seed,
            "seats": dict.fromkeys(POWERS, "human"),
            "players": [["de", "ahoe"], ["ru", "frit", "ukus"]],
            "creator": "de",
        },
    )
    return Game(server, doc)


def attacking(v: Any) -> str:
    """A Paths of Glory policy that makes combats: operations cards, one attack activation,
    an attack with one unit, then done (and the first choice elsewhere)."""
    acts: list[str] = v["legal"]
    step = v.get("step")
    if step == "action_round":
        return next((a for a in acts if a.startswith("play ops")), acts[0])
    if step == "operation":
        if (v.get("map_marks") or {}).get("attack"):
            return "done" if "done" in acts else acts[0]
        return next((a for a in acts if a.startswith("activate attack")), acts[0])
    if step == "combat_designation":
        if v.get("combat"):
            with_ = [a for a in acts if a.startswith("with ")]
            return with_[0] if with_ and not v["combat"]["att"]["units"] else "done"
        return next((a for a in acts if a.startswith("attack ")), "done")
    return "done" if "done" in acts else acts[0]


def first_attack(server: str) -> tuple[Game, Any]:
    """The Central Powers' first decision of the war that names spaces: which space to attack
    (Sedan or Brussels) after Guns of August."""
    g = pog(server)
    v = g.play_until(lambda v: v.get("step") == "combat_designation", attacking)
    return g, v


def building(v: Any) -> str:
    """A Quartermaster General policy that makes battles and builds."""
    acts: list[str] = v["legal"]
    for prefix in ("battle ", "play ", "build", "recruit"):
        hit = next((a for a in acts if a.startswith(prefix)), None)
        if hit:
            return hit
    return next((a for a in acts if a != "pass" and not a.startswith("remove")), acts[0])


def operation(server: str) -> tuple[Game, Any]:
    """The Allies' first operation: a long list of spaces to activate."""
    g = pog(server)
    v = g.play_until(lambda v: v.get("step") == "operation" and v["seat"] == "ap", attacking)
    return g, v


def combat_cards(server: str) -> tuple[Game, Any]:
    """The Central Powers' combat-card window of their first attack (a combat under way)."""
    g = pog(server)
    v = g.play_until(lambda v: v.get("step") == "combat_cards", attacking)
    return g, v


def qmg_battle(server: str) -> tuple[Game, Any]:
    """A Quartermaster General battle whose defender may Reinforce."""
    g = qmg(server)
    v = g.play_until(lambda v: v.get("step") == "battle", building)
    return g, v


def retreat(server: str) -> tuple[Game, Any]:
    """The Allies' first retreat (12.5): FR 5 out of Sedan, after the Central Powers' first
    attack (seed 8), with four spaces to go to."""
    g = pog(server, seed=8)
    v = g.play_until(lambda v: v.get("step") == "combat_retreat", attacking)
    return g, v


def redeploying(v: Any) -> str:
    """A Paths of Glory policy that plays its first card for strategic redeployment (9.3)."""
    acts: list[str] = v["legal"]
    if v.get("step") == "action_round":
        sr = [a for a in acts if a.startswith("play sr")]
        return sr[0] if sr else next((a for a in acts if a.startswith("play ops")), acts[0])
    return "done" if "done" in acts else acts[0]


def redeployment(server: str) -> tuple[Game, Any]:
    """The Allies' first strategic redeployment (13.1), no unit chosen yet."""
    g = pog(server)
    v = g.play_until(lambda v: v.get("step") == "strategic_redeployment", redeploying)
    return g, v
