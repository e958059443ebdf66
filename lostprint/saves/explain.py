"""Which legal rolls give a 1572 save written without them (its own module: it replays a save, so it
sits above lostprint.saves.validate, which the game's rules module sits below)."""
from __future__ import annotations

from lostprint.saves.rules_1572 import Explaining1572
from lostprint.saves.validate import replay_data


def explain_save(data: dict, source: str) -> tuple[list[str], list | None]:
    """Check a save without rolls and say which legal rolls give it: the problems, and for each day
    the dice (as `rolls:` would hold them), or None if it has problems."""
    rules = Explaining1572()
    found, _ = replay_data(data, source, rules=rules)
    if found:
        return found, None
    return found, rules.days
