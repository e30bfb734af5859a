"""Data documents other than JSON: YAML, XML, and TOML or INI sections of `key = value` lines.

Each is read as the JSON reader reads a document, each number with its key path (a YAML
mapping's keys, an XML element's tags and attributes, a section and its key), by writing
the document out as JSON and reading that. Every number keeps its exact span in the text the
reviewer sees: the JSON written remembers where each of its scalars stands in the original.

A text is read this way only when it is plainly such a document: a YAML mapping with nested
keys whose figures are bare numbers, an XML document that parses and is not HTML, sections
whose every line is a key and a value. Anything else (markdown bullets of `Label: $4.8
million`, key figures lines) is left to the document reader.
"""

from __future__ import annotations

import bisect
import json
import re
from dataclasses import dataclass, field, replace
from decimal import Decimal, InvalidOperation
from xml.parsers import expat

import yaml

from .json_source import JsonSource, read_json_source
from .types import Claim

MAX_MARKUP_CHARS = 2_000_000
MAX_DEPTH = 64
MAX_NODES = 200_000

# A figure as a data document writes it: "4812.6", "-12", "4,812.6", "(35.2)" for a negative.
_FIGURE = re.compile(r"\(?[+-]?(?:[0-9]{1,3}(?:,[0-9]{3})+|[0-9]+)(?:\.[0-9]+)?\)?")
_JSON_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?")


@dataclass(slots=True)
class _Writer:
    """JSON written piece by piece, remembering where each scalar came from."""

    text: str  # the original document
    pieces: list[str] = field(default_factory=list)
    length: int = 0
    # (start in the JSON, end in the JSON, start in the original, end in the original,
    # whether the JSON's characters are the original's, one for one)
    places: list[tuple[int, int, int, int, bool]] = field(default_factory=list)
    nodes: int = 0

    def raw(self, piece: str) -> None:
        self.pieces.append(piece)
        self.length += len(piece)

    def scalar(self, value: str, start: int, end: int, *, key: bool = False) -> None:
        """A scalar that stands at text[start:end]: a number when it is written as one (and
        is no key), else a string."""
        self.nodes += 1
        figure = None if key else _figure(value)
        if figure is not None:
            verbatim = figure == value and self.text[start:end] == value
            self._place(figure, start, end, verbatim)
            return
        written = json.dumps(value, ensure_ascii=False)
        verbatim = written[1:-1] == value and self.text[start:end] == value
        self.raw('"')
        self._place(written[1:-1], start, end, verbatim)
        self.raw('"')

    def _place(self, piece: str, start: int, end: int, verbatim: bool) -> None:
        self.places.append((self.length, self.length + len(piece), start, end, verbatim))
        self.raw(piece)

    def json(self) -> str:
        return "".join(self.pieces)


def _figure(value: str) -> str | None:
    """A scalar that is a figure, as a JSON number; None for anything else."""
    value = value.strip()
    if not value or len(value) > 40 or not _FIGURE.fullmatch(value):
        return None
    if value.startswith("(") != value.endswith(")"):
        return None
    negative = value.startswith("(")
    digits = value.strip("()").replace(",", "").lstrip("+")
    if _JSON_NUMBER.fullmatch(digits) is None:
        try:
            digits = str(Decimal(digits))  # "007" -> "7"
        except InvalidOperation:
            return None
    return "-" + digits if negative and not digits.startswith("-") else digits


def _in_place(
    claim: Claim, places: list[tuple[int, int, int, int, bool]], text: str
) -> Claim | None:
    """The claim moved to where it stands in the original, or None when it cannot be."""
    k = bisect.bisect_right(places, (claim.start, float("inf"))) - 1
    if k < 0:
        return None
    json_start, json_end, start, end, verbatim = places[k]
    if claim.end > json_end:
        return None
    if verbatim:
        offset = start - json_start
        return replace(claim, start=claim.start + offset, end=claim.end + offset)
    if claim.start == json_start and claim.end == json_end:
        return replace(claim, start=start, end=end, text=text[start:end])
    return None


def _mostly_figures(text: str, writer: _Writer, *, least: int = 1) -> bool:
    """Whether a document's values are figures written bare, as data documents write them:
    `Revenue: $4,812.6 million` bullets and `[Highlights]` over such lines are prose."""
    figures = with_digits = 0
    for _js, _je, start, end, _verbatim in writer.places:
        written = text[start:end]
        if _figure(written) is not None:
            figures += 1
        elif any(ch.isdigit() for ch in written):
            with_digits += 1
    return figures >= least and figures >= with_digits


