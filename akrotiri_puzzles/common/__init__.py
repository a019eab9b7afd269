"""What both games stand on, naming neither: the error base and message helpers, the file guard
and YAML loading with field paths, picture primitives, the command line's conventions and the
agreement harness between a CP-SAT model and an exhaustive search (docs/architecture.md)."""
