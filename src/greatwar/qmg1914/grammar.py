"""The action grammar of Quartermaster General: 1914: every verb and its arguments.

Cards, spaces, powers and countries are named by their ids (``de_de_44``, ``paris``, ``frit``,
``fr``). Examples: ``play de_de_44``, ``battle picardy from belgium``, ``build picardy``,
``reinforce frit_fr_34``, ``discard deck``, ``attrition ru_ru_19 de``, ``draw 5``, ``pass``;
``remove`` (choose one of your pieces to remove), then ``remove fr paris``.
"""

from __future__ import annotations

from greatwar.core.actions import ArgKind, Grammar, word
from greatwar.qmg1914.data import CARD_IDS, CARD_TYPES, COUNTRIES, POWERS, SPACE_IDS

CARD = ArgKind("card", frozenset(CARD_IDS))
SPACE = ArgKind("space", frozenset(SPACE_IDS))
POWER = ArgKind("power", frozenset(POWERS))
COUNTRY = ArgKind("country", frozenset(COUNTRIES))
TYPE = ArgKind("card type", frozenset(CARD_TYPES))
NUMBER = ArgKind("number")

GRAMMAR = Grammar(
    {
        "pass": [[]],
        "mulligan": [[]],
        "bottom": [[CARD]],
        "play": [[CARD]],
        "prepare": [[CARD]],
        "unprepare": [[CARD]],
        "reinforce": [[CARD], [CARD, word("keep")]],
        "sustain": [[CARD], [CARD, word("keep")]],
        "counterattack": [[CARD]],
        "discard": [[CARD], [word("deck")]],
        "lose": [[word("vp")]],
        "draft": [[TYPE, COUNTRY]],
        "attrition": [[CARD], [CARD, POWER]],
        "draw": [[NUMBER]],
        "build": [[SPACE]],
        "recruit": [[SPACE]],
        "remove": [[], [SPACE], [COUNTRY, SPACE]],
        "battle": [[SPACE, word("from"), SPACE]],
        "eliminate": [[COUNTRY, SPACE]],
        "target": [[POWER]],
        "take": [[CARD]],
        "choose": [[NUMBER]],
    }
)
