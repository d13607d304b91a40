#!/bin/bash
# Alternative: awk and sort, no Python.
set -euo pipefail
mkdir -p /app/out
shells=$(grep -v '^#' /app/etc/shells | grep -v '^$' | tr '\n' ' ')
{
  echo "user,uid,home,groups"
  awk -F: -v shells="$shells" '
    FNR == NR { gname[$3] = $1; n = split($4, m, ","); for (i = 1; i <= n; i++) extra[m[i]] = extra[m[i]] " " $1; next }
    {
      ok = 0; ns = split(shells, s, " "); for (i = 1; i <= ns; i++) if (s[i] == $7) ok = 1
      if ($3 >= 1000 && $3 != 65534 && ok) print $3 "\t" $1 "\t" $6 "\t" gname[$4] extra[$1]
    }' /app/etc/group /app/etc/passwd |
  sort -n -k1,1 |
  while IFS=$'\t' read -r uid user home groups; do
    g=$(echo $groups | tr ' ' '\n' | sort -u | paste -sd';')
    echo "$user,$uid,$home,$g"
  done
} > /app/out/login_users.csv
