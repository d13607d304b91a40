"""The ATIF v1.8 schema as Harbor publishes it (vendored in tests/fixtures/atif, see its README),
and a check that a document follows it and the rules the schema cannot say (vera.atif)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema

from vera.atif import parse_atif

SCHEMA_PATH = Path(__file__).resolve().parents[1] / "fixtures" / "atif" / "atif-v1.8.schema.json"
SCHEMA = json.loads(SCHEMA_PATH.read_text())


def validate_atif(data: dict[str, Any], where: str = "ATIF") -> dict[str, Any]:
    """Raise when ``data`` is not valid ATIF v1.8; return it."""
    jsonschema.Draft202012Validator(SCHEMA).validate(data)
    parse_atif(data, where)
    assert data["schema_version"] == "ATIF-v1.8", where
    return data
