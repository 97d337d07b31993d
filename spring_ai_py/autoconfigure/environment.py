"""Spring Boot's externalized configuration, as far as it applies to a Python process.

An :class:`Environment` is an ordered list of property sources, highest precedence
first, as Boot orders them:

1. explicit ``overrides`` passed in code (Boot's command-line arguments);
2. operating-system environment variables (relaxed: ``SPRING_AI_OPENAI_API_KEY``
   binds ``spring.ai.openai.api-key``);
3. profile-specific files, ``application-<profile>.properties`` / ``.yml`` / ``.yaml``,
   ``config/`` before the working directory, a later active profile before an earlier;
4. ``application.properties`` / ``.yml`` / ``.yaml``, ``config/`` before the working
   directory.

In one location a ``.properties`` file wins over a ``.yml`` file, as in Boot 2.4 and
later. A multi-document YAML file's documents with ``spring.config.activate.on-profile``
(or the legacy ``spring.profiles``) apply only while that profile is active, and later
documents win over earlier ones.

Names bind relaxed: ``api-key``, ``apiKey`` and ``api_key`` are the same property.
Values may hold ``${name}`` and ``${name:default}`` placeholders, resolved against the
whole environment and then against environment variables by their exact name.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeAlias

PropertyValue: TypeAlias = str | int | float | bool | None
"""A value as a source holds it (YAML keeps its scalar types; the rest are text)."""


def canonical_name(name: str) -> str:
    """The relaxed form of a property name: each dotted segment lower case, without
    ``-`` and ``_`` (``spring.ai.openai.apiKey`` -> ``spring.ai.openai.apikey``)."""
    return ".".join(
        segment.lower().replace("-", "").replace("_", "") for segment in _segments(name)
    )


def _segments(name: str) -> list[str]:
    # "a.b[0].c" -> ["a", "b[0]", "c"]: list indexes stay glued to their segment.
    return [s for s in name.strip().split(".") if s]


class PropertySource:
    """One named set of properties (a file, the environment variables, overrides)."""

    def __init__(self, name: str, properties: Mapping[str, PropertyValue]) -> None:
        self.name = name
        self._values: dict[str, tuple[str, PropertyValue]] = {}
        for key, value in properties.items():
            self._values[canonical_name(key)] = (key, value)

    def get(self, canonical: str) -> tuple[str, PropertyValue] | None:
        """``(original name, value)`` of the property, or ``None`` if not here."""
        return self._values.get(canonical)

    def lookup(self, name: str) -> tuple[str, PropertyValue] | None:
        """:meth:`get` for a property name as written (any relaxed spelling)."""
        return self.get(canonical_name(name))

    def names_under(self, canonical_prefix: str) -> Iterator[str]:
        """Canonical names of the properties below ``canonical_prefix``."""
        start = canonical_prefix + "."
        for canonical in self._values:
            if canonical.startswith(start) or canonical.startswith(canonical_prefix + "["):
                yield canonical

    def __repr__(self) -> str:
        return f"PropertySource({self.name!r}, {len(self._values)} properties)"


class EnvironmentVariablesPropertySource(PropertySource):
    """The process's environment variables, bound as Boot binds them.

    ``spring.ai.openai.api-key`` is looked up as ``SPRING_AI_OPENAI_APIKEY`` and
    ``SPRING_AI_OPENAI_API_KEY``; map entries (``...connections.<name>.command``) are
    found by prefix, their keys in lower case.
    """

    def __init__(self, environ: Mapping[str, str]) -> None:
        super().__init__("systemEnvironment", {})
        self._environ = dict(environ)

    def get(self, canonical: str) -> tuple[str, PropertyValue] | None:
        variable = canonical.upper().replace("[", "_").replace("]", "").replace(".", "_")
        return (variable, self._environ[variable]) if variable in self._environ else None

    def lookup(self, name: str) -> tuple[str, PropertyValue] | None:
        """Both of Boot's spellings of a kebab-case ``name`` (``SPRING_AI_OPENAI_API_KEY``
        and ``SPRING_AI_OPENAI_APIKEY``), then its canonical form."""
        base = name.upper().replace("[", "_").replace("]", "").replace(".", "_")
        for candidate in (base.replace("-", ""), base.replace("-", "_")):
            if candidate in self._environ:
                return candidate, self._environ[candidate]
        return self.get(canonical_name(name))

    def lookup_exact(self, name: str) -> str | None:
        """An environment variable by its exact name (placeholders fall back to it)."""
        return self._environ.get(name)

    def names_under(self, canonical_prefix: str) -> Iterator[str]:
        env_prefix = canonical_prefix.upper().replace(".", "_") + "_"
        for variable in self._environ:
            if variable.startswith(env_prefix) and len(variable) > len(env_prefix):
                rest = variable[len(env_prefix) :].lower().replace("_", ".")
                yield canonical_prefix + "." + canonical_name(rest)


@dataclass(frozen=True)
class _Document:
    properties: dict[str, PropertyValue]
    on_profile: tuple[str, ...] = ()


@dataclass
class Environment:
    """Property sources in precedence order, plus the active profiles.

    Build one with :meth:`load`; :meth:`get_property` reads a property by any relaxed
    spelling, with its placeholders resolved.
    """

    sources: list[PropertySource]
    active_profiles: tuple[str, ...] = ()
    _env: EnvironmentVariablesPropertySource | None = field(default=None, repr=False)

    @classmethod
    def load(
        cls,
        *,
        config_dir: str | os.PathLike[str] | None = None,
        profiles: Sequence[str] | None = None,
        overrides: Mapping[str, PropertyValue] | None = None,
        environ: Mapping[str, str] | None = None,
    ) -> Environment:
        """Load the configuration Boot would load for an application run in ``config_dir``
        (default: the working directory).

        ``profiles`` replaces ``spring.profiles.active``; ``overrides`` win over
        everything; ``environ`` replaces ``os.environ`` (for tests).
        """
        root = Path(config_dir) if config_dir is not None else Path.cwd()
        env_source = EnvironmentVariablesPropertySource(os.environ if environ is None else environ)
        override_source = PropertySource("overrides", dict(overrides or {}))
        locations = [root / "config", root]
        base_documents = [
            (path, docs) for path, docs in _read_location_files(locations, "application")
        ]
        if profiles is None:
            bootstrap = Environment(
                [override_source, env_source]
                + [
                    PropertySource(str(p), d.properties)
                    for p, ds in base_documents
                    for d in ds
                    if not d.on_profile
                ],
                (),
                env_source,
            )
            active = _split_profiles(bootstrap.get_property("spring.profiles.active"))
        else:
            active = tuple(p.strip() for p in profiles if p and p.strip())
        # Without an active profile Boot uses the "default" profile.
        effective = active or (DEFAULT_PROFILE,)
        sources: list[PropertySource] = [override_source, env_source]
        for profile in reversed(effective):
            for path, documents in _read_location_files(locations, f"application-{profile}"):
                sources.extend(_applicable(path, documents, effective))
        for path, documents in base_documents:
            sources.extend(_applicable(path, documents, effective))
        return cls(sources, active, env_source)

    def get_property(self, name: str, default: str | None = None) -> str | None:
        """The text of property ``name`` with placeholders resolved, else ``default``."""
        found = self.find(name)
        if found is None:
            return default
        value = found[1]
        if value is None:
            return default
        return self.resolve_placeholders(_as_text(value))

    def find(self, name: str) -> tuple[str, PropertyValue] | None:
        """``(where, raw value)`` of property ``name`` from the first source that has it."""
        for source in self.sources:
            hit = source.lookup(name)
            if hit is not None:
                return f"{source.name}: {hit[0]}", hit[1]
        return None

    def list_source(self, name: str) -> PropertySource | None:
        """The highest-precedence source that defines the list ``name``, as a whole value
        or by indexed entries (Boot binds a list from one source, never merged)."""
        canonical = canonical_name(name)
        index_pattern = re.compile(re.escape(canonical) + r"(\[\d+\]|\.\d+)")
        for source in self.sources:
            if source.lookup(name) is not None:
                return source
            if any(index_pattern.match(child) for child in source.names_under(canonical)):
                return source
        return None

    def contains(self, name: str) -> bool:
        """Whether any source sets property ``name``."""
        return self.find(name) is not None

    def names_under(self, prefix: str) -> list[str]:
        """Canonical names of every property set below ``prefix``, in any source."""
        canonical_prefix = canonical_name(prefix)
        seen: dict[str, None] = {}
        for source in self.sources:
            for canonical in source.names_under(canonical_prefix):
                seen.setdefault(canonical, None)
        return list(seen)

    def has_any_under(self, prefix: str) -> bool:
        """Whether any property below ``prefix`` is set."""
        return bool(self.names_under(prefix))

    def resolve_placeholders(self, text: str) -> str:
        """``text`` with each ``${name}`` / ``${name:default}`` replaced; an unresolvable
        placeholder stays as it is (Boot's behaviour; see :meth:`unresolved`)."""
        return _resolve(text, self, depth=0)

    @staticmethod
    def unresolved(text: str) -> str | None:
        """The first placeholder left in a resolved ``text``, or ``None``."""
        match = re.search(r"\$\{[^}]*\}", text)
        return match.group(0) if match else None

    def _lookup_for_placeholder(self, name: str) -> str | None:
        found = self.find(name)
        if found is not None and found[1] is not None:
            return _as_text(found[1])
        if self._env is not None:
            return self._env.lookup_exact(name)
        return None


def _as_text(value: PropertyValue) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return "" if value is None else str(value)


def _split_profiles(value: str | None) -> tuple[str, ...]:
    if not value:
        return ()
    return tuple(p.strip() for p in value.split(",") if p.strip())


_MAX_PLACEHOLDER_DEPTH = 32


def _resolve(text: str, env: Environment, depth: int) -> str:
    if "${" not in text:
        return text
    if depth > _MAX_PLACEHOLDER_DEPTH:
        raise ValueError(f"Circular placeholder reference in '{text}'")
    out: list[str] = []
    index = 0
    while True:
        start = text.find("${", index)
        if start < 0:
            out.append(text[index:])
            return "".join(out)
        end = _matching_brace(text, start + 2)
        if end < 0:
            out.append(text[index:])
            return "".join(out)
        out.append(text[index:start])
        body = text[start + 2 : end]
        key, has_default, default = _split_placeholder(body)
        key = _resolve(key, env, depth + 1)
        value = env._lookup_for_placeholder(key)
        if value is not None:
            out.append(_resolve(value, env, depth + 1))
        elif has_default:
            out.append(_resolve(default, env, depth + 1))
        else:
            out.append(text[start : end + 1])
        index = end + 1


def _matching_brace(text: str, start: int) -> int:
    depth = 1
    i = start
    while i < len(text):
        if text.startswith("${", i):
            depth += 1
            i += 2
            continue
        if text[i] == "}":
            depth -= 1
            if depth == 0:
                return i
        i += 1
    return -1


def _split_placeholder(body: str) -> tuple[str, bool, str]:
    depth = 0
    for i, char in enumerate(body):
        if body.startswith("${", i):
            depth += 1
        elif char == "}":
            depth -= 1
        elif char == ":" and depth == 0:
            return body[:i], True, body[i + 1 :]
    return body, False, ""


DEFAULT_PROFILE = "default"
"""The profile Boot activates when no other is active."""


def profile_matches(expression: str, active: Sequence[str]) -> bool:
    """Whether a Spring profile expression (``prod``, ``!dev``, ``eu & prod``,
    ``(dev | qa) & !slow``) holds for the ``active`` profiles."""
    tokens: list[str] = re.findall(r"[()!&|]|[^\s()!&|]+", expression)
    position = 0

    def peek() -> str | None:
        return tokens[position] if position < len(tokens) else None

    def take() -> str:
        nonlocal position
        if position >= len(tokens):
            raise ValueError(f"Malformed profile expression '{expression}'")
        position += 1
        return tokens[position - 1]

    def operand() -> bool:
        token = take()
        if token == "!":
            return not operand()
        if token == "(":
            value = disjunction()
            if take() != ")":
                raise ValueError(f"Malformed profile expression '{expression}'")
            return value
        if token in (")", "&", "|"):
            raise ValueError(f"Malformed profile expression '{expression}'")
        return token in active

    def conjunction() -> bool:
        value = operand()
        while peek() == "&":
            take()
            value = operand() and value
        return value

    def disjunction() -> bool:
        value = conjunction()
        while peek() == "|":
            take()
            value = conjunction() or value
        return value

    result = disjunction()
    if peek() is not None:
        raise ValueError(f"Malformed profile expression '{expression}'")
    return result


def _applicable(
    path: Path, documents: list[_Document], active: tuple[str, ...]
) -> list[PropertySource]:
    # Later documents of one file win, so they come first.
    chosen = [
        d
        for d in documents
        if not d.on_profile or any(profile_matches(e, active) for e in d.on_profile)
    ]
    return [
        PropertySource(
            f"{path}" + (f" [document {i + 1}]" if len(documents) > 1 else ""), d.properties
        )
        for i, d in reversed(list(enumerate(chosen)))
    ]


def _read_location_files(
    locations: Iterable[Path], stem: str
) -> list[tuple[Path, list[_Document]]]:
    found: list[tuple[Path, list[_Document]]] = []
    for location in locations:
        for suffix in (".properties", ".yml", ".yaml"):
            path = location / f"{stem}{suffix}"
            if path.is_file():
                found.append((path, _read_file(path)))
    return found


def _read_file(path: Path) -> list[_Document]:
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".properties":
        return _properties_documents(text)
    return _yaml_documents(text, path)


def _profiles_of(properties: Mapping[str, PropertyValue]) -> tuple[str, ...]:
    for key in ("spring.config.activate.on-profile", "spring.profiles"):
        for name, value in properties.items():
            if canonical_name(name) == canonical_name(key) and value:
                return _split_profiles(_as_text(value))
    return ()


def _yaml_documents(text: str, path: Path) -> list[_Document]:
    try:
        import yaml
    except ImportError as error:  # pragma: no cover - the extra is part of dev
        raise ImportError(
            f"Reading {path.name} needs PyYAML: pip install 'spring_ai_py[config]'"
        ) from error
    documents: list[_Document] = []
    try:
        loaded = list(yaml.safe_load_all(text))
    except yaml.YAMLError as error:
        raise ValueError(f"{path} is not valid YAML: {error}") from error
    for document in loaded:
        if document is None:
            continue
        if not isinstance(document, Mapping):
            raise ValueError(f"{path}: a YAML document must be a mapping of properties")
        flat: dict[str, PropertyValue] = {}
        _flatten("", document, flat)
        documents.append(_Document(flat, _profiles_of(flat)))
    return documents


def _flatten(prefix: str, value: object, out: dict[str, PropertyValue]) -> None:
    if isinstance(value, Mapping):
        if not value and prefix:
            out[prefix] = ""
        for key, item in value.items():
            name = str(key)
            # Boot's bracket notation keeps keys with dots whole: "[a.b]".
            _flatten(f"{prefix}.{name}" if prefix else name, item, out)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            _flatten(f"{prefix}[{index}]", item, out)
    elif value is None or isinstance(value, str | int | float | bool):
        out[prefix] = value
    else:
        out[prefix] = str(value)


_PROPERTIES_SEPARATOR = re.compile(r"(?<!\\)[=:\s]")


def _properties_documents(text: str) -> list[_Document]:
    documents: list[_Document] = []
    current: dict[str, PropertyValue] = {}
    for line in _logical_lines(text):
        stripped = line.strip()
        if stripped in ("#---", "!---"):
            documents.append(_Document(current, _profiles_of(current)))
            current = {}
            continue
        if not stripped or stripped[0] in "#!":
            continue
        match = _PROPERTIES_SEPARATOR.search(stripped)
        if match is None:
            key, value = stripped, ""
        else:
            key = stripped[: match.start()]
            rest = stripped[match.start() :].lstrip()
            if rest[:1] in ("=", ":"):
                rest = rest[1:]
            value = rest.lstrip()
        current[_unescape(key)] = _unescape(value)
    documents.append(_Document(current, _profiles_of(current)))
    return [d for d in documents if d.properties]


def _logical_lines(text: str) -> Iterator[str]:
    pending = ""
    for raw in text.splitlines():
        if not pending and raw.lstrip()[:1] in ("#", "!"):
            yield raw  # a comment never continues onto the next line (java.util.Properties)
            continue
        line = pending + (raw.lstrip() if pending else raw)
        backslashes = len(line) - len(line.rstrip("\\"))
        if backslashes % 2 == 1:
            pending = line[:-1]
            continue
        pending = ""
        yield line
    if pending:
        yield pending


_ESCAPES = {"t": "\t", "n": "\n", "r": "\r", "f": "\f"}


def _unescape(text: str) -> str:
    if "\\" not in text:
        return text
    out: list[str] = []
    i = 0
    while i < len(text):
        char = text[i]
        if char == "\\" and i + 1 < len(text):
            nxt = text[i + 1]
            if (
                nxt == "u"
                and i + 5 < len(text) + 0
                and re.fullmatch(r"[0-9a-fA-F]{4}", text[i + 2 : i + 6])
            ):
                out.append(chr(int(text[i + 2 : i + 6], 16)))
                i += 6
                continue
            out.append(_ESCAPES.get(nxt, nxt))
            i += 2
            continue
        out.append(char)
        i += 1
    return "".join(out)
