"""The facts of Quartermaster General: 1914: board, powers, countries, pieces, set-up, cards.

Everything is read once from the CSV files of ``qmg1914/data`` and checked against the counts the
rulebook publishes (COMPONENTS, GAME BOARD, SETUP, KIEL CANAL): 42 spaces (32 land, 10 sea), 100
adjacencies (the Kiel Canal among them), 216 cards in decks of 38/34/53/42/49, 45 Armies and 16
Navies. A file that disagrees raises :class:`DataError` at import, so a wrong table never reaches
a game.

Ids are small ints, indices into the tables here:

- powers ``0..4`` in ORDER OF PLAY: ``ahoe ru de frit ukus``;
- teams ``0`` (central: ahoe, de) and ``1`` (entente: ru, frit, ukus);
- countries ``0..7``: ``ah oe ru de fr it uk us``;
- spaces ``0..41`` in the order of ``spaces.csv``; cards ``0..215`` in the order of ``cards.csv``.

Sets of spaces are Python ints used as bitmasks (bit ``x`` for space ``x``): adjacency, card
areas and supply are all set operations on them.
"""

from __future__ import annotations

import csv
from dataclasses import dataclass
from importlib import resources

POWERS: tuple[str, ...] = ("ahoe", "ru", "de", "frit", "ukus")
POWER_NAMES: tuple[str, ...] = (
    "Austria-Hungary & Ottoman Empire",
    "Russia",
    "Germany",
    "France & Italy",
    "United Kingdom & United States",
)
TEAMS: tuple[str, ...] = ("central", "entente")
TEAM_NAMES: tuple[str, ...] = ("Central Powers", "Entente Powers")
CENTRAL, ENTENTE = 0, 1
AHOE, RU, DE, FRIT, UKUS = 0, 1, 2, 3, 4
TEAM_OF: tuple[int, ...] = (CENTRAL, ENTENTE, CENTRAL, ENTENTE, ENTENTE)
TEAM_POWERS: tuple[tuple[int, ...], ...] = ((AHOE, DE), (RU, FRIT, UKUS))

COUNTRIES: tuple[str, ...] = ("ah", "oe", "ru", "de", "fr", "it", "uk", "us")
AH, OE, RUC, DEC, FR, IT, UK, US = range(8)
POWER_OF_COUNTRY: tuple[int, ...] = (AHOE, AHOE, RU, DE, FRIT, FRIT, UKUS, UKUS)
COUNTRIES_OF: tuple[tuple[int, ...], ...] = ((AH, OE), (RUC,), (DEC,), (FR, IT), (UK, US))
TEAM_OF_COUNTRY: tuple[int, ...] = tuple(TEAM_OF[p] for p in POWER_OF_COUNTRY)
# Bitmask of the countries of each team (bit c for country c).
TEAM_COUNTRY_MASK: tuple[int, ...] = tuple(
    sum(1 << c for c in range(8) if TEAM_OF_COUNTRY[c] == t) for t in (CENTRAL, ENTENTE)
)

CARD_TYPES: tuple[str, ...] = (
    "build_army",
    "build_navy",
    "land_battle",
    "sea_battle",
    "economic_warfare",
    "event",
    "status",
)
PREPARE_SYMBOLS: tuple[str, ...] = (
    "reinforce_army",
    "reinforce_navy",
    "sustain_land",
    "sustain_sea",
    "counterattack",
    "attrition",
)

# Published counts (COMPONENTS, GAME BOARD).
DECK_SIZES: tuple[int, ...] = (38, 34, 53, 42, 49)
ARMY_LIMITS: tuple[int, ...] = (7, 4, 8, 7, 6, 4, 5, 4)
NAVY_LIMITS: tuple[int, ...] = (1, 0, 2, 2, 2, 1, 5, 3)
SCORING_ROUNDS: tuple[int, ...] = (3, 7, 11, 15, 17)
LAST_ROUND = 17
HAND_SIZE = 7


class DataError(ValueError):
    """The data files disagree with themselves or with the rulebook's published counts."""


