"""Random edits of JSON documents, for the property tests of the save and data loaders.

A mutation is drawn by hypothesis: a path to a node of the document (a field
first, so that long lists such as a game's history do not take every draw),
then one edit of that node: a new value of a random type, a nudged integer, a
list edit (append, insert, delete, duplicate, swap, reverse, clear), a value
swapped with another node's, or a deleted key.
"""

from __future__ import annotations

import copy
from typing import Any

from hypothesis import strategies as st

JSON_LEAVES = st.one_of(
    st.integers(-3, 12), st.integers(-(1 << 70), 1 << 70), st.sampled_from([-1, 0, 1, 99, 100, 9999, 1 << 63]),
    st.booleans(), st.none(), st.floats(allow_nan=False, allow_infinity=False),
    st.sampled_from([1.0, 0.5, -0.0]), st.text(max_size=6), st.sampled_from(["L", "R", "won", "lost", "red", "move"]),
)
JSON_VALUES = st.recursive(JSON_LEAVES, lambda inner: st.lists(inner, max_size=4)
                           | st.dictionaries(st.text(max_size=5), inner, max_size=3), max_leaves=8)


def paths(node: Any, prefix: tuple = ()) -> list[tuple]:
    """Every path (tuple of keys and indices) to a node below ``node``, ``()`` excluded."""
    out = []
    if isinstance(node, dict):
        items = node.items()
    elif isinstance(node, list):
        items = enumerate(node)
    else:
        return out
    for key, child in items:
        out.append(prefix + (key,))
        out.extend(paths(child, prefix + (key,)))
    return out


def _get(doc: Any, path: tuple) -> Any:
    for key in path:
        doc = doc[key]
    return doc


@st.composite
def path_in(draw: Any, doc: Any, root: tuple = ()) -> tuple:
    """A path below ``_get(doc, root)``: first a field, then (maybe) a node inside it."""
    node = _get(doc, root)
    keys = list(node) if isinstance(node, dict) else list(range(len(node)))
    if not keys:
        return root
    key = draw(st.sampled_from(keys))
    inner = paths(node[key], root + (key,))
    if inner and draw(st.booleans()):
        return draw(st.sampled_from(inner))
    return root + (key,)


@st.composite
def mutated(draw: Any, doc: Any, root: tuple = (), max_edits: int = 3) -> tuple[Any, list[str]]:
    """A deep copy of ``doc`` with 1 … ``max_edits`` random edits below ``root``; and the edits, described."""
    doc = copy.deepcopy(doc)
    done = []
    for _ in range(draw(st.integers(1, max_edits))):
        path = draw(path_in(doc, root))
        if not path:
            continue
        parent, key = _get(doc, path[:-1]), path[-1]
        node = parent[key]
        edit = draw(st.sampled_from(["value", "nudge", "nudge", "list", "list", "swap", "delete"]))
        if edit == "nudge" and type(node) is int:
            parent[key] = node + draw(st.sampled_from([-1, 1, -2, 2, 5, -7, 50]))
        elif edit == "list" and isinstance(node, list):
            _edit_list(draw, node)
        elif edit == "swap":
            other = draw(path_in(doc, root))
            if other and other[:len(path)] != path and path[:len(other)] != other:
                oparent = _get(doc, other[:-1])
                parent[key], oparent[other[-1]] = oparent[other[-1]], parent[key]
        elif edit == "delete":
            if isinstance(parent, dict):
                del parent[key]
            else:
                parent.pop(key)
        else:
            edit = "value"
            parent[key] = draw(JSON_VALUES)
        done.append(f"{edit} at {list(path)}")
    return doc, done


def _edit_list(draw: Any, node: list) -> None:
    how = draw(st.sampled_from(["append", "insert", "pop", "duplicate", "swap", "reverse", "clear"]))
    if how in ("append", "insert"):
        item = draw(JSON_VALUES) if not node or draw(st.booleans()) else copy.deepcopy(draw(st.sampled_from(node)))
        node.insert(draw(st.integers(0, len(node))) if how == "insert" else len(node), item)
    elif not node:
        return
    elif how == "pop":
        node.pop(draw(st.integers(0, len(node) - 1)))
    elif how == "duplicate":
        node.append(copy.deepcopy(node[draw(st.integers(0, len(node) - 1))]))
    elif how == "swap":
        i, j = draw(st.integers(0, len(node) - 1)), draw(st.integers(0, len(node) - 1))
        node[i], node[j] = node[j], node[i]
    elif how == "reverse":
        node.reverse()
    else:
        node.clear()
