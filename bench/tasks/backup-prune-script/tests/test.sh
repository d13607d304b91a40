#!/bin/bash
# Verifier: run the script on random directories.
mkdir -p /logs/verifier
if python3 /tests/check_prune.py; then echo 1 > /logs/verifier/reward.txt; else echo 0 > /logs/verifier/reward.txt; fi
