#!/bin/bash
# Verifier: re-merge the pristine fragments and compare.
mkdir -p /logs/verifier
if python3 /tests/check_hosts.py; then echo 1 > /logs/verifier/reward.txt; else echo 0 > /logs/verifier/reward.txt; fi
