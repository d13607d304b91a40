#!/bin/bash
# Verifier: every unit must carry the policy's settings.
mkdir -p /logs/verifier
ok=1
while read -r unit account net; do
  case "$unit" in ''|'#'*) continue ;; esac
  f=/app/units/$unit.service
  [ -f "$f" ] || { echo "missing $f"; ok=0; continue; }
  grep -q "^User=$account\$" "$f" || { echo "$unit: User"; ok=0; }
  grep -q '^ExecStart=/' "$f" || { echo "$unit: ExecStart"; ok=0; }
  grep -q 'WantedBy=multi-user.target' "$f" || { echo "$unit: WantedBy"; ok=0; }
  if ! grep -q '^Type=oneshot' "$f"; then
    grep -q 'Restart=on-failure' "$f" || { echo "$unit: Restart"; ok=0; }
  fi
done < /app/accounts.txt
echo $ok > /logs/verifier/reward.txt
