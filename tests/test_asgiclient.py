"""The tests' client (tests/asgiclient.py) answers exactly as Starlette's TestClient does, in one hand-off."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, RedirectResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.testclient import TestClient as StreamingTestClient
from starlette.websockets import WebSocket

from asgiclient import TestClient


class RouteError(Exception):
    """What the route that fails raises."""


async def echo(request: Request) -> Response:
    body = await request.body()
    response = JSONResponse(
        {
            "method": request.method,
            "path": request.url.path,
            "query": str(request.query_params),
            "body": body.decode(),
            "host": request.headers["host"],
            "client": list(request.client or ()),
            "scheme": request.url.scheme,
        },
        status_code=201 if request.method == "POST" else 200,
    )
    response.set_cookie("seen", "yes")
    return response


async def text(_: Request) -> Response:
    return PlainTextResponse("ahoj světe", headers={"x-extra": "1"})


async def moved(_: Request) -> Response:
    return RedirectResponse("/text", status_code=303)


async def broken(_: Request) -> Response:
    raise RouteError("the route failed")


async def greet(socket: WebSocket) -> None:
    await socket.accept()
    await socket.send_text(f"hello {await socket.receive_text()}")
    await socket.close()


APP = Starlette(
    routes=[
        Route("/echo/{rest:path}", echo, methods=["GET", "POST", "HEAD", "DELETE"]),
        Route("/text", text),
        Route("/moved", moved),
        Route("/broken", broken),
        WebSocketRoute("/greet", greet),
    ]
)


@contextmanager
def both(**options: Any) -> Iterator[tuple[StreamingTestClient, TestClient]]:
    with StreamingTestClient(APP, **options) as streaming, TestClient(APP, **options) as whole:
        yield streaming, whole


def answer(response: Any) -> tuple[int, list[tuple[str, str]], bytes, str]:
    return response.status_code, response.headers.multi_items(), response.content, str(response.url)


@pytest.mark.parametrize(
    ("method", "url", "body"),
    [
        ("GET", "/echo/a%20b/c?x=1&y=%C3%A9", None),
        ("POST", "/echo/new", {"name": "Alice"}),
        ("HEAD", "/echo/head", None),
        ("DELETE", "/echo/gone", None),
        ("GET", "/text", None),
        ("GET", "/moved", None),
        ("GET", "/nowhere", None),
        ("PUT", "/text", None),
    ],
)
def test_every_answer_is_the_streaming_client_s(method: str, url: str, body: Any) -> None:
    with both(client=("203.0.113.9", 4321)) as (streaming, whole):
        expected = streaming.request(method, url, json=body)
        got = whole.request(method, url, json=body)
        assert answer(got) == answer(expected)
        assert [answer(step) for step in got.history] == [answer(step) for step in expected.history]
        assert dict(whole.cookies) == dict(streaming.cookies)


def test_a_failing_route_raises_its_exception_or_answers_500_as_asked() -> None:
    with both() as (streaming, whole):
        for client in (streaming, whole):
            with pytest.raises(RouteError, match="the route failed"):
                client.get("/broken")
    with both(raise_server_exceptions=False) as (streaming, whole):
        assert answer(whole.get("/broken")) == answer(streaming.get("/broken"))
        assert whole.get("/broken").status_code == 500


def test_websockets_go_through_starlette_s_session() -> None:
    with TestClient(APP) as client, client.websocket_connect("/greet") as socket:
        socket.send_text("Bob")
        assert socket.receive_text() == "hello Bob"


def test_a_client_used_without_with_runs_each_request_on_a_portal_of_its_own() -> None:
    client = TestClient(APP)
    assert client.get("/text").text == "ahoj světe"
    assert client.get("/text").text == "ahoj světe"
