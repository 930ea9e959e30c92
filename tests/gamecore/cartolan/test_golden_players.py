"""Golden records of games between the heuristic players: speed work on the players or the
engine must not change a single decision (issue 5 item 8).

Each game is played through the simulation fast path (the player reads the state,
``_apply_inplace`` applies) with fresh players and seats rotating; the digest covers every
action and the final JSON. Regenerate only for an intended change of a player's rules:
``.venv/bin/python -m tests.gamecore.cartolan.test_golden_players``.
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
    "modern-beginner-2p-s31": "3ac81beceaf1a60476b591ce07c1fb1357d53b5f66d3c233cc79f5834936927b",
    "modern-beginner-3p-s32": "f20a37b660b2f4960b37d4d25d661ddd732d9fafa66583c5b5ddbf38e2298355",
    "modern-beginner-4p-s33": "e92a7831f3764b89a006c8f0bcb99bc6209d8c18b6995010e4bb7decf9b1bdf3",
    "modern-beginner-4p-s34": "ce0c5f2e719cd230ab7cddcc10e767559f1b46bbc8fa69e2044259563e038f8f",
    "modern-regular-2p-s31": "bcfde4c43b0c41d251987cdabfee042f7169a26027274d523eb0bb219492a143",
    "modern-regular-3p-s32": "dac1d6dfecf29ab3fad60d3f2c9d5a02b7943db5c1636b6ba725f67272ab1aac",
    "modern-regular-4p-s33": "784482d6b7ff95751905b792f93860b041c6656f1c1156549a7465a002766e8a",
    "modern-regular-4p-s34": "6d552e5c15559ba14c1c7601f97b02f463d9a925cd4d6d1578e82dab6c617bd7",
    "modern-advanced-2p-s31": "c0f33fb4b9f3a99fac430526d824d5c2db89bfa34b25f8f5c6f0b12d6cee0437",
    "modern-advanced-3p-s32": "08f0052b32fe7e9821df5c0abdb781d5c76a0634201528da243eb0a19b39ba12",
    "modern-advanced-4p-s33": "8c739f433d2cd7ba9d2144e87b742d2dcde1f244b08fd29a1aa31646906f273f",
    "modern-advanced-4p-s34": "ccf53040f5cf9e49b49eff42e9f28e5a3da66159bbd6af8f100011da3a69db68",
    "classic-beginner-2p-s31": "5a14677409508364e1d724905b58d9bde16e6e6ed76eb57a26bd2cd70a932165",
    "classic-beginner-3p-s32": "4677f4d9a6496f35f61d7544624df53fb5f362ba2943212c8f333bb618d9744a",
    "classic-beginner-4p-s33": "38b3de7c179dce2b8e8977493863d84e11865b0bd729e0b730cbe96369558ac5",
    "classic-beginner-4p-s34": "97a10c10b587661f752abcff2fce7a1587be45b6c1eaf2d7e944987ff5571b08",
    "classic-regular-2p-s31": "5070ebc650cfdd2c4cde356b735d2fff2620e4f71d1f7844abf137bd05d7692f",
    "classic-regular-3p-s32": "34efeff8612fea89b38bbfe02cc65f8574110ccb4a441a3196875559b07fa916",
    "classic-regular-4p-s33": "6f09a59ccdd21d87e7167258dacbe37610c95790138b22d95e9269e4891e0769",
    "classic-regular-4p-s34": "1f16fba5fe29ba31a79e67478437f8a41634a2996b83db9bd25ae1f650b22fc4",
    "classic-advanced-2p-s31": "c648c11d20019585f0e742f326f4a94a369825114135b9471be2e2850bfb04c6",
    "classic-advanced-3p-s32": "8530cf2a2a6ae627e3984551cce93c90f68227572243c8f6fc7b705ae27a012a",
    "classic-advanced-4p-s33": "f7cdb1940e6abac703c153b0c0fbb9f8dd7fb2be7b3556b97a9a5c3aea2724fa",
    "classic-advanced-4p-s34": "f3021f89086606e7a083ca34aad081b42ab1e36f3c2f7027c017eb9b9293a44d",
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
