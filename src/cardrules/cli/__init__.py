"""The ``cardrules`` console command (also ``python -m cardrules``).

Subcommands: ``play`` (you against computer players), ``watch`` (bots only),
``simulate`` (many bot games, win rates), ``replay`` (a saved game),
``leaderboard`` and ``rules``. Standard library only (argparse). Modules:
:mod:`.main` (parsing, exit codes), :mod:`.options` (rule options from flags),
:mod:`.render` (the table as text, one renderer a game), :mod:`.session` (a
game being shown, saving records), :mod:`.players` (bots by level),
:mod:`.play`, :mod:`.watch`, :mod:`.simulate`, :mod:`.replay`,
:mod:`.leaderboard` (the only one using :mod:`cardrules.ranking`) and
:mod:`.rules_text`.
"""

from cardrules.cli.main import main

__all__ = ["main"]
