"""Golden records: seeded random games must replay exactly as the engine played them when the
digests were taken (speed work must not change behaviour, issue 5 item 8).

Each game is played through the public ``apply`` and, in lockstep, through the simulation
fast path ``_apply_inplace``; the digest covers every legal-action list (order included),
every action, every event, a view every few steps, and the final JSON.
Regenerate the table only for an intended rules change:
``.venv/bin/python -m tests.gamecore.cartolan.test_golden``.
"""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

import pytest

from gamecore.games.cartolan import GAME

VIEW_EVERY = 3

#: (preset, mode, seats, seed, extra options) → expected sha256.
CASES: list[tuple[str, str, int, int, dict[str, Any]]] = [
    (preset, mode, seats, seed, {})
    for preset in ("modern", "classic")
    for mode in ("beginner", "regular", "advanced")
    for seats, seed in ((2, 11), (3, 12), (4, 13), (4, 14))
] + [
    ("modern", "regular", 3, 21, {"movement": "budgetted"}),
    ("classic", "advanced", 4, 22, {"movement": "budgetted"}),
    ("modern", "advanced", 4, 23, {"exploration": "clockwise"}),
    ("classic", "regular", 2, 24, {"exploration": "continuous", "mythical": "on"}),
    ("modern", "beginner", 4, 25, {"mythical": "on"}),
]


def _dump(value: Any) -> bytes:
    return json.dumps(value, sort_keys=True, separators=(",", ":")).encode()


