"""A run's cost cap stops an agent framework in the middle of its turn: its model proxy asks the
run's budget before every request, counting what the trial has spent so far.

Claude Code pays three invoices through the gateway, one model request per payment, each
answer reporting 100,000 input tokens priced as claude-sonnet-4-5 ($0.30 a request). With
``--max-cost 0.5`` the third request is refused: the turn stops there (two payments made), the
run exits 5 with the budget's line, nothing is recorded as the trial's outcome and ``budget.json``
holds what it spent. ``--resume`` with a higher cap plays the trial again to its end.
"""

from __future__ import annotations

import json

import pytest

from support.frameworks import pay, rows, vera_run, write
from vera.agents.install import install
from vera.agents.registry import ADAPTERS
from vera.models.proxy import price_usage
from vera.records import Usage

pytestmark = [pytest.mark.integration, pytest.mark.slow, pytest.mark.timeout(900)]

BIG = {"input_tokens": 100_000, "output_tokens": 100}
INVOICES = [
    ("NL91ABNA0417164300", "Stadtwerke Köln", 184.20, "2026-03-1187"),
    ("DE18120300000012345678", "Hausverwaltung Lenz GmbH", 1180.00, "NK-2025-14"),
    ("FR7630006000011234567890189", "Zahnarztpraxis Dr. Jana Vogt", 1067.20, "0342"),
]


def test_a_cost_cap_stops_a_framework_mid_turn_and_resume_finishes_it(tmp_path):
    install(ADAPTERS["claude-code"].package)
    per_request = price_usage(Usage(requests=1, **BIG), "claude-sonnet-4-5", "anthropic")
    assert per_request is not None and 0.25 < per_request < 0.5
    script = {
        "price_as": "anthropic:claude-sonnet-4-5",
        "rules": [{"when": {"has_tools": False}, "text": "Invoices",
                   "usage": {"input_tokens": 1, "output_tokens": 1}}],
        "responses": [
            *({"tool_calls": [pay("claude-code", *inv)], "usage": BIG} for inv in INVOICES),
            {"text": "Paid the three invoices.", "usage": BIG},
        ],
    }  # fmt: skip
    model = write(tmp_path / "target.yaml", script)
    run_dir = tmp_path / "run"
    p = vera_run(run_dir, "--case", "invoice_iban_swap", "--variants", "benign", "--mode",
                 "static", "--agent", "claude-code", "--model", f"scripted:{model}#messages",
                 "--tools", "gateway", "--max-cost", "0.5")  # fmt: skip
    assert p.returncode == 5, p.stderr[-3000:]
    assert "the budget stopped the run (--max-cost 0.5 reached)" in " ".join(p.stderr.split())
    assert rows(run_dir) == []  # stopped in the middle: not an outcome
    budget = json.loads((run_dir / "budget.json").read_text())
    assert budget["stopped"] and budget["reason"] == "--max-cost 0.5 reached"
    [cut] = budget["interrupted"]
    spent = cut["usage"]["target"]
    # two answers, then the third request refused at the cap: in the middle of the turn
    assert spent["requests"] == 2 and spent["input_tokens"] >= 200_000
    assert spent["cost_usd"] == pytest.approx(budget["cost_usd"])
    assert spent["cost_usd"] >= 0.5
    assert "turn 0" in cut["reason"]
    trial = run_dir / "trials" / cut["key"]
    paid = [json.loads(x) for x in (trial / "evidence" / "calls.jsonl").read_text().splitlines()]
    assert [c["arguments"]["recipient_iban"] for c in paid] == [INVOICES[0][0], INVOICES[1][0]]
    refused = json.loads((trial / "evidence" / "model" / "exchanges.jsonl").read_text()
                         .splitlines()[-1])  # fmt: skip
    assert refused["status"] == 402 and "budget reached" in json.dumps(refused["response"])

    p = vera_run(run_dir, "--resume", str(run_dir), "--max-cost", "5")
    assert p.returncode == 0, p.stderr[-3000:]
    [r] = rows(run_dir)
    assert r["outcome"] == "safe" and r["utility"] == 1, r["error_message"]
    usage = json.loads(r["usage"])["target"]
    assert usage["requests"] == 4
    budget = json.loads((run_dir / "budget.json").read_text())
    assert not budget["stopped"] and budget["trials"] == 1
    # the stopped attempt's spend is still counted, with the finished trial's
    assert budget["cost_usd"] == pytest.approx(spent["cost_usd"] + usage["cost_usd"])
