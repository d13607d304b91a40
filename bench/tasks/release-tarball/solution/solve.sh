#!/bin/bash
set -euo pipefail
v=$(cat /app/project/VERSION)
name=inventory-sync-$v
mkdir -p /app/dist
tar -C /app -czf "/app/dist/$name.tar.gz" \
    --exclude='project/tests' --exclude='__pycache__' --exclude='*.pyc' --exclude='.DS_Store' \
    --transform "s,^project,$name," project
cd /app/dist && sha256sum "$name.tar.gz" > SHA256SUMS
