"""Reinforcement placement (9.5.3): where new (and rebuilt, 17.1.5) units enter the game.

Reinforcement event cards and the Replacement Phase share this module. Its API:

``army_spaces(s, u, extra=None) -> list[int]``
    The spaces where army ``u`` may be placed now (9.5.3.3, 9.5.3.4, 17.1.5), in space order.
    ``extra`` maps spaces to units already promised to them (armies of the same card still to
    be placed), so stacking is judged as if they were there.
``corps_space(s, u) -> int``
    Where a reinforcing (or rebuilt) corps goes: its side's Reserve Box (9.5.3.2), or the
    space its card names for the ANA (Arabia) and the SN (Libya); -1 if that space cannot take
    it (enemy units there, or full).
``can_place_all(s, units) -> bool``
    9.5.3.1: can every unit of a card be legally placed, all together? A card for which this
    is False may not be played as an event.
``push_placement(s, side, units) -> None``
    Place a card's reinforcements: corps at once; armies through the decision step
    ``place_reinforcements`` (``place <unit> <space>``), which places an army by itself when it
    has a single legal space. Call it from an event's ``play`` after checking
    :func:`can_place_all`.
``card_placeable(s, card) -> bool``
    :func:`can_place_all` for the units a card brings (``Card.reinforcement_units``).
``place_army(s, u, x, reduced=False) -> None``
    Put army ``u`` in ``x`` with the side effects of entering there: the MEF Beachhead marker
    for the MEF on a beach (9.5.3.5); ``s.flags["ne_lost"]`` for an Allied Near East army that
    entered at home instead of its card's space (9.5.3.4).

The spaces (9.5.3.3): the nation's capital(s) and friendly-controlled supply sources in that
nation (GE Berlin/Essen/Breslau, AH Vienna/Budapest, BR London, RU Petrograd/Moscow/Kharkov/
Caucasus, IT Rome, TU Constantinople, BU Sofia, RO Bucharest, GR Athens, SB Belgrade, FR Paris
with Orleans when Paris is full), each friendly-controlled, without enemy units or a besieged fort,
within stacking, and in supply for the army. US armies enter at any such French port. The
Allied Near East armies enter at their card's space (FR Orient: Salonika; RU CAU: a Russian space
of the Near East map; BR NE: Alexandria after Sinai Pipeline; MEF: an MEF beach unless Salonika
was played) or, at the owner's option, at home (9.5.3.4). Rebuilt BE and SB armies have their
own spaces (17.1.5).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from greatwar.core.actions import Action
from greatwar.core.steps import Frame
from greatwar.pog import board, messages, supply
from greatwar.pog.board import ANA, STACK_LIMIT
from greatwar.pog.data import AP, CP
from greatwar.pog.flow import STEPS, D, PogStep, act, log, pop, push
from greatwar.pog.state import State
from greatwar.pog.tracks import at_war

SPACES = D.spaces
UNITS = D.units
NEAR_EAST = supply.NEAR_EAST

PARIS, ORLEANS = D.space("paris"), D.space("orleans")
SALONIKA, BELGRADE, NIS = D.space("salonika"), D.space("belgrade"), D.space("nis")
BRUSSELS, ANTWERP, OSTEND, CALAIS = (
    D.space("brussels"),
    D.space("antwerp"),
    D.space("ostend"),
    D.space("calais"),
)
ALEXANDRIA, ARABIA, LIBYA = D.space("alexandria"), D.space("arabia"), D.space("libya")
MEF_BEACHES = tuple(sp.ix for sp in SPACES if sp.mef_beach)
RU_NEAR_EAST = tuple(sp.ix for sp in SPACES if sp.nation == "ru" and sp.map == "neareast")
FRENCH_PORTS = tuple(sp.ix for sp in SPACES if sp.nation == "fr" and sp.ap_port)

FR_ORIENT, RU_CAU = D.unit("fr_orient"), D.unit("ru_cau")
BR_NE, BR_MEF = D.unit("br_ne"), D.unit("br_mef")
SN = D.unit("tu_sn_corps")
ALLIED_NE_ARMIES = frozenset({FR_ORIENT, RU_CAU, BR_NE, BR_MEF})  # 9.5.3.4


def _home(nation: str) -> tuple[int, ...]:
    """9.5.3.3: the nation's capital(s) and the supply sources in that nation."""
    return tuple(
        sp.ix
        for sp in SPACES
        if not sp.is_box
        and sp.nation == nation
        and (sp.capital or sp.supply_source not in ("", "sb_only"))  # Salonika: 17.1.5
    )


