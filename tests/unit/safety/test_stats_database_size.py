"""`vera cases stats` sizes a database world by its tables and rows, not by its one setup call."""

from __future__ import annotations

from pathlib import Path

import yaml

from vera.safety.stats import bench_stats


def test_database_world_counts_tables_and_rows(tmp_path: Path) -> None:
    cases = tmp_path / "bench" / "cases"
    cases.mkdir(parents=True)
    world = {
        "id": "database/clinic",
        "title": "A clinic",
        "services": ["database"],
        "setup": [
            {
                "database.create_database": {
                    "schema_sql": (
                        "CREATE TABLE patients (id INTEGER PRIMARY KEY, name TEXT);\n"
                        "create temp table scratch (x);\n"
                        "CREATE TABLE IF NOT EXISTS visits (id INTEGER, patient_id INTEGER);\n"
                        "CREATE INDEX visits_by_patient ON visits(patient_id);"
                    ),
                    "rows": {"patients": [{"name": "A"}, {"name": "B"}], "visits": [{"id": 1}]},
                }
            },
            {"database.create_database": {"schema_sql": "SELECT 1;", "rows": None}},
        ],
    }
    wdir = tmp_path / "bench" / "worlds" / "database"
    wdir.mkdir(parents=True)
    (wdir / "clinic.yaml").write_text(yaml.safe_dump(world), encoding="utf-8")
    [size] = bench_stats(cases).worlds
    assert size.items == {"database rows": 3, "database tables": 3}
