#!/bin/bash
# Alternative: awk for the merge, sort -V for IPv4 order.
set -euo pipefail
mkdir -p /app/out
LC_ALL=C
merged=$(awk '
  { sub(/#.*/, "") }
  NF >= 2 { if (!($1 in seen)) { seen[$1] = ++n } for (i = 2; i <= NF; i++) owner[$i] = $1 }
  END { for (h in owner) print seen[owner[h]] "\t" owner[h] "\t" h }' $(ls /app/hosts.d/*.hosts | sort))
{
  printf '%s\n' "$merged" | awk -F'\t' '$2 !~ /:/' | sort -t$'\t' -k2,2V -k3,3 |
    awk -F'\t' '$2 != prev { if (line) print line; line = $2 " " $3; prev = $2; next } { line = line " " $3 } END { if (line) print line }'
  printf '%s\n' "$merged" | awk -F'\t' '$2 ~ /:/' | sort -t$'\t' -k1,1n -k3,3 |
    awk -F'\t' '$2 != prev { if (line) print line; line = $2 " " $3; prev = $2; next } { line = line " " $3 } END { if (line) print line }'
} > /app/out/hosts
