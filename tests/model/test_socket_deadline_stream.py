"""The async socket wrapper's ``is_readable``: what the connection pool asks of every idle connection."""

from __future__ import annotations

import asyncio

import httpcore2

from spring_ai_py.model._socket_deadline import AsyncBackend


def test_is_readable_follows_the_socket_from_idle_to_hung_up_and_closed() -> None:
    async def main() -> list[bool]:
        peers: list[asyncio.StreamWriter] = []

        async def accept(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            peers.append(writer)

        server = await asyncio.start_server(accept, "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        stream = await AsyncBackend(httpcore2.AnyIOBackend()).connect_tcp("127.0.0.1", port)
        raw = stream.get_extra_info("socket")
        assert raw.fileno() >= 0
        seen = [stream.get_extra_info("is_readable")]  # idle, nothing sent: not readable
        while not peers:
            await asyncio.sleep(0.01)
        peers[0].write(b"x")
        await peers[0].drain()
        await asyncio.sleep(0.05)
        seen.append(stream.get_extra_info("is_readable"))  # data waiting
        assert await stream.read(1) == b"x"
        seen.append(stream.get_extra_info("is_readable"))  # drained again
        peers[0].close()
        await asyncio.sleep(0.05)
        seen.append(stream.get_extra_info("is_readable"))  # the server hung up
        await stream.aclose()
        seen.append(stream.get_extra_info("is_readable"))  # closed here: the next read ends
        server.close()
        await server.wait_closed()
        return seen

    assert asyncio.run(main()) == [False, True, False, True, True]
