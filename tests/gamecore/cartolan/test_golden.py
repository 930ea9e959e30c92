"""Golden records: seeded random games must replay exactly as the engine played them when the
digests were taken (speed work must not change behaviour, issue 5 item 8).

Each game is played through the public ``apply`` and, in lockstep, through the simulation
fast path ``apply_in_place``; the digest covers every legal-action list (order included),
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

Re-recorded for issue 23 item 7 (binding decision 15): ``classic`` plays differently (a pirate's
wonder found in a domain pays nothing, attacks are open on a Disaster tile, the Capital's
neighbours point North-East with four players too), and every view's move meter gained
``upwind_left`` / ``land_left`` (classic: "any direction" now counts only the first move).
``modern`` changed its bytes only: with the meter's old keys put back, every ``modern`` digest
is the one recorded before.
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
    (
        "classic",
        "regular",
        3,
        26,
        {"second_adventurer": "on", "travel_money": "on", "abandon": "on"},
    ),
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
        fast_events = GAME.apply_in_place(fast, seat, action, record=True)
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
    "modern-beginner-2p-s11": "ba16c5e21a89f3fd834c2378029add0859fd3ba9338d509b93679b1d5741a4e0",
    "modern-beginner-3p-s12": "08a0587ad34e1c77be4792c8a8642fee5a0d45a9227e3403e8547c1a5d8c19db",
    "modern-beginner-4p-s13": "073721186df8baa3102d4ab021d7f71331d446ad849e3c8e7c9fda3ca709f763",
    "modern-beginner-4p-s14": "2dc27edb9d77af555cf4b7c2e6a6267407dd5c812d4ae8ab5806142577d944b4",
    "modern-regular-2p-s11": "e64e452d75708298d10a1584386fc644f2d006cbeea006b9da9833d80eea694c",
    "modern-regular-3p-s12": "639f14ca4a70ff376196eaca2e99bfdf82aefc5de98007cf769dc68359fd50c9",
    "modern-regular-4p-s13": "e406e44bbf02865a0b40dc4405d5e1b2c8d8e86713d05147b4ae7c0fe5e5ab40",
    "modern-regular-4p-s14": "02c39e7d7d2b59411ee596825af19d6f93244140b336e8bd1a0c042e4930279d",
    "modern-advanced-2p-s11": "d247a31f604cb493c19f6a73f8541e6e0d130d4b50a43afe9fa62e25ff57019d",
    "modern-advanced-3p-s12": "d96f5a8250dbdf2c83e89b3c00305e4a9bb1061b0f3ba201b143899b757f9ce8",
    "modern-advanced-4p-s13": "5b85be8feb0866844f5572e21841d82d366e32cb91872b743a5c4f20974c1692",
    "modern-advanced-4p-s14": "244e03447b0aff079eea244badc8e82181dfa4fd51f4975078f91c6c70fca7e4",
    "classic-beginner-2p-s11": "0aac412e0ad4d65880d9e71371d984815a55d0253fd83248f9833336398eb212",
    "classic-beginner-3p-s12": "4fa054ca9fc3d222009494db2ac4b5ae033a9c6ebada35a5a699dacde3484a8f",
    "classic-beginner-4p-s13": "2edf0e3b40bd67ddfdef65bc7043d016a59da53b0e91a24a19985a0712334298",
    "classic-beginner-4p-s14": "6477c7e55c26d59d701c309726c5a16ede16499bbe01175f8caeef6505de5f31",
    "classic-regular-2p-s11": "22f2ead92001482fe4a1c596c304ad1e96fc2077dce5c40b903103c44dc0869d",
    "classic-regular-3p-s12": "dea6d45619460977c91b3820327c4ace2783660a0e0b94294dc29798ecca0e46",
    "classic-regular-4p-s13": "a2a116647632da75794bff2da9caee338f964ec33164e168fdf542658a46eb29",
    "classic-regular-4p-s14": "5d7f50cc207d38a2f580166d0728cd75d62d01ac17999bbda4b36b74189c3777",
    "classic-advanced-2p-s11": "cf0736545c2e4967f8943dd7377f16bc10f6241b2076cc971aaa304ee21e6cb9",
    "classic-advanced-3p-s12": "4195fcccf28df021785aad4720fdab175be192cafbb2dd0a7f9ba2b09cf54df1",
    "classic-advanced-4p-s13": "66214929880195ddeb4071eed248c4ee993d98d21ce1892bf20ee385f03f0882",
    "classic-advanced-4p-s14": "4d00a2ed601d476636363edbac7fbcb87548337e4d969dc918e07d6d8e0bd400",
    "modern-regular-3p-s21-movement=budgetted": "edc747bf0388a96e69d7f396b2dcf855303a04c7a175c0dc22300f1ad48e04c9",
    "classic-advanced-4p-s22-movement=budgetted": "6dc32fe3f71a0d38e6502d4a495e9f1bd6b855d801bd5e3a55092627c60b47cd",
    "modern-advanced-4p-s23-exploration=clockwise": "79965b8036419b6cd42b6bc7d2cf6b5a6f67f840437f5c5106d5ca5ef426873c",
    "classic-regular-2p-s24-exploration=continuous,mythical=on": "36f783c6bec9e9a76745a791c11f14a9688507a5041875e3ee424177bf630ccd",
    "modern-beginner-4p-s25-mythical=on": "4aa097cab42ee31e7261e7bb472940448647a1bc992f0635d0595204cdcb8782",
    "classic-regular-3p-s26-abandon=on,second_adventurer=on,travel_money=on": "8dc0033360eb5f30425123cd27f5ca3c691bab3082a13f6f69f60c6cdc8009d4",
    "modern-regular-4p-s27-abandon=off,second_adventurer=on": "9f94d19858b9e4a738646fa6c41c932f8fedafa4fad068aeb6016f6f550fea96",
    "classic-advanced-3p-s28-second_adventurer=on": "65e6cad7c5cde4ad44a2da823a9a76f0e8d2dc7eab85f0931229cec9e7318846",
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
