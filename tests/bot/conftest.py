"""Bot tests fail when the bot logged an error it caught itself (errors that reach the
user as "something went wrong" would otherwise pass unnoticed)."""

from __future__ import annotations

import logging

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
