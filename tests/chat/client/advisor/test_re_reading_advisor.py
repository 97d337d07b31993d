"""ReReadingAdvisor (RE2): the user question is rewritten on the call and stream paths."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import pytest

from spring_ai_py.chat.client import ChatClient
from spring_ai_py.chat.client.advisor import ReReadingAdvisor
from spring_ai_py.chat.messages import AssistantMessage, SystemMessage, UserMessage
from spring_ai_py.test.scripted_chat_model import ScriptedChatModel

QUESTION = "Roger has 5 tennis balls. He buys 2 more cans of 3. How many does he have?"
RE2 = f"{QUESTION}\nRead the question again: {QUESTION}\n"


DOC = Path(__file__).resolve().parents[4] / "docs" / "advisors.md"


def doc_examples(section: str) -> list[str]:
    """The python blocks of one ``## section`` of docs/advisors.md."""
    text = DOC.read_text(encoding="utf-8").split(f"\n## {section}\n")[1].split("\n## ")[0]
    return re.findall(r"```python\n(.*?)```", text, re.DOTALL)


def run_doc_examples(section: str) -> None:
    blocks = doc_examples(section)
    assert blocks
    for block in blocks:
        exec(compile(block, str(DOC), "exec", dont_inherit=True), {"__name__": "advisors_doc"})


def client_with(advisor: ReReadingAdvisor, *answers: str) -> tuple[ChatClient, ScriptedChatModel]:
    model = ScriptedChatModel(*answers)
    return ChatClient.builder(model).default_advisors(advisor).build(), model


def test_call_rewrites_the_user_question_with_the_default_template() -> None:
    client, model = client_with(ReReadingAdvisor(), "11")

    assert client.prompt().user(QUESTION).call().content() == "11"

    assert model.last_prompt.get_user_message().get_text() == RE2


def test_stream_rewrites_the_user_question_with_plain_for_and_async_for() -> None:
    client, model = client_with(ReReadingAdvisor(), "eleven balls", "eleven again")

    assert "".join(client.prompt().user(QUESTION).stream().content()) == "eleven balls"
    assert model.last_prompt.get_user_message().get_text() == RE2

    async def consume() -> str:
        return "".join([c async for c in client.prompt().user("Why?").stream().content()])

    assert asyncio.run(consume()) == "eleven again"
    assert model.last_prompt.get_user_message().get_text() == (
        "Why?\nRead the question again: Why?\n"
    )


def test_only_the_last_user_message_is_rewritten() -> None:
    client, model = client_with(ReReadingAdvisor(), "ok")

    client.prompt().system("Be precise.").messages(
        UserMessage("earlier question"), AssistantMessage("earlier answer")
    ).user("new question").call().content()

    instructions = model.last_prompt.get_instructions()
    assert instructions[0] == SystemMessage("Be precise.")
    assert instructions[1].get_text() == "earlier question"
    assert instructions[-1].get_text() == "new question\nRead the question again: new question\n"


def test_custom_template() -> None:
    advisor = ReReadingAdvisor("Q: {re2_input_query}\nAgain, Q: {re2_input_query}")
    client, model = client_with(advisor, "ok")

    client.prompt().user("2+2?").call().content()

    assert model.last_prompt.get_user_message().get_text() == "Q: 2+2?\nAgain, Q: 2+2?"


def test_the_context_reaches_the_response() -> None:
    client, _ = client_with(ReReadingAdvisor(), "ok")
    response = client.prompt().user("q").advisors(lambda a: a.param("k", "v")).call()
    assert response.chat_client_response().context["k"] == "v"


def test_order_is_configurable() -> None:
    assert ReReadingAdvisor().get_order() == 0
    assert ReReadingAdvisor(order=5).get_order() == 5
    advisor = ReReadingAdvisor()
    assert advisor.with_order(7) is advisor
    assert advisor.get_order() == 7
    built = ReReadingAdvisor.builder().re2_advise_template("{re2_input_query}!").order(3).build()
    assert built.get_order() == 3
    assert built.mutate().order(4).build().get_order() == 4
    assert ReReadingAdvisor().get_name() == "ReReadingAdvisor"


def test_order_places_it_among_other_advisors() -> None:
    # A second, outer ReReadingAdvisor sees the plain question; the inner one re-reads
    # the already re-read text, so the order decides which rewrite the model sees last.
    inner = ReReadingAdvisor("inner({re2_input_query})", order=2)
    outer = ReReadingAdvisor("outer({re2_input_query})", order=1)
    model = ScriptedChatModel("ok")
    client = ChatClient.builder(model).default_advisors(inner, outer).build()

    client.prompt().user("q").call().content()

    assert model.last_prompt.get_user_message().get_text() == "inner(outer(q))"


@pytest.mark.parametrize("template", [None, "", "   "])
def test_blank_template_is_rejected(template: str | None) -> None:
    with pytest.raises(ValueError, match="re2_advise_template cannot be null or empty"):
        ReReadingAdvisor(template)


def test_none_order_is_rejected() -> None:
    with pytest.raises(ValueError, match="order cannot be null"):
        ReReadingAdvisor(order=None)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="order cannot be null"):
        ReReadingAdvisor().with_order(None)  # type: ignore[arg-type]


def test_docs_example_runs(capsys: pytest.CaptureFixture[str]) -> None:
    run_doc_examples("ReReadingAdvisor")
    question = "Roger has 5 balls and buys 2 cans of 3 balls. How many balls has he now?"
    assert capsys.readouterr().out == (
        f"11\n{question}\nRead the question again: {question}\n\n11\n"
    )
