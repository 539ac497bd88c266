"""Kendo Duel: the card duel (rules: docs/rules/kendo_duel.md).

- ``engine.kendo.cards``: the 52 cards and the reaction table, as data
- ``engine.kendo.actions``: the action encoding, phases and option bits
- ``engine.kendo.state``: ``KendoState``, the rules engine (Duel mode)

Nothing is imported here, so that a module needing only the actions does not
load the engine (RAM on the device).
"""
