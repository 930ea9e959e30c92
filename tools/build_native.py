"""Compile the hot Cartolan modules with mypyc: optional, pure Python stays the reference.

``python tools/build_native.py`` (``make native``; ``make install/test/run`` call it) compiles
``MODULES`` into ``gamecore/games/cartolan/_native/``: one small extension per module plus
mypyc's shared group library ``gamecore.games.cartolan.compiled__mypyc``, which lives in the
same directory, so the package finds it from any working directory. ``manifest.json``, written
last, holds a hash of every compiled source (and of ``DEPENDENCIES``); ``gamecore.games.cartolan.native`` puts the
directory on the package's ``__path__`` only when every hash still matches.

By default the build is plain: one compile (about 45 s of CPU, most of it gcc on mypyc's one
large C file). ``--profile-guided`` (``make native``) builds twice when the compiler allows
(gcc): a first build counts which code runs while ``TRAINING`` plays (the simulate command
and ``bench/cartolan.py``'s rows, a few seconds), and the second build lays out and optimises
the code by those counts: about 10% faster simulations (fewer instruction-cache misses), the
same results, for about 110 s of CPU. If any step of it fails, the plain build is made instead.

This script never fails the caller: without a C compiler or the Python headers, without mypy,
or when the compile or the import check of the result fails, it removes every partial output,
prints one line saying why and exits 0; Cartolan then runs as pure Python. ``--clean`` only
removes the outputs. ``build/native/stamp`` records that a build was tried (make's target).
"""

from __future__ import annotations

import hashlib
import json
import os
import shlex
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = "gamecore.games.cartolan"
PACKAGE_DIR = ROOT / "gamecore" / "games" / "cartolan"
NATIVE_DIR = PACKAGE_DIR / "_native"
BUILD_DIR = ROOT / "build" / "native"
STAMP = BUILD_DIR / "stamp"
LOG = BUILD_DIR / "build.log"
GROUP = f"{PACKAGE}.compiled"

# The compiled modules, in the package. Every other module of the package (``__init__``,
# ``native``, ``view``) stays interpreted.
MODULES = (
    "board",
    "presets",
    "state",
    "draws",
    "movement",
    "exploration",
    "actions",
    "steps",
    "turns",
    "advanced",
    "cards",
    "notation",
    "game",
    "ai_heuristics",
    "players",
    "ai_view",
)
# Sources outside the package that mypyc type-checks the compiled modules against (the
# contract's Game base class, the random generator): a change to them also makes a build stale.
DEPENDENCIES = ("../../contract.py", "../../rng.py")

FALLBACK = "Cartolan runs as pure Python"

#: gcc flags of the two profile-guided builds (``-fno-plt``: calls into Python's library
#: without the indirection, about 1% fewer instructions), added to mypyc's own.
PROFILE_FLAGS: dict[str, tuple[list[str], list[str]]] = {
    "generate": (
        ["-fno-plt", "-fprofile-generate", "-fprofile-update=single"],
        ["-fprofile-generate"],
    ),
    "use": (
        ["-fno-plt", "-fprofile-use", "-fprofile-correction", "-Wno-missing-profile"],
        [],
    ),
}
#: What the instrumented build plays to count its code (every preset and mode; the bot's
#: turn path through ``bench/cartolan.py``'s contract row), from the repository's root.
SIMULATE = ["-m", "gamecore", "simulate", "cartolan", "--players", "4", "--rotate", "--quiet"]
TRAINING = (
    [
        *SIMULATE,
        "--preset",
        "modern",
        "--player",
        "explorer,trader,router,pirate",
        "--games",
        "150",
    ],
    [*SIMULATE, "--preset", "classic", "--player", "mixed", "--games", "40"],
    ["bench/cartolan.py", "--seconds", "0.4"],
)


