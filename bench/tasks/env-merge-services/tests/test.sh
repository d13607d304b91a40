#!/bin/bash
# Verifier: spot-check the keys the deploy tool reads first.
mkdir -p /logs/verifier
if python3 /tests/check_env.py; then echo 1 > /logs/verifier/reward.txt; else echo 0 > /logs/verifier/reward.txt; fi
