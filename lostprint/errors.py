"""The one error a user sees: a single line, no traceback."""


class LostprintError(Exception):
    """A user mistake or an environment problem, reported as one line with a non-zero exit."""

    exit_code = 1


class UsageError(LostprintError):
    exit_code = 2
