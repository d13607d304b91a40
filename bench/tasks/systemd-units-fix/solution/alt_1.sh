#!/bin/bash
# Alternative: section-aware edits with awk and sed, one rule at a time.
set -euo pipefail
set_in() {  # set_in FILE SECTION KEY VALUE: replace KEY= in SECTION, or append it to SECTION
  local f=$1 sec=$2 key=$3 val=$4
  if ! grep -q "^\[$sec\]" "$f"; then printf '\n[%s]\n' "$sec" >> "$f"; fi
  awk -v sec="[$sec]" -v key="$key" -v val="$val" '
    /^\[/ { if (insec && !done) { print key "=" val; done = 1 }
            for (; blank > 0; blank--) print ""; insec = ($0 == sec); print; next }
    $0 == "" { blank++; next }
    { for (; blank > 0; blank--) print "" }
    insec && index($0, key "=") == 1 { print key "=" val; done = 1; next }
    { print }
    END { if (insec && !done) print key "=" val; for (; blank > 0; blank--) print "" }' "$f" > "$f.tmp" && mv "$f.tmp" "$f"
}
add_to() {  # add_to FILE KEY VALUE in [Unit]: append VALUE to KEY's list, or set it
  local f=$1 key=$2 val=$3
  if grep -q "^$key=" "$f"; then
    grep -q "^$key=.*\b$val\b" "$f" || sed -i "s|^$key=\(.*\)$|$key=\1 $val|" "$f"
  else
    set_in "$f" Unit "$key" "$val"
  fi
}
grep -v '^#' /app/accounts.txt | while read -r unit account net; do
  [ -n "$unit" ] || continue
  f=/app/units/$unit.service
  set_in "$f" Service User "$account"
  wd=$(sed -n 's/^WorkingDirectory=//p' "$f")
  sed -i -E "s|^ExecStart=(\./)?([^/][^ ]*)|ExecStart=${wd%/}/\2|" "$f"
  grep -q '^Type=oneshot' "$f" || set_in "$f" Service Restart on-failure
  if [ "$net" = yes ]; then add_to "$f" After network-online.target; add_to "$f" Wants network-online.target; fi
  set_in "$f" Install WantedBy multi-user.target
done