def play_digest(preset: str, mode: str, seats: int, seed: int, extra: dict[str, Any]) -> str:
    """Play one random game both ways, check they agree, and digest everything observable."""
    options = {"preset": preset, "mode": mode, **extra}
    state = GAME.setup(seats, seed, options)
    fast = GAME.setup(seats, seed, options)
    chooser = GAME.players()["random"]
    rng = random.Random(seed)
    digest = hashlib.sha256()
    step = 0
    while not state.over:
        seat = state.seat
        legal = GAME.legal_actions(state, seat)
        assert GAME.legal_actions(fast, seat) == legal
        action = chooser(None, legal, rng)
        before = GAME.to_json(state) if step % 50 == 0 else None
        state, events = GAME.apply(state, seat, action)
        if before is not None:
            assert GAME.to_json(GAME.from_json(before)) == before  # apply did not mutate
        fast_events = GAME._apply_inplace(fast, seat, action, record=True)
        recorded = [[event.kind, event.data] for event in events]
        assert [[event.kind, event.data] for event in fast_events] == recorded
        digest.update(_dump([[list(a) for a in legal], list(action), recorded]))
        if step % VIEW_EVERY == 0:
            viewers = (*range(seats), None)
            viewer = viewers[step // VIEW_EVERY % len(viewers)]
            digest.update(_dump(GAME.view(state, viewer)))
        step += 1
    final = GAME.to_json(state)
    assert GAME.to_json(fast) == final
    digest.update(final.encode())
    digest.update(_dump(GAME.score(state)))
    return digest.hexdigest()


EXPECTED: dict[str, str] = {
    "modern-beginner-2p-s11": "dab021d08b7d0f2a5d263467f8264f91ed978654ca3b5173bb57f682f4f5573f",
    "modern-beginner-3p-s12": "b839738b3a2b5a68819ea0da4f761e1dcf773142156038611ffe9623771b5e81",
    "modern-beginner-4p-s13": "4e5618c4b28208e982600a2e6dfa7b7a45cb2240ea62d18f00e3f63af5a82ad0",
    "modern-beginner-4p-s14": "256c03310076c0144efaacb28ad6679444588f8449b6031ad9f622cbdcb742e1",
    "modern-regular-2p-s11": "864238e0c05b39868064e8bfdf764b9ffc9c60063337a68ceb8bd02baeb38fc2",
    "modern-regular-3p-s12": "f50b1541ed494ef575632ae0306a9d235325f0ea20d0fb0db27603a71bbe236f",
    "modern-regular-4p-s13": "817e10e6dbd2be95f380c896df081b760e457e74ff7f86b342eedec315281a15",
    "modern-regular-4p-s14": "0bbf0938b653dc4eeb3184dac828806dccf2c1e76f941b762e9da95230be0db4",
    "modern-advanced-2p-s11": "d0f6d7010c8249976f0812783c748699361694fd656b44ef96153800a77d4175",
    "modern-advanced-3p-s12": "95aa42d66526deeb6ce5f1baf117ceb09197125e31ee0fd89feb7e37cc6ee46a",
    "modern-advanced-4p-s13": "4f83709be7ac1122d620fa684cbcd9073504ffb66264daa04e1d84177271605d",
    "modern-advanced-4p-s14": "554f9df09e5cb5bad89f74698d2313ebc6663c0ada465828cfc945407cde3303",
    "classic-beginner-2p-s11": "b990d89175308780d0fd9db9bea90e7527f2b5b4453de61b93ef18afaa5642d3",
    "classic-beginner-3p-s12": "f365a30fe3ae59272f6d457b5bae85766b4c19165c059d9334bef36c5f1f08b1",
    "classic-beginner-4p-s13": "a411b951c6347208571bf981fa7de98e2b566fa7e74accab54d86cbe187424f1",
    "classic-beginner-4p-s14": "7037ce611e75759dc17b31b9a3dcbf53b55f5004ab60f50f0ae5e91bc5cadde6",
    "classic-regular-2p-s11": "ddb597d0fc54bb66a2e245299ad1dce026aa389139704f0818b696a438190f2a",
    "classic-regular-3p-s12": "fd6f047b3b68e68064f808e99ebadc453b7bb8c495fcb65fde3d912eda2c80f8",
    "classic-regular-4p-s13": "557b1d014d9ffa7c9fa84f828b64e12e1f055ea1aed502845d197d9e8a3e8480",
    "classic-regular-4p-s14": "fdc7d36f0c9f99dc292c034805b58ee6643183a0e5bf89c7ced0f7e781ac395e",
    "classic-advanced-2p-s11": "124d7dce86b1eac4529b4b7b426a7adb72f7862be965f3b1ce476a4c4bebebdb",
    "classic-advanced-3p-s12": "be014cebea8fe84e654a2c1dea20df73637ef8249c29abe4ba76ea052133978c",
    "classic-advanced-4p-s13": "7dcba4244559eeafef3b0c1777ba481554143d6450d5ee051ac0aad67470ee6a",
    "classic-advanced-4p-s14": "dcacdd30229ad868d208750c6b43255dd262b6c1aa2f63c94d184ac1c0601517",
    "modern-regular-3p-s21-movement=budgetted": "b272fc7b74ce8e649aba3f61208a9bec90cd2bee5b70a887c226ff8efcbe4de4",
    "classic-advanced-4p-s22-movement=budgetted": "2342e89ea47cccb397a6d8446c980446ea12a081172e62b282bb9580a2cfdcc0",
    "modern-advanced-4p-s23-exploration=clockwise": "11854bbf01df87ad73d7b739d2b64f9a1b222075d685c540220700fcdf44d52a",
    "classic-regular-2p-s24-exploration=continuous,mythical=on": "515e19aa9fa4265bc2d7913c515b9b97edf66af960ff58c21e70d9ab205df6d7",
    "modern-beginner-4p-s25-mythical=on": "9f6daae11e4dbf8ed5e107046d431cb6ddc77fe39131aeacad1d879e52eb02a7",
}


def _case_id(case: tuple[str, str, int, int, dict[str, Any]]) -> str:
    preset, mode, seats, seed, extra = case
    options = ",".join(f"{k}={v}" for k, v in sorted(extra.items()))
    return f"{preset}-{mode}-{seats}p-s{seed}" + (f"-{options}" if options else "")


@pytest.mark.parametrize("case", CASES, ids=_case_id)
def test_game_replays_exactly(case: tuple[str, str, int, int, dict[str, Any]]) -> None:
    assert play_digest(*case) == EXPECTED[_case_id(case)]


if __name__ == "__main__":
    for case in CASES:
        print(f'    "{_case_id(case)}": "{play_digest(*case)}",')
