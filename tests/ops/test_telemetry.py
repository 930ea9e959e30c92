"""The health endpoint (``telemetry.health``), the JSON log lines and the settings that
turn them on; the graceful stop's ``Intake``."""

from __future__ import annotations

import asyncio
import json
import logging
import re
import socket
from collections.abc import Mapping
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import aiohttp
import pytest
from prometheus_client import REGISTRY

from bot import (
    HealthEndpointError,
    Settings,
    SettingsError,
    ShardedTabletopBot,
    bot_failure,
    create_bot,
    interaction_name,
    main,
    setup_logging,
)
from service.intake import Intake, collecting_tasks, install_task_collector
from storage import ShardFilter, store_for
from telemetry import (
    CLOCKS_FIRED,
    GATEWAY_LATENCY,
    IN_FLIGHT,
    INTERACTION_ID,
    INTERACTIONS,
    MATCH_ID,
    POOL_WAIT,
    QUEUE_LENGTH,
    STAGE_SECONDS,
    STORE_REFUSALS,
    ContextFilter,
    JsonFormatter,
    stage,
)
from telemetry.health import HealthServer

ROOT = Path(__file__).resolve().parents[2]


class Checks:
    """Readiness checks a test sets by hand."""

    def __init__(self) -> None:
        self.results = {"gateway": False, "database": True}
        self.hang = False

    async def __call__(self) -> Mapping[str, bool]:
        if self.hang:
            await asyncio.Event().wait()
        return self.results


async def get(server: HealthServer, path: str) -> tuple[int, str]:
    async with (
        aiohttp.ClientSession() as session,
        session.get(f"http://127.0.0.1:{server.port}{path}") as response,
    ):
        return response.status, await response.text()


async def test_live_ready_and_metrics(monkeypatch: pytest.MonkeyPatch) -> None:
    checks = Checks()
    scrapes: list[int] = []
    server = HealthServer(checks, before_scrape=lambda: scrapes.append(1))
    await server.start()
    try:
        assert server.port > 0
        assert (await get(server, "/live"))[0] == 200
        status, body = await get(server, "/ready")
        assert status == 503 and json.loads(body) == {
            "ready": False,
            "gateway": False,
            "database": True,
        }
        checks.results["gateway"] = True
        assert (await get(server, "/ready"))[0] == 200
        monkeypatch.setattr("telemetry.health.CHECK_TIMEOUT", 0.05)
        checks.hang = True  # a hung database: not ready (and the endpoint still answers)
        assert (await get(server, "/ready"))[0] == 503
        with stage("store"):
            pass
        status, text = await get(server, "/metrics")
        assert status == 200 and scrapes == [1]
        for family in (
            "tabletop_interactions_total",
            "tabletop_stage_seconds_bucket",
            "tabletop_store_refusals_total",
            "tabletop_pool_wait_seconds_bucket",
            "tabletop_queue_length",
            "tabletop_gateway_latency_seconds",
            "tabletop_clocks_fired_total",
            "tabletop_interactions_in_flight",
        ):
            assert f"# TYPE {family.removesuffix('_total').removesuffix('_bucket')}" in text, family
        assert 'tabletop_stage_seconds_count{stage="store"}' in text
    finally:
        await server.stop()


def test_json_log_lines_carry_the_match_and_interaction() -> None:
    record = logging.LogRecord("tabletop.x", logging.WARNING, "f", 1, "slow %s", ("db",), None)
    tokens = INTERACTION_ID.set(1456074443980800021), MATCH_ID.set("ab12")
    try:
        ContextFilter().filter(record)
    finally:
        INTERACTION_ID.reset(tokens[0])
        MATCH_ID.reset(tokens[1])
    line = json.loads(JsonFormatter().format(record))
    assert line["message"] == "slow db" and line["level"] == "WARNING"
    assert line["match_id"] == "ab12" and line["interaction_id"] == "1456074443980800021"
    outside = logging.LogRecord("tabletop.x", logging.INFO, "f", 1, "idle", (), None)
    ContextFilter().filter(outside)
    assert json.loads(JsonFormatter().format(outside))["match_id"] is None


def test_settings_of_the_endpoint_the_log_format_and_the_stop() -> None:
    default = Settings.from_env({})
    assert default.health_port is None and default.log_format == "text"
    chosen = Settings.from_env(
        {"HEALTH_PORT": "9464", "HEALTH_HOST": "0.0.0.0", "LOG_FORMAT": "JSON", "STOP_TIMEOUT": "5"}
    )
    assert (chosen.health_port, chosen.health_host, chosen.log_format, chosen.stop_timeout) == (
        9464,
        "0.0.0.0",
        "json",
        5.0,
    )
    for wrong in ({"HEALTH_PORT": "http"}, {"LOG_FORMAT": "xml"}, {"STOP_TIMEOUT": "soon"}):
        with pytest.raises(SettingsError):
            Settings.from_env(wrong)


def test_interactions_are_named_by_command_or_component() -> None:
    command = {
        "type": 2,
        "data": {"name": "game", "options": [{"type": 1, "name": "new", "options": []}]},
    }
    assert interaction_name(command) == "game new"
    assert interaction_name({"type": 4, "data": {"name": "play"}}) == "autocomplete play"
    assert interaction_name({"type": 3, "data": {"custom_id": "tt:mv:ab12:3:0"}}) == "tt:mv"


async def test_intake_drains_the_work_under_way_within_its_bound() -> None:
    intake = Intake()
    release = asyncio.Event()

    async def work() -> None:
        await release.wait()

    intake.track(asyncio.ensure_future(work()))
    stuck = asyncio.ensure_future(asyncio.Event().wait())
    intake.track(stuck)
    intake.close()
    assert intake.closing and intake.under_way == 2
    release.set()
    assert await intake.drain(0.2) == 1  # the stuck one is left, and said
    stuck.cancel()
    await asyncio.gather(stuck, return_exceptions=True)
    await asyncio.sleep(0)  # its done callbacks
    assert intake.under_way == 0


