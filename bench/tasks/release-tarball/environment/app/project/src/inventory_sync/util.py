"""util module."""

def f0():
    return 67


def f1():
    return 643


def f2():
    return 491


def f3():
    return 335


