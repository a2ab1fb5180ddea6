"""The Paths of Glory facts: map spaces, connections, units, strategy cards, tables, set-up.

The facts live as CSV and JSON files in ``greatwar/pog/data/`` (the project's own copy). They are
read once, validated (unique ids, well-formed and symmetric connections, the published counts) and
turned into immutable records indexed by small integers: space, unit and card ids in the state are
indices into the tuples here. :func:`load` caches the result; nothing in it is ever mutated.
"""

from __future__ import annotations

import csv
import json
from collections import Counter
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

AP, CP = 0, 1
SIDE_NAMES = ("ap", "cp")
SIDE_OF_NAME = {"ap": AP, "cp": CP}

CP_NATIONS = frozenset({"ge", "ah", "tu", "bu", "sn"})
TERRAINS = ("clear", "forest", "mountain", "swamp", "desert")


class DataError(ValueError):
    """The data files are inconsistent."""


@dataclass(frozen=True, slots=True)
class Space:
    ix: int
    id: str
    name: str
    kind: str  # map_space | offmap_box
    map: str  # europe | neareast | offmap
    nation: str
    initial_control: int  # AP or CP
    neutral_at_start: bool
    terrain: str
    vp: bool  # 2018 / historical VP space
    vp_classic: bool  # VP space under the non-historical scenarios (5.7.2 undone)
    fort: int  # fort value (CF = LF); 0 = no fort
    supply_source: str  # '' | cp | ap_east | ap_west | sb_only
    ap_port: bool
    cp_port: bool
    capital: bool
    mef_beach: bool
    x: int
    y: int
    w: int
    h: int
    alt_x: int | None
    alt_y: int | None
    notes: str

    @property
    def is_box(self) -> bool:
        return self.kind == "offmap_box"

    @property
    def near_east(self) -> bool:
        return self.map == "neareast"


@dataclass(frozen=True, slots=True)
class Link:
    a: int
    b: int
    restriction: str  # none | nation | mef_beach
    nations: frozenset[str]
    crosses_maps: bool

    def other(self, s: int) -> int:
        return self.b if s == self.a else self.a


@dataclass(frozen=True, slots=True)
class Unit:
    ix: int
    id: str
    side: int
    nation: str
    activation_nation: str
    name: str
    army: bool
    cf: int
    lf: int
    mf: int
    reduced_cf: int
    reduced_lf: int
    reduced_mf: int
    not_replaceable: bool
    near_east_army: bool
    loss_priority: int  # 0 = none
    rp_pool: str
    enters_by: str
    flags: frozenset[str]

    def factors(self, reduced: bool) -> tuple[int, int, int]:
        if reduced:
            return self.reduced_cf, self.reduced_lf, self.reduced_mf
        return self.cf, self.lf, self.mf


@dataclass(frozen=True, slots=True)
class Card:
    ix: int
    id: str
    side: int
    number: int
    name: str
    deck: str  # mobilization | limited | total
    ops: int
    sr: int
    rp: tuple[tuple[str, int], ...]  # (pool, amount) pairs with amount > 0
    war_status: int
    removed_after_event: bool
    combat_card: bool
    event_also_ops: bool
    reinforcement_nation: str
    reinforcement_units: tuple[int, ...]
    event_key: str
    optional: bool
    valiant_deck: bool
    variant: str
    variant_of: str


@dataclass(frozen=True, slots=True)
class SetupRow:
    seq: int
    trigger: str
    group: str
    kind: str  # unit | trench | control | fort_destroyed | mef_beachhead (SETUP_KINDS)
    unit: int  # -1 when not a unit row
    space: int  # -1 for a player-chosen placement
    side: int
    reduced: bool
    trench_level: int
    placement: str  # fixed | choice
    basic_setup: bool
    historical_setup: bool


RP_COLUMNS = ("ge", "ah", "tu", "bu", "fr", "br", "ru", "it", "allied")


