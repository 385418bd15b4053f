"""The ``cardrules`` console command (also ``python -m cardrules``).

Subcommands: ``play`` (you against computer players), ``watch`` (bots only),
``simulate`` (many bot games, win rates), ``replay`` (a saved game),
``saves`` (the saved games), ``leaderboard`` and ``rules``. Standard library
only (argparse, readline where present). Modules: :mod:`.main` (parsing,
exit codes), :mod:`.options` (rule options from flags), :mod:`.render` (the
library's tables styled for a terminal, round breakdowns), :mod:`.menu` (the
numbered, grouped action list), :mod:`.terminal` (reading input, line
editing, the terminal's width), :mod:`.session` (a game being shown),
:mod:`.saves` (where saves go, never replacing one unasked), :mod:`.players`
(bots by level), :mod:`.play`, :mod:`.watch`, :mod:`.simulate`,
:mod:`.replay`, :mod:`.leaderboard` (the only one using
:mod:`cardrules.ranking`) and :mod:`.rules_text`.
"""

from cardrules.cli.main import main

__all__ = ["main"]
