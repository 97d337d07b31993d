"""``org.springframework.ai.document.id``: document id generators."""

from spring_ai_py.document.id.id_generator import IdGenerator, RandomIdGenerator
from spring_ai_py.document.id.jdk_sha256_hex_id_generator import JdkSha256HexIdGenerator

__all__ = ["IdGenerator", "JdkSha256HexIdGenerator", "RandomIdGenerator"]
