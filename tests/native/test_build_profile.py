"""tools/build_native.py: plain unless asked otherwise; the profile-guided build, on any
failure of its steps, leaves nothing of it installed and the plain build is made instead (the compiles are simulated here; the
real build runs in ``make``)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
import build_native  # noqa: E402


@pytest.fixture
def tree(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, list]:
    """The script's folders in ``tmp_path``; compiles and installs recorded, not run."""
    native_dir = tmp_path / "_native"
    build_dir = tmp_path / "build"
    (build_dir / "temp" / "obj").mkdir(parents=True)
    monkeypatch.setattr(build_native, "NATIVE_DIR", native_dir)
    monkeypatch.setattr(build_native, "BUILD_DIR", build_dir)
    monkeypatch.setattr(build_native, "LOG", build_dir / "build.log")
    build_native.LOG.write_text("")
    calls: dict[str, list] = {"compile": [], "train": [], "fail": []}

    def run_compile(*args: str) -> bool:
        calls["compile"].append(args)
        if args == ("generate",):  # the counting build leaves counter files
            (build_dir / "temp" / "obj" / "x.gcda").write_text("counts")
        return (args[0] if args else "plain") not in calls["fail"]

    def install_outputs() -> None:
        native_dir.mkdir()
        (native_dir / "manifest.json").write_text("{}")

    def run(command: list[str], **_kwargs) -> subprocess.CompletedProcess:
        calls["train"].append(command[1:])
        failed = "train" in calls["fail"]
        return subprocess.CompletedProcess(command, 1 if failed else 0)

    monkeypatch.setattr(build_native, "run_compile", run_compile)
    monkeypatch.setattr(build_native, "install_outputs", install_outputs)
    monkeypatch.setattr(build_native.subprocess, "run", run)
    monkeypatch.setattr(build_native, "check_import", lambda: None)
    monkeypatch.setattr(build_native, "compiler_problem", lambda: None)
    return calls


def test_counts_then_builds_from_them(tree):
    assert build_native.profile_guided_build() is None
    assert tree["compile"] == [("generate",), ("use",)]
    assert [args[:1] for args in tree["train"]] == [list(t[:1]) for t in build_native.TRAINING]
    assert (build_native.NATIVE_DIR / "manifest.json").is_file()
    assert not list(build_native.BUILD_DIR.rglob("*.gcda"))  # the counts are gone


@pytest.mark.parametrize("failing", ["generate", "train", "use"])
def test_a_failed_step_leaves_nothing_installed(tree, failing):
    tree["fail"].append(failing)
    reason = build_native.profile_guided_build()
    assert reason and "fail" in reason
    assert not build_native.NATIVE_DIR.exists()
    assert not list(build_native.BUILD_DIR.rglob("*.gcda"))


def test_then_the_plain_build_is_made(tree):
    tree["fail"].append("train")
    message = build_native.build(profile_guided=True)
    assert message.startswith("Cartolan compiled with mypyc (plain)")
    assert tree["compile"][-1] == ()  # the plain compile, after the counting one
    assert (build_native.NATIVE_DIR / "manifest.json").is_file()
    assert "profile-guided build not made" in build_native.LOG.read_text()


def test_the_default_build_is_one_plain_compile(tree):
    message = build_native.build()
    assert message.startswith("Cartolan compiled with mypyc (plain)")
    assert tree["compile"] == [()]
    assert tree["train"] == []
    assert "profile-guided" not in build_native.LOG.read_text()


def test_the_profile_flags_go_after_mypycs_own():
    generate, link = build_native.PROFILE_FLAGS["generate"]
    use, _ = build_native.PROFILE_FLAGS["use"]
    assert "-fprofile-generate" in generate and "-fprofile-generate" in link
    assert "-fprofile-use" in use and "-Wno-missing-profile" in use  # mypyc builds with -Werror
