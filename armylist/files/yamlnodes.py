"""The plain path of `yamlsource.load`: a document read straight from its nodes.

Nearly every list holds no anchor, merge key, tag, duplicate key or key that is not
text. Such a document is built from its composed nodes without recording where each
value stands, and a position is read from the nodes only when a finding asks for it:
recording every value's place while building was half the cost of building. A
document off that path raises `Unusual`, and `yamlsource` builds it again with every
place recorded as it goes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import yaml

_Tags = yaml.resolver.BaseResolver
_STR = _Tags.DEFAULT_SCALAR_TAG
_PLAIN_TAGS = frozenset({_Tags.DEFAULT_MAPPING_TAG, _Tags.DEFAULT_SEQUENCE_TAG})
_ScalarNode = yaml.ScalarNode
_MappingNode = yaml.MappingNode
_SequenceNode = yaml.SequenceNode
NodePath = tuple[str | int, ...]


class Unusual(Exception):
    """A document off the plain path, or past a limit: built again by `yamlsource`."""


class PlainBuilder:
    """The values of a plain document. ``scalar`` turns a scalar that is not text
    into its value; past ``most_nodes`` values or ``most_depth`` levels, or a
    sequence longer than ``most_items``, the document is `Unusual` (the full build
    says why)."""

    def __init__(
        self,
        scalar: Callable[[yaml.ScalarNode], Any],
        *,
        most_nodes: int,
        most_depth: int,
        most_items: int | None,
    ) -> None:
        self.scalar = scalar
        self.most_nodes = most_nodes
        self.most_depth = most_depth
        self.most_items = most_items
        self.nodes = 0

    def build(self, node: yaml.Node, depth: int = 0) -> Any:
        """The value of ``node`` (at ``depth`` levels); raises `Unusual`."""
        if depth == 0:
            self.nodes += 1  # the root; every other node is counted by its parent
        if isinstance(node, _ScalarNode):
            return node.value if node.tag == _STR else self.scalar(node)
        # A text child is taken in place: most values of a list are text.
        if depth + 1 >= self.most_depth or node.tag not in _PLAIN_TAGS:
            raise Unusual
        items = node.value
        if node.__class__ is _MappingNode:
            self.nodes += 2 * len(items)  # each key and each value
            if self.nodes > self.most_nodes:
                raise Unusual
            result: dict[str, Any] = {}
            for key, value in items:
                if (
                    key.__class__ is not _ScalarNode
                    or key.tag != _STR
                    or key.value in result
                ):
                    raise Unusual
                result[key.value] = (
                    value.value
                    if value.__class__ is _ScalarNode and value.tag == _STR
                    else self.build(value, depth + 1)
                )
            return result
        if self.most_items is not None and len(items) > self.most_items:
            raise Unusual
        self.nodes += len(items)
        if self.nodes > self.most_nodes:
            raise Unusual
        return [
            item.value
            if item.__class__ is _ScalarNode and item.tag == _STR
            else self.build(item, depth + 1)
            for item in items
        ]


def locate(root: yaml.Node, path: NodePath) -> tuple[yaml.Node, yaml.Node | None]:
    """In a plain document, the node at ``path`` (or at its longest part that is
    there, the root at the least), and the key node that holds ``path`` when all of
    it is there and its last step is a mapping's key (else None). One walk answers
    both `Document.where` and `Document.where_key`."""
    node = root
    key: yaml.Node | None = None
    for part in path:
        if node.__class__ is _MappingNode:
            for key_node, value in node.value:
                if key_node.value == part:
                    key, node = key_node, value
                    break
            else:
                return node, None
        elif (
            node.__class__ is _SequenceNode
            and isinstance(part, int)
            and 0 <= part < len(node.value)
        ):
            key, node = None, node.value[part]
        else:
            return node, None
    return node, key


def walk(root: yaml.Node) -> Iterator[tuple[NodePath, yaml.Node | None, yaml.Node]]:
    """Every value of a plain document: its path, its key node (None in a sequence
    or at the root) and its node, in the order the full build records them."""
    stack: list[tuple[NodePath, yaml.Node | None, yaml.Node]] = [((), None, root)]
    while stack:
        where, key, node = stack.pop()
        yield where, key, node
        if node.__class__ is _MappingNode:
            pairs = [((*where, k.value), k, v) for k, v in node.value]
            stack.extend(reversed(pairs))
        elif node.__class__ is _SequenceNode:
            items = [((*where, i), None, v) for i, v in enumerate(node.value)]
            stack.extend(reversed(items))
