"""Reinforcement learning and search: our games as OpenSpiel, PettingZoo and Gymnasium games.

Installed with the ``rl`` extra (``pip install 'cardrules[rl]'``); the core
never imports this package.
"""
