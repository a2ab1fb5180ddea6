"""Import every card module, registering its behaviours."""

from greatwar.qmg1914.cards import generic  # noqa: F401
