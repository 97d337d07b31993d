"""Naming and type rules of the Java to Python translation (no parser needed here)."""

from __future__ import annotations

import importlib
import keyword
import re
from functools import cache

from spring_ai_py.migrate._providers import provider_home

_CAMEL_BOUNDARY = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")

#: Python names a Java identifier must not shadow or collide with.
_RESERVED = set(keyword.kwlist) | {"match", "case", "type", "print", "self", "input", "list", "dict", "str", "id", "len", "format", "filter", "map", "next", "iter", "sum", "all", "any", "min", "max"}


def snake_case(name: str) -> str:
    """``adviseCall`` → ``advise_call``; constants (``MAX_SIZE``) and ``_x`` stay as they are;
    a Python keyword gets a trailing underscore (``from`` → ``from_``)."""
    converted = name if not name or name.isupper() else _CAMEL_BOUNDARY.sub("_", name).lower()
    if converted in _RESERVED - {"print", "self"}:
        converted += "_"
    return converted


def module_name(class_name: str) -> str:
    """The module file a Java type goes to: ``ChainWorkflow`` → ``chain_workflow``."""
    return snake_case(class_name).rstrip("_") or "module"


#: Java types with a built-in Python spelling.
PRIMITIVE_TYPES: dict[str, str] = {
    "String": "str",
    "CharSequence": "str",
    "StringBuilder": "str",
    "StringBuffer": "str",
    "char": "str",
    "Character": "str",
    "int": "int",
    "Integer": "int",
    "long": "int",
    "Long": "int",
    "short": "int",
    "Short": "int",
    "byte": "int",
    "Byte": "int",
    "BigInteger": "int",
    "double": "float",
    "Double": "float",
    "float": "float",
    "Float": "float",
    "BigDecimal": "float",
    "Number": "float",
    "boolean": "bool",
    "Boolean": "bool",
    "void": "None",
    "Void": "None",
    "Object": "Any",
    "CommandLineRunner": "Callable[[list[str]], object]",
    "ApplicationRunner": "Callable[[list[str]], object]",
    "Map": "dict",
    "HashMap": "dict",
    "LinkedHashMap": "dict",
    "TreeMap": "dict",
    "ConcurrentHashMap": "dict",
    "List": "list",
    "ArrayList": "list",
    "LinkedList": "list",
    "Collection": "list",
    "Iterable": "list",
    "Set": "set",
    "HashSet": "set",
    "LinkedHashSet": "set",
}

#: Generic Java types whose Python spelling wraps their type arguments differently.
WRAPPER_TYPES: dict[str, str] = {
    "Optional": "{0} | None",
    "Flux": "AsyncIterator[{0}]",
    "Mono": "{0}",
    "CompletableFuture": "Future[{0}]",
    "Future": "Future[{0}]",
    "Supplier": "Callable[[], {0}]",
    "Consumer": "Callable[[{0}], None]",
    "Function": "Callable[[{0}], {1}]",
    "BiFunction": "Callable[[{0}, {1}], {2}]",
    "Predicate": "Callable[[{0}], bool]",
    "ResponseEntity": "{0}",
    "List": "list[{0}]",
    "ArrayList": "list[{0}]",
    "Set": "set[{0}]",
    "Map": "dict[{0}, {1}]",
    "HashMap": "dict[{0}, {1}]",
}

#: Java types whose Python twin has another name or lives elsewhere: simple name → (module, name).
RENAMED_TYPES: dict[str, tuple[str, str]] = {
    "ChatClient.Builder": ("spring_ai_py.chat.client", "ChatClientBuilder"),
    "ExecutorService": ("concurrent.futures", "Executor"),
    "Executor": ("concurrent.futures", "Executor"),
    "Logger": ("logging", "Logger"),
    "Duration": ("datetime", "timedelta"),
    "McpSyncClient": ("spring_ai_py.mcp", "McpSyncClient"),
    "McpAsyncClient": ("spring_ai_py.mcp", "McpAsyncClient"),
    "McpSyncServerExchange": ("typing", "Any"),
    "ApplicationContext": ("spring_ai_py.autoconfigure", "ApplicationContext"),
    "RestClient": ("spring_ai_py.migrate.rest", "RestClient"),
    "JsonMapper": ("spring_ai_py.migrate.jackson", "JsonMapper"),
    "ObjectMapper": ("spring_ai_py.migrate.jackson", "ObjectMapper"),
    "RestClientException": ("spring_ai_py.migrate.rest", "RestClientException"),
    "ConfigurableApplicationContext": ("spring_ai_py.autoconfigure", "ApplicationContext"),
    "Environment": ("spring_ai_py.autoconfigure", "Environment"),
}

#: Java packages whose types need no import in Python (the language or the framework
#: wiring covers them).
WIRING_PACKAGES = (
    "java.lang.",
    "java.util.",
    "java.time.",
    "java.io.",
    "java.nio.",
    "java.net.",
    "java.text.",
    "java.math.",
    "org.slf4j.",
    "reactor.core.",
    "org.springframework.boot.",
    "org.springframework.context.",
    "org.springframework.stereotype.",
    "org.springframework.beans.",
    "org.springframework.web.bind.annotation.",
    "org.springframework.http.",
    "org.springframework.core.ParameterizedTypeReference",
    "org.springframework.core.io.",
    "org.springframework.util.",
    "org.springframework.ai.model.ModelOptionsUtils",
    "com.fasterxml.jackson.annotation.",
    "jakarta.annotation.",
    "javax.annotation.",
    "org.springframework.lang.",
    "org.jspecify.",
)


@cache
def python_home(java_fqn: str) -> tuple[str, str] | None:
    """Where a Java type lives in spring_ai_py: ``org.springframework.ai.chat.client.ChatClient``
    → ``("spring_ai_py.chat.client", "ChatClient")``; ``None`` when the port has no such type."""
    parts = java_fqn.split(".")
    simple = parts[-1]
    if simple in RENAMED_TYPES:
        return RENAMED_TYPES[simple]
    known = provider_home(java_fqn)
    if known is not None:
        return known
    if java_fqn.startswith("org.springframework.ai."):
        package = "spring_ai_py." + ".".join(parts[3:-1])
    elif java_fqn.startswith("org.springframework.core.") and simple == "Ordered":
        package = "spring_ai_py.core"
    elif java_fqn.startswith("io.modelcontextprotocol."):
        package = "spring_ai_py.mcp"
    else:
        return None
    candidates = [package]
    if package.endswith(".annotation") and "mcp" in package:
        candidates.append("spring_ai_py.mcp.annotation")
    for candidate in candidates:
        try:
            module = importlib.import_module(candidate)
        except ImportError:
            continue
        if hasattr(module, simple):
            return candidate, simple
    return None