def source_hash(path: Path) -> str:
    """The hash ``manifest.json`` keeps for one compiled source."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def remove_outputs() -> None:
    """Remove the compiled modules (the manifest first, so no half tree ever looks fresh)."""
    (NATIVE_DIR / "manifest.json").unlink(missing_ok=True)
    shutil.rmtree(NATIVE_DIR, ignore_errors=True)
    shutil.rmtree(BUILD_DIR / "lib", ignore_errors=True)


def compiler_problem() -> str | None:
    """Why no extension can be built here, or ``None`` when a test compile works."""
    cc = shlex.split(os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc")
    if not cc or shutil.which(cc[0]) is None:
        return "no C compiler"
    include = Path(sysconfig.get_paths()["include"])
    if not (include / "Python.h").is_file():
        return "no Python headers"
    with tempfile.TemporaryDirectory() as tmp:
        probe = Path(tmp) / "probe.c"
        probe.write_text("#include <Python.h>\nint probe(void) { return Py_IsInitialized(); }\n")
        command = [*cc, "-c", str(probe), "-I", str(include), "-o", str(Path(tmp) / "probe.o")]
        try:
            done = subprocess.run(command, capture_output=True, timeout=120)
        except (OSError, subprocess.TimeoutExpired):
            return "no C compiler"
        if done.returncode != 0:
            return "no C compiler"
    return None


def first_error(log: str) -> str:
    """The first line of a failed compile's log that says what went wrong."""
    for line in log.splitlines():
        if ": error:" in line or line.startswith("error:") or "Error" in line:
            return line.strip()
    return "see the log"


def compile_modules(profile: str | None = None) -> None:
    """The compile itself (runs in a child process, its output goes to the log);
    ``profile``: ``generate`` or ``use`` (``PROFILE_FLAGS``), or a plain build."""
    from mypyc.build import mypycify  # noqa: PLC0415 - build-only tools, loaded in the compile step
    from setuptools import setup  # noqa: PLC0415 - build-only tools, loaded in the compile step

    os.chdir(ROOT)
    # mypy checks the whole package (as `mypy gamecore/games/cartolan` does: the order it
    # infers an import cycle in depends on it); mypyc compiles only MODULES.
    package = sorted(str(path.relative_to(ROOT)) for path in PACKAGE_DIR.glob("*.py"))
    compiled = [f"gamecore/games/cartolan/{name}.py" for name in MODULES]
    extensions = mypycify(
        ["--cache-dir", str(BUILD_DIR / "mypy_cache"), *package],
        only_compile_paths=compiled,
        group_name=GROUP,
        target_dir=str(BUILD_DIR / "c"),
    )
    if profile is not None:
        compile_flags, link_flags = PROFILE_FLAGS[profile]
        for extension in extensions:
            extension.extra_compile_args = [*extension.extra_compile_args, *compile_flags]
            extension.extra_link_args = [*extension.extra_link_args, *link_flags]
    setup(
        name="cartolan-native",
        ext_modules=extensions,
        script_args=[
            "build_ext",
            "--build-lib",
            str(BUILD_DIR / "lib"),
            "--build-temp",
            str(BUILD_DIR / "temp"),
            "--force",  # the second profile-guided build recompiles the same sources
            "--parallel",
            str(os.cpu_count() or 1),
        ],
    )


def install_outputs() -> None:
    """Move the built extensions into ``_native`` and write the manifest last."""
    built = BUILD_DIR / "lib" / Path(*PACKAGE.split("."))
    NATIVE_DIR.mkdir(parents=True)
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    for name in (*MODULES, GROUP.rsplit(".", 1)[1] + "__mypyc"):
        shutil.copy2(built / f"{name}{suffix}", NATIVE_DIR / f"{name}{suffix}")
    manifest = {
        "ext_suffix": suffix,
        "sources": {
            path: source_hash(PACKAGE_DIR / path)
            for path in (*(f"{name}.py" for name in MODULES), *DEPENDENCIES)
        },
    }
    partial = NATIVE_DIR / "manifest.json.part"
    partial.write_text(json.dumps(manifest, indent=1, sort_keys=True) + "\n")
    partial.replace(NATIVE_DIR / "manifest.json")


def check_import() -> str | None:
    """Import the result in a fresh interpreter; the reason it failed, or ``None``."""
    modules = ", ".join(f"{PACKAGE}.{name}" for name in MODULES)
    code = (
        f"import {PACKAGE} as c, {PACKAGE}.native as n, {modules};"
        "assert n.NATIVE, n.STATUS; c.GAME.setup(4, 1, {})"
    )
    env = {k: v for k, v in os.environ.items() if k != "CARTOLAN_PURE"}
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True
    )
    if done.returncode == 0:
        return None
    lines = done.stderr.strip().splitlines()
    return lines[-1] if lines else f"exit status {done.returncode}"


