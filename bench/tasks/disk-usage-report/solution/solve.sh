#!/bin/bash
set -euo pipefail
mkdir -p /app/out
cd /app/srv
total=0
for d in */; do
  d=${d%/}
  b=$(find "$d" -type f -printf '%s\n' | awk '{s += $1} END {print s + 0}')
  printf '%s\t%s\n' "$b" "$d"
done | sort -t$'\t' -k1,1nr -k2,2 > /app/out/du_report.tsv
total=$(awk -F'\t' '{s += $1} END {print s + 0}' /app/out/du_report.tsv)
printf '%s\tTOTAL\n' "$total" >> /app/out/du_report.tsv
