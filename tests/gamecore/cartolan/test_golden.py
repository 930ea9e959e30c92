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

Re-recorded for issue 12 item 2 (the designer's Trader/Router follow their Agents in the order
placed): the view lists Agents in that order and a new Agent is put last in the state's Agent
table, also where a ransacked one stood. Only bytes changed: the random players' legal lists,
actions and events are those recorded before.

Then ``modern`` Regular/Advanced again (issue 12 item 2): a tile that did not fit is
discarded turned to the arrow of the tile explored from, as the designer's code leaves it; the
placement rules ignore how a tile lies, so only the bytes of the piles and Chests changed.

And ``modern`` (every mode) once more: a turn that starts on a wonder opens its trade
(``state.TRADE_AT_TURN_START``: the list of wonders traded at is cleared as a turn ends, and
the designer's Router trades then), so those legal lists gained ``trade`` and the random
players' games went other ways; ``classic`` is unchanged.
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
    "modern-beginner-2p-s11": "0ae17970834cf63e577da192073344ecb8dd24c8175f927a600543ab09cacff2",
    "modern-beginner-3p-s12": "2cd0cdccef65038ff8be312860667ab5dd102f2d665ce2eced4f446ba5028e05",
    "modern-beginner-4p-s13": "b4290c0f705a7bca193fb30acd28ce372b8762e554874a69cc72711fbd121d5b",
    "modern-beginner-4p-s14": "fa1fcdeb9ff59481d8ee1a5ac6c398d23b51afb199db02a56e22820b73bc2bd1",
    "modern-regular-2p-s11": "2de189bad1b539ec3f498d544dee77bb477c72ded3c0f72867df9974e387fd04",
    "modern-regular-3p-s12": "28d7c0db2df1f46cfc64defd7e1c23f54ee804980962b3ef0fb3f62323c2f937",
    "modern-regular-4p-s13": "50610203721af630b0e0aa5a36d02e5728dfea3e3798ab1a4f63e08a4f822bfe",
    "modern-regular-4p-s14": "a77c5a52fb9b16e4f9530b0167d58212519afb7164431fe483fafb7001220468",
    "modern-advanced-2p-s11": "787af0ddfa4b1f0e5629762000b3c24de2ba321abc7961a15b60d884cf6551a9",
    "modern-advanced-3p-s12": "8ebe72fcc41bd54e962997064ceae2560eeebf3fe8dec808b5c76f5148e5d6c0",
    "modern-advanced-4p-s13": "023910afa5beeb3b525941f35db430e1caff78ce014b88cd83d4a1c2caee5690",
    "modern-advanced-4p-s14": "3813b038fc4082c243bdabbf6c3d087454fe9d393f2f9582c86fb2f97266049f",
    "classic-beginner-2p-s11": "ba6fbb9350482a647f796118539d63843265c0b2275ccfca4bcb3d3344671bae",
    "classic-beginner-3p-s12": "37e62f9a517ba046fc3161e6eb4ded63d601dde7244522c365b845aea30c95d8",
    "classic-beginner-4p-s13": "be75d34d47fd47c1630b8120abfc075724fa0034149ac6759ed188ff1049d697",
    "classic-beginner-4p-s14": "17e8380676f8284fd6fce5349a558f51b15a6fdf53860f1cf274d5ba29730901",
    "classic-regular-2p-s11": "7beb1c73ddea099408d23a4bd97f9eaeeb2b23af8c8b7d4e55a6d111109966c0",
    "classic-regular-3p-s12": "48bf7666ea95189d0eae9a0cf3346f299e50bdcb8abf167ec93d7027f82330d2",
    "classic-regular-4p-s13": "96a80cbbeb8c7c8762e10d20346d18687b7641688ed1388e0f24db943f3411d1",
    "classic-regular-4p-s14": "43875a29d3b6e58b6c4f4a311278781892ecc485aed7db324b91dc34953d04f7",
    "classic-advanced-2p-s11": "86636c1cc70d4a769143faf54f3fe0443b4f1b89f6a3fecf9a7b287c7a82469a",
    "classic-advanced-3p-s12": "574bf9c138e1e99daec6bfbf04ac20170fd6f30f42f6222c8e319c5111ad14af",
    "classic-advanced-4p-s13": "470934ecded34372afbc79c70f9ba016cabc591a2fa8f8fcb7832cc4521e44fe",
    "classic-advanced-4p-s14": "2ad4ec229126b255bf7a42d6bbbad3e810b59f6edf21f9d6a7071180d1e991f9",
    "modern-regular-3p-s21-movement=budgetted": "edc747bf0388a96e69d7f396b2dcf855303a04c7a175c0dc22300f1ad48e04c9",
    "classic-advanced-4p-s22-movement=budgetted": "300b5a26915cc6ef0ac41f6f341729657e843a83d8aad92df9ed14a182ccb7de",
    "modern-advanced-4p-s23-exploration=clockwise": "80d838eda579d0707d066a4f1f9b242465921d66b32b1e2b2da675ebf1af11fb",
    "classic-regular-2p-s24-exploration=continuous,mythical=on": "9af78ca0ba0be3da4bc4df71ff14c28939206703535e1a9f4b509dbc81b3577d",
    "modern-beginner-4p-s25-mythical=on": "8f7eb6a84148433e710a5e3a4522b7cbe0f3d2472cac0255a38a4041faaaa176",
    "classic-regular-3p-s26-abandon=on,second_adventurer=on,travel_money=on": "591d4c493fb659338ed672c2b5b69acf23cee775bbd90879e9ab4061c40d97a6",
    "modern-regular-4p-s27-abandon=off,second_adventurer=on": "a522b67e08ed233857b910d30ce5e74226f11f4266d9617af70d26e1cb11722f",
    "classic-advanced-3p-s28-second_adventurer=on": "909bd6d7fd91ef972ba2d31a3dab0f268a813ebcaca0ff47152bf879e4b3a0e1",
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
