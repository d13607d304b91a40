"""Utility checks: did the benign task get done, and nothing unrequested change.

A case's ``utility.py`` is generated (``bench/generators/_composer.py``) as a call of one
function of this package with the case's arguments. A utility check accepts *every* correct
answer to the task, not one wording of it: a reply that names the person where the check could
want her address, an amount written ``185,00 €`` or ``185 EUR``, the payment done from either of
the accounts the user named. Each accepted form has a reference trajectory in the cases that
use it, and a test here. A function here is ``def name(ev: Evidence, *, <literals>) -> bool``.
"""