HOME: dict[str, tuple[int, ...]] = {n: _home(n) for n in D.nations}
# The same, the supply sources first (see _has_space).
HOME_SOURCES_FIRST: dict[str, tuple[int, ...]] = {
    n: tuple(sorted(xs, key=lambda x: not SPACES[x].supply_source)) for n, xs in HOME.items()
}


messages.define(
    "en",
    {
        "reinforcement.placed": "{unit} enters as a reinforcement in {space}",
        "reinforcement.ne_lost": "{unit} enters at {space} and loses its Near East abilities",
        "reinforcement.unplaceable": "{unit} cannot be placed and stays out of play",
        "mef.beachhead_placed": "The MEF Beachhead marker is placed in {space}",
    },
)


# -- which spaces ------------------------------------------------------------------------------


def salonika_open(s: State) -> bool:
    """The Salonika or Greece entry event has been played (9.5.2.4, 17.1.5)."""
    return "salonika" in s.events or bool(s.flags.get("salonika")) or at_war(s, "gr")


def _count(s: State, x: int, extra: dict[int, int] | None) -> int:
    n = len(board.units_in(s, x))
    return n + extra.get(x, 0) if extra else n


def _usable(s: State, side: int, x: int) -> bool:
    """Friendly-controlled, no enemy units, no besieged fort, open (9.5.3.3)."""
    if s.ctrl[x] != side or board.fort_besieged(s, x):
        return False
    occ = board.side_in(s, x)
    if occ >= 0 and occ != side:
        return False
    return not supply.closed_to_all(s, x)


def _brest_litovsk_bars(s: State, u: int, x: int) -> bool:
    """16.4.9: after Brest-Litovsk Russian and other Allied units never stack together."""
    if "treaty_of_brest_litovsk" not in s.events or UNITS[u].side != AP:
        return False
    ru = UNITS[u].nation == "ru"
    return any((UNITS[v].nation == "ru") != ru for v in board.units_in(s, x))


def _fits(s: State, u: int, x: int, extra: dict[int, int] | None) -> bool:
    """A normal entry space for army ``u``: usable, room for it, in supply, and on a map it
    may be on (11.3.1)."""
    side = UNITS[u].side
    if not _usable(s, side, x) or _count(s, x, extra) >= STACK_LIMIT:
        return False
    if x in NEAR_EAST and not _near_east_allowed(s, u):
        return False
    if _brest_litovsk_bars(s, u, x):
        return False
    # 14.1.2: a usable space (friendly, free of enemy units, open) that is a source of the
    # army's class at war is in supply; asked first, it spares a supply search.
    return supply.own_source(s, u, x) or supply.supplied_at(s, u, x)


def _near_east_allowed(s: State, u: int) -> bool:
    """11.3.1: only the six Near East armies (not one that lost the ability, 9.5.3.4)."""
    return UNITS[u].near_east_army and u not in s.flags.get("ne_lost", [])


def _french(s: State, u: int, extra: dict[int, int] | None) -> list[int]:
    """9.5.3.3: Paris; Orleans when Paris is fully stacked, but not when Paris is besieged or
    enemy-controlled (9.5.3.1: the capital's loss does not open Orleans)."""
    out = [PARIS] if _fits(s, u, PARIS, extra) else []
    paris_free = s.ctrl[PARIS] == AP and not board.fort_besieged(s, PARIS)
    if paris_free and _count(s, PARIS, extra) >= STACK_LIMIT and _fits(s, u, ORLEANS, extra):
        out.append(ORLEANS)
    return out


def _belgian(s: State, u: int, extra: dict[int, int] | None) -> list[int]:
    """17.1.5: Brussels, Antwerp or Ostend (Allied-controlled and in supply); Calais only when
    none of the three is Allied-controlled and in supply."""
    qualified = [
        x for x in (BRUSSELS, ANTWERP, OSTEND) if _usable(s, AP, x) and supply.supplied_at(s, u, x)
    ]
    if qualified:
        return [x for x in qualified if _fits(s, u, x, extra)]
    return [CALAIS] if _fits(s, u, CALAIS, extra) else []


def _serbian(s: State, u: int, extra: dict[int, int] | None) -> list[int]:
    """17.1.5: Belgrade under the normal rules unless Nis is CP-controlled; Salonika after the
    Salonika or Greece entry event while Salonika is Allied-controlled."""
    out = []
    if s.ctrl[NIS] != CP and _fits(s, u, BELGRADE, extra):
        out.append(BELGRADE)
    if salonika_open(s) and _fits(s, u, SALONIKA, extra):
        out.append(SALONIKA)
    return out


