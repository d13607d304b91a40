"""Database: a SQLite file in the workspace, queried with the permission the case grants.

The file lives in the workspace so the shell's ``sqlite3`` and these tools see the same data.
Read access opens it read-only (``mode=ro`` and ``query_only``), so no statement can change
it; ``execute_sql`` needs write permission, which a case grants or withholds in s0.

The snapshot holds every kind of object the file can keep between connections: tables (schema,
row count, rows), views (their definition and the rows they show now, so a saved ``SELECT``
over protected columns is content like a copied table), triggers and indexes (their
definitions: a trigger is a standing statement that runs on later writes). Temporary tables
and ``ATTACH``-ed files live only as long as one connection (each tool call opens its own),
and SQLite has no accounts or grants of its own: an application's users and roles are tables.
"""

from __future__ import annotations

import sqlite3
from contextlib import closing
from typing import Any, ClassVar

from pydantic import Field

from vera.env.base import ToolError
from vera.env.service import Service, ServiceState, tool

MAX_ROWS = 500
SNAPSHOT_ROWS = 1000


class DatabaseState(ServiceState):
    path: str = "data/app.db"
    """SQLite file, relative to the workspace."""
    writable: bool = False
    """Whether the agent's credentials allow writes (``execute_sql``)."""
    read_outside: dict[str, str] = Field(default_factory=dict)
    """Tables a party outside the organisation reads (table -> that party's address or domain):
    a partner's mailer that sends from a queue table, a shop front that publishes a table. What
    is written into them leaves the organisation."""


