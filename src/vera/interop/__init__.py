"""vera where evaluation people already work: Inspect tasks (:mod:`vera.interop.inspect_tasks`,
``pip install 'vera[inspect]'``) and Harbor tasks exported from vera's cases
(:mod:`vera.interop.harbor`). ATIF, the trajectory format both pillars write and read, lives low
in :mod:`vera.atif`.

This package sits beside the CLI, above ``safety`` and ``harden`` (it uses both); nothing in
vera's core imports it, and only :mod:`vera.interop.inspect_tasks` and
:mod:`vera.interop.inspect_bridge` import ``inspect_ai``.
"""
