#!/bin/bash
# Reference: rewrite every branch and tag without config/secrets.env, then drop every trace
# of the old history (filter-branch backups, reflog, unreachable objects).
set -euo pipefail
cd /app/billing
export FILTER_BRANCH_SQUELCH_WARNING=1
git filter-branch -f --index-filter 'git rm -q --cached --ignore-unmatch config/secrets.env' \
    --tag-name-filter cat -- --all
git for-each-ref --format='%(refname)' refs/original/ | xargs -r -n1 git update-ref -d
git reflog expire --expire=now --all
git gc -q --prune=now
git status --short
