"""Run the command line from a checkout: `python cli.py ARGS` is `akrotiri-puzzle ARGS`."""

from akrotiri_puzzles.cli import main

if __name__ == "__main__":
    main()
