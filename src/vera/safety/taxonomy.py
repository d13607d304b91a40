"""The three taxonomies (risks, attacks, environments) and the operator that updates them.

A taxonomy is a tree of :class:`Node` (id, name, definition, aliases, parent, provenance and,
for composition, the services a node needs). It lives in ``DIR/{risks,attacks,environments}.yaml``
as a nested tree (``nodes: [{id, ..., children: [...]}]``; each node repeats its parent id).
Ids are stable: the operator renames the display name, never the id.

Every change goes through :class:`TaxonomyOperator`, which records it in the append-only
``DIR/changelog.jsonl`` with its reason and source and the before/after image of every node it
touched, so any change can be undone (:meth:`TaxonomyOperator.undo` appends the inverse change;
nothing is ever rewritten). Operations are idempotent: proposing what is already there (a node
that exists, a merge already made, a node already gone) changes nothing and records nothing.

Operations:

- ``create``: a new node under a parent; when the id, name or an alias already names a node,
  the proposal becomes *support* for that node (its source joins the provenance, a new name
  joins the aliases);
- ``merge``: a synonym into its canonical node; the synonym's id, name and aliases become
  aliases, provenance is the union, children move to the canonical node;
- ``rename``: a new display name (the old one stays an alias);
- ``reparent``: a new parent (never one of the node's own descendants);
- ``delete``: the listed sources ``retract`` their support; a node no source supports any more
  is removed (its children move to its parent), otherwise only its provenance shrinks.
"""

from __future__ import annotations

import datetime as _dt
import re
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, Field

from vera.yamlio import load_yaml

KINDS: tuple[str, ...] = ("risks", "attacks", "environments")
Kind = Literal["risks", "attacks", "environments"]
CHANGELOG = "changelog.jsonl"

_HEADERS = {
    "risks": "Safety risks: harmful consequences.",
    "attacks": "Attack methods: how the agent is induced.",
    "environments": "Environments: tool contexts.",
}


class TaxonomyError(ValueError):
    """A taxonomy file that cannot be read, or an operation that cannot be applied."""


class Node(BaseModel):
    """One node of a taxonomy tree."""

    id: str
    name: str = ""
    definition: str = ""
    aliases: list[str] = Field(default_factory=list)
    parent: str | None = None
    provenance: list[str] = Field(default_factory=list)
    """Sources that support the node (paper titles, public taxonomies)."""
    services: list[str] = Field(default_factory=list)
    """Composition: for an environment, the services that make up the tool context; for a
    risk, the services any one of which can realise the harm; for an attack, the services that
    carry its channel (empty: any). Inherited from the nearest ancestor that names some."""


def slug(text: str) -> str:
    """A lowercase snake_case id for ``text``."""
    s = re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_")
    return s or "node"


def _norm(text: str) -> str:
    return " ".join(re.sub(r"[^a-z0-9]+", " ", text.lower()).split())


