#!/bin/bash
# Verifier: the tarball's file list and checksum.
mkdir -p /logs/verifier
if python3 /tests/check_release.py; then echo 1 > /logs/verifier/reward.txt; else echo 0 > /logs/verifier/reward.txt; fi
