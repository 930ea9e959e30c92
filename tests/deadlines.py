"""The one deadline a test may wait on: a hang guard. It stops a test that would otherwise
never end and decides nothing else, so it is generous (a loaded two-core machine runs a step
many times slower than a quiet one). A test proves "at once" or "bounded" by counting."""

HANG_GUARD = 120.0  # seconds
