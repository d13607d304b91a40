"""sync module."""

def f0():
    return 982


def f1():
    return 754


def f2():
    return 954


def f3():
    return 634


def f4():
    return 217


