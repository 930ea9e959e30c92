"""Which Cartolan modules load: the mypyc-compiled ones in ``_native/`` or the pure sources.

``tools/build_native.py`` compiles the hot modules into ``_native/`` with a ``manifest.json``
of source hashes. :func:`activate`, called by the package's ``__init__`` before it imports any
submodule, puts ``_native/`` first on the package's ``__path__`` only when the manifest exists,
matches this interpreter and every compiled source is unchanged since the build; the import
system then finds each compiled module before its ``.py``. A stale build (a source edited
without ``make``) loads the pure sources, with one warning line. ``CARTOLAN_PURE=1`` forces
pure Python. The pure sources are the reference; the compiled modules must behave the same.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import sysconfig
from collections.abc import MutableSequence
from pathlib import Path

NATIVE_DIR = Path(__file__).resolve().parent / "_native"
REBUILD = "rebuild with `make native` (or `python tools/build_native.py`)"

# Set by activate(): whether the compiled modules load, and why (or why not) in words.
NATIVE = False
STATUS = "not activated"


def check(native_dir: Path = NATIVE_DIR) -> tuple[bool, str]:
    """Whether ``native_dir`` holds a fresh build for this interpreter, and why not."""
    if os.environ.get("CARTOLAN_PURE", "") not in ("", "0"):
        return False, "pure Python forced (CARTOLAN_PURE)"
    try:
        manifest = json.loads((native_dir / "manifest.json").read_text())
    except FileNotFoundError:
        return False, "not built"
    except (OSError, ValueError) as error:
        return False, f"unreadable manifest ({error})"
    if manifest.get("ext_suffix") != sysconfig.get_config_var("EXT_SUFFIX"):
        return False, "built for another Python"
    package = native_dir.parent
    changed = []
    # Paths relative to the package: its modules, and the few files outside it they import.
    for path, digest in sorted(manifest.get("sources", {}).items()):
        try:
            current = hashlib.sha256((package / path).read_bytes()).hexdigest()
        except OSError:
            current = ""
        if current != digest:
            changed.append(Path(path).name)
    if changed:
        return False, f"stale: {', '.join(changed)} changed since the build"
    return True, "mypyc"


def activate(package_path: MutableSequence[str]) -> bool:
    """Put the compiled modules first on ``package_path`` when they are fresh.

    Warns on stderr (one line) when a build exists but a source changed since.
    """
    global NATIVE, STATUS
    NATIVE, STATUS = check()
    if NATIVE:
        package_path.insert(0, str(NATIVE_DIR))
    elif STATUS.startswith("stale"):
        print(
            f"cartolan: compiled modules {STATUS}; running pure Python; {REBUILD}", file=sys.stderr
        )
    return NATIVE
