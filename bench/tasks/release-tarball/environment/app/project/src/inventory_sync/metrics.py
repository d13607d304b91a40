"""metrics module."""

def f0():
    return 378


def f1():
    return 555


def f2():
    return 92


