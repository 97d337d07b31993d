"""The model providers the migrate command knows by their Java packages and starters: where
their types live in spring_ai_py, the pip extra that installs their SDK, and the beans the
application context gives for them."""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class ProviderMapping:
    """One provider: ``name`` is its ``spring.ai.model.chat`` value, ``java_packages`` the
    Java packages of its types (the model, the API and the autoconfiguration), ``module``
    the spring_ai_py package that holds their twins, ``extra`` the pip extra of its SDK,
    ``starters`` the Maven / Gradle artifact ids that bring it in (2.x and 1.x names),
    ``types`` the Java simple names ``module`` exports under the same name and
    ``renamed`` those whose Python name differs (1.x names)."""

    name: str
    java_packages: tuple[str, ...]
    module: str
    extra: str
    starters: tuple[str, ...]
    types: frozenset[str]
    renamed: tuple[tuple[str, str], ...] = ()
    chat_model: str | None = None
    embedding_model: str | None = None

    def python_name(self, java_fqn: str) -> str | None:
        """The Python name of ``java_fqn`` in :attr:`module`, ``None`` when it is not one of
        this provider's types."""
        if not any(java_fqn.startswith(package + ".") for package in self.java_packages):
            return None
        simple = java_fqn.rsplit(".", 1)[-1]
        if simple in self.types:
            return simple
        return dict(self.renamed).get(simple)


PROVIDERS: tuple[ProviderMapping, ...] = (
    ProviderMapping(
        name="ollama",
        java_packages=("org.springframework.ai.ollama", "org.springframework.ai.model.ollama.autoconfigure"),
        module="spring_ai_py.ollama",
        extra="ollama",
        starters=("spring-ai-starter-model-ollama", "spring-ai-ollama-spring-boot-starter", "spring-ai-ollama"),
        types=frozenset(
            {
                "OllamaChatModel",
                "OllamaEmbeddingModel",
                "OllamaApi",
                "OllamaChatOptions",
                "OllamaEmbeddingOptions",
                "OllamaModel",
                "ThinkOption",
                "ThinkBoolean",
                "ThinkLevel",
                "OllamaModelManager",
                "ModelManagementOptions",
                "PullModelStrategy",
                "OllamaChatProperties",
                "OllamaConnectionProperties",
                "OllamaEmbeddingProperties",
                "OllamaInitializationProperties",
            }
        ),
        # Spring AI 1.x's one options class of chat and embedding requests.
        renamed=(("OllamaOptions", "OllamaChatOptions"),),
        chat_model="OllamaChatModel",
        embedding_model="OllamaEmbeddingModel",
    ),
    ProviderMapping(
        name="google-genai",
        java_packages=("org.springframework.ai.google.genai", "org.springframework.ai.model.google.genai.autoconfigure"),
        module="spring_ai_py.google.genai",
        extra="google-genai",
        starters=(
            "spring-ai-starter-model-google-genai",
            "spring-ai-starter-model-google-genai-embedding",
            "spring-ai-google-genai",
        ),
        types=frozenset(
            {
                "CachedContentRequest",
                "CachedContentUpdateRequest",
                "GoogleGenAiCachedContent",
                "GoogleGenAiCachedContentService",
                "GoogleGenAiChatModel",
                "GoogleGenAiChatOptions",
                "GoogleGenAiChatProperties",
                "GoogleGenAiConnectionProperties",
                "GoogleGenAiEmbeddingConnectionDetails",
                "GoogleGenAiEmbeddingConnectionProperties",
                "GoogleGenAiModalityTokenCount",
                "GoogleGenAiTextEmbeddingModel",
                "GoogleGenAiTextEmbeddingModelName",
                "GoogleGenAiTextEmbeddingOptions",
                "GoogleGenAiTextEmbeddingProperties",
                "GoogleGenAiToolCallingManager",
                "GoogleGenAiTrafficType",
                "GoogleGenAiUsage",
                "JsonSchemaConverter",
            }
        ),
        chat_model="GoogleGenAiChatModel",
        embedding_model="GoogleGenAiTextEmbeddingModel",
    ),
)


def provider_home(java_fqn: str) -> tuple[str, str] | None:
    """``org.springframework.ai.ollama.OllamaChatModel`` → ``("spring_ai_py.ollama",
    "OllamaChatModel")``, known without importing the module (a provider's package may not
    be installed where the command runs); ``None`` for other types."""
    for provider in PROVIDERS:
        name = provider.python_name(java_fqn)
        if name is not None:
            return provider.module, name
    return None


def provider_beans() -> dict[str, str]:
    """The context expressions of the providers' model beans: ``OllamaChatModel`` →
    ``context.chat_model("ollama")``."""
    beans: dict[str, str] = {}
    for provider in PROVIDERS:
        if provider.chat_model is not None:
            beans[provider.chat_model] = f'context.chat_model("{provider.name}")'
        if provider.embedding_model is not None:
            beans[provider.embedding_model] = f'context.embedding_model("{provider.name}")'
    return beans


_XML_COMMENT = re.compile(r"<!--.*?-->", re.DOTALL)
_LINE_COMMENT = re.compile(r"(?m)^\s*//.*$|/\*.*?\*/", re.DOTALL)


def build_dependencies(build_text: str) -> str:
    """A ``pom.xml`` / ``build.gradle(.kts)`` text without its comments (a starter left
    commented out is not a dependency)."""
    return _LINE_COMMENT.sub("", _XML_COMMENT.sub("", build_text))


def provider_extras(build_text: str, sources: str) -> set[str]:
    """The pip extras of the providers a project depends on (a starter in its build file)
    or whose types its sources import."""
    dependencies = build_dependencies(build_text)
    extras: set[str] = set()
    for provider in PROVIDERS:
        depends = any(re.search(rf"\b{re.escape(starter)}\b(?!-)", dependencies) for starter in provider.starters)
        imports = any(re.search(rf"\bimport\s+{re.escape(package)}\.", sources) for package in provider.java_packages)
        if depends or imports:
            extras.add(provider.extra)
    return extras