@dataclass(frozen=True, slots=True)
class Space:
    id: str
    name: str
    index: int
    sea: bool
    difficult: bool  # DIFFICULT TERRAIN (land only)
    home_of: int  # country index, or -1
    objective: bool  # printed Objective star (Homes included)
    token_space: bool  # one of the six spaces an Event places an Objective token on
    coastal: bool


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    index: int
    power: int
    country: int
    number: int  # index in its power's deck (source numbering)
    type: str  # one of CARD_TYPES
    title: str
    event_key: str
    symbol: str  # one of PREPARE_SYMBOLS
    strength: int  # 1 single, 2 double (Reinforce/Sustain); attrition: icon count
    targets: tuple[tuple[int, int], ...]  # attrition icons: (power, n); () for any_adjacent
    any_adjacent: bool  # a single black Attrition symbol
    where: str  # Prepare text kind: "", "in", "in_or_adjacent", "terrain"
    where_mask: int  # spaces the Prepare text allows (for "in"/"in_or_adjacent")
    where_terrain: str  # "clear" / "difficult" for terrain restrictions
    supply_symbol: bool
    rulebook_named: bool
    uncertain: bool

    def allows(self, space: int) -> bool:
        """PREPARE TEXT: may this prepared card be used for a battle in ``space``?"""
        if not self.where:
            return True
        if self.where == "terrain":
            return SPACES[space].difficult == (self.where_terrain == "difficult") and not (
                SPACES[space].sea
            )
        return bool(self.where_mask >> space & 1)


def _rows(name: str) -> list[dict[str, str]]:
    text = resources.files("greatwar.qmg1914").joinpath("data", name).read_text(encoding="utf-8")
    return list(csv.DictReader(text.splitlines()))


def _bool(v: str, where: str) -> bool:
    if v not in ("true", "false"):
        raise DataError(f"{where}: {v!r} is not true/false")
    return v == "true"


def _load_spaces() -> tuple[Space, ...]:
    out = []
    for i, r in enumerate(_rows("spaces.csv")):
        kind = r["kind"]
        if kind not in ("land", "sea"):
            raise DataError(f"space {r['id']}: kind {kind!r}")
        home = r["home_of"]
        out.append(
            Space(
                id=r["id"],
                name=r["name"],
                index=i,
                sea=kind == "sea",
                difficult=r["terrain"] == "difficult",
                home_of=COUNTRIES.index(home) if home else -1,
                objective=_bool(r["objective"], r["id"]),
                token_space=_bool(r["token_space"], r["id"]),
                coastal=r["coastal"] == "true",
            )
        )
    return tuple(out)


SPACES: tuple[Space, ...] = _load_spaces()
SPACE_IDS: tuple[str, ...] = tuple(x.id for x in SPACES)
SPACE_INDEX: dict[str, int] = {x.id: x.index for x in SPACES}
N_SPACES = len(SPACES)
LAND_MASK = sum(1 << x.index for x in SPACES if not x.sea)
SEA_MASK = sum(1 << x.index for x in SPACES if x.sea)
DIFFICULT_MASK = sum(1 << x.index for x in SPACES if x.difficult)
OBJECTIVE_MASK = sum(1 << x.index for x in SPACES if x.objective)
TOKEN_MASK = sum(1 << x.index for x in SPACES if x.token_space)
HOME: tuple[int, ...] = tuple(
    next(x.index for x in SPACES if x.home_of == c) for c in range(len(COUNTRIES))
)


def space(name: str) -> int:
    """The index of a space by id (``space("paris")``)."""
    try:
        return SPACE_INDEX[name]
    except KeyError:
        raise KeyError(f"unknown space {name!r}") from None


def mask(*names: str) -> int:
    """The bitmask of the named spaces."""
    m = 0
    for n in names:
        m |= 1 << space(n)
    return m


def spaces_of(m: int) -> list[int]:
    """The spaces of a bitmask, in index order."""
    out = []
    x = 0
    while m:
        if m & 1:
            out.append(x)
        m >>= 1
        x += 1
    return out