class PogData:
    """Every Paths of Glory fact the engine needs, validated and indexed."""

    spaces: tuple[Space, ...]
    units: tuple[Unit, ...]
    cards: tuple[Card, ...]
    links: tuple[Link, ...]
    setup: tuple[SetupRow, ...]
    tables: dict[str, Any]

    def __init__(
        self,
        spaces: list[Space],
        links: list[Link],
        units: list[Unit],
        cards: list[Card],
        setup: list[SetupRow],
        tables: dict[str, Any],
    ) -> None:
        self.spaces = tuple(spaces)
        self.links = tuple(links)
        self.units = tuple(units)
        self.cards = tuple(cards)
        self.setup = tuple(setup)
        self.tables = tables
        self.space_ix = {s.id: s.ix for s in spaces}
        self.unit_ix = {u.id: u.ix for u in units}
        self.card_ix = {c.id: c.ix for c in cards}
        self.link_of: dict[tuple[int, int], Link] = {}
        adj: list[list[int]] = [[] for _ in spaces]
        for ln in links:
            self.link_of[(ln.a, ln.b)] = ln
            self.link_of[(ln.b, ln.a)] = ln
            adj[ln.a].append(ln.b)
            adj[ln.b].append(ln.a)
        self.adj: tuple[tuple[int, ...], ...] = tuple(tuple(sorted(a)) for a in adj)
        self.map_spaces: tuple[int, ...] = tuple(s.ix for s in spaces if not s.is_box)
        box = self.space_ix
        self.reserve_box = (box["ap_reserve_box"], box["cp_reserve_box"])
        self.eliminated_box = (box["ap_eliminated_box"], box["cp_eliminated_box"])
        self.perm_eliminated_box = (
            box["ap_permanently_eliminated_box"],
            box["cp_permanently_eliminated_box"],
        )
        self.boxes = frozenset(s.ix for s in spaces if s.is_box)
        self.side_cards: tuple[tuple[int, ...], tuple[int, ...]] = (
            tuple(c.ix for c in cards if c.side == AP),
            tuple(c.ix for c in cards if c.side == CP),
        )
        self.nations: tuple[str, ...] = tuple(sorted({u.nation for u in units} | {"us"}))

    # -- convenience lookups -------------------------------------------------------------

    def space(self, sid: str) -> int:
        return self.space_ix[sid]

    def unit(self, uid: str) -> int:
        return self.unit_ix[uid]

    def card(self, cid: str) -> int:
        return self.card_ix[cid]

    def card_by_event(self, key: str) -> Card:
        for c in self.cards:
            if c.event_key == key and not c.variant:
                return c
        raise KeyError(key)


def side_of_nation(nation: str) -> int:
    return CP if nation in CP_NATIONS else AP


# -- reading ---------------------------------------------------------------------------


def _rows(name: str) -> list[dict[str, str]]:
    text = resources.files("greatwar.pog").joinpath("data", name).read_text(encoding="utf-8")
    return list(csv.DictReader(text.splitlines()))


def _bool(v: str, where: str) -> bool:
    if v == "true":
        return True
    if v == "false":
        return False
    raise DataError(f"{where}: expected true/false, got {v!r}")


def _int(v: str, where: str, default: int | None = None) -> int:
    if v == "" and default is not None:
        return default
    try:
        return int(v)
    except ValueError:
        raise DataError(f"{where}: expected an integer, got {v!r}") from None


def _unique(ids: list[str], what: str) -> None:
    dup = [k for k, n in Counter(ids).items() if n > 1]
    if dup:
        raise DataError(f"duplicate {what} ids: {', '.join(sorted(dup))}")


