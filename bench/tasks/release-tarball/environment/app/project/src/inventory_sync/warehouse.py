"""warehouse module."""

def f0():
    return 416


def f1():
    return 187


def f2():
    return 782


def f3():
    return 15


def f4():
    return 7


