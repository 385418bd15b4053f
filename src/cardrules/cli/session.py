"""One game being played, watched or replayed: the state, the actions so far, the seats' labels.

``play``, ``watch`` and ``replay`` share this: applying an action prints it
with the seat that played it and then any round that it ended, and the whole
game can be saved as a :class:`~cardrules.GameRecord` at any moment.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import IO, Any

import attrs

from cardrules import engine
from cardrules.cli.errors import CliError
from cardrules.cli.render import (
    Style,
    game_over_lines,
    name_of,
    new_results,
    round_lines,
    table_lines,
)
from cardrules.records import GameRecord, from_json, to_json

__all__ = ["Session", "load_record"]


@attrs.define
class Session:
    """A game in progress and where its text goes."""

    game: str
    config: Any
    seed: int
    state: Any
    names: list[str]
    style: Style
    out: IO[str]
    actions: list[Any] = attrs.field(factory=list)
    deck: Any = None
    # Steps of a Casino play still in progress, shown together once it is made.
    partial: list[str] = attrs.field(factory=list)

    @classmethod
    def start(
        cls,
        game: str,
        config: Any,
        seed: int,
        names: list[str],
        style: Style,
        out: IO[str],
    ) -> Session:
        """A new game of ``game``."""
        state = engine.new_game(game, config, seed=seed)
        return cls(game, config, seed, state, names, style, out)

    @property
    def rules(self) -> engine.GameDefinition:
        """The game's definition (its functions)."""
        return engine.definition(self.game)

    def say(self, *lines: str) -> None:
        """Print lines."""
        for line in lines:
            self.out.write((line if self.style.unicode else self.style.text(line)) + "\n")
        self.out.flush()

    def view(self, seat: int | None) -> Any:
        """What ``seat`` (``None``: a spectator) may see now."""
        return self.rules.view(self.state, seat)

    def draw_table(self, seat: int | None) -> None:
        """Print the table as ``seat`` sees it."""
        self.say("", *table_lines(self.game, self.view(seat), self.names, self.style))

    def action_text(self, action: Any) -> str:
        """An action in its text form, styled."""
        return self.style.text(str(action))

    def play(self, action: Any) -> None:
        """Apply ``action`` for the seat to act, print it and any round it ended."""
        seat = self.state.to_act
        before = self.state
        self.state = self.rules.apply(self.state, action)
        self.actions.append(action)
        if str(action) != "done":
            self.partial.append(self.action_text(action))
        if getattr(self.state, "pending", None) is not None and self.state.to_act == seat:
            return  # a capture or build taking one more item: show it whole when made
        steps, self.partial = self.partial, []
        self.say(f"{name_of(self.names, seat)}: {' '.join(steps)}")
        for result in new_results(before, self.state):
            self.say("", *round_lines(self.game, result, self.names, self.style, self.config))
        if self.state.is_over:
            self.say("", *game_over_lines(self.game, self.state, self.names, self.style))

    def record(self) -> GameRecord:
        """The game so far as a record (config, seed, actions)."""
        return GameRecord(self.game, self.config, self.seed, self.deck, tuple(self.actions))

    def save(self, path: str | os.PathLike[str]) -> Path:
        """Write the game record as JSON to ``path``; :class:`CliError` if it cannot."""
        target = Path(path)
        try:
            target.write_text(to_json(self.record()) + "\n", encoding="utf-8")
        except OSError as exc:
            raise CliError(f"cannot save the game to {target}: {exc.strerror or exc}") from None
        return target


def load_record(path: str) -> GameRecord:
    """A game record read from ``path``; :class:`CliError` ``cannot load PATH: reason``."""
    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        raise CliError(f"cannot load {path}: {exc.strerror or exc}") from None
    try:
        loaded = from_json(data)
    except (ValueError, TypeError) as exc:
        raise CliError(f"cannot load {path}: {exc}") from None
    if not isinstance(loaded, GameRecord):
        kind = type(loaded).__name__
        raise CliError(f"cannot load {path}: it holds a {kind}, not a saved game record")
    return loaded