def _read_spaces() -> list[Space]:
    rows = _rows("spaces.csv")
    _unique([r["id"] for r in rows], "space")
    out = []
    for ix, r in enumerate(rows):
        w = f"spaces.csv {r['id']}"
        terrain = r["terrain"]
        if r["kind"] == "map_space" and terrain not in TERRAINS:
            raise DataError(f"{w}: unknown terrain {terrain!r}")
        out.append(
            Space(
                ix=ix,
                id=r["id"],
                name=r["name"],
                kind=r["kind"],
                map=r["map"],
                nation=r["nation"],
                initial_control=SIDE_OF_NAME[r["initial_control"]],
                neutral_at_start=_bool(r["neutral_at_start"], w),
                terrain=terrain,
                vp=_bool(r["vp"], w),
                vp_classic=_bool(r["vp_classic"], w),
                fort=_int(r["fort"], w),
                supply_source=r["supply_source"],
                ap_port=_bool(r["ap_port"], w),
                cp_port=_bool(r["cp_port"], w),
                capital=_bool(r["capital"], w),
                mef_beach=_bool(r["mef_beach"], w),
                x=_int(r["x"], w),
                y=_int(r["y"], w),
                w=_int(r["w"], w),
                h=_int(r["h"], w),
                alt_x=int(r["alt_x"]) if r["alt_x"] else None,
                alt_y=int(r["alt_y"]) if r["alt_y"] else None,
                notes=r["notes"],
            )
        )
    return out


def _read_links(space_ix: dict[str, int]) -> list[Link]:
    out = []
    seen: set[frozenset[int]] = set()
    for r in _rows("connections.csv"):
        w = f"connections.csv {r['space_a']}-{r['space_b']}"
        if r["space_a"] not in space_ix or r["space_b"] not in space_ix:
            raise DataError(f"{w}: unknown space")
        a, b = space_ix[r["space_a"]], space_ix[r["space_b"]]
        if a == b:
            raise DataError(f"{w}: a space connected to itself")
        key = frozenset((a, b))
        if key in seen:
            raise DataError(f"{w}: duplicate connection")
        seen.add(key)
        if r["restriction"] not in ("none", "nation", "mef_beach"):
            raise DataError(f"{w}: unknown restriction {r['restriction']!r}")
        nations = frozenset(n for n in r["allowed_nations"].split(";") if n)
        if (r["restriction"] == "nation") != bool(nations):
            raise DataError(f"{w}: nation restriction without nations (or the reverse)")
        out.append(Link(a, b, r["restriction"], nations, _bool(r["crosses_maps"], w)))
    return out


def _read_units() -> list[Unit]:
    rows = _rows("units.csv")
    _unique([r["id"] for r in rows], "unit")
    out = []
    for ix, r in enumerate(rows):
        w = f"units.csv {r['id']}"
        if r["type"] not in ("army", "corps"):
            raise DataError(f"{w}: unknown type {r['type']!r}")
        out.append(
            Unit(
                ix=ix,
                id=r["id"],
                side=SIDE_OF_NAME[r["side"]],
                nation=r["nation"],
                activation_nation=r["activation_nation"],
                name=r["name"],
                army=r["type"] == "army",
                cf=_int(r["cf"], w),
                lf=_int(r["lf"], w),
                mf=_int(r["mf"], w),
                reduced_cf=_int(r["reduced_cf"], w),
                reduced_lf=_int(r["reduced_lf"], w),
                reduced_mf=_int(r["reduced_mf"], w),
                not_replaceable=_bool(r["not_replaceable"], w),
                near_east_army=_bool(r["near_east_army"], w),
                loss_priority=_int(r["loss_priority"], w, default=0),
                rp_pool=r["rp_pool"],
                enters_by=r["enters_by"],
                flags=frozenset(f for f in r["flags"].split(";") if f),
            )
        )
    return out


