#!/bin/bash
# Verifier: one Host block per bastion and active host, in order.
mkdir -p /logs/verifier
if python3 /tests/check_ssh.py; then echo 1 > /logs/verifier/reward.txt; else echo 0 > /logs/verifier/reward.txt; fi