def _load_adjacency() -> tuple[tuple[int, ...], tuple[int, ...], int]:
    """Open adjacency bitmasks per space, the Central Powers' (with the Kiel Canal), and the
    number of rows."""
    open_adj = [0] * N_SPACES
    kiel: list[tuple[int, int]] = []
    rows = _rows("adjacency.csv")
    seen: set[frozenset[int]] = set()
    for r in rows:
        a, b = space(r["space_a"]), space(r["space_b"])
        pair = frozenset((a, b))
        if a == b or pair in seen:
            raise DataError(f"adjacency {r['space_a']}-{r['space_b']} repeated or reflexive")
        seen.add(pair)
        kind = "-".join("sea" if SPACES[x].sea else "land" for x in (a, b))
        if kind == "sea-land":
            kind = "land-sea"
        if kind != r["kind"]:
            raise DataError(f"adjacency {r['space_a']}-{r['space_b']}: kind {r['kind']}")
        if r["restriction"] == "central_powers_only":
            kiel.append((a, b))
            continue
        if r["restriction"]:
            raise DataError(f"unknown adjacency restriction {r['restriction']!r}")
        open_adj[a] |= 1 << b
        open_adj[b] |= 1 << a
    central = open_adj[:]
    for a, b in kiel:  # KIEL CANAL: adjacent for the Central Powers only
        central[a] |= 1 << b
        central[b] |= 1 << a
    if len(kiel) != 1 or {SPACE_IDS[kiel[0][0]], SPACE_IDS[kiel[0][1]]} != {
        "baltic_sea",
        "north_sea",
    }:
        raise DataError("the Kiel Canal must be the one Central-only row, Baltic-North Sea")
    return tuple(open_adj), tuple(central), len(rows)


ADJ_OPEN, _ADJ_CENTRAL, N_ADJACENCIES = _load_adjacency()
ADJ: tuple[tuple[int, ...], tuple[int, ...]] = (_ADJ_CENTRAL, ADJ_OPEN)
"""``ADJ[team][x]``: bitmask of the spaces adjacent to ``x`` for that team's pieces (the Kiel
Canal joins the Baltic and North Seas for the Central Powers only)."""
ADJ_LIST: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(spaces_of(m)) for m in adj) for adj in ADJ
)


def in_or_adjacent(name: str) -> int:
    """The card area "in or adjacent to X" (open adjacency: the Kiel Canal is not used)."""
    x = space(name)
    return (1 << x) | ADJ_OPEN[x]


def _parse_targets(text: str, where: str) -> tuple[tuple[tuple[int, int], ...], bool]:
    if not text:
        return (), False
    if text == "any_adjacent":
        return (), True
    out = []
    for part in text.split(";"):
        p, n = part.split(":")
        out.append((POWERS.index(p), int(n)))
    return tuple(out), False


def _load_cards() -> tuple[Card, ...]:
    out = []
    for i, r in enumerate(_rows("cards.csv")):
        where = r["prepare_where"]
        kind, _, arg = where.partition(":")
        wmask = 0
        terrain = ""
        if kind in ("in", "in_or_adjacent"):
            wmask = mask(*r["prepare_spaces"].split(";"))
            if kind == "in" and wmask != mask(*arg.split(";")):
                raise DataError(f"card {r['id']}: prepare spaces disagree with {where}")
            if kind == "in_or_adjacent" and wmask != in_or_adjacent(arg):
                raise DataError(f"card {r['id']}: prepare spaces disagree with {where}")
        elif kind == "terrain":
            terrain = arg
            if terrain not in ("clear", "difficult"):
                raise DataError(f"card {r['id']}: terrain {terrain!r}")
        elif kind:
            raise DataError(f"card {r['id']}: prepare restriction {where!r}")
        targets, any_adj = _parse_targets(r["attrition_targets"], r["id"])
        if r["card_type"] not in CARD_TYPES or r["prepare_symbol"] not in PREPARE_SYMBOLS:
            raise DataError(f"card {r['id']}: type or symbol unknown")
        out.append(
            Card(
                id=r["id"],
                index=i,
                power=POWERS.index(r["power"]),
                country=COUNTRIES.index(r["country"]),
                number=int(r["source_index"]),
                type=r["card_type"],
                title=r["title"],
                event_key=r["event_key"],
                symbol=r["prepare_symbol"],
                strength=int(r["prepare_strength"]),
                targets=targets,
                any_adjacent=any_adj,
                where=kind,
                where_mask=wmask,
                where_terrain=terrain,
                supply_symbol=_bool(r["supply_symbol"], r["id"]),
                rulebook_named=_bool(r["rulebook_named"], r["id"]),
                uncertain=r["effect_flag"] == "uncertain",
            )
        )
    return tuple(out)