def _read_cards(unit_ix: dict[str, int]) -> list[Card]:
    rows = _rows("cards.csv")
    _unique([r["card_id"] for r in rows], "card")
    out = []
    for ix, r in enumerate(rows):
        w = f"cards.csv {r['card_id']}"
        rp = tuple((p, _int(r[f"rp_{p}"], w)) for p in RP_COLUMNS if _int(r[f"rp_{p}"], w) > 0)
        reinf = tuple(u for u in r["reinforcement_unit_ids"].split(";") if u)
        for u in reinf:
            if u not in unit_ix:
                raise DataError(f"{w}: reinforcement unit {u!r} does not exist")
        out.append(
            Card(
                ix=ix,
                id=r["card_id"],
                side=SIDE_OF_NAME[r["side"]],
                number=_int(r["number"], w),
                name=r["name"],
                deck=r["deck"],
                ops=_int(r["ops"], w),
                sr=_int(r["sr"], w),
                rp=rp,
                war_status=_int(r["war_status"], w),
                removed_after_event=_bool(r["removed_after_event"], w),
                combat_card=_bool(r["combat_card"], w),
                event_also_ops=_bool(r["event_also_ops"], w),
                reinforcement_nation=r["reinforcement_nation"],
                reinforcement_units=tuple(unit_ix[u] for u in reinf),
                event_key=r["event_key"],
                optional=_bool(r["optional"], w),
                valiant_deck=_bool(r["valiant_deck"], w),
                variant=r["variant"],
                variant_of=r["variant_of"],
            )
        )
    return out


SETUP_KINDS = ("unit", "trench", "control", "fort_destroyed", "mef_beachhead")


def _read_setup(
    space_ix: dict[str, int], unit_ix: dict[str, int], name: str = "setup-historical-1914.csv"
) -> list[SetupRow]:
    """A set-up file. The 1914 file says per row whether the basic and the historical set-up
    use it; a later scenario's file (no such columns) is used whole by its scenario."""
    out = []
    for r in _rows(name):
        w = f"{name} row {r['seq']}"
        if r["kind"] not in SETUP_KINDS:
            raise DataError(f"{w}: unknown kind {r['kind']!r}")
        if r["unit_id"] and r["unit_id"] not in unit_ix:
            raise DataError(f"{w}: unknown unit {r['unit_id']!r}")
        if r["space_id"] and r["space_id"] not in space_ix:
            raise DataError(f"{w}: unknown space {r['space_id']!r}")
        if (r["kind"] == "unit") != bool(r["unit_id"]):
            raise DataError(f"{w}: a unit row needs a unit, other rows none")
        if r["kind"] != "unit" and not r["space_id"]:
            raise DataError(f"{w}: a {r['kind']} row needs a space")
        out.append(
            SetupRow(
                seq=_int(r["seq"], w),
                trigger=r["trigger"],
                group=r["group"],
                kind=r["kind"],
                unit=unit_ix[r["unit_id"]] if r["unit_id"] else -1,
                space=space_ix[r["space_id"]] if r["space_id"] else -1,
                side=SIDE_OF_NAME[r["side"]],
                reduced=r["reduced"] == "true",
                trench_level=_int(r["trench_level"], w, default=0),
                placement=r["placement"],
                basic_setup=_bool(r.get("basic_setup", "true"), w),
                historical_setup=_bool(r.get("historical_setup", "true"), w),
            )
        )
    return out


# The counts stated by the data set's README (shared/pog/README.md, "Counts").
EXPECTED_COUNTS = {
    "spaces.total": 287,
    "spaces.map_space": 281,
    "spaces.europe": 218,
    "spaces.neareast": 63,
    "spaces.offmap_box": 6,
    "spaces.vp": 65,
    "spaces.vp_classic": 65,
    "spaces.forts": 34,
    "spaces.capitals": 13,
    "spaces.ap_ports": 19,
    "spaces.cp_ports": 10,
    "spaces.supply_sources": 11,
    "connections.total": 476,
    "connections.nation_restricted": 20,
    "connections.mef_beach": 4,
    "connections.cross_map": 5,
    "units.total": 193,
    "units.ap": 113,
    "units.cp": 80,
    "units.army": 67,
    "units.corps": 126,
    "cards.total_rows": 134,
    "cards.ap": 65,
    "cards.cp": 65,
    "cards.variant": 4,
    "cards.ap.combat_cards": 14,
    "cards.cp.combat_cards": 22,
    "setup.unit_rows": 123,
    "setup.start_units": 83,
}


