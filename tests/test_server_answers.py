"""The answers' shapes: every /api operation documents its answer in /openapi.json, as a named model, and
the WebSocket events have the shapes of their models (the HTTP answers are checked as they are sent)."""

from __future__ import annotations

import ast
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pydantic import TypeAdapter

import mozaika.server.answers
from mozaika.server import Settings, create_app
from mozaika.server.analysis.reviews import _event as review_event
from mozaika.server.answers import LobbyLiveEvent, ReviewView, TableLiveEvent
from mozaika.server.tables import TableRequest

from asgiclient import TestClient
from serverkit import FakeTime, Player, running_app

METHODS = ("get", "put", "post", "delete", "patch")


def _schema() -> dict[str, Any]:
    app = create_app(Settings(database_url="sqlite:///:memory:"))
    found: dict[str, Any] = app.openapi()
    return found


def shapeless_operations(schema: dict[str, Any]) -> tuple[int, list[str]]:
    """How many /api operations there are, and those whose success answer has no named shape.

    An answer has a shape when its JSON schema refers to a component with properties, or is
    a list of such; 204 answers (no body) need none.
    """
    components = schema["components"]["schemas"]

    def named(reference: dict[str, Any]) -> bool:
        ref = reference.get("$ref", "")
        return ref.startswith("#/components/schemas/") and bool(components[ref.rsplit("/", 1)[1]].get("properties"))

    total, shapeless = 0, []
    for path, item in schema["paths"].items():
        if not path.startswith("/api"):
            continue
        for method in METHODS:
            if method not in item:
                continue
            total += 1
            successes = {code: answer for code, answer in item[method]["responses"].items() if code.startswith("2")}
            for code, answer in successes.items():
                if code == "204":
                    continue
                shape = answer.get("content", {}).get("application/json", {}).get("schema", {})
                if not (named(shape) or (shape.get("type") == "array" and named(shape.get("items", {})))):
                    shapeless.append(f"{method.upper()} {path} {code}")
    return total, shapeless


def test_every_api_operation_documents_the_shape_of_its_answer() -> None:
    total, shapeless = shapeless_operations(_schema())
    assert total >= 35
    assert shapeless == []


def test_the_live_events_are_components_of_the_schema() -> None:
    """No route answers with them, but clients read them: the schema documents them too."""
    components = _schema()["components"]["schemas"]
    for event in ("HelloEvent", "StepEvent", "TableEvent", "TimeoutEvent", "ChatEvent", "ReviewEvent", "ErrorEvent"):
        assert components[event]["properties"]["type"]["const"] == event.removesuffix("Event").lower(), event
    assert components["HelloEvent"]["properties"]["table"]["$ref"] == "#/components/schemas/TableView"
    assert "may_undo" in components["StepEvent"]["properties"]


def test_the_answers_depend_on_nothing_else_of_the_server() -> None:
    """The services will build the answers: the models must not reach back into the server (its API least)."""
    folder = Path(mozaika.server.answers.__file__).parent
    for module in folder.glob("*.py"):
        for node in ast.walk(ast.parse(module.read_text())):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("mozaika"):
                assert (node.module or "").startswith("mozaika.server.answers"), f"{module.name}: {node.module}"
            if isinstance(node, ast.Import):
                assert not any(alias.name.startswith("mozaika") for alias in node.names), module.name


TABLE_EVENTS: TypeAdapter[Any] = TypeAdapter(TableLiveEvent)
LOBBY_EVENTS: TypeAdapter[Any] = TypeAdapter(LobbyLiveEvent)


def documented(adapter: TypeAdapter[Any], event: dict[str, Any]) -> str:
    """The event's type, once it is checked against its model and found to say exactly what the model says."""
    model = adapter.validate_python(event)
    assert model.model_dump(mode="json", exclude_unset=True) == event
    kind: str = event["type"]
    return kind


@pytest.fixture
def fake_time() -> FakeTime:
    return FakeTime()


@pytest.fixture
def client(tmp_path: Path, fake_time: FakeTime) -> Iterator[TestClient]:
    with running_app(tmp_path, now=fake_time, clock_check_seconds=3600.0, review_every_game=False) as client:
        yield client


def test_the_live_events_have_the_shapes_of_their_models(client: TestClient, fake_time: FakeTime) -> None:
    alice, bob = Player.guest(client, "Alice"), Player.guest(client, "Bob")
    seen: list[str] = []
    with client.websocket_connect("/api/lobby/live") as lobby:
        table_id = alice.create("azul", 2, clock="1+0")["table"]["id"]
        assert bob.post(f"/api/tables/{table_id}/join", {}).status_code == 200
        assert alice.post(f"/api/tables/{table_id}/start").status_code == 200
        seen += [documented(LOBBY_EVENTS, lobby.receive_json()) for _ in range(3)]
    with client.websocket_connect(f"/api/tables/{table_id}/live", headers=alice.headers) as socket:
        hello = socket.receive_json()
        seen.append(documented(TABLE_EVENTS, hello))
        assert alice.move(table_id, hello["table"]["legal_moves"][0], hello["table"]["seq"]).status_code == 200
        seen.append(documented(TABLE_EVENTS, socket.receive_json()))
        view = bob.table(table_id)
        assert bob.move(table_id, view["legal_moves"][0], view["seq"]).status_code == 200
        seen.append(documented(TABLE_EVENTS, socket.receive_json()))
        for message in ({"type": "chat", "text": "hello"}, {"type": "ping"}, {"type": "dance"}):
            socket.send_json(message)
            seen.append(documented(TABLE_EVENTS, socket.receive_json()))
    with client.websocket_connect(f"/api/tables/{table_id}/live?since=0") as socket:
        seen.append(documented(TABLE_EVENTS, socket.receive_json()))
    # Time runs out for the seat on turn (the events, not announced: no bot is woken to play on).
    fake_time.advance(61.0)
    timed_out = client.app.state.services.tables.timeouts.expire(table_id)  # type: ignore[attr-defined]
    seen += [documented(TABLE_EVENTS, event) for event in timed_out.outcome.events]
    assert seen == ["table"] * 3 + ["hello", "step", "step", "chat", "pong", "error", "step", "timeout", "table"]


def test_a_finished_games_events_and_review_have_the_shapes_of_their_models(client: TestClient) -> None:
    services = client.app.state.services  # type: ignore[attr-defined]
    first, second = services.accounts.guest("Ann")[0], services.accounts.guest("Ben")[0]
    table_id = services.tables.seating.create(first, TableRequest("azul", 2)).data["table"]["id"]
    services.tables.seating.join(table_id, second, None, None)
    step = services.tables.seating.start(table_id, first).events[-1]
    rng = random.Random(44)
    while step["status"] == "running":
        seat, legal = next(iter(step["legal_moves"].items()))
        step = services.tables.moves.play(table_id, (first, second)[int(seat)], rng.choice(legal), step["seq"]).events[
            -1
        ]
    assert documented(TABLE_EVENTS, step) == "step" and "result" in step
    view, queued = services.reviews.request(table_id)
    assert queued and ReviewView.model_validate(view).model_dump(mode="json", exclude_unset=True) == view
    assert documented(TABLE_EVENTS, review_event(view)) == "review"


if __name__ == "__main__":  # python tests/test_server_answers.py: the count
    total, shapeless = shapeless_operations(_schema())
    for operation in shapeless:
        print("no shape:", operation)
    print(f"{total} /api operations: {len(shapeless)} without a named answer shape, {total - len(shapeless)} with one")
