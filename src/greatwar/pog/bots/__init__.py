"""Paths of Glory's own computer players (the game's knowledge lives here, beside its engine).

They see views, never the full state. The game-agnostic bots (the random bot) are in
:mod:`greatwar.bots`; the descriptor (:meth:`greatwar.pog.game.PathsOfGlory.bots`) lists these.
"""