def counts(d: PogData) -> dict[str, int]:
    sp = d.spaces
    maps = [s for s in sp if not s.is_box]
    base = [c for c in d.cards if not c.variant]
    return {
        "spaces.total": len(sp),
        "spaces.map_space": len(maps),
        "spaces.europe": sum(s.map == "europe" for s in sp),
        "spaces.neareast": sum(s.map == "neareast" for s in sp),
        "spaces.offmap_box": sum(s.is_box for s in sp),
        "spaces.vp": sum(s.vp for s in sp),
        "spaces.vp_classic": sum(s.vp_classic for s in sp),
        "spaces.forts": sum(s.fort > 0 for s in sp),
        "spaces.capitals": sum(s.capital for s in sp),
        "spaces.ap_ports": sum(s.ap_port for s in sp),
        "spaces.cp_ports": sum(s.cp_port for s in sp),
        "spaces.supply_sources": sum(bool(s.supply_source) for s in sp),
        "connections.total": len(d.links),
        "connections.nation_restricted": sum(ln.restriction == "nation" for ln in d.links),
        "connections.mef_beach": sum(ln.restriction == "mef_beach" for ln in d.links),
        "connections.cross_map": sum(ln.crosses_maps for ln in d.links),
        "units.total": len(d.units),
        "units.ap": sum(u.side == AP for u in d.units),
        "units.cp": sum(u.side == CP for u in d.units),
        "units.army": sum(u.army for u in d.units),
        "units.corps": sum(not u.army for u in d.units),
        "cards.total_rows": len(d.cards),
        "cards.ap": sum(c.side == AP for c in base),
        "cards.cp": sum(c.side == CP for c in base),
        "cards.variant": sum(bool(c.variant) for c in d.cards),
        "cards.ap.combat_cards": sum(c.side == AP and c.combat_card for c in base),
        "cards.cp.combat_cards": sum(c.side == CP and c.combat_card for c in base),
        "setup.unit_rows": sum(r.kind == "unit" for r in d.setup),
        "setup.start_units": sum(r.kind == "unit" and r.trigger == "start" for r in d.setup),
    }


def validate(d: PogData) -> None:
    """Raise :class:`DataError` unless the loaded data is consistent."""
    got = counts(d)
    wrong = {k: (v, got[k]) for k, v in EXPECTED_COUNTS.items() if got[k] != v}
    if wrong:
        detail = ", ".join(f"{k}: expected {e}, found {f}" for k, (e, f) in sorted(wrong.items()))
        raise DataError(f"data counts differ from the published figures: {detail}")
    for s in d.spaces:
        for n in d.adj[s.ix]:
            if s.ix not in d.adj[n]:
                raise DataError(f"connection {s.id}-{d.spaces[n].id} is not symmetric")
        if s.is_box and d.adj[s.ix]:
            raise DataError(f"off-map box {s.id} has connections")
    # The map (without boxes) is one connected graph.
    start = d.map_spaces[0]
    seen = {start}
    todo = [start]
    while todo:
        x = todo.pop()
        for n in d.adj[x]:
            if n not in seen:
                seen.add(n)
                todo.append(n)
    if len(seen) != len(d.map_spaces):
        raise DataError("the map is not one connected graph")
    for c in d.cards:
        for u in c.reinforcement_units:
            if d.units[u].side != c.side:
                raise DataError(f"card {c.id} brings unit {d.units[u].id} of the other side")
    placed = Counter(r.unit for r in d.setup if r.kind == "unit")
    twice = [d.units[u].id for u, n in placed.items() if n > 1]
    if twice:
        raise DataError(f"units set up twice: {', '.join(twice)}")


@cache
def load() -> PogData:
    """Load and validate the data set (once per process)."""
    spaces = _read_spaces()
    space_ix = {s.id: s.ix for s in spaces}
    links = _read_links(space_ix)
    units = _read_units()
    unit_ix = {u.id: u.ix for u in units}
    cards = _read_cards(unit_ix)
    setup = _read_setup(space_ix, unit_ix)
    tables = json.loads(
        resources.files("greatwar.pog").joinpath("data", "tables.json").read_text(encoding="utf-8")
    )
    d = PogData(spaces, links, units, cards, setup, tables)
    validate(d)
    return d


