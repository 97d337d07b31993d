"""``org.springframework.ai.model``."""

from spring_ai_py.model.model_requests import check_model_request_allowed, is_loopback_url
from spring_ai_py.model.response_metadata import AbstractResponseMetadata

ALLOW_MODEL_REQUESTS: bool = True
"""``False``: provider models refuse to reach anything but loopback (for test runs)."""

__all__ = [
    "ALLOW_MODEL_REQUESTS",
    "AbstractResponseMetadata",
    "check_model_request_allowed",
    "is_loopback_url",
]