class Taxonomy:
    """One tree; nodes in document order (a parent before its children)."""

    def __init__(
        self, kind: str, nodes: Iterable[Node] = (), *, version: int = 1, header: str = ""
    ):
        self.kind = kind
        self.version = version
        self.header = header
        self.nodes: dict[str, Node] = {}
        for n in nodes:
            if n.id in self.nodes:
                raise TaxonomyError(f"{kind}: duplicate node id {n.id!r}")
            self.nodes[n.id] = n

    # --- reading ------------------------------------------------------------------------------

    @classmethod
    def load(cls, path: Path) -> Taxonomy:
        try:
            text = Path(path).read_text(encoding="utf-8")
            data = load_yaml(text)
        except (OSError, yaml.YAMLError) as e:
            raise TaxonomyError(f"{path}: {e}") from e
        if not isinstance(data, dict) or not isinstance(data.get("nodes"), list):
            raise TaxonomyError(f"{path}: expected a mapping with a `nodes` list")
        header = "".join(line + "\n" for line in _leading_comments(text.splitlines()))
        kind = str(data.get("taxonomy") or Path(path).stem)
        flat: list[Node] = []

        def walk(item: Any, parent: str | None) -> None:
            if not isinstance(item, dict) or "id" not in item:
                raise TaxonomyError(f"{path}: every node needs an id ({item!r:.80})")
            fields = {k: v for k, v in item.items() if k in Node.model_fields}
            fields["parent"] = parent
            fields["id"] = str(fields["id"])
            for key in ("aliases", "provenance", "services"):
                fields[key] = [str(x) for x in (fields.get(key) or [])]
            for key in ("name", "definition"):
                fields[key] = " ".join(str(fields.get(key) or "").split())
            flat.append(Node(**fields))
            for child in item.get("children") or []:
                walk(child, fields["id"])

        for root in data["nodes"]:
            walk(root, None)
        return cls(kind, flat, version=int(data.get("version") or 1), header=header)

    def save(self, path: Path) -> None:
        def tree(node: Node) -> dict[str, Any]:
            out: dict[str, Any] = {
                "id": node.id,
                "name": node.name,
                "definition": node.definition,
                "aliases": list(node.aliases),
                "parent": node.parent,
                "provenance": list(node.provenance),
            }
            if node.services:
                out["services"] = list(node.services)
            kids = self.children(node.id)
            if kids:
                out["children"] = [tree(k) for k in kids]
            return out

        data = {
            "taxonomy": self.kind,
            "version": self.version,
            "nodes": [tree(r) for r in self.roots()],
        }
        header = self.header or f"# {_HEADERS.get(self.kind, self.kind)}\n"
        body = yaml.dump(data, Dumper=_NoAliases, sort_keys=False, allow_unicode=True, width=100)
        Path(path).write_text(header + body, encoding="utf-8")

    # --- structure ----------------------------------------------------------------------------

    def __contains__(self, node_id: object) -> bool:
        return node_id in self.nodes

    def __getitem__(self, node_id: str) -> Node:
        try:
            return self.nodes[node_id]
        except KeyError:
            raise TaxonomyError(f"{self.kind}: no node {node_id!r}") from None

    def roots(self) -> list[Node]:
        return [n for n in self.nodes.values() if n.parent is None or n.parent not in self.nodes]

    def children(self, node_id: str) -> list[Node]:
        return [n for n in self.nodes.values() if n.parent == node_id]

    def is_leaf(self, node_id: str) -> bool:
        return not any(n.parent == node_id for n in self.nodes.values())

    def leaves(self) -> list[Node]:
        parents = {n.parent for n in self.nodes.values()}
        return [n for n in self.nodes.values() if n.id not in parents]

    def ancestors(self, node_id: str) -> list[Node]:
        """Parent first, root last."""
        out: list[Node] = []
        seen = {node_id}
        cur = self.nodes.get(node_id)
        while cur is not None and cur.parent is not None and cur.parent not in seen:
            seen.add(cur.parent)
            cur = self.nodes.get(cur.parent)
            if cur is not None:
                out.append(cur)
        return out

    def descendants(self, node_id: str) -> list[Node]:
        out: list[Node] = []
        stack = [node_id]
        while stack:
            for kid in self.children(stack.pop()):
                out.append(kid)
                stack.append(kid.id)
        return out

    def services(self, node_id: str) -> list[str]:
        """The node's services, or those of its nearest ancestor that names some."""
        for n in [self[node_id], *self.ancestors(node_id)]:
            if n.services:
                return list(n.services)
        return []

    def find(self, text: str) -> Node | None:
        """The node whose id, name or an alias is ``text`` (case and punctuation ignored)."""
        key = _norm(text)
        if not key:
            return None
        for n in self.nodes.values():
            if key in (_norm(n.id), _norm(n.name), *(_norm(a) for a in n.aliases)):
                return n
        return None

    def stats(self) -> dict[str, int]:
        return {"nodes": len(self.nodes), "leaves": len(self.leaves())}

    def copy(self) -> Taxonomy:
        return Taxonomy(
            self.kind,
            [n.model_copy(deep=True) for n in self.nodes.values()],
            version=self.version,
            header=self.header,
        )


def _leading_comments(lines: list[str]) -> Iterator[str]:
    for line in lines:
        if not line.startswith("#"):
            return
        yield line


class _NoAliases(yaml.SafeDumper):
    def ignore_aliases(self, data: Any) -> bool:
        return True


# --- the three trees ----------------------------------------------------------------------------