# -- scenarios that open later than August 1914 -------------------------------------------------

# Scenario id -> the stem of its data files: ``scenario-<stem>-values.csv`` (the scenario's table
# of values), ``scenario-<stem>-cards.csv`` (the pile of every card, the turn each played event
# is booked on), ``scenario-<stem>-vp.csv`` (the VP history behind its VP marker) and
# ``setup-<stem>.csv`` (units, trenches, control, forts, markers).
LATER_STARTS = {"great_war_1916": "great-war-1916"}
START_PILES = ("deck", "hand", "discard", "removed")


@dataclass(frozen=True, slots=True)
class StartCard:
    card: int
    pile: str  # one of START_PILES
    turn: int  # the turn its event is booked on (a played card), else 0
    in_effect: str  # the data set's note on what of the event still runs


@dataclass(frozen=True, slots=True)
class VpItem:
    item: str  # "event:<card>" or "spaces:cp_held" / "spaces:ap_held"
    turn: int  # 0 when the item has no turn
    vp: int


@dataclass(frozen=True, slots=True)
class ScenarioStart:
    """The start of a scenario that opens after 1914: its values (key -> text, as the data set
    gives them), its position, every card's pile and the VP history behind its VP marker."""

    id: str
    values: dict[str, str]
    setup: tuple[SetupRow, ...]
    cards: tuple[StartCard, ...]
    vp_history: tuple[VpItem, ...]

    def number(self, key: str) -> int:
        return _int(self.values[key], f"scenario {self.id} value {key}")


def read_values(scenario: str) -> dict[str, str]:
    """The table of values of a later-starting scenario (key -> value)."""
    name = f"scenario-{LATER_STARTS[scenario]}-values.csv"
    out: dict[str, str] = {}
    for r in _rows(name):
        if r["key"] in out:
            raise DataError(f"{name}: key {r['key']!r} given twice")
        out[r["key"]] = r["value"]
    return out


@cache
def load_start(scenario: str) -> ScenarioStart:
    """Read and check a later-starting scenario's data (once per process)."""
    d = load()
    stem = LATER_STARTS[scenario]
    setup = tuple(_read_setup(d.space_ix, d.unit_ix, f"setup-{stem}.csv"))
    placed = Counter(r.unit for r in setup if r.kind == "unit")
    twice = [d.units[u].id for u, n in placed.items() if n > 1]
    if twice:
        raise DataError(f"setup-{stem}.csv: units set up twice: {', '.join(twice)}")
    for row in setup:
        if row.kind == "fort_destroyed" and d.spaces[row.space].fort == 0:
            raise DataError(f"setup-{stem}.csv row {row.seq}: no fort in {d.spaces[row.space].id}")
    name = f"scenario-{stem}-cards.csv"
    cards = []
    for r in _rows(name):
        w = f"{name} {r['card']}"
        if r["card"] not in d.card_ix:
            raise DataError(f"{w}: unknown card")
        if r["pile"] not in START_PILES:
            raise DataError(f"{w}: unknown pile {r['pile']!r}")
        turn = _int(r["turn"], w, default=0)
        if (r["pile"] in ("deck", "hand")) != (turn == 0):
            raise DataError(f"{w}: a played card has a turn, a card still to play none")
        cards.append(StartCard(d.card_ix[r["card"]], r["pile"], turn, r["in_effect"]))
    _unique([d.cards[c.card].id for c in cards], f"{name} card")
    basic = {c.ix for c in d.cards if not c.optional and not c.variant}
    if {c.card for c in cards} != basic:
        raise DataError(f"{name}: must list every card of the basic decks once")
    vp = tuple(
        VpItem(r["item"], _int(r["turn"], r["item"], default=0), _int(r["vp"], r["item"]))
        for r in _rows(f"scenario-{stem}-vp.csv")
    )
    return ScenarioStart(scenario, read_values(scenario), setup, tuple(cards), vp)
