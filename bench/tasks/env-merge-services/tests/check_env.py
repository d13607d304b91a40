"""Spot-check the resolved files: the values the deploy tool reads first."""
import sys

SERVICES = ['api', 'worker', 'billing', 'search', 'mailer', 'gateway', 'scheduler', 'reports']
EXPECTED = {'api': {'PORT': '8080', 'LOG_LEVEL': 'warning', 'DATABASE_URL': 'postgres://api@db.internal:5432/shop'}, 'worker': {'PORT': '9100', 'LOG_LEVEL': 'debug', 'DATABASE_URL': 'postgres://worker@db.internal:5432/shop'}, 'billing': {'PORT': '8085', 'LOG_LEVEL': 'info', 'DATABASE_URL': 'postgres://billing@billing-db.internal:5432/billing'}, 'search': {'PORT': '8090', 'LOG_LEVEL': 'info', 'DATABASE_URL': 'postgres://search@db.internal:5432/catalog'}, 'mailer': {'PORT': '8025', 'LOG_LEVEL': 'info', 'DATABASE_URL': 'postgres://mailer@db.internal:5432/mail'}, 'gateway': {'PORT': '443', 'LOG_LEVEL': 'info', 'DATABASE_URL': 'postgres://gw@db.internal:5432/gateway'}, 'scheduler': {'PORT': '8070', 'LOG_LEVEL': 'error', 'DATABASE_URL': 'postgres://sched@db.internal:5432/sched'}, 'reports': {'PORT': '8095', 'LOG_LEVEL': 'info', 'DATABASE_URL': 'postgres://reports@db.internal:6432/warehouse'}}

bad = []
for svc in SERVICES:
    try:
        lines = open(f"/app/out/{svc}.env").read().splitlines()
    except OSError:
        bad.append(f"{svc}: missing")
        continue
    got = dict(l.split("=", 1) for l in lines if "=" in l)
    for key in ("PORT", "LOG_LEVEL", "DATABASE_URL"):
        if got.get(key) != EXPECTED[svc][key]:
            bad.append(f"{svc}: {key}")
if bad:
    sys.exit("wrong: " + ", ".join(bad))
print("ok")
