"""A user mistake mypy must catch: a Rummy 500 action applied to a Casino state."""

import cardrules
from cardrules import rummy500


def mistake() -> None:
    state = cardrules.new_game("casino", seed=1)
    cardrules.apply(state, rummy500.Draw())
