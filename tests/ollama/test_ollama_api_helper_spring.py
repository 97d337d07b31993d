"""Port of Spring AI 2.0.1 `org.springframework.ai.ollama.api.OllamaApiHelperTests`: 13 tests ported, 0 skipped.

The helper works on the JSON objects of Ollama's streamed ``/api/chat`` chunks (the
port's chunks are dicts where Spring's are ``OllamaApi.ChatResponse`` records, so
Mockito's mocks become dicts with the fields the test sets).
"""

from __future__ import annotations

from spring_ai_py.ollama.api_helper import is_streaming_done, is_streaming_tool_call, merge

TOOL_CALL = {"function": {"name": "f", "arguments": {}}}


def test_is_streaming_tool_call_when_response_is_null_should_return_false() -> None:
    assert is_streaming_tool_call(None) is False


def test_is_streaming_tool_call_when_message_is_null_should_return_false() -> None:
    assert is_streaming_tool_call({"message": None}) is False


def test_is_streaming_tool_call_when_tool_calls_is_null_should_return_false() -> None:
    assert is_streaming_tool_call({"message": {"role": "assistant"}}) is False


def test_is_streaming_tool_call_when_tool_calls_is_empty_should_return_false() -> None:
    assert is_streaming_tool_call({"message": {"role": "assistant", "tool_calls": []}}) is False


def test_is_streaming_tool_call_when_tool_calls_has_elements_should_return_true() -> None:
    assert is_streaming_tool_call({"message": {"tool_calls": [TOOL_CALL]}}) is True


def test_is_streaming_done_when_response_is_null_should_return_false() -> None:
    assert is_streaming_done(None) is False


def test_is_streaming_done_when_done_is_false_should_return_false() -> None:
    assert is_streaming_done({"done": False}) is False


def test_is_streaming_done_when_done_reason_is_not_stop_should_return_false() -> None:
    assert is_streaming_done({"done": True, "done_reason": "other"}) is False


def test_is_streaming_done_when_done_is_true_and_done_reason_is_stop_should_return_true() -> None:
    assert is_streaming_done({"done": True, "done_reason": "stop"}) is True


def test_merge_when_both_responses_have_values_should_merge_correctly() -> None:
    previous = {
        "model": "previous-model",
        "created_at": "2026-01-01T00:00:00Z",
        "message": {
            "role": "assistant",
            "content": "Previous content",
            "thinking": "Previous thinking",
            "images": ["image1"],
            "tool_calls": [TOOL_CALL],
            "tool_name": "Previous tool",
        },
        "done_reason": "previous-reason",
        "done": False,
        "total_duration": 100,
        "load_duration": 50,
        "prompt_eval_count": 10,
        "prompt_eval_duration": 200,
        "eval_count": 5,
        "eval_duration": 100,
    }
    current = {
        "model": "current-model",
        "created_at": "2026-01-01T00:00:10Z",
        "message": {
            "role": "user",
            "content": "Current content",
            "thinking": "Current thinking",
            "images": ["image2"],
            "tool_calls": [TOOL_CALL],
            "tool_name": "Current tool",
        },
        "done_reason": "stop",
        "done": True,
        "total_duration": 200,
        "load_duration": 100,
        "prompt_eval_count": 20,
        "prompt_eval_duration": 400,
        "eval_count": 10,
        "eval_duration": 200,
    }
    result = merge(previous, current)
    assert result["model"] == "previous-modelcurrent-model"
    assert result["created_at"] == "2026-01-01T00:00:10Z"
    message = result["message"]
    assert message["content"] == "Previous contentCurrent content"
    assert message["thinking"] == "Previous thinkingCurrent thinking"
    assert message["role"] == "user"
    assert message["images"] == ["image1", "image2"]
    assert len(message["tool_calls"]) == 2
    assert message["tool_name"] == "Previous toolCurrent tool"
    assert result["done_reason"] == "stop"
    assert result["done"] is True
    assert result["total_duration"] == 300
    assert result["load_duration"] == 150
    assert result["prompt_eval_count"] == 30
    assert result["prompt_eval_duration"] == 600
    assert result["eval_count"] == 15
    assert result["eval_duration"] == 300


def test_merge_strings_should_concatenate() -> None:
    previous = {
        "model": "model1",
        "message": {"role": "assistant", "content": "Hello", "thinking": "Think", "tool_name": "Tool"},
        "done_reason": "reason1",
        "done": False,
    }
    current = {
        "model": "model2",
        "message": {"role": "assistant", "content": " World", "thinking": "ing", "tool_name": "Box"},
        "done_reason": "reason2",
        "done": True,
    }
    result = merge(previous, current)
    assert result["model"] == "model1model2"
    assert result["message"]["content"] == "Hello World"
    assert result["message"]["thinking"] == "Thinking"
    assert result["message"]["tool_name"] == "ToolBox"
    assert result["done_reason"] == "reason2"
    assert result["done"] is True


def test_merge_numbers_should_sum() -> None:
    previous = {
        "message": {"role": "assistant"},
        "total_duration": 100,
        "load_duration": 50,
        "prompt_eval_count": 10,
        "prompt_eval_duration": 200,
        "eval_count": 5,
        "eval_duration": 100,
    }
    current = {
        "message": {"role": "assistant"},
        "total_duration": 200,
        "load_duration": 100,
        "prompt_eval_count": 20,
        "prompt_eval_duration": 400,
        "eval_count": 10,
        "eval_duration": 200,
    }
    result = merge(previous, current)
    assert result["total_duration"] == 300
    assert result["load_duration"] == 150
    assert result["prompt_eval_count"] == 30
    assert result["prompt_eval_duration"] == 600
    assert result["eval_count"] == 15
    assert result["eval_duration"] == 300


def test_merge_lists_should_combine() -> None:
    previous = {"message": {"role": "assistant", "images": ["image1", "image2"]}}
    current = {"message": {"role": "assistant", "images": ["image3", "image4"]}}
    result = merge(previous, current)
    assert result["message"]["images"] == ["image1", "image2", "image3", "image4"]