async def test_a_postgresql_call_is_timed_as_a_pool_wait(postgres_url: str) -> None:
    store = store_for(postgres_url)
    await store.open()
    try:
        before = REGISTRY.get_sample_value("tabletop_pool_wait_seconds_count") or 0.0
        await store.user_matches(1, live=True, limit=1)
        assert REGISTRY.get_sample_value("tabletop_pool_wait_seconds_count") == before + 1
    finally:
        await store.close()


def family_name(metric: Any) -> str:
    """The metric's family name as exported (a counter's without ``_total``)."""
    return str(metric.describe()[0].name)


def test_the_grafana_dashboard_draws_only_metrics_the_bot_exports() -> None:
    dashboard = json.loads((ROOT / "deploy" / "grafana-dashboard.json").read_text())
    exprs = [t["expr"] for panel in dashboard["panels"] for t in panel["targets"]]
    used = {name for expr in exprs for name in re.findall(r"\b(?:tabletop|process)_\w+", expr)}
    suffixes = {"counter": ("_total",), "histogram": ("_bucket", "_sum", "_count")}
    exported = {
        family.name + suffix
        for family in REGISTRY.collect()
        for suffix in suffixes.get(family.type, ("",))
    }
    assert used and used <= exported, used - exported
    drawn = {name.split("_total")[0].split("_bucket")[0] for name in used}
    for metric in (INTERACTIONS, STAGE_SECONDS, STORE_REFUSALS, POOL_WAIT, QUEUE_LENGTH):
        assert family_name(metric) in drawn  # every family of the issue has a panel
    assert {family_name(m) for m in (GATEWAY_LATENCY, CLOCKS_FIRED, IN_FLIGHT)} <= drawn


async def test_a_taken_health_port_is_told_in_one_line(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        bot = create_bot(Settings(database_url=f"sqlite:///{tmp_path}/t.db", health_port=port))
        with pytest.raises(HealthEndpointError) as raised:
            await bot.setup_hook()
    line = bot_failure(raised.value, bot.settings.database_url)
    assert line.startswith(f"The health endpoint cannot listen on 127.0.0.1:{port} (")
    assert "HEALTH_PORT" in line and "Discord" not in line
    await bot.close()


@pytest.mark.parametrize(
    ("setting", "value", "line"),
    [
        ("HEALTH_PORT", "http", "HEALTH_PORT must be a port number (1-65535), not 'http'."),
        ("LOG_FORMAT", "xml", "LOG_FORMAT must be text or json, not 'xml'."),
        ("STOP_TIMEOUT", "-1", "STOP_TIMEOUT must be seconds from 0 to 600, not '-1'."),
    ],
)
def test_a_wrong_setting_is_one_line_and_exit_2(
    setting: str, value: str, line: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main({"DISCORD_TOKEN": "token", setting: value}) == 2
    assert capsys.readouterr().err == line + "\n"


def test_a_sharded_bot_is_connected_only_when_every_shard_is(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    settings = Settings(shards=ShardFilter(4, frozenset({1, 3})))
    bot = create_bot(settings)
    assert isinstance(bot, ShardedTabletopBot)
    monkeypatch.setattr(bot, "is_ready", lambda: True)
    assert not bot.gateway_connected()  # no shard connected yet
    sockets = {1: SimpleNamespace(open=True), 3: SimpleNamespace(open=True)}
    parents = {i: SimpleNamespace(id=i, ws=ws) for i, ws in sockets.items()}
    monkeypatch.setattr(bot, "_AutoShardedClient__shards", parents)
    assert bot.gateway_connected()
    sockets[3].open = False  # one shard's connection dropped
    assert not bot.gateway_connected()


def test_json_logging_is_wired_to_the_bot_s_handler(capsys: pytest.CaptureFixture[str]) -> None:
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    try:
        setup_logging(Settings(log_format="json"))
        token = MATCH_ID.set("m1")
        try:
            logging.getLogger("tabletop.test").warning("clock late")
        finally:
            MATCH_ID.reset(token)
    finally:
        for handler in root.handlers[:]:
            if handler not in handlers:
                root.removeHandler(handler)
        root.setLevel(level)
    line = json.loads(capsys.readouterr().err.strip().splitlines()[-1])
    assert line["message"] == "clock late" and line["match_id"] == "m1"


@pytest.mark.parametrize("loop_kind", ["asyncio", "uvloop"])
def test_the_tasks_an_interaction_starts_are_collected(loop_kind: str) -> None:
    uvloop = pytest.importorskip("uvloop") if loop_kind == "uvloop" else None
    loop = uvloop.new_event_loop() if uvloop else asyncio.new_event_loop()

    async def run() -> tuple[int, int, bool]:
        install_task_collector(asyncio.get_running_loop())
        install_task_collector(asyncio.get_running_loop())  # twice: still one collector
        later: list[asyncio.Task[None]] = []

        async def child() -> None:
            later.append(asyncio.ensure_future(asyncio.sleep(0)))  # after the block closed

        with collecting_tasks() as started:
            asyncio.ensure_future(child())
            asyncio.get_running_loop().create_task(asyncio.sleep(0), name="named")
        outside = asyncio.ensure_future(asyncio.sleep(0))
        await asyncio.gather(*started, outside)
        await asyncio.gather(*later)
        return len(started), len(later), outside in started

    try:
        assert loop.run_until_complete(run()) == (2, 1, False)
    finally:
        loop.close()
