"""Import every card module, registering its behaviours."""

from greatwar.qmg1914.cards import ahoe, de, frit, generic, ru, ukus  # noqa: F401
