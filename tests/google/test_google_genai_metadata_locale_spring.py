"""Port of Spring AI 2.0.1 `org.springframework.ai.google.genai.metadata.GoogleGenAiMetadataLocaleTests`: 2 tests ported, 0 skipped.

Python's ``str.upper`` ignores the locale, so there is no Turkish locale to set; the
tests check the same lower-case inputs map to the same members.
"""

from __future__ import annotations

from google.genai import types

from spring_ai_py.google.genai import GoogleGenAiModalityTokenCount, GoogleGenAiTrafficType


def test_modality_token_count_is_locale_independent() -> None:
    count = GoogleGenAiModalityTokenCount.from_sdk(types.ModalityTokenCount(token_count=100))
    assert count is not None and count.get_modality() == "UNKNOWN"
    audio = GoogleGenAiModalityTokenCount.from_sdk(
        types.ModalityTokenCount.model_construct(modality="audio", token_count=100)
    )
    assert audio is not None and audio.get_modality() == "AUDIO"


def test_traffic_type_is_locale_independent() -> None:
    assert GoogleGenAiTrafficType.from_sdk(types.TrafficType.ON_DEMAND) is GoogleGenAiTrafficType.ON_DEMAND
    assert (
        GoogleGenAiTrafficType.from_sdk("provisioned_throughput")
        is GoogleGenAiTrafficType.PROVISIONED_THROUGHPUT
    )
