"""Golden records of games between the heuristic players: speed work on the players or the
engine must not change a single decision (issue 5 item 8).

Each game is played through the simulation fast path (the player reads the state,
``_apply_inplace`` applies) with fresh players and seats rotating; the digest covers every
action and the final JSON. Regenerate only for an intended change of a player's rules:
``.venv/bin/python -m tests.gamecore.cartolan.test_golden_players``.

Re-recorded for issue 12: ``classic`` changed with binding decision 12 and the classic Pirate
chasing only Adventurers it would attack (a deadlock found by the reliability run); ``modern`` Regular and
Advanced with decision 14 (refills restart at water, the last fitting chest map is used): with
both put back, every ``modern`` game takes exactly the actions recorded before. ``modern``
Beginner has new digests only because the final JSON gained the new options and fields.

Re-recorded for issue 12 item 2, both presets (the players are shared, decision 10): the
Trader/Router follow their Agents in the order placed, and a bought Adventurer has no route
until its first city visit, as the designer's players_heuristical.py plays.

Then ``modern`` Regular/Advanced again (issue 12 item 2): the players' chest-map fit test
is the designer's (a map as it lies, then turned), a chosen map that does not fit stays
selected, and a gap taken for its map sets the reward bar; ``classic`` is unchanged.

And once more, ``modern`` Regular/Advanced: that fit test also tries, last, the map turned to
the arrow (beginner.py ``rotated_tile_fits`` pops its null rotation last); ``classic`` and
``modern`` Beginner are unchanged.

Then Regular/Advanced of both presets (the players are shared): the Pirate waits for its victims
once in each of the designer's waiting loops and then moves on within the same move
(``PlayerRegularPirate.continue_move``), where it used to wait out its turn while an attack kept
failing; and ``modern``'s chest-map refill makes one try per missing map, an empty pile giving
nothing (HEAD ``choose_tiles``).
"""

from __future__ import annotations

import hashlib
import json
import random

import pytest

from gamecore.games.cartolan import GAME, players

LINEUP = ("explorer", "trader", "router", "pirate")

#: (preset, mode, seats, seed)
CASES: list[tuple[str, str, int, int]] = [
    (preset, mode, seats, seed)
    for preset in ("modern", "classic")
    for mode in ("beginner", "regular", "advanced")
    for seats, seed in ((2, 31), (3, 32), (4, 33), (4, 34))
]


def play_digest(preset: str, mode: str, seats: int, seed: int) -> str:
    lineup = players.heuristic_players()
    names = [LINEUP[(seed + i) % 4] for i in range(seats)]
    rngs = [random.Random(seed * 8 + i) for i in range(seats)]
    state = GAME.setup(seats, seed, {"preset": preset, "mode": mode})
    digest = hashlib.sha256()
    while not state.over:
        seat = state.seat
        legal = GAME.legal_actions(state, seat)
        action = lineup[names[seat]](state, legal, rngs[seat])
        digest.update(json.dumps(list(action)).encode())
        GAME._apply_inplace(state, seat, action)
    digest.update(GAME.to_json(state).encode())
    return digest.hexdigest()


EXPECTED: dict[str, str] = {
    "modern-beginner-2p-s31": "01321009f712854368883d1fb520cb892298db1aa3d01e9ce7945ca893fd7026",
    "modern-beginner-3p-s32": "c08863f0ea031dee7a41bc12b1dc38e1801c5693818810f758c5ec704f1816e0",
    "modern-beginner-4p-s33": "0d6be2e287658c11e3cd55cfd478a4b54f4090097cd0618c1935012055a0d08b",
    "modern-beginner-4p-s34": "871a393e95b8c90346817879c7c3566e240dbf07f428cb4d18c37cd0d4da91b9",
    "modern-regular-2p-s31": "3866988679bf4249ef496c873b2f8d3ad3fc258f8f7dba980d66268e12c8f30a",
    "modern-regular-3p-s32": "a25437eaa3309dc93d19b9cccb7e59089152704193243de5ce7924ecb606765d",
    "modern-regular-4p-s33": "bd6a16d1456a4b978963bd8e555b4b6802b7200bcef2f8f1bbddfcacd28d8b8d",
    "modern-regular-4p-s34": "3179119ad501399bbad9231e54c09500fa3322f94b56c525092e433e7f0cc801",
    "modern-advanced-2p-s31": "4dfa5aab9d8b4df08bf4139b9c9bedb1cb2b5cb4fb24263317fd9b59654be551",
    "modern-advanced-3p-s32": "8a07dec0551338ef0b7005624658977755197b82b18a28e829386f4917c80ce1",
    "modern-advanced-4p-s33": "e10d13dbd69ee0a82bae61a7692bc9fda6ae28baa97d69f816ff42ade800cc95",
    "modern-advanced-4p-s34": "8a72ef24a3313b69fa6032d862c7dc745b8089b22cd08385fce68c4f7e617bae",
    "classic-beginner-2p-s31": "9ad25153179ae401cd719040be18b59ee73c16e5dff37e5b8b20ccd8b4fc1207",
    "classic-beginner-3p-s32": "909badbbde62bf7be628e60f174d45c2e0b1291be7a67938ba860ed5e7aa2cfa",
    "classic-beginner-4p-s33": "1a8dfbc3bff9cd4bac116c178cb767d1f96a213329c6fca17217e8ea4317a4a9",
    "classic-beginner-4p-s34": "a94a82be99fab88dd9a6621610ea1d9fe286a3f1e4870f2bbd93f7f5e1afff9e",
    "classic-regular-2p-s31": "1a02518bd69b70e05caa4a17c1350f713b333a7bc4d8a7a1084602d7f16cb100",
    "classic-regular-3p-s32": "e3c1c88738c85fdc6e286e0db73447f6750a1792b9b9f058cf83c2754665a532",
    "classic-regular-4p-s33": "036644c5155d25527e58b08d50d0ad42435794ef245bc17011d7728927c6902c",
    "classic-regular-4p-s34": "f75033ec34228b483c6516e8b0b4e64e2f8947d958265cc5e0aaa9f755b5905b",
    "classic-advanced-2p-s31": "96895453923b2225b604faccabe740701f2a563fb9bce27510b0d01fd56ecac1",
    "classic-advanced-3p-s32": "7a300f215b621c13c018d81bf5c3e363dfd19401f96a850c3d31474046b24e20",
    "classic-advanced-4p-s33": "e6b5745721276de13da0628818c7c10eb5e7e4c30e203a917080a2b3c8feccfc",
    "classic-advanced-4p-s34": "92ee5a0399e027256033af03c458124376a966be8420c7019b2a46dd5ed8977f",
}


def _case_id(case: tuple[str, str, int, int]) -> str:
    preset, mode, seats, seed = case
    return f"{preset}-{mode}-{seats}p-s{seed}"


@pytest.fixture(autouse=True)
def _strict(monkeypatch: pytest.MonkeyPatch) -> None:
    """A rule that raises must fail the record, not fall back to a default answer."""
    monkeypatch.setattr(players, "STRICT", True)


@pytest.mark.parametrize("case", CASES, ids=_case_id)
def test_heuristic_game_replays_exactly(case: tuple[str, str, int, int]) -> None:
    assert play_digest(*case) == EXPECTED[_case_id(case)]


if __name__ == "__main__":
    players.STRICT = True
    for case in CASES:
        print(f'    "{_case_id(case)}": "{play_digest(*case)}",')
