"""Every path that renders user text with params reads its variables and never acts on them."""

from __future__ import annotations

from spring_ai_py.chat.client import ChatClient
from spring_ai_py.chat.prompt import PromptTemplate
from spring_ai_py.test.scripted_chat_model import ScriptedChatModel


class Account:
    """A variable with data, a getter and a method that acts."""

    def __init__(self) -> None:
        self.owner = "Ada"
        self.wiped = False

    def get_balance(self) -> int:
        return 42

    def wipe(self) -> str:
        self.wiped = True
        return "wiped"


def test_chat_client_user_params_cannot_call_methods() -> None:
    account = Account()
    model = ScriptedChatModel().add_response("ok")
    client = ChatClient.builder(model).build()
    answer = (
        client.prompt()
        .user(
            lambda u: u.text("{a.wipe}|{s.upper}|{a.owner} {a.balance}")
            .param("a", account)
            .param("s", "ab")
        )
        .call()
        .content()
    )
    assert answer == "ok"
    assert not account.wiped
    assert model.prompts[0].get_user_message().get_text() == "||Ada 42"


def test_prompt_template_params_cannot_call_methods() -> None:
    account = Account()
    assert PromptTemplate("{a.wipe}[{a.owner}]").render({"a": account}) == "[Ada]"
    assert not account.wiped
