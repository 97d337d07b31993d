"""Anthropic Agent Skills: the skills a request loads and the files they produce.

Spring's ``AnthropicSkill`` (the pre-built skills), ``AnthropicSkillType``,
``AnthropicSkillRecord`` (one skill: type, id, version), ``AnthropicSkillContainer``
(at most eight skills, sent as the request's ``container``) and
``AnthropicSkillsResponseHelper`` (file ids and the container id of a response, and
downloading the files through the Files API). With a skill container the chat model
also sends the code execution tool and the ``anthropic-beta`` flags skills need.
"""

from __future__ import annotations

import enum
import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path, PurePath
from typing import TYPE_CHECKING, Any

from spring_ai_py import _assert

if TYPE_CHECKING:
    from spring_ai_py.chat.model import ChatResponse

#: The ``anthropic-beta`` flags a request with skills sends.
BETA_SKILLS = "skills-2025-10-02"
BETA_CODE_EXECUTION = "code-execution-2025-08-25"
BETA_FILES_API = "files-api-2025-04-14"
#: The code execution server tool skills run in.
CODE_EXECUTION_TOOL: dict[str, str] = {"type": "code_execution_20260120", "name": "code_execution"}

_MAX_SKILLS = 8


class AnthropicSkillType(enum.Enum):
    """Who provides a skill: Anthropic, or the organisation (custom, uploaded)."""

    ANTHROPIC = "anthropic"
    CUSTOM = "custom"

    def get_value(self) -> str:
        return self.value


@dataclass(frozen=True)
class AnthropicSkillRecord:
    """One skill of a request: its type, id and version (``latest`` by default)."""

    type: AnthropicSkillType
    skill_id: str
    version: str = "latest"

    def __post_init__(self) -> None:
        _assert.not_none(self.type, "Skill type cannot be null")
        _assert.has_text(self.skill_id, "Skill ID cannot be empty")
        _assert.has_text(self.version, "Version cannot be empty")

    def get_type(self) -> AnthropicSkillType:
        return self.type

    def get_skill_id(self) -> str:
        return self.skill_id

    def get_version(self) -> str:
        return self.version

    def to_json_map(self) -> dict[str, str]:
        """The skill's entry in ``container.skills``."""
        return {"type": self.type.value, "skill_id": self.skill_id, "version": self.version}


class AnthropicSkill(enum.Enum):
    """The skills Anthropic provides, with their ids and descriptions."""

    XLSX = ("xlsx", "Excel spreadsheet generation")
    PPTX = ("pptx", "PowerPoint presentation creation")
    DOCX = ("docx", "Word document generation")
    PDF = ("pdf", "PDF document creation")

    def __init__(self, skill_id: str, description: str) -> None:
        self.skill_id = skill_id
        self.description = description

    @classmethod
    def from_id(cls, skill_id: str | None) -> AnthropicSkill | None:
        """The pre-built skill with this id (case-insensitive), or ``None``."""
        if skill_id is None:
            return None
        wanted = skill_id.lower()
        return next((skill for skill in cls if skill.skill_id == wanted), None)

    def get_skill_id(self) -> str:
        return self.skill_id

    def get_description(self) -> str:
        return self.description

    def to_skill(self, version: str = "latest") -> AnthropicSkillRecord:
        """This pre-built skill as a skill record at ``version`` (default ``latest``)."""
        return AnthropicSkillRecord(AnthropicSkillType.ANTHROPIC, self.skill_id, version)


def skill_record(
    skill: str | AnthropicSkill | AnthropicSkillRecord, version: str | None = None
) -> AnthropicSkillRecord:
    """Spring's ``skill(...)`` overloads: a record, a pre-built skill, or an id or name
    (a pre-built skill's id gives that skill, anything else a custom skill)."""
    if isinstance(skill, AnthropicSkillRecord):
        return skill
    if version is not None:
        _assert.has_text(version, "Version cannot be empty")
    if isinstance(skill, AnthropicSkill):
        return skill.to_skill(version or "latest")
    _assert.not_none(skill, "Skill cannot be null")
    _assert.has_text(skill, "Skill ID or name cannot be empty")
    prebuilt = AnthropicSkill.from_id(skill)
    if prebuilt is not None:
        return prebuilt.to_skill(version or "latest")
    return AnthropicSkillRecord(AnthropicSkillType.CUSTOM, skill, version or "latest")


def skill_id_list(skill_ids: Sequence[str | Sequence[str]]) -> list[str]:
    """Spring's ``skills(String...)`` and ``skills(List)``: ids given one by one or as lists."""
    ids: list[str] = []
    for item in skill_ids:
        ids.extend([item] if isinstance(item, str) else item)
    _assert.is_true(len(ids) > 0, "Skill IDs cannot be empty")
    return ids


class AnthropicSkillContainerBuilder:
    """Spring's ``AnthropicSkillContainer.Builder``."""

    __slots__ = ("_skills",)

    def __init__(self) -> None:
        self._skills: list[AnthropicSkillRecord] = []

    def skill(
        self, skill: str | AnthropicSkill | AnthropicSkillRecord, version: str | None = None
    ) -> AnthropicSkillContainerBuilder:
        self._skills.append(skill_record(skill, version))
        return self

    def skills(self, *skill_ids: str | Sequence[str]) -> AnthropicSkillContainerBuilder:
        for skill_id in skill_id_list(skill_ids):
            self.skill(skill_id)
        return self

    def build(self) -> AnthropicSkillContainer:
        return AnthropicSkillContainer(self._skills)


