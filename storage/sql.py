"""Each query written once, for SQLite and PostgreSQL: a :class:`Query` names its parameters
(``:user_id``; never with ``__`` in the name) and is compiled once per :class:`Dialect`
(kept as named parameters for sqlite3, numbered ``$1 … $n`` for asyncpg); the few places
where the two databases spell a thing differently are a dialect's words (``greatest``, a
list of values or of rows as one parameter, ``SKIP LOCKED``, a notification).

Both databases accept the rest as written: ``INSERT … ON CONFLICT … DO NOTHING / DO UPDATE
SET x = excluded.x``, ``RETURNING``, ``IS NOT DISTINCT FROM``, ``NULLS LAST``,
``CAST(x AS DOUBLE PRECISION)`` and the column types ``BIGINT``, ``INTEGER``,
``DOUBLE PRECISION`` and ``TEXT`` (SQLite ≥ 3.39).

A write that needs more than one statement is an ``async`` function of a :class:`Tx`. The
PostgreSQL store awaits it in a transaction; the SQLite store runs it inside its writer's
group commit, on the database thread, where a :class:`Tx`'s calls do their work at once and
never suspend, so :func:`run_now` completes the coroutine in one step without an event loop.
"""

from __future__ import annotations

import json
import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Coroutine, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

T = TypeVar("T")

#: A ``:name`` parameter (not the second colon of a PostgreSQL ``::type`` cast).
_PARAM = re.compile(r"(?<![:\w]):([A-Za-z_]\w*)")


@dataclass(frozen=True, slots=True)
class Dialect:
    """How one database spells what the other spells differently."""

    name: str  # "sqlite" or "postgres"

    @property
    def postgres(self) -> bool:
        return self.name == "postgres"

    def greatest(self, a: str, b: str) -> str:
        """The larger of two values (SQLite's two-argument ``MAX``)."""
        return f"GREATEST({a}, {b})" if self.postgres else f"MAX({a}, {b})"

    def each(self, param: str, sql_type: str) -> str:
        """A subquery of the values of list parameter ``param`` (declare it in the query's
        ``lists``): an array on PostgreSQL, a JSON array on SQLite."""
        if self.postgres:
            return f"SELECT unnest(:{param}::{sql_type}[])"
        return f"SELECT value FROM json_each(:{param})"

    def rows(self, param: str, columns: Sequence[tuple[str, str]]) -> str:
        """A subquery of the rows of list parameter ``param`` (a list of tuples; declare it
        in the query's ``lists``) with ``columns`` (name, PostgreSQL type): one array per
        column on PostgreSQL (sent as ``param__0``, ``param__1``, …), a JSON array of arrays
        on SQLite. Alias it: ``JOIN {d.rows(…)} AS s ON …``. Batched writes go the same way:
        ``INSERT … SELECT … FROM {d.rows(…)} AS v``."""
        names = ", ".join(name for name, _ in columns)
        if self.postgres:
            arrays = ", ".join(f":{param}__{i}::{kind}[]" for i, (_, kind) in enumerate(columns))
            return f"(SELECT * FROM unnest({arrays}) AS r({names}))"
        picks = ", ".join(f"value ->> {i} AS {name}" for i, (name, _) in enumerate(columns))
        return f"(SELECT {picks} FROM json_each(:{param}))"

    def skip_locked(self, alias: str) -> str:
        """PostgreSQL's ``FOR UPDATE OF alias SKIP LOCKED`` (rows a concurrent statement
        holds are left out, not waited for); SQLite has one writer and no row locks."""
        return f"FOR UPDATE OF {alias} SKIP LOCKED" if self.postgres else ""

    def announce(self, statement: str, key_param: str) -> str:
        """``statement`` that also tells every PostgreSQL store's listener that the entry
        ``key_param`` names changed (storage/pg_notify.py), in the same statement; SQLite
        (one process) has no listeners."""
        if not self.postgres:
            return statement
        from storage.pg_notify import CHANNEL  # noqa: PLC0415 - asyncpg only where it is used

        return f"WITH w AS ({statement}) SELECT pg_notify('{CHANNEL}', :{key_param})"

    def ddl(self, statement: str) -> str:
        """A migration's statement in this dialect: PostgreSQL has no ``WITHOUT ROWID``
        (its tables never have one)."""
        return statement.replace("WITHOUT ROWID", "") if self.postgres else statement


SQLITE = Dialect("sqlite")
POSTGRES = Dialect("postgres")


