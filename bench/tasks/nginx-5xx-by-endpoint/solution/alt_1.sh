#!/bin/bash
# Alternative: awk over logcat's output, sort for the order.
set -euo pipefail
mkdir -p /app/out
{
  echo "endpoint,requests,errors_5xx,error_rate"
  for h in web1 web2 web3; do /app/bin/logcat "$h"; done |
  awk '
    $0 !~ /^[^ ]+ [^ ]+ [^ ]+ \[[^]]+\] "[A-Z]+ [^ ]+ HTTP\/[0-9.]+" [0-9][0-9][0-9] [0-9]+ "[^"]*" "[^"]*"$/ { next }
    {
      split($0, q, "\""); split(q[2], req, " "); split(q[3], st, " ")
      path = req[2]; sub(/\?.*/, "", path)
      n = split(path, seg, "/"); out = seg[1]
      for (i = 2; i <= n; i++) out = out "/" (seg[i] ~ /^[0-9]+$/ ? "{id}" : seg[i])
      key = req[1] " " out; total[key]++
      if (st[1] >= 500 && st[1] <= 599) err[key]++
    }
    END { for (k in err) printf "%s,%d,%d,%.4f\n", k, total[k], err[k], err[k] / total[k] }' |
  sort -t, -k3,3nr -k1,1
} > /app/out/5xx_by_endpoint.csv
