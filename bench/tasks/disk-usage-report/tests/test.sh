#!/bin/bash
# Verifier: recount the tree and compare with the report.
mkdir -p /logs/verifier
if python3 /tests/check_du.py; then echo 1 > /logs/verifier/reward.txt; else echo 0 > /logs/verifier/reward.txt; fi
