"""The switch that keeps tests from calling real model APIs (pydantic-ai's
``ALLOW_MODEL_REQUESTS``): ``spring_ai_py.model.ALLOW_MODEL_REQUESTS = False``."""

from __future__ import annotations

import ipaddress
from urllib.parse import urlsplit

_LOOPBACK_NAMES = frozenset({"localhost", "localhost.localdomain", "ip6-localhost"})


def is_loopback_url(base_url: str | None) -> bool:
    """Whether ``base_url`` names this machine (``127.0.0.0/8``, ``::1``, ``localhost``)."""
    if not base_url:
        return False
    host = urlsplit(base_url if "://" in base_url else "http://" + base_url).hostname
    if host is None:
        return False
    if host.lower() in _LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def check_model_request_allowed(provider: str, base_url: str | None) -> None:
    """Raise when model requests are switched off and ``base_url`` is not on loopback."""
    import spring_ai_py.model as model

    if model.ALLOW_MODEL_REQUESTS or is_loopback_url(base_url):
        return
    raise RuntimeError(
        f"Model requests are not allowed: {provider} was about to call "
        f"{base_url or 'its default API'}, and spring_ai_py.model.ALLOW_MODEL_REQUESTS "
        "is False (set by the test run). Point the model's base_url at a fake server of "
        "spring_ai_py.test, or allow requests."
    )
