"""Game-agnostic machinery: action values, errors, the in-state RNG, the step protocol,
sessions with undo and replay, and the bot protocol."""
