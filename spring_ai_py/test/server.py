"""Run a fake OpenAI, Anthropic, Ollama or Gemini server from the shell.

``python -m spring_ai_py.test.server openai --port 8080`` serves the OpenAI API on
``http://127.0.0.1:8080/v1`` (``anthropic`` serves the Messages API, ``ollama`` Ollama's
native API and ``gemini`` the Gemini API on ``http://127.0.0.1:8080``) until Ctrl-C or SIGTERM. Every chat request is answered with
the ``--reply`` text (embeddings with the server's hashed vectors); ``--model NAME``,
given one or more times, makes the server reject every other model with the API's own
``404`` error, so a misspelt model name fails as it would against the real API.
"""

from __future__ import annotations

import argparse
import signal
import sys
import threading
from collections.abc import Callable, Sequence
from types import FrameType

from spring_ai_py.test._wire import WireTestServer
from spring_ai_py.test.anthropic_server import AnthropicTestServer
from spring_ai_py.test.gemini_server import GeminiTestServer
from spring_ai_py.test.ollama_server import OllamaTestServer
from spring_ai_py.test.openai_server import OpenAiTestServer

DEFAULT_REPLY = "Hello from the spring_ai_py fake server."


class _Answering(WireTestServer):
    """A fake server that answers every chat request nothing was scripted for with
    :attr:`reply` (mixed in before the provider's server class)."""

    reply: str = DEFAULT_REPLY
    enqueue_text: Callable[..., None]

    def _next_reply(self, queue: str = "chat") -> object | None:
        reply = super()._next_reply(queue)
        while reply is None and queue == "chat":
            self.enqueue_text(self.reply)
            reply = super()._next_reply(queue)
        return reply


class _AnsweringOpenAiServer(_Answering, OpenAiTestServer):
    """An ``OpenAiTestServer`` that answers every chat request."""


class _AnsweringAnthropicServer(_Answering, AnthropicTestServer):
    """An ``AnthropicTestServer`` that answers every request."""


class _AnsweringOllamaServer(_Answering, OllamaTestServer):
    """An ``OllamaTestServer`` that answers every chat request."""


class _AnsweringGeminiServer(_Answering, GeminiTestServer):
    """A ``GeminiTestServer`` that answers every chat request."""


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m spring_ai_py.test.server",
        description="Serve a fake OpenAI, Anthropic, Ollama or Gemini API on 127.0.0.1 until Ctrl-C.",
    )
    parser.add_argument(
        "provider", choices=("openai", "anthropic", "ollama", "gemini"), help="the API to serve"
    )
    parser.add_argument(
        "--port", type=int, default=0, help="the port to listen on (default: a free one)"
    )
    parser.add_argument(
        "--model",
        action="append",
        dest="models",
        metavar="NAME",
        help="accept only this model (repeat for several); others get the API's 404",
    )
    parser.add_argument(
        "--reply", default=DEFAULT_REPLY, help="the text every chat request is answered with"
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Parse ``argv`` (default: the command line), serve until interrupted, return 0."""
    arguments = _parser().parse_args(argv)
    server: (
        _AnsweringOpenAiServer
        | _AnsweringAnthropicServer
        | _AnsweringOllamaServer
        | _AnsweringGeminiServer
    )
    if arguments.provider == "openai":
        server = _AnsweringOpenAiServer(models=arguments.models)
    elif arguments.provider == "ollama":
        server = _AnsweringOllamaServer(models=arguments.models)
    elif arguments.provider == "gemini":
        server = _AnsweringGeminiServer(models=arguments.models)
    else:
        server = _AnsweringAnthropicServer(models=arguments.models)
    server.reply = arguments.reply
    stopped = threading.Event()

    def stop(signum: int, frame: FrameType | None) -> None:
        stopped.set()

    signal.signal(signal.SIGTERM, stop)
    server.start(arguments.port)
    try:
        accepted = ", ".join(sorted(server.models)) if server.models is not None else "any"
        print(
            f"Fake {arguments.provider} server on {server.base_url} (models: {accepted}); "
            "Ctrl-C to stop",
            flush=True,
        )
        stopped.wait()
    except KeyboardInterrupt:
        pass
    finally:
        server.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
