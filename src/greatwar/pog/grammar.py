"""The text grammar of Paths of Glory actions.

Every action a seat can take is one of these verbs with its arguments, named by the data ids
(``cp01``, ``liege``, ``ge_1``). The grammar only decides whether text is *an action*; the current
step decides whether it is *legal*.

    play ops|sr|rp|event <card>      play a strategy card (8.1.3, 9.1.3)
    play auto                        the automatic 1-OPS operation (8.1.3)
    peace offer|accept|decline       peace terms (16.5)
    discard <card>                   discard a combat card before drawing (9.5.4.6)
    choose <option>                  answer a question (yes/no, an option word, a nation...)
    select <card>                    pick a card (optional-card selection, events)
    activate move|attack <space>     activate a space (9.2)
    move <unit> <space>              move one unit one space (11.1)
    entrench <unit>                  an army attempts to entrench instead of moving (11.2.1)
    sr <unit>                        choose the next unit to redeploy (13.1.10)
    sr <unit> <space>                strategic redeployment of the chosen unit (13)
    attack <space>                   designate the defending space of a combat (12.2.2)
    with <unit>                      add an attacking unit to the designated combat (12.2.2)
    pin <space>                      name the pinning space of a flank attack (12.3.2)
    flank|noflank                    attempt a flank attack or not (12.3)
    cc <card>                        play or use a combat card (12.2.4, 12.2.6)
    lose <unit>                      take one step loss from a unit (12.4)
    retreat <unit> <space>           retreat a unit one space (12.5)
    advance <unit> <space>           advance a unit one space (12.7)
    place <unit> <space>             place a unit (reinforcements, entry set-ups, rebuilt armies)
    replace <unit>                   spend RPs on a unit (17)
    eliminate <unit>                 choose a unit to eliminate (over-stacking, events)
    undo                             (session command, not a game action)
    done                             finish the current step
"""

from __future__ import annotations

from greatwar.core.actions import ArgKind, Grammar, word
from greatwar.pog.data import load

_d = load()

CARD = ArgKind("card", frozenset(c.id for c in _d.cards))
SPACE = ArgKind("space", frozenset(s.id for s in _d.spaces))
UNIT = ArgKind("unit", frozenset(u.id for u in _d.units))
NATION = ArgKind("nation", frozenset(_d.nations))
NUMBER = ArgKind("number", None)
OPTION = ArgKind(
    "option",
    frozenset(
        {
            "yes",
            "no",
            "vp",
            "corps",
            "army",
            "event",
            "ops",
            "move",
            "attack",
            "keep",
            "cancel",
            "retreat",
            "ap",
            "cp",
            "land",
            "sea",
            "reserve",
        }
    )
    | frozenset(_d.nations),
)

GRAMMAR = Grammar(
    {
        "play": [(word("ops", "sr", "rp", "event"), CARD), (word("auto"),)],
        "peace": [(word("offer", "accept", "decline"),)],
        "discard": [(CARD,)],
        "choose": [(OPTION,), (NUMBER,)],
        "select": [(CARD,)],
        "activate": [(word("move", "attack"), SPACE)],
        "move": [(UNIT, SPACE)],
        "entrench": [(UNIT,)],
        "sr": [(UNIT, SPACE), (UNIT,)],
        "attack": [(SPACE,)],
        "with": [(UNIT,)],
        "pin": [(SPACE,)],
        "flank": [()],
        "noflank": [()],
        "cc": [(CARD,)],
        "lose": [(UNIT,)],
        "retreat": [(UNIT, SPACE)],
        "advance": [(UNIT, SPACE)],
        "place": [(UNIT, SPACE)],
        "replace": [(UNIT,)],
        "eliminate": [(UNIT,)],
        "done": [()],
    }
)
