"""The built-in advisors together: guard, re-read, validate, log, and count the tokens.

Runs offline against the scripted model from ``spring_ai_py.test``:

    python examples/advisors.py

A SafeGuardAdvisor refuses a question without calling the model; a ReReadingAdvisor
makes the model read each question twice; ``entity(..., validate_schema())`` adds a
StructuredOutputValidationAdvisor, whose first answer is invalid, so the model is asked
again with the validation errors; the usage of both calls is summed (UsageAccumulator)
and printed; a StreamGuardAdvisor holds a streamed answer a sentence at a time and
withholds the rest once a sentence fails its check. Set ``--debug`` to see the SimpleLoggerAdvisor's request/response log.
"""

from __future__ import annotations

import logging
import sys
from dataclasses import dataclass

from spring_ai_py.chat.client import ChatClient
from spring_ai_py.chat.client.advisor import (
    ReReadingAdvisor,
    SafeGuardAdvisor,
    SimpleLoggerAdvisor,
    StreamGuardAdvisor,
)
from spring_ai_py.test import ScriptedChatModel


@dataclass
class Film:
    title: str
    year: int


@dataclass
class Filmography:
    actor: str
    films: list[Film]


def main(debug: bool = False) -> None:
    if debug:
        logging.basicConfig(format="%(name)s: %(message)s")
        logging.getLogger("spring_ai_py.chat.client.advisor.SimpleLoggerAdvisor").setLevel(
            logging.DEBUG
        )
    model = ScriptedChatModel(
        # The first answer breaks the schema (a year as a string)...
        '{"actor": "Tom Hanks", "films": [{"title": "Big", "year": 1988},'
        ' {"title": "Splash", "year": "1984"}]}',
        # ...the second, sent after the validation feedback, fits it.
        '{"actor": "Tom Hanks", "films": [{"title": "Big", "year": 1988},'
        ' {"title": "Splash", "year": 1984}]}',
        "Roger has 11 tennis balls.",
    )
    client = (
        ChatClient.builder(model)
        .default_advisors(
            SafeGuardAdvisor(["password"]),
            SimpleLoggerAdvisor(),
            ReReadingAdvisor().with_order(10),
        )
        .build()
    )

    print("1. SafeGuardAdvisor")
    print("   ", client.prompt().user("What is the admin PASSWORD?").call().content())
    print("    model calls so far:", len(model.prompts))

    print("2. StructuredOutputValidationAdvisor + UsageAccumulator")
    result = (
        client.prompt()
        .user("Name two films with Tom Hanks.")
        .call()
        .response_entity(Filmography, lambda s: s.validate_schema())
    )
    assert result.entity is not None and result.response is not None
    for film in result.entity.films:
        print(f"    {film.title} ({film.year})")
    feedback = (model.prompts[1].get_user_message().get_text() or "").splitlines()
    print("    feedback sent to the model:", next(line for line in feedback if "failed" in line))
    usage = result.response.get_metadata().get_usage()
    print(
        f"    total tokens over {len(model.prompts)} model calls: {usage.get_total_tokens()}"
        f" (prompt {usage.get_prompt_tokens()}, completion {usage.get_completion_tokens()})"
    )

    print("3. ReReadingAdvisor, streamed")
    question = "Roger has 5 balls and buys 2 cans of 3. How many balls has he?"
    answer = "".join(client.prompt().user(question).stream().content())
    print("    model saw:", (model.last_prompt.get_user_message().get_text() or "").splitlines())
    print("    answer:", answer)

    print("4. StreamGuardAdvisor, streamed")
    guarded = ScriptedChatModel()
    guarded.add_stream(["The office opens at 9. ", "The door code ", "is 4711. ", "Bye."])
    guard = StreamGuardAdvisor(sensitive_words=["door code"], failure_response="[withheld]")
    guarded_client = ChatClient.builder(guarded).default_advisors(guard).build()
    for text in guarded_client.prompt().user("When do you open?").stream().content():
        print("    released:", repr(text))


if __name__ == "__main__":
    main(debug="--debug" in sys.argv)
