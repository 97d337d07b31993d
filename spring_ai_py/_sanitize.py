"""Boot's ``SanitizingFunction`` rules: which configuration values are secrets.

A key is sensitive when, ignoring case, ``-`` and ``_``, it ends in ``password``,
``secret``, ``key``, ``token`` or ``credentials`` (``OPENAI_API_KEY``, ``x-api-key``,
``GITHUB_TOKEN``), or is a credential header (``Authorization``, ``Cookie``). A URL's
user-info password (``postgresql://app:pw@db``) is a secret wherever the URL appears.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

MASK = "***"

_SENSITIVE_SUFFIXES = ("password", "secret", "key", "token", "credentials")
_CREDENTIAL_HEADERS = frozenset({"authorization", "proxyauthorization", "cookie"})
_URL_PASSWORD = re.compile(r"(?P<scheme>[A-Za-z][A-Za-z0-9+.-]*://[^/?#@:\s]*):[^/?#\s]*@")


def is_sensitive_key(key: str) -> bool:
    """Whether a value stored under ``key`` (a property segment, map or header key) is a
    secret."""
    folded = key.lower().replace("-", "").replace("_", "")
    return folded.endswith(_SENSITIVE_SUFFIXES) or folded in _CREDENTIAL_HEADERS


def sanitized_map(values: Mapping[str, object]) -> dict[str, object]:
    """``values`` with the value of each sensitive key replaced by ``***`` (and URL
    passwords masked in the others)."""
    return {
        key: MASK if is_sensitive_key(str(key)) else sanitized_value(value)
        for key, value in values.items()
    }


def sanitized_value(value: object) -> object:
    """``value`` with URL passwords masked in text, and maps sanitized."""
    if isinstance(value, str):
        return mask_url_passwords(value)
    if isinstance(value, Mapping):
        return sanitized_map(value)
    return value


def mask_url_passwords(text: str) -> str:
    """``text`` with the password of each URL's user-info replaced by ``***``."""
    return _URL_PASSWORD.sub(lambda m: f"{m.group('scheme')}:{MASK}@", text)
