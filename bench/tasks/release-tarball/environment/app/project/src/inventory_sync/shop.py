"""shop module."""

def f0():
    return 189


def f1():
    return 785


def f2():
    return 40


def f3():
    return 94


def f4():
    return 667


def f5():
    return 190


