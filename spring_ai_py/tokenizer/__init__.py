"""``org.springframework.ai.tokenizer``: token counting with offline BPE encodings."""

from spring_ai_py.tokenizer.encoding import EncodingType
from spring_ai_py.tokenizer.token_count_estimator import (
    JTokkitTokenCountEstimator,
    TokenCountEstimator,
)

__all__ = ["EncodingType", "JTokkitTokenCountEstimator", "TokenCountEstimator"]
