"""Quartermaster General: 1914: the rules engine (data, state, procedure, cards, views)."""