def _read(text: str, writer: _Writer, unit_text: str, source_id: str) -> JsonSource | None:
    result = read_json_source(writer.json(), source_id=source_id, unit_text=unit_text)
    if result is None:
        return None
    places = writer.places
    result.claims = [
        moved for claim in result.claims if (moved := _in_place(claim, places, text)) is not None
    ]
    result.documents = []
    return result


def read_markup_source(text: str, *, source_id: str = "") -> JsonSource | None:
    """The numbers of a YAML, XML, TOML or INI document with their key paths; None when the
    text is none of these."""
    if len(text) > MAX_MARKUP_CHARS:
        return None
    head = text.lstrip()[:1]
    if head == "<":
        return _read_xml(text, source_id)
    if head in ("{", "["):
        if head == "[" and _SECTION.match(text.lstrip()):
            return _read_sections(text, source_id)
        return None
    sections = _read_sections(text, source_id) if _SECTION.search(text) else None
    if sections is None and _looks_like_yaml(text):
        return _read_yaml(text, source_id)
    return sections


# --- YAML ------------------------------------------------------------------------------

# A key under another ("  revenue: 4812.6") or a list item's first key ("- name: Revenue"):
# the nesting a YAML document has and key figures lines do not.
_NESTED_KEY = re.compile(r"(?m)^(?:[ ]+|[ ]*-[ ]+)[^\s:#\-][^:\n]{0,80}:(?:[ ]|$)")
_COMMENT_LINE = re.compile(r"(?m)^[ \t]*[#;][ \t]?(.*)$")
MIN_FIGURES = 3
HEAD_LINES = 20


def _looks_like_yaml(text: str) -> bool:
    """Keys nested under keys, and a head of key lines, list items and the plain scalars of
    a folded value: cheap to tell, so that prose is never handed to the YAML parser."""
    if _NESTED_KEY.search(text) is None:
        return False
    head = [
        line
        for line in text[:8000].splitlines()
        if line.strip() and not line.lstrip().startswith("#")
    ][:HEAD_LINES]
    keyed = sum(1 for line in head if ":" in line or line.lstrip().startswith("-"))
    return keyed * 5 >= len(head) * 4


def _read_yaml(text: str, source_id: str) -> JsonSource | None:
    try:
        root = yaml.compose(text, Loader=yaml.SafeLoader)
    except (yaml.YAMLError, RecursionError, ValueError):
        return None
    if not isinstance(root, (yaml.MappingNode, yaml.SequenceNode)):
        return None
    writer = _Writer(text)
    if not _write_yaml(root, writer, 0):
        return None
    # Bullets of "Revenue: $4,812.6 million" parse as YAML too, but their figures are words.
    if not _mostly_figures(text, writer, least=MIN_FIGURES):
        return None
    return _read(text, writer, _comments(text), source_id)


def _write_yaml(node: yaml.Node, writer: _Writer, depth: int) -> bool:
    if depth > MAX_DEPTH or writer.nodes > MAX_NODES:
        return False
    if isinstance(node, yaml.ScalarNode):
        start, end = _scalar_span(node)
        if node.tag.endswith(":null"):
            writer.raw("null")
        else:
            writer.scalar(node.value, start, end)
        return True
    if isinstance(node, yaml.SequenceNode):
        writer.raw("[")
        for i, item in enumerate(node.value):
            if i:
                writer.raw(",")
            if not _write_yaml(item, writer, depth + 1):
                return False
        writer.raw("]")
        return True
    writer.raw("{")
    for i, (key, value) in enumerate(node.value):
        if not isinstance(key, yaml.ScalarNode):
            return False
        if i:
            writer.raw(",")
        start, end = _scalar_span(key)
        writer.scalar(key.value, start, end, key=True)
        writer.raw(":")
        if not _write_yaml(value, writer, depth + 1):
            return False
    writer.raw("}")
    return True


def _scalar_span(node: yaml.ScalarNode) -> tuple[int, int]:
    start, end = node.start_mark.index, node.end_mark.index
    if node.style in ('"', "'"):
        return start + 1, end - 1
    return start, end


def _comments(text: str) -> str:
    return "\n".join(m.group(1) for m in _COMMENT_LINE.finditer(text[:4000]))


# --- TOML and INI ------------------------------------------------------------------------

_SECTION = re.compile(r"(?m)^[ \t]*\[{1,2}([^\[\]\n]{1,80})\]{1,2}[ \t]*$")
_KEY_LINE = re.compile(
    r"^[ \t]*(?P<key>\"[^\"\n]{1,80}\"|[^=:\[\]\n#;]{1,80}?)[ \t]*[=:][ \t]*"
    r"(?P<value>\"[^\"\n]*\"|'[^'\n]*'|[^#;\n]*?)[ \t]*(?:[#;].*)?$"
)
MIN_KEY_LINES = 2


