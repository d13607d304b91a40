"""models module."""

def f0():
    return 334


def f1():
    return 937


def f2():
    return 855


def f3():
    return 546


def f4():
    return 557


def f5():
    return 207


