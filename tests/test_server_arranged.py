"""Tables the server arranges (quick pairing, tournament rounds): every seat taken, the game begun."""

from __future__ import annotations

from typing import Any

import pytest

from mozaika.server.errors import BadRequestError
from mozaika.server.services import Services
from mozaika.server.tables import Arranged, Arrangement

from asgiclient import TestClient
from serverkit import Player


def arrange(client: TestClient, arrangement: Arrangement) -> Arranged:
    """Arranges the table in a transaction of its own, as pairing and tournaments do in theirs."""
    services: Services = client.app.state.services  # type: ignore[attr-defined]
    with services.db.transaction() as session:
        arranged = services.tables.arrangements.arrange(session, arrangement)
    arranged.remember()
    return arranged


@pytest.mark.each_database
def test_an_arranged_table_is_seated_in_order_and_running_for_its_players(client: TestClient) -> None:
    jana, petr, eva = (Player.account(client, name) for name in ("jana", "petr", "eva"))
    ids = [client.get("/api/me", headers=p.headers).json()["id"] for p in (petr, eva, jana)]
    arranged = arrange(client, Arrangement("pavilion", ids, {"board": "colourless"}, clock="3+5"))
    view: dict[str, Any] = petr.table(arranged.table.id)
    assert view["status"] == "running" and view["players"] == 3
    assert [seat["name"] for seat in view["seats"]] == ["petr", "eva", "jana"]
    assert view["you"] == 0 and view["options"]["board"] == "colourless"
    assert view["clock"]["control"]["label"] == "3+5"
    assert [event["type"] for event in arranged.outcome().events] == ["table", "step"]
    # The seat on turn plays through its session, as at any table; arranged tables have no undo.
    seat = view["to_move"][0]
    mover = [petr, eva, jana][seat]
    mine = mover.table(arranged.table.id)
    played = mover.move(arranged.table.id, mine["legal_moves"][0], mine["seq"])
    assert played.status_code == 200, played.text
    undo = mover.post(f"/api/tables/{arranged.table.id}/undo", {"seq": played.json()["seq"]})
    assert undo.status_code == 403
    # Someone not seated only watches.
    assert (
        jana.table(arranged.table.id)["you"] == 2
        and Player.guest(client, "kibic").table(arranged.table.id)["you"] is None
    )


def test_a_rated_arranged_table_gets_the_rated_clock_and_no_hints(client: TestClient) -> None:
    one, two = Player.account(client, "alena"), Player.account(client, "bohous")
    ids = [client.get("/api/me", headers=p.headers).json()["id"] for p in (one, two)]
    arranged = arrange(client, Arrangement("azul", ids, rated=True))
    view = one.table(arranged.table.id)
    assert view["rated"] is True and view["clock"]["control"]["name"] == "normal"
    mover = [one, two][view["to_move"][0]]
    assert mover.get(f"/api/tables/{arranged.table.id}/hint").status_code == 403


def test_a_table_that_cannot_be_arranged_is_refused_and_nothing_is_stored(client: TestClient) -> None:
    one = Player.account(client, "cyril")
    me = client.get("/api/me", headers=one.headers).json()["id"]
    before = client.get("/api/tables?mine=true", headers=one.headers).json()
    for arrangement, why in [
        (Arrangement("azul", [me, me]), "only one seat"),
        (Arrangement("azul", [me]), "played by 2, 3, 4 players"),
        (Arrangement("chess", [me, me + 1]), "there is no game"),
        (Arrangement("azul", [me, me + 1], {"wall": "purple"}), "wall"),
    ]:
        with pytest.raises(BadRequestError, match=why):
            arrange(client, arrangement)
    assert client.get("/api/tables?mine=true", headers=one.headers).json() == before
