"""Paths of Glory's own computer players (the game's knowledge lives here, beside its engine).

They see views, never the full state. The game-agnostic bots (the random bot) are in
:mod:`greatwar.bots`; the descriptor (:meth:`greatwar.pog.game.PathsOfGlory.bots`) lists these.
"""

from greatwar.pog.bots import native

native.install()  # the compiled analysis where one was built from today's source (native.py)
