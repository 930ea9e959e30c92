"""Golden records: seeded random games must replay exactly as the engine played them when the
digests were taken (speed work must not change behaviour, issue 5 item 8).

Each game is played through the public ``apply`` and, in lockstep, through the simulation
fast path ``_apply_inplace``; the digest covers every legal-action list (order included),
every action, every event, a view every few steps, and the final JSON.
Regenerate the table only for an intended rules change:
``.venv/bin/python -m tests.gamecore.cartolan.test_golden``.

Re-recorded for issue 12: ``classic`` changed as binding decision 12 requires; ``modern``
Regular/Advanced games changed by decision 14 only (chest-map refills restart at water): with
the old refill put back, every ``modern`` game's legal lists, actions and events are exactly
those recorded before. Every record also changed its bytes because the state and the view
gained the new options (``second_adventurer``, ``travel_money``, ``abandon``) and fields
(``moved``, ``fresh``, ``equipped``), so ``modern`` Beginner (untouched by 14) has new
digests with the same play.
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
    ("classic", "regular", 3, 26, {"second_adventurer": "on", "travel_money": "on", "abandon": "on"}),
    ("modern", "regular", 4, 27, {"second_adventurer": "on", "abandon": "off"}),
    ("classic", "advanced", 3, 28, {"second_adventurer": "on"}),
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
    "modern-beginner-2p-s11": "706e249756f9d3abc261a3d9ba1dc3994104ce7f2a05ce3b421e25ebeaadf3ba",
    "modern-beginner-3p-s12": "badb2dfe841ffbc5d71ceded5034c6f16efbe130449fa1f41bf0471557ee49b2",
    "modern-beginner-4p-s13": "e3c51dd08fd6b76472611221c75e2eb53ed0846f240bf9561719d5e9ff169e47",
    "modern-beginner-4p-s14": "35d519a8b54c643d4c49689977d1daebe756655d01f81465004ffbfbeff40405",
    "modern-regular-2p-s11": "ff4d91e4b4b1c4b6ad50608d34471dc3a55200f18b9884feb6ddf3315af08bc7",
    "modern-regular-3p-s12": "ae50a9e8a7965adaa3c438ba73599b519e2ac8c0eacb68146434e4fc1123b0e1",
    "modern-regular-4p-s13": "1e5116a984900f7295be7da58a4066206e70611bb4351eabc4f180f7e444bf41",
    "modern-regular-4p-s14": "4f3d279292904903ea1fe148428196955ef8582853d2362d704a6589e9f3e2f8",
    "modern-advanced-2p-s11": "d668cb0c59d7e71c7525c32d78ca1a88b285ae80c8adc1ae2cc6d96a3c07327f",
    "modern-advanced-3p-s12": "49940d0a78103ed31745e5c4f8ac34d210e25a90bd3b7a6c24de59c6ddb6a63c",
    "modern-advanced-4p-s13": "6dfbf4437ffcb058939b899dfef641b7a33f02321f4a7e8f6d125416af34731c",
    "modern-advanced-4p-s14": "962b4bf70140e6279212bb6b1d4b5becec5aa5f44df7ba68d8c9c1738c37eaa4",
    "classic-beginner-2p-s11": "8b6e9b30a2f2b8d8c6356a304be855b21469aea871932ca95f3e77f0b1e5760c",
    "classic-beginner-3p-s12": "51886d7f79cc1297c426795a3c73674fbe289d59de66f0978e1de58a5ae8e949",
    "classic-beginner-4p-s13": "f48ba76061da46e4946e9d868c059465ac4cbf77ce83e53d67a7b40f3ef50e4f",
    "classic-beginner-4p-s14": "abc4e54cd8627fc02cb835dee37412eb6d3d8020e1b38734611a432471d58c81",
    "classic-regular-2p-s11": "ce7c5da4cb3a9595c19d982f71946a9b96b76ee7b4b5f6bf06903ec0180db939",
    "classic-regular-3p-s12": "804d8a105ea70755984a5f1bdc019c0e23a9ef341485fdc6375fc5d85602d7c2",
    "classic-regular-4p-s13": "25102a454af51bf39652138bf621fc741b71e164b06ec1f24c510f4ff55a3bdb",
    "classic-regular-4p-s14": "f78a24f40815fc69078b59db745fb3962b7b3f1894708c824461ec1000cb60c3",
    "classic-advanced-2p-s11": "0d3b289e6ffda2bf2f67a3c4e69242597d6c3ea45c075ca0d6ef09cb20d5b067",
    "classic-advanced-3p-s12": "44fd424c4781308d7d8f44720178a52bd17531af2637eaeeef7ec77b475ebcd3",
    "classic-advanced-4p-s13": "3055f468d4913d208f7a87158806a55c71c77e521c96b15b1074999a07cc0a5f",
    "classic-advanced-4p-s14": "e23aab04e4218d43b05c62d580104180abc8cba0cbad256096e509f3ae14f060",
    "modern-regular-3p-s21-movement=budgetted": "cc2aed170b6155027ff43898570c985ed591a7666d1ec52dbb2251d19ea8def6",
    "classic-advanced-4p-s22-movement=budgetted": "5614007cf7f5d4775492014eaff8c4855c5395efed258e40a6c7f3f388d185cc",
    "modern-advanced-4p-s23-exploration=clockwise": "ad2dccf7aa23254f291039d0df184ecc54f420fcd7af995a841a64bf872973f2",
    "classic-regular-2p-s24-exploration=continuous,mythical=on": "0ec9a0f083d2416af179aaece593c3eebde171801d078ab0f42f2aab0a6b2e02",
    "modern-beginner-4p-s25-mythical=on": "b117fcc69dd28d9f5de036aece8b1c167d598b105811012268a3f2b9f233cea3",
    "classic-regular-3p-s26-abandon=on,second_adventurer=on,travel_money=on": "0dd3a3481d292355cf9db5f896a1a91d9982734a1639345ef850fcc391e16280",
    "modern-regular-4p-s27-abandon=off,second_adventurer=on": "ed095d31e300f3a8687a3de01d66aced7bce6f75e878593e16229e0046ecd39e",
    "classic-advanced-3p-s28-second_adventurer=on": "d11316ec0b0cddea0cecb7b65b1f12336197a571206bf92df8618f7bf4914304",
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
