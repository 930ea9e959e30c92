"""Tournaments of the multi-seat games, pure and synchronous (no I/O, no clock).

Formats (docs/tournaments.md says the rules for players):

- **swiss**: rounds; each groups the active people by points into tables of
  ``table_size``, avoiding people who already shared a table as long as possible;
- **round robin** (``robin``): rounds that spread the meetings so everyone meets everyone;
- **arena**: during a time window, whoever is free is seated at the next table as soon as
  ``table_size`` are waiting; points doubled after two wins in a row (as on lichess).

Short tables are filled with computer players (``Config.computers``); they never rank.
The state is immutable and JSON-serialisable (:meth:`State.to_json` /
:meth:`State.from_json`); every operation returns a new state:

    state = new_tournament(Config("swiss", "speiderne", table_size=4, seed=7))
    state = add_player(state, 1001, rating=1540)
    rnd = pair_round(state)              # the tables of round 1 (a proposal)
    state = start_round(state, rnd)      # seated
    state = record_result(state, rnd.tables[0].number, places=(2, 1, 3, 4))
    standings(state)                     # people only, best first

Arena: ``state, tables = seat_waiting(state, now)`` whenever someone may have come free
(a result recorded, a player joined, a timer), ``now`` being the caller's clock.
"""

from __future__ import annotations

from gamecore.tournament.core import (
    add_player,
    drop_player,
    is_finished,
    new_tournament,
    pair_round,
    readmit_player,
    record_result,
    remove_player,
    seat_waiting,
    start_round,
    total_rounds,
    waiting,
)
from gamecore.tournament.model import (
    FORMATS,
    Config,
    Format,
    Player,
    Round,
    Seat,
    Standing,
    State,
    Table,
    TournamentError,
)
from gamecore.tournament.points import place_points
from gamecore.tournament.standings import standings

__all__ = [
    "FORMATS",
    "Config",
    "Format",
    "Player",
    "Round",
    "Seat",
    "Standing",
    "State",
    "Table",
    "TournamentError",
    "add_player",
    "drop_player",
    "is_finished",
    "new_tournament",
    "pair_round",
    "place_points",
    "readmit_player",
    "record_result",
    "remove_player",
    "seat_waiting",
    "standings",
    "start_round",
    "total_rounds",
    "waiting",
]