# A key with where it stands, its value and where that stands.
_Entry = tuple[tuple[str, int, int], str, int, int]


def _read_sections(text: str, source_id: str) -> JsonSource | None:
    """`[fy2024]` / `revenue = 4812.6` documents: each section an object of its keys."""
    sections: list[tuple[tuple[str, int, int], list[_Entry]]] = []
    top: list[_Entry] = []
    keys = 0
    pos = 0
    for line in text.splitlines(keepends=True):
        body = line.rstrip("\r\n")
        stripped = body.strip()
        if stripped and not stripped.startswith(("#", ";")):
            if section := _SECTION.fullmatch(body):
                name_start = pos + section.start(1)
                sections.append(((section.group(1).strip(), name_start, pos + section.end(1)), []))
            elif key_line := _KEY_LINE.fullmatch(body):
                key = key_line.group("key").strip()
                key_start = pos + key_line.start("key") + (1 if key.startswith('"') else 0)
                key = key.strip('"')
                value = key_line.group("value")
                start, end = pos + key_line.start("value"), pos + key_line.end("value")
                if value[:1] in "\"'" and len(value) >= 2:
                    value, start, end = value[1:-1], start + 1, end - 1
                entry = ((key, key_start, key_start + len(key)), value, start, end)
                (sections[-1][1] if sections else top).append(entry)
                keys += 1
            else:
                return None  # a line that is neither: prose, not such a document
        pos += len(line)
    if not sections or keys < MIN_KEY_LINES:
        return None
    writer = _Writer(text)
    writer.raw("{")
    _write_entries(top, writer)
    for i, ((name, start, _end), entries) in enumerate(sections):
        if i or top:
            writer.raw(",")
        opened = _write_dotted(name, start, writer)
        writer.raw("{")
        _write_entries(entries, writer)
        writer.raw("}" * (opened + 1))
    writer.raw("}")
    if not _mostly_figures(text, writer):
        return None
    return _read(text, writer, _comments(text), source_id)


def _write_entries(entries: list[_Entry], writer: _Writer) -> None:
    for i, ((key, key_start, _key_end), value, start, end) in enumerate(entries):
        if i:
            writer.raw(",")
        opened = _write_dotted(key, key_start, writer)
        writer.scalar(value, start, end)
        writer.raw("}" * opened)


def _write_dotted(name: str, start: int, writer: _Writer) -> int:
    """A dotted name as nested keys, as TOML means it (`[income_statement.fy2024]`,
    `units.fy2024 = 712.4`), up to its value; how many objects it opened."""
    parts = name.split(".")
    for i, part in enumerate(parts):
        if i:
            writer.raw("{")
        writer.scalar(part, start, start + len(part), key=True)
        writer.raw(":")
        start += len(part) + 1
    return len(parts) - 1


# --- XML ---------------------------------------------------------------------------------

# Markup of pages, which the table reader reads as the tables it holds.
_HTML_TAGS = frozenset(
    {
        "html", "body", "head", "table", "div", "p", "span", "tr", "td", "th", "thead",
        "tbody", "ul", "ol", "li", "section", "article", "h1", "h2", "h3", "h4", "h5", "h6",
        "a", "b", "i", "strong", "em", "br", "img", "style", "script", "font", "center",
        "pre", "blockquote", "caption", "main", "header", "footer", "nav", "svg", "meta",
    }
)  # fmt: skip
_UNIT_ATTRIBUTES = frozenset({"unit", "units", "scale", "currency", "amounts", "amountsin"})


@dataclass(slots=True)
class _Element:
    tag: str
    start: int  # where its start tag begins in the original
    # (name, where the name starts, value, where the value starts)
    attributes: list[tuple[str, int, str, int]] = field(default_factory=list)
    children: list[_Element] = field(default_factory=list)
    text: str = ""
    text_start: int = -1
    text_end: int = -1


def _read_xml(text: str, source_id: str) -> JsonSource | None:
    root = _parse_xml(text)
    if root is None or _local(root.tag).lower() in _HTML_TAGS:
        return None
    writer = _Writer(text)
    writer.raw("{")
    _write_name(root.tag, root.start + 1, writer)
    writer.raw(":")
    _write_element(root, writer, 0)
    writer.raw("}")
    units = " ".join(
        value for name, _n, value, _v in root.attributes if _local(name).lower() in _UNIT_ATTRIBUTES
    )
    return _read(text, writer, units, source_id)


def _local(tag: str) -> str:
    """A tag without its namespace prefix: "us-gaap:Revenues" -> "Revenues"."""
    return tag.rpartition(":")[2]


