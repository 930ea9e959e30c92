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
    "modern-beginner-4p-s33": "d8593abe874500bfef582ff478ab6573805be947405dbb65377d9c16746245be",
    "modern-beginner-4p-s34": "871a393e95b8c90346817879c7c3566e240dbf07f428cb4d18c37cd0d4da91b9",
    "modern-regular-2p-s31": "701cea316a61008961ceb3942680d5daa5ba8c9f8981547e57c9eb9b143acb7f",
    "modern-regular-3p-s32": "7693b5bc3e579945d21cd3edebf4e57e899427033a2022e50c04beceb4be3393",
    "modern-regular-4p-s33": "defc956f10b4558d679466ead99255b350f7bc8e1cc6d302cc0cf7f00d0c7ae1",
    "modern-regular-4p-s34": "00d459a8649f7bc6bfd7b2428d7a1123236171b35110d3d13b7d84be5cf9aab9",
    "modern-advanced-2p-s31": "a55e56a6a6435046fd994e63d3609f1e97f826a7f713bec4028659fc9ec77505",
    "modern-advanced-3p-s32": "1212b722ed9b229063e3e905832d2aca9887a7f8e1297dc3e203e3e22b19a260",
    "modern-advanced-4p-s33": "ac16a194778cf3986ae75c7831f43bc0d7b9544017195bc06f7c885054550c89",
    "modern-advanced-4p-s34": "1e0b72c9e9660bddd5cf4f5a5548f23c8d373eba1392d022804d0cffdb471cbb",
    "classic-beginner-2p-s31": "9ad25153179ae401cd719040be18b59ee73c16e5dff37e5b8b20ccd8b4fc1207",
    "classic-beginner-3p-s32": "dbc4835c5c82d6a2c0a33863849358e1dab0b0bf896e7707d3717b3d95ab5768",
    "classic-beginner-4p-s33": "0a68f64933c0f901a0fab44f80213023041c7a0fb497085c337b533bbfd07d44",
    "classic-beginner-4p-s34": "d0f7e8815c14e3c3c2bc09adbfad06dcaa391b8a4514fa91e192fcd15c64fb41",
    "classic-regular-2p-s31": "d26a0f15200fa6a3a070e49bdf321319dbba4d5de4d9319ec26b68144a1273aa",
    "classic-regular-3p-s32": "e3c1c88738c85fdc6e286e0db73447f6750a1792b9b9f058cf83c2754665a532",
    "classic-regular-4p-s33": "036644c5155d25527e58b08d50d0ad42435794ef245bc17011d7728927c6902c",
    "classic-regular-4p-s34": "f75033ec34228b483c6516e8b0b4e64e2f8947d958265cc5e0aaa9f755b5905b",
    "classic-advanced-2p-s31": "96895453923b2225b604faccabe740701f2a563fb9bce27510b0d01fd56ecac1",
    "classic-advanced-3p-s32": "e6594c4b5bc484aa6f2947958b2b0a98b4d113e33b12d75034f689494d73914d",
    "classic-advanced-4p-s33": "32e5072914f7592132fac2fb83ab58a2bc6e97df1b4465ad6b5afa92366f2cc4",
    "classic-advanced-4p-s34": "f5c613044c988f053ba3bf0e90da527a37f70e7be38cd5fd278c1a3924ce5a3b",
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
