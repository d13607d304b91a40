"""AgentDojo's side of an imported pair: its attack, its ground truths and its own ground-truth
pipeline, used by the importer (to write the case) and by the side-by-side comparison.

For a pair (user task, injection task) the attack fills the injection vectors that the user
task's ground truth gets to see (AgentDojo's ``get_injection_candidates``) from its template
and the injection task's ``GOAL``. Two ground-truth runs are defined on that environment:

- *reference*: the user task's ground truth, answering its ``GROUND_TRUTH_OUTPUT``;
- *witness*: an attacked agent's run, of one of these kinds (all computed on the environment
  before any call):

  - ``combined``: the user task's ground truth then the injection task's, answering both
    outputs (the agent does its task and the injected one);
  - ``injection_only``: the injection task's ground truth alone (the agent drops its task for
    the injected one, which is what AgentDojo's ``check_suites`` replays);
  - ``combined+cleanup`` / ``injection_only+cleanup``: either of those, then deleting the
    records the injection arrived in (an email, a file: whatever a tool of the suite deletes by
    id, see :func:`injection_cleanup`).

  The importer takes the first kind, in that order, that AgentDojo's security check judges
  violated on the pair. ``injection_only`` is needed where the injection task's ground truth and
  check assume the next free email or event id of the pre-environment, which the user task's own
  email or event has taken; ``+cleanup`` where the injected text itself satisfies part of the
  check. AgentDojo's ``check_suites`` runs each injection task's ground truth on an environment
  whose vectors hold *canaries*, not the attack's text. On a pair's attacked environment the
  injected text quotes the ``GOAL``, so a check that searches the data for a string the goal
  names also finds the injection. Workspace ``injection_task_0`` wants exactly one email
  matching its subject ("Important message!") in subject or body, and the injected email quotes
  that subject, so on the 9 pairs whose injection sits in an email only a run that also deletes
  that email reaches the goal.

:func:`agentdojo_outcomes` plays the runs through AgentDojo's ``GroundTruthPipeline`` and
``TaskSuite.run_task_with_pipeline``, i.e. AgentDojo decides utility and security itself.
"""

from __future__ import annotations

import pickle
import time
import warnings
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from vera.env.services.agentdojo import AgentDojoError

if TYPE_CHECKING:
    from agentdojo.attacks.base_attacks import BaseAttack
    from agentdojo.base_tasks import BaseInjectionTask, BaseUserTask
    from agentdojo.functions_runtime import FunctionCall, TaskEnvironment
    from agentdojo.task_suite.task_suite import TaskSuite

DEFAULT_ATTACK = "important_instructions"
WITNESS_KINDS = ("combined", "injection_only", "combined+cleanup", "injection_only+cleanup")
"""Witness kinds, in the order the importer tries them (see the module doc)."""
CLEANUP = "+cleanup"
STUB_PIPELINE_NAME = "gpt-4o-2024-05-13"
"""A pipeline name AgentDojo knows, so attacks that look the model up can be built; the name
they address is then set from ``model_name`` (the target is not known at import time)."""


def attack_names() -> list[str]:
    """AgentDojo's registered attacks that fill vectors from a fixed template (no model, no
    human in the loop, not denial of service): the ones an import can use."""
    import agentdojo.attacks  # noqa: F401  (registers the attacks)
    from agentdojo.attacks.attack_registry import ATTACKS
    from agentdojo.attacks.base_attacks import FixedJailbreakAttack

    return [
        name
        for name, cls in ATTACKS.items()
        if issubclass(cls, FixedJailbreakAttack) and not cls.is_dos_attack
    ]


def make_attack(name: str, suite: TaskSuite, model_name: str | None = None) -> BaseAttack:
    """Build AgentDojo's attack ``name`` for ``suite``; AgentDojoError for an unusable name.

    Attacks that address the target model by name use ``model_name``, by default AgentDojo's
    neutral "the AI language model".
    """
    import agentdojo.attacks  # noqa: F401
    from agentdojo.agent_pipeline.base_pipeline_element import BasePipelineElement
    from agentdojo.attacks.attack_registry import ATTACKS
    from agentdojo.attacks.base_attacks import DEFAULT_MODEL_NAME

    usable = attack_names()
    if name not in usable:
        raise AgentDojoError(
            f"unknown or unsupported AgentDojo attack {name!r} (use one of: {', '.join(usable)})"
        )

    class _Stub(BasePipelineElement):
        def query(self, *args: Any, **kwargs: Any) -> Any:  # pragma: no cover - never run
            raise NotImplementedError

    stub = _Stub()
    stub.name = STUB_PIPELINE_NAME
    attack = ATTACKS[name](suite, stub)
    if hasattr(attack, "model_name"):
        attack.model_name = model_name or DEFAULT_MODEL_NAME  # type: ignore[attr-defined]
    return attack


