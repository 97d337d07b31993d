"""Java object serialization (``ObjectOutputStream``) of the few types document
metadata holds, so :class:`JdkSha256HexIdGenerator` hashes the very bytes Java hashes.

Python values map to the Java types Spring's documents carry: ``str`` → ``String``,
``bool`` → ``Boolean``, ``int`` → ``Integer`` (``Long`` outside 32 bits), ``float`` →
``Double``, a mapping → ``HashMap``, a list or tuple → ``ArrayList``, a set →
``HashSet``, ``None`` → ``null``. Maps and sets are laid out as a ``HashMap`` filled by
``put`` in iteration order (default capacity 16, load factor 0.75), which fixes the
order Java writes the entries in. As in the JVM, ``Boolean`` values and ``Integer``
values in [-128, 127] are shared instances, so a repeat is written as a back reference;
strings are never shared (in Java that depends on interning, which Python cannot see).
"""

from __future__ import annotations

import struct
from collections.abc import Mapping, Set
from typing import Any

_MAGIC = b"\xac\xed\x00\x05"
_TC_NULL = 0x70
_TC_REFERENCE = 0x71
_TC_CLASSDESC = 0x72
_TC_OBJECT = 0x73
_TC_STRING = 0x74
_TC_BLOCKDATA = 0x77
_TC_ENDBLOCKDATA = 0x78
_TC_LONGSTRING = 0x7C
_BASE_HANDLE = 0x7E0000
_SC_WRITE_METHOD = 0x01
_SC_SERIALIZABLE = 0x02

_INT_MIN, _INT_MAX = -(2**31), 2**31 - 1
_LONG_MIN, _LONG_MAX = -(2**63), 2**63 - 1


class _ClassDesc:
    def __init__(
        self,
        name: str,
        suid: int,
        flags: int,
        fields: tuple[tuple[str, str], ...] = (),
        superclass: _ClassDesc | None = None,
    ) -> None:
        self.name = name
        self.suid = suid
        self.flags = flags
        self.fields = fields  # (type code, name), primitives sorted by name as Java does
        self.superclass = superclass


_NUMBER = _ClassDesc("java.lang.Number", -8742448824652078965, _SC_SERIALIZABLE)
_INTEGER = _ClassDesc(
    "java.lang.Integer", 1360826667806852920, _SC_SERIALIZABLE, (("I", "value"),), _NUMBER
)
_LONG = _ClassDesc(
    "java.lang.Long", 4290774380558885855, _SC_SERIALIZABLE, (("J", "value"),), _NUMBER
)
_DOUBLE = _ClassDesc(
    "java.lang.Double", -9172774392245257468, _SC_SERIALIZABLE, (("D", "value"),), _NUMBER
)
_BOOLEAN = _ClassDesc(
    "java.lang.Boolean", -3665804199014368530, _SC_SERIALIZABLE, (("Z", "value"),)
)
_SERIALIZABLE_WITH_WRITE_METHOD = _SC_SERIALIZABLE | _SC_WRITE_METHOD
_HASH_MAP = _ClassDesc(
    "java.util.HashMap",
    362498820763181265,
    _SERIALIZABLE_WITH_WRITE_METHOD,
    (("F", "loadFactor"), ("I", "threshold")),
)
_HASH_SET = _ClassDesc("java.util.HashSet", -5024744406713321676, _SERIALIZABLE_WITH_WRITE_METHOD)
_ARRAY_LIST = _ClassDesc(
    "java.util.ArrayList", 8683452581122892189, _SERIALIZABLE_WITH_WRITE_METHOD, (("I", "size"),)
)


def _modified_utf8(text: str) -> bytes:
    """Java's modified UTF-8: NUL as two bytes, supplementary characters as surrogates."""
    out = bytearray()
    for unit in _utf16_units(text):
        if 0x01 <= unit <= 0x7F:
            out.append(unit)
        elif unit <= 0x7FF:
            out += bytes((0xC0 | (unit >> 6), 0x80 | (unit & 0x3F)))
        else:
            out += bytes((0xE0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3F), 0x80 | (unit & 0x3F)))
    return bytes(out)


def _utf16_units(text: str) -> list[int]:
    data = text.encode("utf-16-be", "surrogatepass")
    return [int.from_bytes(data[i : i + 2], "big") for i in range(0, len(data), 2)]


def _int32(value: int) -> int:
    value &= 0xFFFFFFFF
    return value - 2**32 if value >= 2**31 else value


def java_hash_code(value: Any) -> int:
    """``Object.hashCode()`` of the Java twin of ``value`` (keys and set elements)."""
    if value is None:
        return 0
    if isinstance(value, bool):
        return 1231 if value else 1237
    if isinstance(value, int):
        if _INT_MIN <= value <= _INT_MAX:
            return value
        return _int32(value ^ ((value & 0xFFFFFFFFFFFFFFFF) >> 32))
    if isinstance(value, float):
        bits = struct.unpack(">q", struct.pack(">d", value))[0]
        if value != value:  # Java's doubleToLongBits collapses every NaN
            bits = 0x7FF8000000000000
        return _int32(bits ^ ((bits & 0xFFFFFFFFFFFFFFFF) >> 32))
    if isinstance(value, str):
        h = 0
        for unit in _utf16_units(value):
            h = (31 * h + unit) & 0xFFFFFFFF
        return _int32(h)
    raise RuntimeError(f"Failed to serialize: unsupported key type {type(value).__name__}")


