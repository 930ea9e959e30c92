"""The optional mypyc build of Cartolan (tools/build_native.py, gamecore.games.cartolan.native):
pure Python when forced or stale, the compiled modules when built, from any directory."""

from __future__ import annotations

import hashlib
import json
import os
import pickle
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from gamecore.games.cartolan import GAME, native

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
from build_native import MODULES  # noqa: E402

PACKAGE = "gamecore.games.cartolan"
SUFFIX = sysconfig.get_config_var("EXT_SUFFIX")
built = pytest.mark.skipif(
    not native.NATIVE, reason=f"compiled modules not loaded: {native.STATUS}"
)

# Prints, in a fresh interpreter: whether the compiled modules load, and every module's file.
REPORT = (
    f"import json, {PACKAGE}.native as n, {', '.join(f'{PACKAGE}.{m}' for m in MODULES)};"
    f"print(json.dumps([n.NATIVE, n.STATUS, {{m: sys.modules['{PACKAGE}.' + m].__file__"
    f" for m in {list(MODULES)!r}}}]))"
)


def environment(**extra: str) -> dict[str, str]:
    """This checkout's gamecore (whatever the install points to), ``CARTOLAN_PURE`` unset."""
    environ = {k: v for k, v in os.environ.items() if k != "CARTOLAN_PURE"}
    return environ | {"PYTHONPATH": str(ROOT)} | extra


def report(cwd: Path, **env: str) -> tuple[bool, str, dict[str, str], str]:
    done = subprocess.run(
        [sys.executable, "-c", "import sys;" + REPORT],
        cwd=cwd,
        env=environment(**env),
        capture_output=True,
        text=True,
        check=True,
    )
    loaded, status, files = json.loads(done.stdout)
    return loaded, status, files, done.stderr


def test_pure_forced_loads_the_sources(tmp_path: Path) -> None:
    loaded, status, files, _ = report(tmp_path, CARTOLAN_PURE="1")
    assert not loaded and "CARTOLAN_PURE" in status
    assert all(path.endswith(".py") for path in files.values())


def _manifest(native_dir: Path, sources: dict[str, bytes], **extra: str) -> None:
    native_dir.mkdir()
    hashes = {path: hashlib.sha256(text).hexdigest() for path, text in sources.items()}
    manifest = {"ext_suffix": SUFFIX, "sources": hashes} | extra
    (native_dir / "manifest.json").write_text(json.dumps(manifest))


def test_check_accepts_a_fresh_build_and_refuses_a_stale_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("CARTOLAN_PURE", raising=False)
    (tmp_path / "game.py").write_bytes(b"x = 1\n")
    (tmp_path / "board.py").write_bytes(b"y = 2\n")
    _manifest(tmp_path / "_native", {"game.py": b"x = 1\n", "board.py": b"y = 2\n"})
    assert native.check(tmp_path / "_native") == (True, "mypyc")
    (tmp_path / "game.py").write_bytes(b"x = 3\n")
    assert native.check(tmp_path / "_native") == (False, "stale: game.py changed since the build")
    monkeypatch.setenv("CARTOLAN_PURE", "1")
    assert not native.check(tmp_path / "_native")[0]


def test_check_refuses_a_missing_or_foreign_build(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("CARTOLAN_PURE", raising=False)
    assert native.check(tmp_path / "_native") == (False, "not built")
    _manifest(tmp_path / "_native", {}, ext_suffix=".cpython-00-other.so")
    assert not native.check(tmp_path / "_native")[0]


@built
def test_native_modules_load_from_any_directory(tmp_path: Path) -> None:
    loaded, status, files, _ = report(tmp_path)
    assert loaded, status
    for name in MODULES:
        assert (native.NATIVE_DIR / f"{name}{SUFFIX}").is_file()
    # mypyc derives __file__ as if its group library sat at the top of the tree (cosmetic:
    # the module did load from _native/); a compiled module must not read files near it.
    assert all(path.startswith(str(native.NATIVE_DIR)) for path in files.values())
    assert all(path.endswith(SUFFIX) for path in files.values())


@built
def test_an_edited_source_is_loaded_instead_of_its_stale_build(tmp_path: Path) -> None:
    copy = tmp_path / "gamecore"
    shutil.copytree(ROOT / "gamecore", copy, ignore=shutil.ignore_patterns("__pycache__"))
    with (copy / "games" / "cartolan" / "game.py").open("a") as source:
        source.write("# edited after the build\n")
    loaded, status, files, stderr = report(tmp_path)
    assert not loaded and status == "stale: game.py changed since the build"
    assert all(path.endswith(".py") and path.startswith(str(copy)) for path in files.values())
    assert len(stderr.splitlines()) == 1 and "make native" in stderr


def test_simulate_with_workers(tmp_path: Path) -> None:
    """Workers receive pickled games: the compiled classes pickle too (and pure ones)."""
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "gamecore",
            "simulate",
            "cartolan",
            "--games",
            "4",
            "--players",
            "3",
            "--player",
            "explorer,trader,pirate",
            "--workers",
            "2",
            "--quiet",
            "--json",
        ],
        cwd=tmp_path,
        env=environment(),
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)


def test_states_pickle() -> None:
    """Simulation workers exchange pickled states: compiled classes must round-trip too."""
    state = GAME.setup(4, 3, {"preset": "classic", "mode": "advanced"})
    for _ in range(40):
        seat = state.seat
        state, _ = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    copy = pickle.loads(pickle.dumps(state))
    assert type(copy) is type(state)
    assert GAME.to_json(copy) == GAME.to_json(state)
