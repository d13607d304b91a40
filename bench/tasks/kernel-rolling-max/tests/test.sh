#!/bin/bash
# Verifier: time the candidate against the reference and write the speed-up as the reward.
cd /app
python3 /tests/bench.py
