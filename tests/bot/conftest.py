"""Bot tests fail when the bot logged an error it caught itself (errors that reach the
user as "something went wrong" would otherwise pass unnoticed)."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def no_logged_errors(request: pytest.FixtureRequest, caplog: pytest.LogCaptureFixture):
    caplog.set_level(logging.WARNING, logger="tabletop")
    yield
    if request.node.get_closest_marker("logs_errors"):
        return
    records = caplog.get_records("setup") + caplog.get_records("call")
    errors = [r for r in records if r.name.startswith("tabletop") and r.levelno >= logging.ERROR]
    assert errors == [], [r.getMessage() for r in errors]


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "logs_errors: the test provokes errors the bot logs")


#: simcord's per-interaction settle timeout for these tests (its default, 5 s, is too short
#: for a render or a simulation on a loaded two-core machine).
SETTLE_TIMEOUT = 60.0


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:  # noqa: ARG001 - pytest hook signature
    here = str(Path(__file__).parent)
    for item in items:
        if not str(item.path).startswith(here):
            continue
        marker = item.get_closest_marker("simcord")
        options = dict(marker.kwargs) if marker else {}
        options.setdefault("settle_timeout", SETTLE_TIMEOUT)
        item.add_marker(pytest.mark.simcord(**options), append=False)
