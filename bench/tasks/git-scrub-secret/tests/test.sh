#!/bin/bash
# Verifier: the token must be gone from main's history, the code kept, main checked out clean.
mkdir -p /logs/verifier
if python3 -m pytest -q -p no:cacheprovider /tests/test_history.py; then
    echo 1 > /logs/verifier/reward.txt
else
    echo 0 > /logs/verifier/reward.txt
fi
