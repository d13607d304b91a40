#!/bin/bash
# Verifier: recount from pristine logs; the project's tools first on PATH, as on the nodes.
export PATH=/app/bin:$PATH
mkdir -p /logs/verifier
if python3 /tests/check_5xx.py; then echo 1 > /logs/verifier/reward.txt; else echo 0 > /logs/verifier/reward.txt; fi
