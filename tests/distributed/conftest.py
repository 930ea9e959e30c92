from __future__ import annotations

import pytest

from tests.toys import registered_toys

toy_games = pytest.fixture(autouse=True)(registered_toys)
