"""Issue 7.3: hostile input through the match service and the bot's custom_id templates.

Generated move notation (random unicode, control characters, huge strings, near-misses of
real moves), versions, users, match ids, component custom_ids (other matches, versions,
users; malformed, over-long) and option values. Each must end in a typed, translated refusal
that changed nothing, or in a legitimate step (see ``fuzzing.py``). ``bench/fuzz.py`` runs
the same checks on 100,000+ inputs.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.hardening.fuzzing import (
    HOST,
    Finding,
    ServiceFuzzer,
    component_classes,
    fuzz_one,
    route_custom_id,
)

EXAMPLES = 500


@pytest.fixture
def fuzzer():
    fuzzer = ServiceFuzzer()
    yield fuzzer
    fuzzer.close()


def test_generated_hostile_inputs_are_refused_cleanly_and_change_nothing(fuzzer):
    @given(data=st.data())
    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    def one(data):
        fuzz_one(fuzzer, data)

    one()
    tally = fuzzer.tally
    print(
        f"{tally.inputs} inputs: {tally.refused} refused, {tally.applied} applied, "
        f"{tally.ignored} ignored; codes {sorted(tally.codes.items())}"
    )
    assert tally.inputs >= EXAMPLES
    assert tally.refused > EXAMPLES // 3
    assert [f"{f.kind}: {f.detail}" for f in tally.findings if f.known_gap is None] == []


def test_the_fuzzer_notices_a_refusal_that_changed_something(fuzzer):
    """The checks can fail: a refusal after a write is reported."""
    match_id = fuzzer.pool["cartographer:playing"]
    real_play = fuzzer.service.play

    async def sneaky(match_id, user, notation, version=None):
        await fuzzer.service.set_board_message(match_id, 42)  # writes a row
        return await real_play(match_id, user, notation, version)

    fuzzer.service.play = sneaky
    fuzzer.play(match_id, HOST, "reveal Z9 7H C3", None)
    assert [f.kind for f in fuzzer.tally.findings] == ["changed_after_refusal"]


def test_the_fuzzer_notices_an_escaping_exception_and_an_illegitimate_move(fuzzer):
    match_id = fuzzer.pool["cartographer:playing"]
    fuzzer.play(match_id, HOST, "x" * 10, 10**9)  # a plain refusal: no finding
    assert fuzzer.tally.findings == []

    async def broken(*args):
        raise KeyError("boom")

    fuzzer.service.hint = broken
    fuzzer.hint(match_id, HOST)
    assert [f.kind for f in fuzzer.tally.findings] == ["exception"]


def test_known_gaps_are_recognised_and_nothing_else():
    cartolan = Finding(
        "illegitimate_success", "play('abc', 222, 'move  E', 88): 'move E' was not a legal move"
    )
    assert cartolan.known_gap is not None
    speiderne = Finding(
        "illegitimate_success",
        "new_match('speiderne', options={'max_rounds': "
        "[]}): options accepted, but the lobby can never start "
        "(speiderne_max_rounds)",
    )
    assert speiderne.known_gap is not None
    assert Finding("exception", "play('abc', 1, 'wait', 3) -> KeyError").known_gap is None


def test_the_bot_templates_are_found_and_parse_its_own_ids():
    classes = component_classes()
    assert classes, "no DynamicItem in cogs/"
    route = route_custom_id("tt:mv:abc234:7:0", classes)
    assert route is not None and route.groups["match"] == "abc234"
    assert route.groups["version"] == "7"
    assert route_custom_id("tt:mv:" + "a" * 300 + ":7:0", classes) is None
