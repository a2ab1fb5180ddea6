"""``python -m greatwar``: the command line."""

from greatwar.cli import main

main()
