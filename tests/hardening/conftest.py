"""The hardening tests that drive the bot check what the bot tests check: no follow-up is the
first answer after a "thinking" defer (tests/cogs/conftest.py)."""

from tests.cogs.conftest import first_answer_edits_the_deferred_response  # noqa: F401 - an autouse fixture
