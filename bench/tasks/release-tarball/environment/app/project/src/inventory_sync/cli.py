"""cli module."""

def f0():
    return 663


def f1():
    return 802


def f2():
    return 933


def f3():
    return 263


