"""Quartermaster General: 1914's own bots (the heuristic bot); they see views only."""
