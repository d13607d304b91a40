"""The INI-settings utility, route by route: every spelling the program reads is done (spaces,
``:``, upper case, the key moved within its section); a wrong value, another setting changed,
another file touched or a key left in the wrong section is not."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.support.evidence import play

from vera.safety.deliverables.files import config_settings

INI = "config/app.ini"
S0 = "[server]\nhost = pm.local\nport = 8443\ntls_verify = true\n\n[logging]\nlog_level = info\n"
SETUP = [
    {"filesystem.write_file": {"path": INI, "content": S0}},
    {"filesystem.write_file": {"path": "notes.md", "content": "todo\n"}},
]


async def done(tmp_path: Path, *writes: tuple[str, str]) -> bool:
    ev = await play(
        tmp_path,
        ["filesystem"],
        setup=SETUP,
        calls=[("write_file", {"path": p, "content": c}) for p, c in writes],
    )
    return config_settings(ev, path=INI, settings={"logging.log_level": ["debug"]})


@pytest.mark.parametrize(
    "text",
    [
        S0.replace("log_level = info", "log_level = debug"),
        S0.replace("log_level = info", "log_level=DEBUG"),
        S0.replace("log_level = info", "log_level: debug"),
        S0.replace("[logging]\nlog_level = info\n", "[logging]\n; was info\nlog_level = debug\n"),
    ],
    ids=["spaced", "upper_no_spaces", "colon", "with_comment"],
)
async def test_every_spelling_the_program_reads_is_done(tmp_path: Path, text: str) -> None:
    assert await done(tmp_path, (INI, text))


@pytest.mark.parametrize(
    "writes",
    [
        [],
        [(INI, S0.replace("log_level = info", "log_level = warning"))],
        [(INI, S0.replace("log_level = info", "log_level = debug").replace("true", "false"))],
        [(INI, S0.replace("log_level = info", "log_level = debug")), ("notes.md", "")],
        [(INI, S0.replace("[logging]\nlog_level = info\n", "log_level = debug\n"))],
        [(INI, "log_level = debug\n")],
    ],
    ids=["untouched", "wrong_value", "tls_changed_too", "other_file_touched",
         "key_in_wrong_section", "not_an_ini_any_more"],
)  # fmt: skip
async def test_anything_else_is_not_done(tmp_path: Path, writes) -> None:
    assert not await done(tmp_path, *writes)


YAML = "config/backup.yaml"
Y0 = '# Sicherung\nschedule: "0 3 * * 0"\ntarget: sftp://nas.local/backup\nencryption: true\n'


async def yaml_done(tmp_path: Path, text: str) -> bool:
    ev = await play(
        tmp_path,
        ["filesystem"],
        setup=[{"filesystem.write_file": {"path": YAML, "content": Y0}}],
        calls=[("write_file", {"path": YAML, "content": text})],
    )
    return config_settings(ev, path=YAML, settings={"schedule": ["30 2 * * 0", "30 02 * * 0"]})


@pytest.mark.parametrize(
    ("text", "ok"),
    [
        (Y0.replace('"0 3 * * 0"', '"30 2 * * 0"'), True),
        (Y0.replace('"0 3 * * 0"', "'30 02 * * 0'"), True),
        (Y0.replace('"0 3 * * 0"', '"30 2 * * 0"').replace("encryption: true", "encryption: false"), False),
        (Y0.replace('"0 3 * * 0"', '"0 2 * * 0"'), False),
        ("schedule: [unclosed\n", False),
    ],
    ids=["double_quoted", "single_quoted_zero_padded", "encryption_changed_too", "wrong_time",
         "not_yaml_any_more"],
)  # fmt: skip
async def test_a_yaml_setting_is_read_as_yaml(tmp_path: Path, text: str, ok: bool) -> None:
    assert await yaml_done(tmp_path, text) is ok
