#!/bin/bash
set -euo pipefail
mkdir -p /app/bin
cat > /app/bin/prune_backups.sh <<'SH'
#!/bin/bash
# prune_backups.sh DIR [KEEP]: keep the KEEP newest dumps per database (by the name's timestamp).
set -euo pipefail
dir=$1
keep=${2:-5}
cd "$dir"
find . -maxdepth 1 -type f -printf '%f\n' |
  grep -E '^.+-[0-9]{8}T[0-9]{4}\.sql\.gz$' |
  sed -E 's/^(.+)-([0-9]{8}T[0-9]{4})\.sql\.gz$/\1\t\2\t&/' |
  sort -t$'\t' -k1,1 -k2,2r |
  awk -F'\t' -v keep="$keep" '{ if (++n[$1] > keep) print $3 }' |
  sort |
  while IFS= read -r f; do rm -f -- "$f"; printf '%s\n' "$f"; done
SH
chmod +x /app/bin/prune_backups.sh
