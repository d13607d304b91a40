"""Speed-up harness: reward = reference time / candidate time when every output is correct,
else 0.

Each timed repetition gets its own inputs (seeds ``seed``, ``seed + 1``, ...) unless the spec
sets ``SAME_INPUTS``; the warm-up call uses inputs that are never timed. Each side keeps its
best repetition, and the two sides are timed so that a busy moment of the machine cannot fall
on one side only: a stub that is as slow as the reference must never look faster.

KERNEL_TIMING=inprocess (default): import the candidate here, time and compare in this
interpreter, reference and candidate repetitions interleaved. KERNEL_TIMING=subprocess: run
the reference, then the candidate, then the reference again, each in a fresh ``python3 -I``
child that waits for a go signal before each repetition; time each from this process and
compare the candidate's saved outputs here, against references computed here. The reference
keeps the best of its two children, so whatever the candidate leaves running can only slow the
second one, which then does not count.
"""

import importlib.util
import os
import subprocess
import sys
import tempfile
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import kernel_spec as spec  # noqa: E402

REWARD = "/logs/verifier/reward.txt"
REPS = 5
WARMUP_OFFSET = 7919


class ChildFailed(RuntimeError):
    pass


def load_candidate():
    s = importlib.util.spec_from_file_location("candidate", spec.MODULE)
    mod = importlib.util.module_from_spec(s)
    s.loader.exec_module(mod)
    return getattr(mod, spec.FUNC)


def inputs(seed):
    if getattr(spec, "SAME_INPUTS", False):
        one = spec.make_inputs(seed)
        return [one] * REPS
    return [spec.make_inputs(seed + i) for i in range(REPS)]


def all_correct(outs, refs):
    return all(spec.check(np.asarray(o, dtype=float), r) for o, r in zip(outs, refs))


def timed(fn, args):
    t0 = time.perf_counter()
    out = fn(*args)
    return time.perf_counter() - t0, out


def in_process(seed: int) -> float:
    runs = inputs(seed)
    cand = load_candidate()
    warm = spec.make_inputs(seed + WARMUP_OFFSET)
    spec.reference(*warm)
    cand(*warm)
    t_ref = t_c = float("inf")
    refs, outs = [], []
    for i, args in enumerate(runs):
        # Interleaved, and in turn first: a slow stretch of the machine hits both sides.
        order = ("ref", "cand") if i % 2 == 0 else ("cand", "ref")
        for side in order:
            if side == "ref":
                t, out = timed(spec.reference, args)
                t_ref = min(t_ref, t)
                refs.append(out)
            else:
                t, out = timed(cand, args)
                t_c = min(t_c, t)
                outs.append(out)
    if not all_correct(outs, refs):
        return 0.0
    return t_ref / max(t_c, 1e-9)


def child(which: str, seed: int, out_path: str) -> None:
    fn = spec.reference if which == "reference" else load_candidate()
    runs = inputs(seed)
    fn(*spec.make_inputs(seed + WARMUP_OFFSET))  # warm-up
    outs = []
    for args in runs:  # one go per repetition
        sys.stdout.write("ready\n")
        sys.stdout.flush()
        sys.stdin.readline()
        outs.append(fn(*args))
        sys.stdout.write("done\n")
        sys.stdout.flush()
    np.savez(out_path, *[np.asarray(o, dtype=float) for o in outs])  # after the clock stops


def timed_child(which: str, seed: int, out_path: str) -> float:
    """The child's best repetition, timed from here: each one waits for its own go, so a moment
    the machine is busy spoils one repetition, never the whole measurement."""
    p = subprocess.Popen(
        ["/usr/bin/python3", "-I", os.path.abspath(__file__), "--child", which, str(seed), out_path],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
    )
    best = float("inf")
    try:
        for _ in range(REPS):
            if p.stdout.readline().strip() != "ready":
                raise ChildFailed(f"{which} child failed")
            t0 = time.perf_counter()
            p.stdin.write("go\n")
            p.stdin.flush()
            line = p.stdout.readline().strip()
            best = min(best, time.perf_counter() - t0)
            if line != "done":
                raise ChildFailed(f"{which} child failed")
        p.wait(timeout=60)
    except OSError as exc:  # the child closed its pipes
        raise ChildFailed(f"{which} child failed") from exc
    finally:
        if p.poll() is None:
            p.kill()
            p.wait()
    if p.returncode != 0:
        raise ChildFailed(f"{which} child failed")
    return best


def out_of_process(seed: int) -> float:
    with tempfile.TemporaryDirectory() as d:
        t_ref = timed_child("reference", seed, f"{d}/ref.npz")
        try:
            t_c = timed_child("candidate", seed, f"{d}/cand.npz")
        except ChildFailed:
            return 0.0
        t_ref = min(t_ref, timed_child("reference", seed, f"{d}/ref2.npz"))
        refs = [spec.reference(*args) for args in inputs(seed)]
        with np.load(f"{d}/cand.npz") as z:
            outs = [z[f"arr_{i}"] for i in range(len(refs))]
    if not all_correct(outs, refs):
        return 0.0
    return t_ref / max(t_c, 1e-9)


def main() -> None:
    if sys.argv[1:2] == ["--child"]:
        child(sys.argv[2], int(sys.argv[3]), sys.argv[4])
        return
    seed = int.from_bytes(os.urandom(3), "little")
    mode = os.environ.get("KERNEL_TIMING", "inprocess")
    try:
        speedup = out_of_process(seed) if mode == "subprocess" else in_process(seed)
    except Exception as exc:  # a crashing candidate earns nothing
        print(f"candidate failed: {exc!r}", file=sys.stderr)
        speedup = 0.0
    print(f"speedup {speedup:.3f} ({mode})")
    os.makedirs(os.path.dirname(REWARD), exist_ok=True)
    with open(REWARD, "w") as fh:
        fh.write(f"{speedup:.4f}\n")


if __name__ == "__main__":
    main()
