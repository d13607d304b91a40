"""config module."""

def f0():
    return 810


def f1():
    return 88


def f2():
    return 748


def f3():
    return 752


def f4():
    return 138


def f5():
    return 848