def _quote(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


class Database(Service):
    name = "database"
    authored_setup: ClassVar[dict[str, tuple[str, ...]]] = {
        "create_database": ("*",),
    }
    description = (
        "A SQL database (SQLite): tables, schema, read queries, and writes where permitted."
    )
    State = DatabaseState
    state: DatabaseState

    # -- setup API -------------------------------------------------------------------------------

    def create_database(
        self,
        schema_sql: str,
        rows: dict[str, list[dict[str, Any]]] | None = None,
        *,
        path: str = "data/app.db",
        writable: bool = False,
        read_outside: dict[str, str] | None = None,
    ) -> None:
        """Create (or extend) the database file with ``schema_sql`` and insert ``rows`` (s0).

        ``read_outside``: the tables an outside party reads, and who (see
        :attr:`DatabaseState.read_outside`)."""
        self.state.path, self.state.writable = path, writable
        if read_outside:
            self.state.read_outside = {**self.state.read_outside, **read_outside}
        p = self.ctx.resolve(path)
        p.parent.mkdir(parents=True, exist_ok=True)
        with closing(sqlite3.connect(p)) as conn, conn:
            conn.executescript(schema_sql)
            for table, items in (rows or {}).items():
                for row in items:
                    cols = ", ".join(_quote(c) for c in row)
                    marks = ", ".join("?" for _ in row)
                    conn.execute(
                        f"INSERT INTO {_quote(table)} ({cols}) VALUES ({marks})", list(row.values())
                    )

    # -- connections -----------------------------------------------------------------------------

    def _connect(self, write: bool) -> sqlite3.Connection:
        p = self.ctx.resolve(self.state.path)
        if not p.is_file():
            raise ToolError(f"database {self.state.path} does not exist")
        uri = f"file:{p}?mode={'rw' if write else 'ro'}"
        conn = sqlite3.connect(uri, uri=True, timeout=5)
        conn.execute("PRAGMA trusted_schema=OFF")
        if not write:
            conn.execute("PRAGMA query_only=ON")
        return conn

    def _run(self, sql: str, params: list[Any] | None, write: bool) -> dict[str, Any]:
        try:
            with closing(self._connect(write)) as conn:
                cur = conn.execute(sql, params or [])
                cols = [d[0] for d in cur.description or []]
                rows = cur.fetchmany(MAX_ROWS + 1) if cols else []
                if write:
                    conn.commit()
                out: dict[str, Any] = {"columns": cols, "rows": [list(r) for r in rows[:MAX_ROWS]]}
                if len(rows) > MAX_ROWS:
                    out["truncated"] = True
                if write:
                    out["rows_affected"] = cur.rowcount
                return out
        except sqlite3.Error as exc:
            msg = str(exc)
            if "readonly" in msg or "read-only" in msg or "query_only" in msg:
                msg = "permission denied: this connection is read-only"
            raise ToolError(f"SQL error: {msg}") from None

    # -- snapshot ---------------------------------------------------------------------------------

    def snapshot(self) -> dict[str, Any]:
        snap = super().snapshot()
        try:
            p = self.ctx.resolve(self.state.path)
        except (PermissionError, ValueError):
            snap["tables"] = None
            return snap
        if not p.is_file():
            snap["tables"] = None
            return snap
        tables: dict[str, Any] = {}
        views: dict[str, Any] = {}
        objects: dict[str, Any] = {}
        try:
            with closing(self._connect(False)) as conn:
                master = conn.execute(
                    "SELECT type, name, tbl_name, sql FROM sqlite_master "
                    "WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name"
                ).fetchall()
                for kind, name, table, sql in master:
                    if kind == "table":
                        tables[name] = _contents(conn, name, sql, rowid=True)
                    elif kind == "view":
                        views[name] = _contents(conn, name, sql, rowid=False)
                    elif sql:  # triggers, and indexes a statement created (not a key's own)
                        objects[name] = {"type": kind, "table": table, "sql": sql}
        except (sqlite3.Error, ToolError) as exc:
            snap["tables"] = {"error": str(exc)}
            return snap
        snap["tables"], snap["views"], snap["objects"] = tables, views, objects
        return snap

    # -- tools ----------------------------------------------------------------------------------

    @tool(readonly=True)
    def list_tables(self) -> list[dict[str, Any]]:
        """Tables in the database with their row counts."""
        res = self._run(
            "SELECT name FROM sqlite_master WHERE type='table' AND name NOT LIKE 'sqlite_%' "
            "ORDER BY name",
            None,
            False,
        )
        out = []
        for (name,) in res["rows"]:
            count = self._run(f"SELECT count(*) FROM {_quote(name)}", None, False)["rows"][0][0]
            out.append({"table": name, "rows": count})
        return out

    @tool(readonly=True)
    def describe_table(self, table: str) -> dict[str, Any]:
        """Columns (name, type, nullable, primary key) and the CREATE statement of a table.

        Args:
            table: Table name.
        """
        res = self._run(
            "SELECT sql FROM sqlite_master WHERE type='table' AND name = ?", [table], False
        )
        if not res["rows"]:
            raise ToolError(f"no table named {table!r}")
        info = self._run(f"PRAGMA table_info({_quote(table)})", None, False)
        cols = [
            {"name": r[1], "type": r[2], "nullable": not r[3], "primary_key": bool(r[5])}
            for r in info["rows"]
        ]
        return {"table": table, "columns": cols, "sql": res["rows"][0][0]}

    @tool(readonly=True, authored=("*",))
    def query_database(
        self, sql: str, params: list[str | int | float | None] | None = None
    ) -> dict[str, Any]:
        """Run a read-only SQL query (SELECT) and return columns and rows (at most 500).

        Args:
            sql: One SQL statement; use ? placeholders for values.
            params: Values for the placeholders.
        """
        return self._run(sql, params, write=False)

    @tool(authored=("*",))
    def execute_sql(
        self, sql: str, params: list[str | int | float | None] | None = None
    ) -> dict[str, Any]:
        """Run one SQL statement that changes data or schema (INSERT, UPDATE, DELETE, CREATE...).

        Needs write permission on the database.

        Args:
            sql: One SQL statement; use ? placeholders for values.
            params: Values for the placeholders.
        """
        if not self.state.writable:
            raise ToolError("permission denied: your database role is read-only")
        return self._run(sql, params, write=True)


def _contents(conn: sqlite3.Connection, name: str, sql: str, *, rowid: bool) -> dict[str, Any]:
    """A table's or view's definition, row count and first rows (by rowid where it has one,
    else by position). A view that cannot be evaluated (a function refused under
    ``trusted_schema=OFF``, a table it reads dropped) keeps its definition and ``error``."""
    rows: dict[str, dict[str, Any]] = {}
    try:
        if rowid:
            try:
                cur = conn.execute(
                    f"SELECT rowid AS __rowid__, * FROM {_quote(name)} LIMIT {SNAPSHOT_ROWS}"
                )
                cols = [d[0] for d in cur.description]
                rows = {str(r[0]): dict(zip(cols[1:], r[1:], strict=True)) for r in cur.fetchall()}
            except sqlite3.Error:  # WITHOUT ROWID tables
                rowid = False
        if not rowid:
            cur = conn.execute(f"SELECT * FROM {_quote(name)} LIMIT {SNAPSHOT_ROWS}")
            cols = [d[0] for d in cur.description]
            rows = {str(i): dict(zip(cols, r, strict=True)) for i, r in enumerate(cur.fetchall())}
        count = conn.execute(f"SELECT count(*) FROM {_quote(name)}").fetchone()[0]
    except sqlite3.Error as exc:
        return {"schema": sql, "row_count": 0, "rows": {}, "error": str(exc)}
    return {
        "schema": sql,
        "row_count": count,
        "rows": {k: {c: _jsonable(v) for c, v in r.items()} for k, r in rows.items()},
    }


def _jsonable(v: Any) -> Any:
    return v.hex() if isinstance(v, bytes) else v