class TaxonomySet:
    """The risks, attacks and environments trees of one directory."""

    def __init__(self, trees: dict[str, Taxonomy], directory: Path | None = None):
        self.trees = trees
        self.directory = directory

    @classmethod
    def load(cls, directory: Path) -> TaxonomySet:
        directory = Path(directory)
        trees = {}
        for kind in KINDS:
            path = directory / f"{kind}.yaml"
            if not path.exists():
                raise TaxonomyError(f"{path}: missing")
            trees[kind] = Taxonomy.load(path)
            trees[kind].kind = kind
        return cls(trees, directory)

    def save(self, directory: Path | None = None) -> None:
        directory = Path(directory or self.directory or ".")
        directory.mkdir(parents=True, exist_ok=True)
        for kind, tree in self.trees.items():
            tree.save(directory / f"{kind}.yaml")

    def __getitem__(self, kind: str) -> Taxonomy:
        if kind not in self.trees:
            raise TaxonomyError(f"unknown taxonomy {kind!r} (use {', '.join(KINDS)})")
        return self.trees[kind]

    def stats(self) -> dict[str, dict[str, int]]:
        return {kind: self.trees[kind].stats() for kind in KINDS}

    def copy(self) -> TaxonomySet:
        return TaxonomySet({k: t.copy() for k, t in self.trees.items()}, self.directory)


def leaf_ids(directory: Path) -> dict[str, set[str]]:
    """Leaf ids per kind (what a case's ``taxonomy:`` block may name)."""
    ts = TaxonomySet.load(directory)
    return {kind: {n.id for n in ts[kind].leaves()} for kind in KINDS}


# --- diff ---------------------------------------------------------------------------------------


class NodeDiff(BaseModel):
    kind: str
    id: str
    change: Literal["added", "removed", "changed"]
    fields: dict[str, tuple[Any, Any]] = Field(default_factory=dict)
    """For ``changed``: field -> (old, new)."""

    def line(self) -> str:
        sign = {"added": "+", "removed": "-", "changed": "~"}[self.change]
        text = f"{sign} {self.kind}/{self.id}"
        if self.fields:
            text += ": " + "; ".join(f"{k} {v[0]!r} -> {v[1]!r}" for k, v in self.fields.items())
        return text


def diff(old: TaxonomySet, new: TaxonomySet) -> list[NodeDiff]:
    out: list[NodeDiff] = []
    for kind in KINDS:
        a, b = old[kind].nodes, new[kind].nodes
        for node_id in b:
            if node_id not in a:
                out.append(NodeDiff(kind=kind, id=node_id, change="added"))
        for node_id, before in a.items():
            if node_id not in b:
                out.append(NodeDiff(kind=kind, id=node_id, change="removed"))
                continue
            after = b[node_id]
            fields = {
                f: (getattr(before, f), getattr(after, f))
                for f in Node.model_fields
                if getattr(before, f) != getattr(after, f)
            }
            if fields:
                out.append(NodeDiff(kind=kind, id=node_id, change="changed", fields=fields))
    return out


# --- the update operator ------------------------------------------------------------------------

Op = Literal["create", "support", "merge", "rename", "reparent", "retract", "delete", "undo"]


class Change(BaseModel):
    """One line of the changelog: what changed, why, on whose authority, and how to undo it."""

    seq: int
    at: str
    op: Op
    taxonomy: str
    node: str
    reason: str = ""
    source: str = ""
    before: dict[str, Node | None] = Field(default_factory=dict)
    """Every node the change touched, as it was (None: it did not exist)."""
    after: dict[str, Node | None] = Field(default_factory=dict)
    undoes: int | None = None
    """For ``undo``: the seq of the change it reverses."""

    def line(self) -> str:
        what = f"#{self.seq} {self.op} {self.taxonomy}/{self.node}"
        if self.undoes is not None:
            what += f" (undoes #{self.undoes})"
        src = f" [{self.source}]" if self.source else ""
        return f"{what}{src}: {self.reason}"


class OperationOutcome(BaseModel):
    """What one operation did: the change it recorded, or why it changed nothing."""

    op: str
    taxonomy: str
    node: str
    applied: bool
    change: Change | None = None
    note: str = ""
    noop: bool = False
    """Nothing to do: what was proposed is already in place (idempotent re-application)."""