CARDS: tuple[Card, ...] = _load_cards()
CARD_IDS: tuple[str, ...] = tuple(c.id for c in CARDS)
CARD_INDEX: dict[str, int] = {c.id: c.index for c in CARDS}
N_CARDS = len(CARDS)
POWER_CARDS: tuple[tuple[int, ...], ...] = tuple(
    tuple(c.index for c in CARDS if c.power == p) for p in range(len(POWERS))
)
EVENT_KEYS: tuple[str, ...] = tuple(dict.fromkeys(c.event_key for c in CARDS))


def card(name: str) -> int:
    """The index of a card by id (``card("de_de_44")``)."""
    try:
        return CARD_INDEX[name]
    except KeyError:
        raise KeyError(f"unknown card {name!r}") from None


def cards_of_key(key: str) -> list[int]:
    """Every card with this event key."""
    return [c.index for c in CARDS if c.event_key == key]


def _load_setup() -> tuple[tuple[int, int], ...]:
    """SETUP: (country, space) of every starting piece (the space's kind gives the piece)."""
    out = []
    for r in _rows("setup.csv"):
        c = COUNTRIES.index(r["country"])
        x = space(r["space"])
        if (r["piece"] == "navy") != SPACES[x].sea:
            raise DataError(f"setup: a {r['piece']} cannot start in {r['space']}")
        out.append((c, x))
    return tuple(out)


SETUP: tuple[tuple[int, int], ...] = _load_setup()


def _check() -> None:
    """The published counts (COMPONENTS, GAME BOARD, SETUP)."""
    problems = []
    if N_SPACES != 42 or bin(LAND_MASK).count("1") != 32 or bin(SEA_MASK).count("1") != 10:
        problems.append("expected 42 spaces: 32 land, 10 sea")
    if N_ADJACENCIES != 100:
        problems.append(f"expected 100 adjacencies, found {N_ADJACENCIES}")
    if N_CARDS != 216:
        problems.append(f"expected 216 cards, found {N_CARDS}")
    sizes = tuple(len(cs) for cs in POWER_CARDS)
    if sizes != DECK_SIZES:
        problems.append(f"deck sizes {sizes}, expected {DECK_SIZES}")
    if sum(ARMY_LIMITS) != 45 or sum(NAVY_LIMITS) != 16:
        problems.append("expected 45 Armies and 16 Navies")
    for r in _rows("pieces.csv"):
        c = COUNTRIES.index(r["country"])
        if (int(r["armies"]), int(r["navies"])) != (ARMY_LIMITS[c], NAVY_LIMITS[c]):
            problems.append(f"piece limits of {r['country']} disagree")
        if space(r["home_space"]) != HOME[c] or POWERS.index(r["power"]) != POWER_OF_COUNTRY[c]:
            problems.append(f"home or power of {r['country']} disagree")
    for i, r in enumerate(_rows("powers.csv")):
        if r["power"] != POWERS[i] or int(r["turn_order"]) != i + 1:
            problems.append(f"ORDER OF PLAY: {r['power']} is not power {i + 1}")
        if int(r["deck_size"]) != DECK_SIZES[i] or r["team"] != TEAMS[TEAM_OF[i]]:
            problems.append(f"deck size or team of {r['power']} disagree")
    for cd in CARDS:
        if POWER_OF_COUNTRY[cd.country] != cd.power:
            problems.append(f"card {cd.id}: country of another power")
        for p, _n in cd.targets:
            if TEAM_OF[p] == TEAM_OF[cd.power]:
                problems.append(f"card {cd.id}: attrition icon of a friendly power")
    for x in SPACES:
        if x.home_of >= 0 and not x.objective:
            problems.append(f"home {x.id} is not an Objective")
    if len(SETUP) != 10:
        problems.append("expected 10 starting pieces")
    if problems:
        raise DataError("; ".join(problems))


_check()
