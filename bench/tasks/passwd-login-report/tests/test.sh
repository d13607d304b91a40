#!/bin/bash
# Verifier: recompute the report from pristine account files and compare row by row.
mkdir -p /logs/verifier
if python3 /tests/check_logins.py; then echo 1 > /logs/verifier/reward.txt; else echo 0 > /logs/verifier/reward.txt; fi