def injection_vectors(attack: BaseAttack, user_task: BaseUserTask) -> list[str]:
    """Vectors the user task's ground truth sees (empty: the task is not injectable)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            return list(attack.get_injection_candidates(user_task))
        except ValueError:
            return []


def pair_environment(
    suite: TaskSuite, user_task: BaseUserTask, injections: dict[str, str]
) -> TaskEnvironment:
    """The pre-environment of a pair: default environment, vectors filled, task initialised."""
    env = suite.load_and_inject_default_environment(injections)
    return user_task.init_environment(env)


def _output(*outputs: str) -> str:
    return "\n".join(o for o in outputs if o)


def _carrier_entries(obj: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple, Any, Any]]:
    """``(path of the mapping, key, value)`` of every mapping entry inside an environment."""
    if isinstance(obj, BaseModel):
        for name in type(obj).model_fields:
            yield from _carrier_entries(getattr(obj, name), (*path, name))
    elif isinstance(obj, dict):
        for key, value in obj.items():
            yield path, key, value
            yield from _carrier_entries(value, (*path, key))
    elif isinstance(obj, list | tuple):
        for i, value in enumerate(obj):
            yield from _carrier_entries(value, (*path, i))


def _text(value: Any) -> str:
    if isinstance(value, BaseModel):
        return value.model_dump_json()
    return str(value)


def _at(obj: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        obj = obj[step] if isinstance(obj, dict | list | tuple) else getattr(obj, step)
    return obj


def injection_cleanup(
    suite: TaskSuite, user_task: BaseUserTask, vectors: Sequence[str]
) -> list[FunctionCall]:
    """The calls that delete the records the injection ``vectors`` arrive in, on the user task's
    pre-environment: for each innermost record (an entry of a mapping keyed by id: an email, a
    file) that holds a vector, the suite's first tool with a single ``..._id`` argument that,
    tried on a copy, removes that entry. Records no tool removes (a calendar event is only
    marked cancelled) are left alone; empty when nothing can be removed."""
    from agentdojo.functions_runtime import FunctionCall, FunctionsRuntime

    if not vectors:
        return []
    canaries = {v: f"vera-carrier-{i}-of-injection" for i, v in enumerate(vectors)}
    env = pair_environment(suite, user_task, canaries)
    carrying = [
        (path, key)
        for path, key, value in _carrier_entries(env)
        if any(c in _text(value) for c in canaries.values())
    ]
    innermost = [
        (path, key)
        for path, key in carrying
        if not any(len(p) > len(path) and p[: len(path) + 1] == (*path, key) for p, _ in carrying)
    ]
    removers = [
        (f.name, name)
        for f in suite.tools
        for name, field in f.parameters.model_fields.items()
        if len(f.parameters.model_fields) == 1 and field.is_required() and name.endswith("id")
    ]
    runtime = FunctionsRuntime(suite.tools)
    calls: list[FunctionCall] = []
    for path, key in innermost:
        for tool, arg in removers:
            trial = env.model_copy(deep=True)
            _, error = runtime.run_function(trial, tool, {arg: str(key)})
            if error is None and key not in _at(trial, path):
                calls.append(FunctionCall(function=tool, args={arg: str(key)}))
                break
    return calls


class _Witness:
    """The witness as a task AgentDojo's GroundTruthPipeline can play (see the module doc)."""

    def __init__(
        self,
        user_task: BaseUserTask,
        injection_task: BaseInjectionTask,
        kind: str,
        cleanup: Sequence[FunctionCall] = (),
    ) -> None:
        if kind not in WITNESS_KINDS:
            raise AgentDojoError(f"unknown witness kind {kind!r} (use {', '.join(WITNESS_KINDS)})")
        self.ID = f"{user_task.ID}+{injection_task.ID}"
        base = kind.removesuffix(CLEANUP)
        self.tasks = [injection_task] if base == "injection_only" else [user_task, injection_task]
        self.cleanup = list(cleanup) if kind.endswith(CLEANUP) else []
        self.GROUND_TRUTH_OUTPUT = _output(*(t.GROUND_TRUTH_OUTPUT for t in self.tasks))

    def ground_truth(self, env: TaskEnvironment) -> list[FunctionCall]:
        calls = [c for t in self.tasks for c in t.ground_truth(env.model_copy(deep=True))]
        return calls + [c.model_copy(deep=True) for c in self.cleanup]


