"""The match and interaction a log record is about (context variables, so every task an
interaction starts carries them), and the one-line JSON log format (``LOG_FORMAT=json``)."""

from __future__ import annotations

import contextvars
import json
import logging
from datetime import UTC, datetime

#: The interaction being handled (its Discord id), set when the interaction arrives.
INTERACTION_ID: contextvars.ContextVar[int | None] = contextvars.ContextVar(
    "interaction_id", default=None
)
#: The match being acted on, set once an interaction or a clock names it.
MATCH_ID: contextvars.ContextVar[str | None] = contextvars.ContextVar("match_id", default=None)


class ContextFilter(logging.Filter):
    """Puts ``match_id`` and ``interaction_id`` on every record (None outside of one)."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.match_id = MATCH_ID.get()
        record.interaction_id = INTERACTION_ID.get()
        return True


class JsonFormatter(logging.Formatter):
    """One JSON object per line: time, level, logger, message, match and interaction ids,
    and the traceback when there is one."""

    def format(self, record: logging.LogRecord) -> str:
        line = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
            "match_id": getattr(record, "match_id", None),
            # as a string: a Discord id is larger than a JSON reader's exact integers
            "interaction_id": _text(getattr(record, "interaction_id", None)),
        }
        if record.exc_info:
            line["traceback"] = self.formatException(record.exc_info)
        return json.dumps(line, ensure_ascii=False)


def _text(value: object) -> str | None:
    return None if value is None else str(value)