def _parse_xml(text: str) -> _Element | None:
    data = text.encode("utf-8")
    # Byte offsets as character offsets: one table for texts that are not ASCII.
    chars = None if len(data) == len(text) else _char_offsets(text)
    parser = expat.ParserCreate()
    stack: list[_Element] = []
    found: list[_Element] = []

    def at(byte: int) -> int:
        return byte if chars is None else chars[byte]

    def start(tag: str, attributes: dict[str, str]) -> None:
        where = at(parser.CurrentByteIndex)
        element = _Element(tag, where)
        tag_text = text[where : text.find(">", where) + 1]
        for name, value in attributes.items():
            m = re.search(r"\b" + re.escape(name) + r"\s*=\s*[\"']", tag_text)
            if m is not None:
                element.attributes.append((name, where + m.start(), value, where + m.end()))
        if stack:
            stack[-1].children.append(element)
        else:
            found.append(element)
        stack.append(element)
        if len(stack) > MAX_DEPTH:
            raise expat.ExpatError("too deep")

    def end(tag: str) -> None:
        element = stack.pop()
        if element.text_start >= 0:
            # the text ends where the end tag starts, less the blanks before it
            close = at(parser.CurrentByteIndex)
            element.text_end = len(text[element.text_start : close].rstrip()) + element.text_start

    def characters(data: str) -> None:
        if not stack:
            return
        element = stack[-1]
        if element.text_start < 0 and data.strip():
            lead = len(data) - len(data.lstrip())
            element.text_start = at(parser.CurrentByteIndex) + lead
        if element.text_start >= 0:
            element.text += data

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = characters
    try:
        parser.Parse(data, True)
    except expat.ExpatError:
        return None
    return found[0] if found else None


# The attributes that name what an element's figure is: <item label="Revenue">4812.6</item>.
_NAME_ATTRIBUTES = frozenset({"name", "label", "item", "metric", "caption", "concept", "title"})


def _name_attribute(element: _Element) -> tuple[str, int, str, int] | None:
    named = [
        a
        for a in element.attributes
        if _local(a[0]).lower() in _NAME_ATTRIBUTES and any(ch.isalpha() for ch in a[2])
    ]
    return named[0] if len(named) == 1 else None


def _write_name(name: str, start: int, writer: _Writer) -> None:
    """A tag or attribute name as a key, without its namespace prefix."""
    local = _local(name)
    start += len(name) - len(local)
    writer.scalar(local, start, start + len(local), key=True)


def _char_offsets(text: str) -> list[int]:
    offsets = []
    for i, ch in enumerate(text):
        offsets.extend([i] * len(ch.encode("utf-8")))
    offsets.append(len(text))
    return offsets


def _write_element(element: _Element, writer: _Writer, depth: int) -> None:
    """An element as JSON: a leaf's text as its value; otherwise an object of its attributes
    and its children by tag (a list where a tag repeats), its own text under its tag."""
    writer.nodes += 1
    text = element.text.strip()
    name = _name_attribute(element) if text and not element.children else None
    if name is not None:
        # <line name="Revenue">4812.6</line>: the figure under the name the element gives
        _, _, value, start = name
        writer.raw("{")
        for attribute in element.attributes:
            if attribute is not name:
                _write_name(attribute[0], attribute[1], writer)
                writer.raw(":")
                writer.scalar(attribute[2], attribute[3], attribute[3] + len(attribute[2]))
                writer.raw(",")
        writer.scalar(value, start, start + len(value), key=True)
        writer.raw(":")
        writer.scalar(text, element.text_start, element.text_end)
        writer.raw("}")
        return
    if not element.children and not element.attributes:
        if text:
            writer.scalar(text, element.text_start, element.text_end)
        else:
            writer.raw("null")
        return
    if depth > MAX_DEPTH or writer.nodes > MAX_NODES:
        writer.raw("null")
        return
    writer.raw("{")
    first = True

    def comma() -> None:
        nonlocal first
        if not first:
            writer.raw(",")
        first = False

    for name, name_start, value, start in element.attributes:
        comma()
        _write_name(name, name_start, writer)
        writer.raw(":")
        writer.scalar(value, start, start + len(value))
    if text and not element.children:
        comma()
        _write_name(element.tag, element.start + 1, writer)
        writer.raw(":")
        writer.scalar(text, element.text_start, element.text_end)
    by_tag: dict[str, list[_Element]] = {}
    for child in element.children:
        by_tag.setdefault(_local(child.tag), []).append(child)
    for children in by_tag.values():
        comma()
        _write_name(children[0].tag, children[0].start + 1, writer)
        writer.raw(":")
        if len(children) == 1:
            _write_element(children[0], writer, depth + 1)
            continue
        writer.raw("[")
        for i, child in enumerate(children):
            if i:
                writer.raw(",")
            _write_element(child, writer, depth + 1)
        writer.raw("]")
    writer.raw("}")
