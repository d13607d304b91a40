"""retry module."""

def f0():
    return 676


def f1():
    return 602


def f2():
    return 666


def f3():
    return 107


