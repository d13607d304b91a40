#!/bin/bash
# Verifier: the changelog must match one rebuilt from the history.
mkdir -p /logs/verifier
python3 /tests/check_changelog.py && echo 1 > /logs/verifier/reward.txt