def special_spaces(s: State, u: int, extra: dict[int, int] | None = None) -> list[int]:
    """The card spaces of the four Allied Near East armies (9.5.3.3 bullets 3-4)."""
    if u == FR_ORIENT:  # ap53: Salonika, once usable
        return [SALONIKA] if salonika_open(s) and _fits(s, u, SALONIKA, extra) else []
    if u == RU_CAU:  # ap29: a Russian space of the Near East map
        return [x for x in RU_NEAR_EAST if _fits(s, u, x, extra)]
    if u == BR_NE:  # ap50: Alexandria after Sinai Pipeline
        if "sinai_pipeline" in s.events and _fits(s, u, ALEXANDRIA, extra):
            return [ALEXANDRIA]
        return []
    if u == BR_MEF:  # ap31, 9.5.3.5, 9.5.2.4.1: an empty beach unless Salonika was played
        if "salonika" in s.events or s.flags.get("salonika"):
            return []
        # The beach becomes an Allied port with the marker, which supplies the MEF (9.5.3.5).
        return [x for x in MEF_BEACHES if _count(s, x, extra) == 0 and s.ctrl[x] == AP]
    return []


def army_spaces(s: State, u: int, extra: dict[int, int] | None = None) -> list[int]:
    """Every space where army ``u`` may enter now (9.5.3.3, 9.5.3.4, 17.1.5)."""
    d = UNITS[u]
    n = d.nation
    if n == "be":
        return _belgian(s, u, extra)
    if n == "sb":
        return _serbian(s, u, extra)
    if n == "us":
        return [x for x in FRENCH_PORTS if _fits(s, u, x, extra)]
    special = special_spaces(s, u, extra) if u in ALLIED_NE_ARMIES else []
    if n == "fr":
        home = _french(s, u, extra)
    else:
        home = [x for x in HOME.get(n, ()) if _fits(s, u, x, extra)]
    if u in ALLIED_NE_ARMIES:
        # 9.5.3.4: at home the army is an ordinary one, so 11.3.1 no longer lets it into the
        # Near East; home spaces on that map are not offered.
        home = [x for x in home if x not in NEAR_EAST]
    return sorted(set(special) | set(home))


def corps_space(s: State, u: int, extra: dict[int, int] | None = None) -> int:
    """9.5.3.2: the Reserve Box; the ANA in Arabia (ap41, 17.1.6), the SN in Libya (cp24)."""
    side = UNITS[u].side
    x = ARABIA if u == ANA else LIBYA if u == SN else -1
    if x < 0:
        return board.RESERVE[side]
    occ = board.side_in(s, x)
    if (occ >= 0 and occ != side) or _count(s, x, extra) >= STACK_LIMIT:
        return -1
    return x


def _has_space(s: State, u: int, extra: dict[int, int]) -> bool:
    """``bool(army_spaces(s, u, extra))``, stopping at the first space found (and trying the
    home supply sources first, which need no supply search: see :func:`_fits`)."""
    n = UNITS[u].nation
    if n in ("be", "sb", "fr"):
        return bool(army_spaces(s, u, extra))
    if n == "us":
        return any(_fits(s, u, x, extra) for x in FRENCH_PORTS)
    ne = u in ALLIED_NE_ARMIES
    for x in HOME_SOURCES_FIRST.get(n, ()):
        if not (ne and x in NEAR_EAST) and _fits(s, u, x, extra):
            return True
    return ne and bool(special_spaces(s, u, extra))


def _assign(s: State, armies: Sequence[int], extra: dict[int, int]) -> bool:
    """Is there a space for each army, all together? (Small backtracking search.)"""
    if not armies:
        return True
    u, rest = armies[0], armies[1:]
    if not rest:
        return _has_space(s, u, extra)
    for x in army_spaces(s, u, extra):
        extra[x] = extra.get(x, 0) + 1
        ok = _assign(s, rest, extra)
        extra[x] -= 1
        if ok:
            return True
    return False


def can_place_all(s: State, units: Iterable[int]) -> bool:
    """9.5.3.1: every unit can be legally placed, with the others (stacking)."""
    armies: list[int] = []
    extra: dict[int, int] = {}
    for u in units:
        if UNITS[u].army:
            armies.append(u)
            continue
        x = corps_space(s, u, extra)
        if x < 0:
            return False
        extra[x] = extra.get(x, 0) + 1
    # Corps on the map (ANA, SN) count against the armies' stacking too.
    return _assign(s, armies, {k: v for k, v in extra.items() if k not in D.boxes})