def _hash_map_layout(keys: list[Any]) -> tuple[int, int, list[int]]:
    """Capacity, threshold and entry order of a ``new HashMap<>()`` filled by ``put``."""
    if not keys:
        return 16, 0, []  # an empty HashMap has no table yet: capacity() is 16
    capacity = 16
    while len(keys) > int(capacity * 0.75):
        capacity *= 2
    buckets: dict[int, list[int]] = {}
    for index, key in enumerate(keys):
        h = java_hash_code(key) & 0xFFFFFFFF
        buckets.setdefault((h ^ (h >> 16)) & (capacity - 1), []).append(index)
    order = [index for bucket in sorted(buckets) for index in buckets[bucket]]
    return capacity, int(capacity * 0.75), order


class _Writer:
    def __init__(self) -> None:
        self.out = bytearray(_MAGIC)
        self._handles: dict[object, int] = {}
        self._next_handle = _BASE_HANDLE
        self._block = bytearray()

    def _new_handle(self, key: object | None = None) -> None:
        """Take the next wire handle; ``key`` names a shared instance to refer back to."""
        if key is not None:
            self._handles[key] = self._next_handle
        self._next_handle += 1

    def _reference(self, key: object) -> bool:
        handle = self._handles.get(key)
        if handle is None:
            return False
        self.out.append(_TC_REFERENCE)
        self.out += struct.pack(">i", handle)
        return True

    def _flush_block(self) -> None:
        if self._block:
            self.out.append(_TC_BLOCKDATA)
            self.out.append(len(self._block))
            self.out += self._block
            self._block.clear()

    def _utf(self, text: str) -> None:
        data = _modified_utf8(text)
        self.out += struct.pack(">H", len(data)) + data

    def _class_desc(self, desc: _ClassDesc | None) -> None:
        if desc is None:
            self.out.append(_TC_NULL)
            return
        if self._reference(("class", desc.name)):
            return
        self.out.append(_TC_CLASSDESC)
        self._utf(desc.name)
        self.out += struct.pack(">q", desc.suid)
        self._new_handle(("class", desc.name))
        self.out.append(desc.flags)
        self.out += struct.pack(">H", len(desc.fields))
        for code, name in desc.fields:
            self.out.append(ord(code))
            self._utf(name)
        self.out.append(_TC_ENDBLOCKDATA)
        self._class_desc(desc.superclass)

    def write_object(self, value: Any) -> None:
        self._flush_block()
        if value is None:
            self.out.append(_TC_NULL)
        elif isinstance(value, str):
            self._string(value)
        elif isinstance(value, bool):
            self._boxed(_BOOLEAN, struct.pack(">?", value), ("bool", value))
        elif isinstance(value, int):
            if _INT_MIN <= value <= _INT_MAX:
                shared = ("int", value) if -128 <= value <= 127 else None
                self._boxed(_INTEGER, struct.pack(">i", value), shared)
            elif _LONG_MIN <= value <= _LONG_MAX:
                shared = ("long", value) if -128 <= value <= 127 else None
                self._boxed(_LONG, struct.pack(">q", value), shared)
            else:
                raise RuntimeError(f"Failed to serialize: {value} does not fit in a Java long")
        elif isinstance(value, float):
            self._boxed(_DOUBLE, struct.pack(">d", value), None)
        elif isinstance(value, Mapping):
            self._hash_map(value)
        elif isinstance(value, Set):
            self._hash_set(value)
        elif isinstance(value, list | tuple):
            self._array_list(value)
        else:
            raise RuntimeError(f"Failed to serialize: unsupported type {type(value).__name__}")

    def _string(self, value: str) -> None:
        data = _modified_utf8(value)
        if len(data) <= 0xFFFF:
            self.out.append(_TC_STRING)
            self._new_handle()
            self.out += struct.pack(">H", len(data))
        else:
            self.out.append(_TC_LONGSTRING)
            self._new_handle()
            self.out += struct.pack(">q", len(data))
        self.out += data

    def _boxed(self, desc: _ClassDesc, data: bytes, shared: object | None) -> None:
        if shared is not None and self._reference(shared):
            return
        self.out.append(_TC_OBJECT)
        self._class_desc(desc)
        self._new_handle(shared)
        self.out += data

    def _hash_map(self, value: Mapping[Any, Any]) -> None:
        keys = list(value.keys())
        capacity, threshold, order = _hash_map_layout(keys)
        self.out.append(_TC_OBJECT)
        self._class_desc(_HASH_MAP)
        self._new_handle()
        self.out += struct.pack(">fi", 0.75, threshold)
        self._block += struct.pack(">ii", capacity, len(keys))
        for index in order:
            self.write_object(keys[index])
            self.write_object(value[keys[index]])
        self._end_block()

    def _hash_set(self, value: Set[Any]) -> None:
        elements = list(value)
        capacity, _, order = _hash_map_layout(elements)
        self.out.append(_TC_OBJECT)
        self._class_desc(_HASH_SET)
        self._new_handle()
        self._block += struct.pack(">ifi", capacity, 0.75, len(elements))
        for index in order:
            self.write_object(elements[index])
        self._end_block()

    def _array_list(self, value: list[Any] | tuple[Any, ...]) -> None:
        self.out.append(_TC_OBJECT)
        self._class_desc(_ARRAY_LIST)
        self._new_handle()
        self.out += struct.pack(">i", len(value))
        self._block += struct.pack(">i", len(value))
        for element in value:
            self.write_object(element)
        self._end_block()

    def finish(self) -> None:
        self._flush_block()

    def _end_block(self) -> None:
        self._flush_block()
        self.out.append(_TC_ENDBLOCKDATA)


def serialize(*contents: Any) -> bytes:
    """The bytes ``ObjectOutputStream.writeObject`` produces for each of ``contents``."""
    writer = _Writer()
    for content in contents:
        writer.write_object(content)
    writer.finish()
    return bytes(writer.out)
