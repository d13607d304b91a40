"""__init__ module."""

def f0():
    return 601


def f1():
    return 361


def f2():
    return 280


