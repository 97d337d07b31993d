"""Quick start: a ChatClient with a system prompt, two advisors and a streamed answer.

Runs offline against the scripted model from ``spring_ai_py.test`` and prints the answer
and the span tree, so you can see the advisor "onion": the lowest order is outermost.
"""

from __future__ import annotations

from spring_ai_py.chat.client import ChatClient, ChatClientRequest, ChatClientResponse
from spring_ai_py.chat.client.advisor.api import AdvisorChain, BaseAdvisor
from spring_ai_py.test.scripted_chat_model import ScriptedChatModel
from spring_ai_py.test.spans import SpanRecorder


class TimestampAdvisor(BaseAdvisor):
    """Outer advisor: stamps the request context before the call."""

    def get_order(self) -> int:
        return 10

    def before(self, chat_client_request: ChatClientRequest, advisor_chain: AdvisorChain) -> ChatClientRequest:
        chat_client_request.context["requested_by"] = "quickstart"
        return chat_client_request

    def after(self, chat_client_response: ChatClientResponse, advisor_chain: AdvisorChain) -> ChatClientResponse:
        return chat_client_response


class ShoutingAdvisor(BaseAdvisor):
    """Inner advisor: asks the model to answer in capitals."""

    def get_order(self) -> int:
        return 20

    def before(self, chat_client_request: ChatClientRequest, advisor_chain: AdvisorChain) -> ChatClientRequest:
        prompt = chat_client_request.prompt.augment_user_message(
            lambda user: user.mutate().text(f"{user.get_text()} (answer in capitals)").build()
        )
        return chat_client_request.mutate().prompt(prompt).build()

    def after(self, chat_client_response: ChatClientResponse, advisor_chain: AdvisorChain) -> ChatClientResponse:
        return chat_client_response


def main() -> None:
    model = ScriptedChatModel("ADVISORS WRAP THE MODEL CALL LIKE THE LAYERS OF AN ONION.")
    recorder = SpanRecorder()
    client = (
        ChatClient.builder(model, recorder.tracer_provider)
        .default_system("You are a concise assistant.")
        .default_advisors(ShoutingAdvisor(), TimestampAdvisor())
        .build()
    )

    print("(offline: the answers come from the scripted model in spring_ai_py.test)\n")
    print("answer: ", end="", flush=True)
    for chunk in client.prompt().user("How do advisors work?").stream().content():
        print(chunk, end="", flush=True)
    print("\n\nwhat the model received:")
    for message in model.last_prompt.get_instructions():
        print(f"  {message.get_message_type().value}: {message.get_text()}")
    print("\nspan tree:")
    print(recorder.tree())


if __name__ == "__main__":
    main()
