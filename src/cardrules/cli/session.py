"""One game being played, watched or replayed: the state, the actions so far, the seats' labels.

``play``, ``watch`` and ``replay`` share this: applying an action prints it
with the seat that played it (and what it showed: the card a seat took from
the discard pile, the card you drew) and then any round that it ended, and
the whole game can be saved as a :class:`~cardrules.GameRecord` at any moment.
"""

from __future__ import annotations

import os
import re
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any

import attrs

from cardrules import engine
from cardrules.cards import Card
from cardrules.cli.errors import CliError
from cardrules.cli.render import (
    Style,
    game_over_lines,
    name_of,
    new_results,
    round_lines,
    table_lines,
)
from cardrules.cli.saves import Seats, write_save
from cardrules.cli.terminal import terminal_width
from cardrules.records import GameRecord, from_json, to_json

__all__ = ["Session", "load_record", "rule_codes"]

_ESCAPES = re.compile(r"\x1b\[[0-9;]*m")
"""Colour codes: they take no room on the screen."""


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
    decks: tuple[tuple[Card, ...], ...] = ()
    """Every deal's stacked deck, the late joins and the stacked cut of a resumed record
    (kept when saved again; the CLI itself stacks no deck and seats no one)."""
    joins: tuple[int, ...] = ()
    cut_deck: tuple[Card, ...] | None = None
    # Steps of a Casino play still in progress, shown together once it is made.
    partial: list[str] = attrs.field(factory=list)
    levels: list[str | None] = attrs.field(factory=list)
    """Each seat's computer level (``None``: a person), kept with the save."""
    practice: bool = False
    """The player chose or could see the seed: no ranking points."""
    save_path: str | None = None
    """Where saves go (the resumed file, ``--save``); ``None``: a new file in the data folder."""
    me: int | None = None
    """The seat whose own facts (the card drawn) are told: the player's."""
    open: bool = False
    """Show every hand (``watch --open``, the replay of a finished game)."""
    pause: Callable[[str], None] | None = None
    """Called with a prompt after a round's scoring, to wait for the player."""
    marked: tuple[Card, ...] = ()
    """Cards to mark in the player's hand: the one just drawn or taken."""
    shown: int = 0
    """Terminal rows printed since the player last pressed Enter (what is on the screen)."""
    cited: tuple[str, ...] = ()
    """The rule codes (``R5-4``, ``§1.3``) the last message citing any named: for ``why``."""

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
        """Print lines (and count the terminal rows they take: :attr:`shown`)."""
        width = terminal_width(self.out)
        for line in lines:
            codes = rule_codes(line)
            if codes:
                self.cited = codes
            text = line if self.style.unicode else self.style.text(line)
            self.out.write(text + "\n")
            self.shown += max(1, -(-len(_ESCAPES.sub("", text)) // width))
        self.out.flush()

    def wait(self, prompt: str) -> None:
        """Wait for the player (when :attr:`pause` is set); the screen starts afresh."""
        if self.pause is not None:
            self.pause(prompt)
            self.shown = 0

    def table(self, seat: int | None) -> list[str]:
        """The lines :meth:`draw_table` prints (a blank line first)."""
        shown = self.state if self.open else self.view(seat)
        marked = self.marked if seat is not None and seat == self.me else ()
        width = terminal_width(self.out)
        lines = table_lines(self.game, shown, self.names, self.style, marked=marked, width=width)
        return ["", *lines]

    def view(self, seat: int | None) -> Any:
        """What ``seat`` (``None``: a spectator) may see now."""
        return self.rules.view(self.state, seat)

    def draw_table(self, seat: int | None) -> None:
        """Print the table as ``seat`` sees it (every hand when :attr:`open`)."""
        self.say(*self.table(seat))

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
            self.partial.append(self.action_text(action) + self._shown_by(seat, before, action))
        if getattr(self.state, "pending", None) is not None and self.state.to_act == seat:
            return  # a capture or build taking one more item: show it whole when made
        steps, self.partial = self.partial, []
        self.say(f"{name_of(self.names, seat)}: {' '.join(steps)}")
        if self.state.to_act != seat:
            self.marked = ()
        results = new_results(before, self.state)
        for result in results:
            self.say("", *round_lines(self.game, result, self.names, self.style, self.config))
        if self.state.is_over:
            self.say("", *game_over_lines(self.game, self.state, self.names, self.style))
        elif results:
            self.wait("[Enter: go on] ")

    def _shown_by(self, seat: int | None, before: Any, action: Any) -> str:
        """What an action showed, as a note: the cards taken from the pile, the card drawn."""
        kind = type(action).__name__
        if kind in ("Take", "TakeDiscard") and hasattr(before, "discard"):
            taken = before.discard[len(self.state.discard) :]
            if taken and len(self.state.discard) < len(before.discard):
                if seat == self.me:
                    self.marked = tuple(taken)
                if len(taken) == 1 and str(taken[0]) in str(action):
                    return ""  # "take 4♥" says it already
                return self.style.text(f" (took {' '.join(map(str, taken))})")
        if kind == "Draw" and seat is not None and (seat == self.me or self.open):
            drawn = Counter(self.state.hands[seat]) - Counter(before.hands[seat])
            cards = tuple(drawn.elements())
            if cards:
                if seat == self.me:
                    self.marked = cards
                who = "you drew" if seat == self.me else "drew"
                return self.style.text(f" ({who} {' '.join(map(str, cards))})")
        return ""

    def record(self) -> GameRecord:
        """The game so far as a record (config, seed, stacked decks, actions, joins)."""
        return GameRecord(
            self.game, self.config, self.seed, self.deck, tuple(self.actions),
            decks=self.decks, joins=self.joins, cut_deck=self.cut_deck,
        )

    def save(self, path: str | os.PathLike[str] | None = None) -> Path:
        """Write the game record as JSON; :class:`CliError` if it cannot.

        To ``path``, else to :attr:`save_path`, else to a new file in the data
        folder (remembered: a second save of this session replaces the first).
        """
        where = path if path is not None else self.save_path
        seats = None
        if self.names:
            levels = self.levels + [None] * (len(self.names) - len(self.levels))
            seats = Seats(tuple(self.names), tuple(levels[: len(self.names)]))
        target = write_save(self.game, to_json(self.record()) + "\n", where, seats)
        if path is None:
            self.save_path = str(target)
        return target


_CODE = re.compile(r"\b(R5|LV|CA)-(\d+)(?:\.\.(\d+))?|§\d+(?:\.\d+)?")


def rule_codes(text: str) -> tuple[str, ...]:
    """The rule codes ``text`` cites, in order (``CA-9..11`` is three).

    >>> rule_codes("you may not trail (§1.4, CA-7); see CA-9..11")
    ('§1.4', 'CA-7', 'CA-9', 'CA-10', 'CA-11')
    """
    found: list[str] = []
    for match in _CODE.finditer(text):
        if match.group(1) is None:
            found.append(match.group(0))
            continue
        first = int(match.group(2))
        last = int(match.group(3)) if match.group(3) else first
        found.extend(f"{match.group(1)}-{n}" for n in range(first, min(last, first + 20) + 1))
    return tuple(dict.fromkeys(found))


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
