"""Spring Boot's externalized configuration, as far as it applies to a Python process.

An :class:`Environment` is an ordered list of property sources, highest precedence
first, as Boot orders them:

1. explicit ``overrides`` passed in code (Boot's command-line arguments);
2. operating-system environment variables (relaxed: ``SPRING_AI_CHAT_CLIENT_ENABLED``
   binds ``spring.ai.chat.client.enabled``);
3. profile-specific files, ``application-<profile>.properties`` / ``.yml`` / ``.yaml``,
   ``config/`` before the working directory, a later active profile before an earlier
   (with no active profile, those of ``spring.profiles.default``, else ``default``);
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

import functools
import os
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple, TypeAlias

if TYPE_CHECKING:
    from yaml import SafeLoader

PropertyValue: TypeAlias = str | int | float | bool | None
"""A value as a source holds it (YAML keeps its scalar types; the rest are text)."""


class ConfigDataLoadError(ValueError):
    """A configuration file that cannot be read (Boot's ``ConfigDataLoadException``):
    a directory where a file should be, text that is not UTF-8, malformed YAML, or a
    file over the limits below. ``location`` is the file."""

    def __init__(self, location: Path, problem: str) -> None:
        self.location = location
        self.problem = problem
        super().__init__(f"Failed to load property source from location '{location}': {problem}")


MAX_FILE_SIZE = 3 * 1024 * 1024
"""The largest configuration file read, in bytes (SnakeYAML's ``codePointLimit``)."""

MAX_YAML_ALIASES = 50
"""How many aliases to collections a YAML file may use (SnakeYAML's
``maxAliasesForCollections``); more is refused as a billion-laughs file."""

MAX_NESTING_DEPTH = 50
"""How deep YAML collections may nest (SnakeYAML's ``nestingDepthLimit``)."""

MAX_PROPERTIES_PER_FILE = 100_000
"""How many properties one file may expand into (aliases included)."""

MAX_PLACEHOLDER_DEPTH = 32
"""How deep placeholders may nest or refer to one another."""

MAX_PLACEHOLDER_EXPANSION = 1_000_000
"""How many characters resolving one value may produce."""

MAX_PLACEHOLDERS_PER_VALUE = 10_000
"""How many placeholders resolving one value may replace (``${a}${a}...`` where each
refers to more of the same grows exponentially)."""


def canonical_name(name: str) -> str:
    """The relaxed form of a property name: each dotted segment lower case, without
    ``-`` and ``_`` (``spring.ai.chat.client.observations.logPrompt`` -> ``spring.ai.chat.client.observations.logprompt``)."""
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

    ``spring.ai.chat.client.log-prompt`` is looked up as ``SPRING_AI_CHAT_CLIENT_LOGPROMPT``
    and ``SPRING_AI_CHAT_CLIENT_LOG_PROMPT``; map entries (``...connections.<name>.command``) are
    found by prefix, their keys in lower case.
    """

    def __init__(self, environ: Mapping[str, str]) -> None:
        super().__init__("systemEnvironment", {})
        self._environ = dict(environ)

    def get(self, canonical: str) -> tuple[str, PropertyValue] | None:
        variable = canonical.upper().replace("[", "_").replace("]", "").replace(".", "_")
        return (variable, self._environ[variable]) if variable in self._environ else None

    def lookup(self, name: str) -> tuple[str, PropertyValue] | None:
        """Both of Boot's spellings of a kebab-case ``name`` (``SPRING_AI_CHAT_CLIENT_LOG_PROMPT``
        and ``SPRING_AI_CHAT_CLIENT_LOGPROMPT``), then its canonical form."""
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


class _Document(NamedTuple):
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
    config_dir: Path | None = None
    """The application's directory (``config_dir`` of :meth:`load`): its ``resources/``
    and itself are the class path that ``classpath:`` locations resolve against."""

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
        everything; ``environ`` is the whole environment, read instead of ``os.environ``.
        """
        root = Path(config_dir) if config_dir is not None else Path.cwd()
        env_source = EnvironmentVariablesPropertySource(os.environ if environ is None else environ)
        override_source = PropertySource("overrides", dict(overrides or {}))
        locations = [root / "config", root]
        base_documents = [
            (path, docs) for path, docs in _read_location_files(locations, "application")
        ]
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
        if profiles is None:
            active = _split_profiles(bootstrap.get_property("spring.profiles.active"))
        else:
            active = tuple(p.strip() for p in profiles if p and p.strip())
        # Without an active profile Boot uses spring.profiles.default ("default" unset).
        effective = active or (
            _split_profiles(bootstrap.get_property("spring.profiles.default")) or (DEFAULT_PROFILE,)
        )
        sources: list[PropertySource] = [override_source, env_source]
        for profile in reversed(effective):
            for path, documents in _read_location_files(locations, f"application-{profile}"):
                sources.extend(_applicable(path, documents, effective))
        for path, documents in base_documents:
            sources.extend(_applicable(path, documents, effective))
        return cls(sources, active, env_source, root)

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

    def resource(self, location: str) -> Path:
        """The file a resource location (a ``...-configuration`` property) names.

        ``classpath:x`` (or ``classpath:/x``) is ``x`` in the application's resources:
        ``<config_dir>/resources/x``, else ``<config_dir>/x``, never the filesystem root
        or the working directory, and never a path that ``..`` leads out of them.
        ``file:x`` and a plain path are filesystem paths. A ``classpath:`` resource that
        does not exist raises ``FileNotFoundError`` in Spring's words.
        """
        if not location.startswith("classpath:"):
            return Path(location.removeprefix("file:"))
        relative = location.removeprefix("classpath:").lstrip("/")
        root = self.config_dir if self.config_dir is not None else Path.cwd()
        for base in (root / "resources", root):
            candidate = (base / relative).resolve()
            if candidate.is_relative_to(base.resolve()) and candidate.exists():
                return candidate
        raise FileNotFoundError(
            f"class path resource [{relative}] cannot be opened because it does not exist "
            f"(looked in {root / 'resources'} and {root})"
        )

    def environment_variable(self, name: str) -> str | None:
        """The environment variable ``name`` by its exact name, from the ``environ`` this
        environment was loaded with (``os.environ`` when none was given)."""
        if self._env is not None:
            return self._env.lookup_exact(name)
        return os.environ.get(name)

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


class _Budget:
    """What resolving one value may still do: replace placeholders and produce text."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.characters = MAX_PLACEHOLDER_EXPANSION
        self.placeholders = MAX_PLACEHOLDERS_PER_VALUE

    def spend(self, characters: int) -> None:
        self.characters -= characters
        self.placeholders -= 1
        if self.characters < 0 or self.placeholders < 0:
            raise ValueError(
                f"Resolving placeholders in '{self.text:.80}' replaces more than "
                f"{MAX_PLACEHOLDERS_PER_VALUE} placeholders or expands to more than "
                f"{MAX_PLACEHOLDER_EXPANSION} characters"
            )


def _resolve(text: str, env: Environment, depth: int, budget: _Budget | None = None) -> str:
    if "${" not in text:
        return text
    if depth > MAX_PLACEHOLDER_DEPTH:
        raise ValueError(
            f"Circular placeholder reference in '{text:.80}' (or placeholders nested deeper "
            f"than {MAX_PLACEHOLDER_DEPTH})"
        )
    budget = budget if budget is not None else _Budget(text)
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
        key = _resolve(key, env, depth + 1, budget)
        value = env._lookup_for_placeholder(key)
        if value is not None:
            replaced = _resolve(value, env, depth + 1, budget)
        elif has_default:
            replaced = _resolve(default, env, depth + 1, budget)
        else:
            replaced = text[start : end + 1]
        budget.spend(len(replaced))
        out.append(replaced)
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
    depth = 0

    def peek() -> str | None:
        return tokens[position] if position < len(tokens) else None

    def take() -> str:
        nonlocal position
        if position >= len(tokens):
            raise ValueError(f"Malformed profile expression '{expression}'")
        position += 1
        return tokens[position - 1]

    def operand() -> bool:
        nonlocal depth
        token = take()
        if token in ("!", "("):
            depth += 1
            if depth > MAX_NESTING_DEPTH:
                raise ValueError(
                    f"Malformed profile expression '{expression:.80}': nested deeper than "
                    f"{MAX_NESTING_DEPTH}"
                )
            try:
                if token == "!":
                    return not operand()
                value = disjunction()
                if take() != ")":
                    raise ValueError(f"Malformed profile expression '{expression}'")
                return value
            finally:
                depth -= 1
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
            if path.is_dir():
                raise ConfigDataLoadError(path, "it is a directory, not a file")
            if path.is_file():
                found.append((path, _read_file(path)))
    return found


def _read_file(path: Path) -> list[_Document]:
    try:
        with path.open("rb") as stream:
            data = stream.read(MAX_FILE_SIZE + 1)
    except OSError as error:
        raise ConfigDataLoadError(path, f"cannot be read: {error.strerror or error}") from None
    if len(data) > MAX_FILE_SIZE:
        raise ConfigDataLoadError(path, f"larger than {MAX_FILE_SIZE} bytes")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        if path.suffix != ".properties":
            raise ConfigDataLoadError(
                path, f"not UTF-8 text (byte {error.start}: {data[error.start]:#04x})"
            ) from None
        # A .properties file that is not UTF-8 is ISO-8859-1, as java.util.Properties reads it.
        text = data.decode("iso-8859-1")
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
        loaded = _load_yaml(yaml, text)
    except _LimitExceeded as error:
        raise ConfigDataLoadError(path, str(error)) from None
    except yaml.YAMLError as error:
        raise ConfigDataLoadError(path, f"{path.name} is not valid YAML: {error}") from None
    for document in loaded:
        if document is None:
            continue
        if not isinstance(document, Mapping):
            raise ConfigDataLoadError(path, "a YAML document must be a mapping of properties")
        flat: dict[str, PropertyValue] = {}
        try:
            _flatten("", document, flat)
        except _LimitExceeded as error:
            raise ConfigDataLoadError(path, str(error)) from None
        documents.append(_Document(flat, _profiles_of(flat)))
    return documents


class _LimitExceeded(Exception):
    pass


def _load_yaml(yaml: Any, text: str) -> list[object]:
    """The documents of ``text``, within SnakeYAML's limits on aliases and nesting.

    With libyaml (PyYAML's C extension, in its wheels) the limits are checked on the C
    parser's events and the file is then loaded by the C loader, several times faster
    than the pure-Python one, which checks them while it composes.
    """
    fast = getattr(yaml, "CSafeLoader", None)
    if fast is None:
        return list(yaml.load_all(text, Loader=_bounded_loader()))
    try:
        _check_yaml_events(yaml, yaml.parse(text, Loader=fast))
    except yaml.YAMLError as error:
        # libyaml stops at 1,000 levels itself, scanning ahead of the events.
        if "maximum nesting depth" in str(error):
            raise _LimitExceeded(f"collections nested deeper than {MAX_NESTING_DEPTH}") from None
        raise
    return list(yaml.load_all(text, Loader=fast))


def _check_yaml_events(yaml: Any, events: Iterable[object]) -> None:
    """Raise :class:`_LimitExceeded` for more than ``MAX_YAML_ALIASES`` aliases to
    collections in the file, or collections nested deeper than ``MAX_NESTING_DEPTH``."""
    collection_anchors: set[str] = set()
    depth = 0
    aliases = 0
    for event in events:
        if isinstance(event, yaml.CollectionStartEvent):
            depth += 1
            if depth > MAX_NESTING_DEPTH:
                raise _LimitExceeded(f"collections nested deeper than {MAX_NESTING_DEPTH}")
            if event.anchor is not None:
                collection_anchors.add(event.anchor)
        elif isinstance(event, yaml.CollectionEndEvent):
            depth -= 1
        elif isinstance(event, yaml.ScalarEvent):
            if event.anchor is not None:
                collection_anchors.discard(event.anchor)  # a scalar re-anchored the name
        elif isinstance(event, yaml.AliasEvent):
            if event.anchor in collection_anchors:
                aliases += 1
                if aliases > MAX_YAML_ALIASES:
                    raise _LimitExceeded(
                        f"more than {MAX_YAML_ALIASES} aliases to collections "
                        "(a billion-laughs file?)"
                    )
        elif isinstance(event, yaml.DocumentStartEvent):
            collection_anchors.clear()  # anchors do not cross documents


@functools.cache
def _bounded_loader() -> type[SafeLoader]:
    """PyYAML's safe loader with SnakeYAML's limits: aliases to collections and nesting."""
    import yaml

    class BoundedSafeLoader(yaml.SafeLoader):
        def __init__(self, stream: str) -> None:
            super().__init__(stream)
            self._collection_aliases = 0
            self._depth = 0

        def compose_node(self, parent: Any, index: Any) -> Any:
            if self.check_event(yaml.AliasEvent):
                event = self.peek_event()  # type: ignore[no-untyped-call]
                anchored = (
                    self.anchors.get(event.anchor) if isinstance(event, yaml.AliasEvent) else None
                )
                if isinstance(anchored, yaml.CollectionNode):
                    self._collection_aliases += 1
                    if self._collection_aliases > MAX_YAML_ALIASES:
                        raise _LimitExceeded(
                            f"more than {MAX_YAML_ALIASES} aliases to collections "
                            "(a billion-laughs file?)"
                        )
                return super().compose_node(parent, index)
            if self.check_event(yaml.ScalarEvent):
                return super().compose_node(parent, index)
            self._depth += 1
            if self._depth > MAX_NESTING_DEPTH:
                raise _LimitExceeded(f"collections nested deeper than {MAX_NESTING_DEPTH}")
            try:
                return super().compose_node(parent, index)
            finally:
                self._depth -= 1

    return BoundedSafeLoader


def _flatten(prefix: str, value: object, out: dict[str, PropertyValue], depth: int = 0) -> None:
    if depth > MAX_NESTING_DEPTH:
        raise _LimitExceeded(f"collections nested deeper than {MAX_NESTING_DEPTH}")
    if len(out) >= MAX_PROPERTIES_PER_FILE:
        raise _LimitExceeded(
            f"expands into more than {MAX_PROPERTIES_PER_FILE} properties (aliases included)"
        )
    if isinstance(value, Mapping):
        if not value and prefix:
            out[prefix] = ""
        for key, item in value.items():
            name = str(key)
            # Boot's bracket notation keeps keys with dots whole: "[a.b]".
            _flatten(f"{prefix}.{name}" if prefix else name, item, out, depth + 1)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            _flatten(f"{prefix}[{index}]", item, out, depth + 1)
    elif value is None:
        out[prefix] = ""  # "key:" with no value binds as the empty string, as in Boot
    elif isinstance(value, str | int | float | bool):
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
