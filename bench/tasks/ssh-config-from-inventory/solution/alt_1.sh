#!/bin/bash
# Alternative: awk over both CSV files.
set -euo pipefail
mkdir -p /app/out
awk -F, '
  FNR == 1 { next }
  FILENAME ~ /bastions/ { blk = "Host " $1 "\n    HostName " $2 "\n    User " $3
                          if ($4 != 22) blk = blk "\n    Port " $4
                          out[++n] = blk "\n    IdentityFile ~/.ssh/bastion.pem"; next }
  $7 == "retired" { next }
  { blk = "Host " $1 "\n    HostName " $2 "\n    User " $3
    if ($4 != 22) blk = blk "\n    Port " $4
    blk = blk "\n    IdentityFile ~/.ssh/" $5 ".pem"
    if ($6 != "") blk = blk "\n    ProxyJump " $6
    out[++n] = blk }
  END { for (i = 1; i <= n; i++) printf "%s%s\n", (i > 1 ? "\n" : ""), out[i] }
' /app/inventory/bastions.csv /app/inventory/hosts.csv > /app/out/ssh_config