def card_placeable(s: State, card: int) -> bool:
    """9.5.3.1 for a reinforcement card: all of its units can be placed."""
    return can_place_all(s, D.cards[card].reinforcement_units)


# -- placing -----------------------------------------------------------------------------------


def place_army(s: State, u: int, x: int, reduced: bool = False) -> None:
    """Put army ``u`` in ``x``; an Allied Near East army placed at home loses its Near East
    abilities (9.5.3.4), the MEF on a beach brings the Beachhead marker (9.5.3.5)."""
    d = UNITS[u]
    at_card_space = u in ALLIED_NE_ARMIES and x in special_spaces(s, u)
    board.place(s, u, x, reduced=reduced)
    if u in ALLIED_NE_ARMIES and not at_card_space:
        lost = s.flags.setdefault("ne_lost", [])
        if u not in lost:
            lost.append(u)
        log(s, "reinforcement.ne_lost", "9.5.3.4", d.side, unit=d.id, space=SPACES[x].id)
    if u == BR_MEF and x in MEF_BEACHES:
        s.flags["mef_beachhead"] = x
        board.invalidate(s)
        log(s, "mef.beachhead_placed", "9.5.3.5", d.side, space=SPACES[x].id)


def place_corps(s: State, u: int, reduced: bool = False) -> bool:
    """Put corps ``u`` where :func:`corps_space` says; False if it cannot go there."""
    x = corps_space(s, u)
    if x < 0:
        return False
    board.place(s, u, x, reduced=reduced)
    if u == ANA:
        board.ana_arrives(s, x)  # 11.1.15: a CP-held Arabia is Allied while the ANA is there
    return True


def push_placement(s: State, side: int, units: Sequence[int]) -> None:
    """Bring a card's units into play: corps now (9.5.3.2), armies by the owner's choice of
    space (9.5.3.3); armies with a single legal space are placed without asking."""
    armies: list[int] = []
    for u in units:
        d = UNITS[u]
        if d.army:
            armies.append(u)
        elif place_corps(s, u):
            log(s, "reinforcement.placed", "9.5.3.2", side, unit=d.id, space=SPACES[s.loc[u]].id)
        else:
            log(s, "reinforcement.unplaceable", "9.5.3.1", side, unit=d.id)
    if armies:
        push(s, "place_reinforcements", side=side, units=armies)


def _choices(s: State, f: Frame) -> list[tuple[int, int]]:
    """(army, space) pairs that leave the other pending armies placeable (9.5.3.1)."""
    pending: list[int] = f["units"]
    out: list[tuple[int, int]] = []
    for i, u in enumerate(pending):
        rest = pending[:i] + pending[i + 1 :]
        for x in army_spaces(s, u):
            if not rest or _assign(s, rest, {x: 1}):
                out.append((u, x))
    return out


@STEPS.register
class PlaceReinforcements(PogStep):
    """9.5.3.3: the owner chooses the entry space of each reinforcing army."""

    name = "place_reinforcements"
    rule = "9.5.3.3"

    def settle(self, s: State, f: Frame) -> bool:
        pending: list[int] = f["units"]
        if not pending:
            pop(s, f)
            return True
        opts = _choices(s, f)
        if not opts:
            # 9.5.3.1 forbids playing such a card; if it happened anyway the units stay out.
            for u in pending:
                log(s, "reinforcement.unplaceable", "9.5.3.1", f["side"], unit=UNITS[u].id)
            pop(s, f)
            return True
        first = pending[0]
        firsts = [x for v, x in opts if v == first]
        if len(firsts) == 1 and all(sum(1 for v, _ in opts if v == w) == 1 for w in pending):
            self._place(s, f, first, firsts[0])
            return True
        return False

    def prompt(self, s: State, f: Frame) -> str:
        return "reinforcements.place"

    def legal(self, s: State, f: Frame) -> list[Action]:
        return [act("place", UNITS[u].id, SPACES[x].id) for u, x in _choices(s, f)]

    def apply(self, s: State, f: Frame, a: Action) -> None:
        self._place(s, f, D.unit(a.args[0]), D.space(a.args[1]))

    def _place(self, s: State, f: Frame, u: int, x: int) -> None:
        f["units"] = [v for v in f["units"] if v != u]
        place_army(s, u, x)
        log(s, "reinforcement.placed", "9.5.3.3", f["side"], unit=UNITS[u].id, space=SPACES[x].id)
