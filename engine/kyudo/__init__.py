"""Kyudo: the dice archery game (rules: docs/rules/kyudo.md).

- ``engine.kyudo.actions``: the action encoding and phases (the contract)
- ``engine.kyudo.data``: every tunable number
- ``engine.kyudo.state``: ``KyudoState``, the rules engine

Nothing is imported here, so that a module needing only the actions does not
load the engine (RAM on the device).
"""