def read_changelog(directory: Path) -> list[Change]:
    path = Path(directory) / CHANGELOG
    if not path.exists():
        return []
    out = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if line.strip():
            try:
                out.append(Change.model_validate_json(line))
            except ValueError as e:
                raise TaxonomyError(f"{path}:{n}: unreadable change: {e}") from e
    return out


def _now() -> str:
    return _dt.datetime.now(_dt.UTC).replace(microsecond=0).isoformat()


def _add(items: list[str], *new: str) -> list[str]:
    out = list(items)
    seen = {_norm(x) for x in out}
    for x in new:
        if x and _norm(x) not in seen:
            out.append(x)
            seen.add(_norm(x))
    return out


class TaxonomyOperator:
    """Applies changes to a :class:`TaxonomySet` and records each in the changelog.

    With a directory, every applied change is saved to the YAML files and appended to
    ``changelog.jsonl`` at once; without one (``directory=None``) it works in memory.
    """

    def __init__(self, taxonomies: TaxonomySet, directory: Path | None = None):
        self.ts = taxonomies
        self.directory = Path(directory) if directory is not None else taxonomies.directory
        self._seq = max((c.seq for c in self.log()), default=0)

    @classmethod
    def open(cls, directory: Path) -> TaxonomyOperator:
        return cls(TaxonomySet.load(directory), directory)

    def log(self) -> list[Change]:
        return read_changelog(self.directory) if self.directory else []

    # --- recording ----------------------------------------------------------------------------

    def _commit(
        self,
        op: Op,
        kind: str,
        node: str,
        after: dict[str, Node | None],
        *,
        reason: str,
        source: str,
        undoes: int | None = None,
    ) -> OperationOutcome:
        tree = self.ts[kind]
        before = {
            i: (tree.nodes[i].model_copy(deep=True) if i in tree.nodes else None) for i in after
        }
        if all(before[i] == after[i] for i in after):
            return OperationOutcome(
                op=op, taxonomy=kind, node=node, applied=False, note="no change", noop=True
            )
        self._apply(tree, after)
        self._seq += 1
        change = Change(
            seq=self._seq,
            at=_now(),
            op=op,
            taxonomy=kind,
            node=node,
            reason=" ".join(reason.split()),
            source=source,
            before=before,
            after={i: (n.model_copy(deep=True) if n else None) for i, n in after.items()},
            undoes=undoes,
        )
        if self.directory is not None:
            self.ts.save(self.directory)
            with (self.directory / CHANGELOG).open("a", encoding="utf-8") as fh:
                fh.write(change.model_dump_json() + "\n")
        return OperationOutcome(op=op, taxonomy=kind, node=node, applied=True, change=change)

    @staticmethod
    def _apply(tree: Taxonomy, image: dict[str, Node | None]) -> None:
        for node_id, node in image.items():
            if node is None:
                tree.nodes.pop(node_id, None)
            else:
                tree.nodes[node_id] = node.model_copy(deep=True)

    @staticmethod
    def _skip(op: str, kind: str, node: str, note: str, *, noop: bool = False) -> OperationOutcome:
        return OperationOutcome(
            op=op, taxonomy=kind, node=node, applied=False, note=note, noop=noop
        )

    def retracted_by(self, kind: str, source: str, *names: str) -> int | None:
        """The seq of a (not undone) change that retracted ``source``'s support for a node
        known by one of ``names`` (id, name or alias); a retraction sticks until undone."""
        log = self.log()
        undone = {c.undoes for c in log if c.undoes is not None}
        want = {_norm(n) for n in names if n}
        src = _norm(source)
        for c in reversed(log):
            if c.taxonomy != kind or c.op not in ("retract", "delete") or c.seq in undone:
                continue
            before, after = c.before.get(c.node), c.after.get(c.node)
            if before is None:
                continue
            known = {_norm(before.id), _norm(before.name), *(_norm(a) for a in before.aliases)}
            if not want & known:
                continue
            kept = {_norm(p) for p in (after.provenance if after else [])}
            if src in {_norm(p) for p in before.provenance} - kept:
                return c.seq
        return None

    # --- operations ---------------------------------------------------------------------------

    def create(
        self,
        kind: str,
        node_id: str,
        *,
        parent: str,
        name: str,
        definition: str,
        aliases: Iterable[str] = (),
        services: Iterable[str] = (),
        source: str,
        reason: str = "",
    ) -> OperationOutcome:
        tree = self.ts[kind]
        node_id = slug(node_id or name)
        gone = self.retracted_by(kind, source, node_id, name, *aliases)
        if gone is not None:
            return self._skip(
                "create", kind, node_id, f"{source}'s support was retracted (#{gone})", noop=True
            )
        existing = tree.nodes.get(node_id) or tree.find(name) or tree.find(node_id)
        if existing is None:
            for a in aliases:
                existing = tree.find(a)
                if existing is not None:
                    break
        if existing is not None:  # known under this id, name or alias: the source supports it
            updated = existing.model_copy(deep=True)
            updated.provenance = _add(updated.provenance, source)
            if _norm(name) not in (_norm(existing.name), _norm(existing.id)):
                updated.aliases = _add(updated.aliases, name)
            updated.aliases = _add(updated.aliases, *aliases)
            updated.aliases = [a for a in updated.aliases if _norm(a) != _norm(updated.name)]
            return self._commit(
                "support",
                kind,
                existing.id,
                {existing.id: updated},
                reason=reason or f"{source} names {name!r}",
                source=source,
            )
        if parent not in tree.nodes:
            found = tree.find(parent)
            if found is None:
                return self._skip("create", kind, node_id, f"unknown parent {parent!r}")
            parent = found.id
        node = Node(
            id=node_id,
            name=" ".join(name.split()),
            definition=" ".join(definition.split()),
            aliases=_add([], *aliases),
            parent=parent,
            provenance=[source] if source else [],
            services=list(services),
        )
        return self._commit("create", kind, node_id, {node_id: node}, reason=reason, source=source)

    def merge(
        self, kind: str, node_id: str, into: str, *, source: str, reason: str = ""
    ) -> OperationOutcome:
        tree = self.ts[kind]
        if into not in tree.nodes:
            found = tree.find(into)
            if found is None:
                return self._skip("merge", kind, node_id, f"unknown target {into!r}")
            into = found.id
        if node_id not in tree.nodes:
            found = tree.find(node_id)
            if found is None or found.id == into:
                return self._skip("merge", kind, node_id, "already merged or absent", noop=True)
            node_id = found.id
        if node_id == into:
            return self._skip("merge", kind, node_id, "a node cannot merge into itself")
        if any(a.id == node_id for a in tree.ancestors(into)):
            return self._skip("merge", kind, node_id, f"{into!r} lies under {node_id!r}")
        old, target = tree.nodes[node_id], tree.nodes[into].model_copy(deep=True)
        target.aliases = _add(target.aliases, old.name, old.id, *old.aliases)
        target.aliases = [a for a in target.aliases if _norm(a) not in (_norm(target.name),)]
        target.provenance = _add(target.provenance, *old.provenance, source)
        target.services = _add(target.services, *old.services) if target.services else []
        image: dict[str, Node | None] = {node_id: None, into: target}
        for kid in tree.children(node_id):
            image[kid.id] = kid.model_copy(update={"parent": into}, deep=True)
        return self._commit("merge", kind, node_id, image, reason=reason, source=source)

    def rename(
        self, kind: str, node_id: str, name: str, *, source: str, reason: str = ""
    ) -> OperationOutcome:
        tree = self.ts[kind]
        if node_id not in tree.nodes:
            return self._skip("rename", kind, node_id, "no such node")
        old = tree.nodes[node_id]
        name = " ".join(name.split())
        if _norm(name) == _norm(old.name):
            return self._skip("rename", kind, node_id, "already named so", noop=True)
        new = old.model_copy(deep=True)
        new.name = name
        new.aliases = [a for a in _add(new.aliases, old.name) if _norm(a) != _norm(name)]
        new.provenance = _add(new.provenance, source)
        return self._commit("rename", kind, node_id, {node_id: new}, reason=reason, source=source)

    def reparent(
        self, kind: str, node_id: str, parent: str, *, source: str, reason: str = ""
    ) -> OperationOutcome:
        tree = self.ts[kind]
        if node_id not in tree.nodes:
            return self._skip("reparent", kind, node_id, "no such node")
        if parent not in tree.nodes:
            found = tree.find(parent)
            if found is None:
                return self._skip("reparent", kind, node_id, f"unknown parent {parent!r}")
            parent = found.id
        if parent == node_id or any(d.id == parent for d in tree.descendants(node_id)):
            return self._skip("reparent", kind, node_id, f"{parent!r} lies under {node_id!r}")
        if tree.nodes[node_id].parent == parent:
            return self._skip("reparent", kind, node_id, "already there", noop=True)
        new = tree.nodes[node_id].model_copy(update={"parent": parent}, deep=True)
        new.provenance = _add(new.provenance, source)
        return self._commit("reparent", kind, node_id, {node_id: new}, reason=reason, source=source)

    def delete(
        self,
        kind: str,
        node_id: str,
        *,
        retract: Iterable[str] = (),
        source: str,
        reason: str = "",
    ) -> OperationOutcome:
        """``retract``: the sources that no longer support the node (e.g. a claim a later paper
        refutes, or a node out of scope). The node goes once no source supports it."""
        tree = self.ts[kind]
        if node_id not in tree.nodes:
            return self._skip("delete", kind, node_id, "already gone", noop=True)
        old = tree.nodes[node_id]
        if old.parent is None or old.parent not in tree.nodes:
            return self._skip("delete", kind, node_id, "a root is never deleted")
        gone = {_norm(s) for s in retract}
        left = [p for p in old.provenance if _norm(p) not in gone]
        if left:
            if left == old.provenance:
                if retract and all(
                    self.retracted_by(kind, src, node_id) is not None for src in retract
                ):
                    return self._skip("delete", kind, node_id, "already retracted", noop=True)
                return self._skip("delete", kind, node_id, f"still supported by {', '.join(left)}")
            new = old.model_copy(update={"provenance": left}, deep=True)
            return self._commit(
                "retract", kind, node_id, {node_id: new}, reason=reason, source=source
            )
        image: dict[str, Node | None] = {node_id: None}
        for kid in tree.children(node_id):
            image[kid.id] = kid.model_copy(update={"parent": old.parent}, deep=True)
        return self._commit("delete", kind, node_id, image, reason=reason, source=source)

    def undo(self, count: int = 1, *, reason: str = "undo") -> list[OperationOutcome]:
        """Reverse the last ``count`` changes not undone yet (newest first)."""
        log = self.log()
        undone = {c.undoes for c in log if c.undoes is not None}
        todo = [c for c in reversed(log) if c.op != "undo" and c.seq not in undone][:count]
        out = []
        for change in todo:
            tree = self.ts[change.taxonomy]
            current = {i: tree.nodes.get(i) for i in change.after}
            if any(current[i] != change.after[i] for i in change.after):
                raise TaxonomyError(
                    f"cannot undo #{change.seq}: {change.taxonomy}/{change.node} changed since"
                )
            out.append(
                self._commit(
                    "undo",
                    change.taxonomy,
                    change.node,
                    dict(change.before),
                    reason=reason,
                    source=change.source,
                    undoes=change.seq,
                )
            )
        return out

    def apply(self, op: str, kind: str, node_id: str, **kw: Any) -> OperationOutcome:
        """Dispatch by operation name (what the summary agent proposes)."""
        fn = {
            "create": self.create,
            "merge": self.merge,
            "rename": self.rename,
            "reparent": self.reparent,
            "delete": self.delete,
        }.get(op)
        if fn is None:
            return self._skip(op, kind, node_id, f"unknown operation {op!r}")
        if kind not in self.ts.trees:
            return self._skip(op, kind, node_id, f"unknown taxonomy {kind!r}")
        return fn(kind, node_id, **kw)


def base_of(directory: Path) -> TaxonomySet:
    """The taxonomies as they were before every change in the changelog (undone in memory)."""
    ts = TaxonomySet.load(directory)
    for change in reversed(read_changelog(directory)):
        TaxonomyOperator._apply(ts[change.taxonomy], change.before)
    return ts


__all__ = [
    "CHANGELOG",
    "KINDS",
    "Change",
    "Node",
    "NodeDiff",
    "OperationOutcome",
    "Taxonomy",
    "TaxonomyError",
    "TaxonomyOperator",
    "TaxonomySet",
    "base_of",
    "diff",
    "leaf_ids",
    "read_changelog",
    "slug",
]