def build(*, profile_guided: bool = False) -> str:
    """Build and install the native modules (``profile_guided``: try the two-compile build
    first); the one line to print."""
    problem = compiler_problem()
    if problem is not None:
        return f"{problem}: {FALLBACK}"
    try:
        import mypyc  # noqa: PLC0415, F401 - is the optional native extra installed?
    except ImportError:
        return f"mypy not installed (pip install -e '.[native]'): {FALLBACK}"
    BUILD_DIR.mkdir(parents=True, exist_ok=True)
    started = time.monotonic()
    LOG.write_text("")
    guided = profile_guided_build() if profile_guided else "not asked for"
    if guided is None:
        kind = "profile-guided"
    else:
        if profile_guided:
            with LOG.open("a") as log:
                log.write(f"\n-- profile-guided build not made ({guided}); a plain build --\n")
        kind = "plain"
        if not run_compile():
            failure = first_error(LOG.read_text(errors="replace"))
            return f"native build failed ({failure}; log: {LOG.relative_to(ROOT)}): {FALLBACK}"
        try:
            install_outputs()
        except OSError as error:
            remove_outputs()
            return f"native build incomplete ({error}): {FALLBACK}"
    reason = check_import()
    if reason is not None:
        remove_outputs()
        return f"native modules do not import ({reason}): {FALLBACK}"
    seconds = time.monotonic() - started
    return f"Cartolan compiled with mypyc ({kind}): {len(MODULES)} modules in {seconds:.0f} s"


def run_compile(*args: str) -> bool:
    """One compile in a child process, its output appended to the log; whether it worked."""
    with LOG.open("a") as log:
        done = subprocess.run(
            [sys.executable, __file__, "--compile", *args],
            cwd=ROOT,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
    return done.returncode == 0


def profile_guided_build() -> str | None:
    """Build with counters, play ``TRAINING``, build again from the counts and install it;
    ``None`` when done, else why not (nothing is left installed then)."""
    remove_counts()
    installed = False
    try:
        if not run_compile("generate"):
            return "the counting build failed"
        install_outputs()
        env = {k: v for k, v in os.environ.items() if k != "CARTOLAN_PURE"}
        with LOG.open("a") as log:
            for args in TRAINING:
                log.flush()
                done = subprocess.run(
                    [sys.executable, *args], cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                    stderr=log, timeout=600,
                )  # fmt: skip
                if done.returncode != 0:
                    return f"training run {' '.join(args[:4])} failed"
        remove_outputs()
        if not run_compile("use"):
            return "the build from the counts failed"
        install_outputs()
        installed = True
        return None
    except (OSError, subprocess.TimeoutExpired) as error:
        return f"{type(error).__name__}: {error}"
    finally:
        remove_counts()
        if not installed:  # never leave the counting build (or half a build) installed
            remove_outputs()


def remove_counts() -> None:
    """gcc's counter files (``.gcda``, next to the objects) from a counting build."""
    for counts in (BUILD_DIR / "temp").rglob("*.gcda"):
        counts.unlink(missing_ok=True)


def main(argv: list[str]) -> int:
    if argv[:1] == ["--compile"] and len(argv) <= 2:
        compile_modules(argv[1] if len(argv) == 2 else None)
        return 0
    remove_outputs()
    if argv == ["--clean"]:
        shutil.rmtree(BUILD_DIR, ignore_errors=True)
        return 0
    profile_guided = argv == ["--profile-guided"]
    if argv and not profile_guided:
        print(__doc__, file=sys.stderr)
        return 2
    try:
        message = build(profile_guided=profile_guided)
    except Exception as error:  # the build is optional: any failure means pure Python
        remove_outputs()
        message = f"native build failed ({type(error).__name__}: {error}): {FALLBACK}"
    BUILD_DIR.mkdir(parents=True, exist_ok=True)
    STAMP.touch()
    print(message)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