class AnthropicSkillContainer:
    """The skills of a request (one to eight), sent as ``container.skills``."""

    __slots__ = ("_skills",)

    def __init__(self, skills: Sequence[AnthropicSkillRecord]) -> None:
        _assert.not_none(skills, "Skills list cannot be null")
        _assert.is_true(len(skills) > 0, "Skills list cannot be empty")
        if len(skills) > _MAX_SKILLS:
            raise ValueError(f"Maximum of 8 skills per request. Provided: {len(skills)}")
        self._skills = tuple(skills)

    @staticmethod
    def builder() -> AnthropicSkillContainerBuilder:
        """A builder collecting the skills of a container."""
        return AnthropicSkillContainerBuilder()

    def get_skills(self) -> list[AnthropicSkillRecord]:
        return list(self._skills)

    def to_skills_list(self) -> list[dict[str, str]]:
        """The skills as the request's JSON list (type, skill id, version)."""
        return [skill.to_json_map() for skill in self._skills]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, AnthropicSkillContainer) and self._skills == other._skills

    def __hash__(self) -> int:
        return hash(self._skills)

    def __repr__(self) -> str:
        return f"AnthropicSkillContainer({list(self._skills)!r})"


class AnthropicSkillsResponseHelper:
    """Reads what skills produced from a response's ``anthropic-response`` message."""

    def __init__(self) -> None:
        raise TypeError("AnthropicSkillsResponseHelper is a utility class")

    @staticmethod
    def extract_file_ids(response: ChatResponse | None) -> list[str]:
        """The ids of the files the response's code execution created."""
        message = _message_of(response)
        if message is None:
            return []
        file_ids: list[str] = []
        for block in getattr(message, "content", None) or []:
            kind = getattr(block, "type", None)
            if kind == "container_upload":
                file_ids.append(block.file_id)
            elif kind in ("bash_code_execution_tool_result", "code_execution_tool_result"):
                content = block.content
                if getattr(content, "type", None) in (
                    "bash_code_execution_result",
                    "code_execution_result",
                ):
                    file_ids.extend(output.file_id for output in content.content)
        return file_ids

    @staticmethod
    def extract_container_id(response: ChatResponse | None) -> str | None:
        """The id of the container the response ran in (to reuse it), or ``None``."""
        message = _message_of(response)
        if message is None:
            return None
        container = getattr(message, "container", None)
        return container.id if container is not None else None

    @staticmethod
    def download_all_files(response: ChatResponse, client: Any, target_dir: Path) -> list[Path]:
        """Download every file of ``response`` into ``target_dir`` with the Files API
        (``client`` is an ``anthropic.Anthropic``); returns the saved paths.

        A symbolic link already in ``target_dir`` under a file's name is never written
        through (it could point anywhere): that file is an ``OSError`` naming it.
        """
        _assert.not_none(response, "Response cannot be null")
        _assert.not_none(client, "AnthropicClient cannot be null")
        _assert.not_none(target_dir, "Target directory cannot be null")
        _assert.is_true(Path(target_dir).is_dir(), "Target path must be a directory")
        saved: list[Path] = []
        for file_id in AnthropicSkillsResponseHelper.extract_file_ids(response):
            metadata = client.beta.files.retrieve_metadata(file_id)
            content = client.beta.files.download(file_id).read()
            path = AnthropicSkillsResponseHelper.resolve_safe_child_path(
                Path(target_dir), metadata.filename, file_id
            )
            _write_no_follow(path, content, file_id)
            saved.append(path)
        return saved

    @staticmethod
    def resolve_safe_child_path(target_dir: Path, raw_name: str | None, file_id: str) -> Path:
        """``target_dir / raw_name`` if ``raw_name`` is one plain file name, else ``OSError``.

        File names come from model-influenced metadata, so absolute paths, several
        segments, ``.``/``..`` and NUL bytes are refused.
        """
        if raw_name is None or not raw_name.strip():
            raise OSError(f"Invalid filename for file '{file_id}': null or blank")
        if "\0" in raw_name:
            raise OSError(f"Invalid filename for file '{file_id}': {raw_name!r}")
        name = PurePath(raw_name)
        if name.is_absolute() or name.anchor:
            raise OSError(f"Invalid filename for file '{file_id}': absolute path '{raw_name}'")
        if len(name.parts) != 1:
            raise OSError(
                f"Invalid filename for file '{file_id}': must be a single path segment '{raw_name}'"
            )
        only = name.parts[0]
        if only in (".", ".."):
            raise OSError(f"Invalid filename for file '{file_id}': '{raw_name}'")
        base = Path(os.path.normpath(Path(target_dir).absolute()))
        resolved = Path(os.path.normpath(base / only))
        if not resolved.is_relative_to(base):
            raise OSError(
                f"Invalid filename for file '{file_id}': resolves outside target directory "
                f"'{raw_name}'"
            )
        return resolved


def _write_no_follow(path: Path, content: bytes, file_id: str) -> None:
    """Write ``content`` to ``path``, refusing a symbolic link in its place."""
    link_error = OSError(f"Refusing to write file '{file_id}' through the symbolic link '{path}'")
    if path.is_symlink():
        raise link_error
    flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_NOFOLLOW", 0)
    try:
        # O_NOFOLLOW closes the gap between the check and the open where it exists
        descriptor = os.open(path, flags, 0o666)
    except OSError as error:
        if path.is_symlink():
            raise link_error from error
        raise
    with os.fdopen(descriptor, "wb") as file:
        file.write(content)


def _message_of(response: ChatResponse | None) -> Any:
    if response is None:
        return None
    metadata = response.get_metadata()
    if metadata is None:
        return None
    message = metadata.get("anthropic-response")
    return message if hasattr(message, "content") and not isinstance(message, str) else None


__all__ = [
    "AnthropicSkill",
    "AnthropicSkillContainer",
    "AnthropicSkillContainerBuilder",
    "AnthropicSkillRecord",
    "AnthropicSkillType",
    "AnthropicSkillsResponseHelper",
]
