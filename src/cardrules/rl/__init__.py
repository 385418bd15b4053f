"""Reinforcement learning and search: our games for OpenSpiel, PettingZoo and Gymnasium.

Installed with the ``rl`` extra (``pip install 'cardrules[rl]'``: numpy,
open_spiel, pettingzoo, gymnasium); the core never imports this package.

=============================  ==================================================
module                         gives
=============================  ==================================================
:mod:`cardrules.rl.actions`    a fixed integer action space per game and config, masks
:mod:`cardrules.rl.planes`     the compact observation: planes in [0, 1], public history
:mod:`cardrules.rl.observations`  the rich observation: raw arrays or a plain dict
:mod:`cardrules.rl.openspiel`  OpenSpiel Python games ``cardrules_<game>``
:mod:`cardrules.rl.pettingzoo`  PettingZoo AEC environments
:mod:`cardrules.rl.gymnasium`  Gymnasium environments (and a vector env) against any policy
:mod:`cardrules.rl.determinize`  hidden cards dealt again, for determinized search
:mod:`cardrules.rl.outcomes`   the zero-sum payoffs every wrapper uses
:mod:`cardrules.rl.figures`    PNG learning curves and plane pictures, numpy only
=============================  ==================================================

This package itself imports only numpy; the OpenSpiel, PettingZoo and Gymnasium
modules import their library when imported.

>>> from cardrules.rl import action_space, encode
>>> action_space("casino").size
5719
"""

from cardrules.rl.actions import ActionSpace, action_space, check_supported, default_config
from cardrules.rl.observations import encode, fields, observation_dict

__all__ = [
    "ActionSpace",
    "action_space",
    "check_supported",
    "default_config",
    "encode",
    "fields",
    "observation_dict",
]
