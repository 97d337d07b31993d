"""``org.springframework.core.io``: the resources that document readers read."""

from spring_ai_py.core.io.resource import (
    ByteArrayResource,
    FileSystemResource,
    Resource,
    ResourceLike,
    resolve_resources,
    to_resource,
)

__all__ = [
    "ByteArrayResource",
    "FileSystemResource",
    "Resource",
    "ResourceLike",
    "resolve_resources",
    "to_resource",
]