class Query:
    """One statement written once with ``:name`` parameters; ``text`` may be a function of
    the dialect for the words the two spell differently. ``lists``: parameters that carry a
    list of values (:meth:`Dialect.each`) or of rows (:meth:`Dialect.rows`)."""

    __slots__ = ("_columns", "_compiled", "lists", "text")

    def __init__(self, text: str | Callable[[Dialect], str], *, lists: Sequence[str] = ()) -> None:
        self.text = text
        self.lists = tuple(lists)
        self._compiled: dict[str, tuple[str, tuple[str, ...]]] = {}
        #: PostgreSQL's parameters that are one column of a list of rows (``Dialect.rows``).
        self._columns = False

    def sql(self, dialect: Dialect) -> tuple[str, tuple[str, ...]]:
        """The statement in ``dialect`` and, for PostgreSQL, its parameters' names in order."""
        compiled = self._compiled.get(dialect.name)
        if compiled is None:
            text = self.text(dialect) if callable(self.text) else self.text
            names: list[str] = []
            if dialect.postgres:

                def number(found: re.Match[str]) -> str:
                    name = found.group(1)
                    if name not in names:
                        names.append(name)
                    return f"${names.index(name) + 1}"

                text = _PARAM.sub(number, text)
                self._columns = any("__" in n for n in names)
            compiled = self._compiled[dialect.name] = (text, tuple(names))
        return compiled

    def bind(self, dialect: Dialect, params: Mapping[str, Any]) -> tuple[str, Any]:
        """The statement and its arguments: a tuple for asyncpg, a mapping for sqlite3."""
        text, names = self.sql(dialect)
        if dialect.postgres:
            if self._columns:
                return text, tuple(_column(params, n) for n in names)
            return text, tuple(params[n] for n in names)
        if self.lists:
            params = {**params, **{n: json.dumps(list(params[n])) for n in self.lists}}
        return text, params


def _column(params: Mapping[str, Any], name: str) -> Any:
    """Parameter ``name``, or for ``rows__2`` the third value of every row of ``rows``."""
    if "__" not in name:
        return params[name]
    param, _, at = name.rpartition("__")
    i = int(at)
    return [row[i] for row in params[param]]


class UniqueViolation(Exception):
    """A write met a unique key (``Tx.execute`` says so in both databases' words)."""


#: A result row of either driver (``sqlite3.Row``, ``asyncpg.Record``): by position
#: (``row[0]``) or by column name (``row["user_id"]``).
Row = Any


class Tx(Protocol):
    """The statements of one write, in one transaction (:class:`SqlBackend.transaction`)."""

    async def execute(self, query: Query, /, **params: Any) -> int:
        """Run ``query``; the number of rows it changed."""
        ...

    async def fetch(self, query: Query, /, **params: Any) -> list[Row]:
        """Run ``query`` (a ``SELECT`` or a write with ``RETURNING``); its rows."""
        ...

    async def executemany(self, query: Query, rows: Sequence[Mapping[str, Any]], /) -> None:
        """Run ``query`` once per parameter mapping of ``rows``."""
        ...


#: A write of several statements, written once for both stores.
Operation = Callable[[Tx], Coroutine[Any, Any, T]]


def run_now(coroutine: Coroutine[Any, Any, T]) -> T:
    """Complete a coroutine that never suspends (a write over SQLite's :class:`Tx`, on the
    database thread) in one step; one that does suspend is a bug and is refused."""
    try:
        coroutine.send(None)
    except StopIteration as done:
        result: T = done.value
        return result
    coroutine.close()
    raise RuntimeError("a SQLite write awaited something other than its own statements")


class SqlBackend(ABC):
    """What every storage feature (storage/features/) needs of a store: its dialect, reads,
    single-statement writes and transactions. The SQLite and PostgreSQL stores provide it;
    a feature is a class of methods over these four (and its queries), mixed into
    ``storage.store.MatchStore``."""

    dialect: Dialect

    @abstractmethod
    async def read(self, query: Query, /, **params: Any) -> list[Row]:
        """The rows of a read (PostgreSQL retries it once on a fresh connection)."""

    @abstractmethod
    async def write(self, query: Query, /, **params: Any) -> int:
        """One statement, atomic by itself; the number of rows it changed."""

    @abstractmethod
    async def write_returning(self, query: Query, /, **params: Any) -> list[Row]:
        """One statement with ``RETURNING``, atomic by itself; the rows it returned."""

    @abstractmethod
    async def transaction(self, operation: Operation[T], /) -> T:
        """``operation``'s statements in ONE transaction: written whole or not at all."""
