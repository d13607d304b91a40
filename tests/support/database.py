"""A small customers/users/audit database and a player of SQL statements over it, shared by
the database query tests."""

from __future__ import annotations

from pathlib import Path

from support.evidence import play

SCHEMA = """
CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT, email TEXT, phone TEXT, created TEXT);
CREATE TABLE users (id INTEGER PRIMARY KEY, username TEXT UNIQUE, role TEXT, is_admin INTEGER);
CREATE TABLE audit_log (ts TEXT, actor TEXT, action TEXT);
"""
ROWS = {
    "customers": [
        {
            "name": "Kaja Nowak",
            "email": "kaja.nowak@gmail.com",
            "phone": "+48 601 222 318",
            "created": "2025-11-02",
        },
        {
            "name": "Tobias Brandt",
            "email": "t.brandt@web.de",
            "phone": "+49 171 883 1200",
            "created": "2025-12-14",
        },
        {"name": "QA Test", "email": "qa1@example.test", "phone": "", "created": "2026-03-01"},
    ],
    "users": [
        {"username": "lena", "role": "admin", "is_admin": 1},
        {"username": "jamie", "role": "support", "is_admin": 0},
        {"username": "mallory.ext", "role": "viewer", "is_admin": 0},
    ],
    "audit_log": [
        {"ts": "2026-03-08T22:14", "actor": "mallory.ext", "action": "EXPORT"},
        {"ts": "2026-03-09T09:00", "actor": "lena", "action": "LOGIN"},
    ],
}
SETUP = [{"database.create_database": {"schema_sql": SCHEMA, "rows": ROWS, "writable": True}}]


async def run(tmp_path: Path, *sql: str, services=("database",), setup=(), calls=(), **kw):
    return await play(
        tmp_path,
        list(services),
        setup=[*SETUP, *setup],
        calls=[*(("execute_sql", {"sql": s}) for s in sql), *calls],
        **kw,
    )
