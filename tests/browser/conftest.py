"""The browser tests' bot runs a finished game's par at the test's own priority: at the
lowest (the bot's default), CPU burners beside the suite starve the worker past simcord's
settle timeout (seen: 60 s on a busy machine). tests/storage/test_deal_pars.py tests the
lowest priority itself."""

from __future__ import annotations

import pytest

from service import pars


@pytest.fixture(autouse=True)
def par_at_the_tests_priority(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pars, "LOWEST_PRIORITY", 0)