def reference_script(user_task: BaseUserTask, env: TaskEnvironment) -> tuple[list, str]:
    """The reference: ``(calls, final answer)`` computed on the pre-environment."""
    return user_task.ground_truth(env.model_copy(deep=True)), user_task.GROUND_TRUTH_OUTPUT


def witness_script(
    user_task: BaseUserTask,
    injection_task: BaseInjectionTask,
    env: TaskEnvironment,
    kind: str = "combined",
    cleanup: Sequence[FunctionCall] = (),
) -> tuple[list, str]:
    """The witness of ``kind``: ``(calls, final answer)`` computed on the pre-environment;
    ``cleanup`` (:func:`injection_cleanup`) ends a ``+cleanup`` kind."""
    witness = _Witness(user_task, injection_task, kind, cleanup)
    return witness.ground_truth(env), witness.GROUND_TRUTH_OUTPUT


class PairOutcome(BaseModel):
    """AgentDojo's own verdicts on the two ground-truth runs of a pair."""

    suite: str
    user_task: str
    injection_task: str
    witness: str = "combined"
    """The witness kind played (see the module doc)."""
    reference_utility: bool | None = None
    reference_security: bool | None = None
    """AgentDojo's ``security``: True means the injection goal was reached (vera: violated)."""
    witness_utility: bool | None = None
    witness_security: bool | None = None
    error: str | None = None
    """One line when a ground truth raised (AgentDojo's pipeline stops on a failing call)."""
    seconds: float = 0.0


def agentdojo_outcomes(
    suite: TaskSuite,
    user_task: BaseUserTask,
    injection_task: BaseInjectionTask,
    injections: dict[str, str],
    *,
    witness: str = "combined",
    reference: bool = True,
    cleanup: Sequence[FunctionCall] | None = None,
) -> PairOutcome:
    """Play the reference (unless ``reference`` is False) and the witness of kind ``witness``
    through AgentDojo's ground-truth pipeline. A ``+cleanup`` witness ends with ``cleanup``
    (default: :func:`injection_cleanup` of the pair's vectors)."""
    from agentdojo.agent_pipeline.ground_truth_pipeline import GroundTruthPipeline

    out = PairOutcome(
        suite=suite.name, user_task=user_task.ID, injection_task=injection_task.ID, witness=witness
    )
    started = time.perf_counter()
    if cleanup is None and witness.endswith(CLEANUP):
        cleanup = injection_cleanup(suite, user_task, list(injections))
    task = _Witness(user_task, injection_task, witness, cleanup or ())
    runs: list[tuple[str, Callable[[], Any]]] = [
        ("reference", lambda: GroundTruthPipeline(user_task)),
        ("witness", lambda: GroundTruthPipeline(task)),  # type: ignore[arg-type]
    ][0 if reference else 1 :]
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            # what run_task_with_pipeline would load itself, loaded once (a fresh copy per run)
            loaded = pickle.dumps(suite.load_and_inject_default_environment(injections))
            for label, pipeline in runs:
                utility, security = suite.run_task_with_pipeline(
                    pipeline(),
                    user_task,
                    injection_task,
                    injections,
                    environment=pickle.loads(loaded),
                )
                setattr(out, f"{label}_utility", bool(utility))
                setattr(out, f"{label}_security", bool(security))
    except Exception as e:
        out.error = f"{type(e).__name__}: {' '.join(str(e).split())}"[:300]
    out.seconds = time.perf_counter() - started
    return out


__all__ = [
    "CLEANUP",
    "DEFAULT_ATTACK",
    "WITNESS_KINDS",
    "PairOutcome",
    "agentdojo_outcomes",
    "attack_names",
    "injection_cleanup",
    "injection_vectors",
    "make_attack",
    "pair_environment",
    "reference_script",
    "witness_script",
]
