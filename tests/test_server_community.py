"""The community around the tables: profiles and leaderboards that agree with the games played,
the games in progress anyone may watch, friends, direct invitations, play again, and mutes."""

from __future__ import annotations

import random
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mozaika.server.ratelimit import RateLimits
from mozaika.server.tables.results import new_ratings, rating_places
from mozaika.server.tables.standings import standing_places

from asgiclient import TestClient
from serverkit import (
    Player,
    confirm_from_letter,
    mail_server,
    play_random_moves,
    running_app,
    two_player_table,
    wait_for,
)


def rated_game(one: Player, other: Player, rng: random.Random, options: dict[str, Any] | None = None) -> str:
    """A rated game of Azul between two accounts, played to its end with random legal moves."""
    body = {"rated": True, "clock": "normal", "options": options or {}}
    table_id: str = one.create("azul", 2, **body)["table"]["id"]
    assert other.post(f"/api/tables/{table_id}/join", {}).status_code == 200
    assert one.post(f"/api/tables/{table_id}/start").status_code == 200
    play_random_moves(table_id, [one, other], rng)
    return table_id


@pytest.fixture(scope="module")
def community(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """One server for the module's games: every player in it is new to each test."""
    with running_app(tmp_path_factory.mktemp("community"), leaderboard_min_games=2) as client:
        yield client


def test_profiles_and_leaderboards_agree_with_the_games_played(community: TestClient) -> None:
    """Every number on the profiles and the leaderboard, recomputed from the tables' results and reviews."""
    rng = random.Random(40)
    jana, petr = Player.account(community, "jana40"), Player.account(community, "petr40")
    games = [rated_game(jana, petr, rng) for _ in range(3)]
    games.append(rated_game(petr, jana, rng, {"wall": "grey"}))
    views = [jana.table(table_id) for table_id in games]
    # What the records say, per player and variant: scores, wins and (openskill) ratings in order.
    expected: dict[tuple[str, str], dict[str, Any]] = defaultdict(lambda: {"scores": [], "won": 0})
    ratings: dict[tuple[str, str], tuple[float, float]] = {}
    for view in views:
        variant = f"wall={view['options']['wall']}"
        names = [seat["account"] for seat in view["seats"]]
        scores = view["result"]["scores"]
        places = rating_places(
            [0 if seat in view["result"]["winners"] else 1 + sum(s > score for s in scores) for seat, score in
             enumerate(scores)],
            [False, False],
        )  # fmt: skip
        before = [ratings.get((name, variant), (25.0, 25.0 / 3)) for name in names]
        for name, after in zip(names, new_ratings(before, places), strict=True):
            ratings[(name, variant)] = after
        for seat, name in enumerate(names):
            entry = expected[(name, variant)]
            entry["scores"].append(scores[seat])
            entry["won"] += seat in view["result"]["winners"]
            entry["rating"] = ratings[(name, variant)]
    # Each game's review adds the points lost per decision. The module's server reviews only the games it is
    # asked to (the other tests' games would each cost a review's seconds of a core): these four, asked here.
    for table_id in games:
        assert jana.post(f"/api/tables/{table_id}/review").status_code == 202
    reviews = [wait_for(lambda t=t: (r := jana.get(f"/api/tables/{t}/review").json())["status"] == "done" and r)
               for t in games]  # fmt: skip
    for name in ("jana40", "petr40"):
        page = community.get(f"/api/players/{name}").json()
        assert page["statistics"]["games"] == page["finished_games"] == len(games)
        assert "email" not in str(page)
        assert [game["table"] for game in page["recent_games"]] == list(reversed(games))
        for board in page["statistics"]["boards"]:
            entry = expected[(name, board["variant"])]
            assert board["played"] == len(entry["scores"])
            assert board["won"] == entry["won"]
            assert board["best_score"] == max(entry["scores"])
            assert board["average_score"] == pytest.approx(sum(entry["scores"]) / len(entry["scores"]), abs=0.01)
            mu, sigma = entry["rating"]
            assert board["rating"]["ordinal"] == pytest.approx(mu - 3 * sigma, abs=0.001)
            assert board["rating"]["rated_games"] == len(entry["scores"])
            assert len(board["rating_history"]) == len(entry["scores"])
            assert board["rating_history"][-1]["rating"] == pytest.approx(mu - 3 * sigma, abs=0.001)
            # The points lost per move, from this board's reviews.
            mine = [
                move["loss"]
                for table_id, review, view in zip(games, reviews, views, strict=True)
                if f"wall={view['options']['wall']}" == board["variant"]
                for move in review["review"]["moves"]
                if not move["forced"] and view["seats"][move["seat"]]["account"] == name
            ]
            assert board["reviewed_games"] == len(entry["scores"])
            assert board["average_loss"] == pytest.approx(sum(mine) / len(mine), abs=0.01)
    # The leaderboard of the coloured wall: both have two rated games there (the minimum here).
    board = jana.get("/api/leaderboard/azul?variant=wall=coloured").json()
    coloured = sorted(
        ((name, mu - 3 * sigma) for (name, variant), (mu, sigma) in ratings.items() if variant == "wall=coloured"),
        key=lambda item: -item[1],
    )
    ours = [entry for entry in board["entries"] if entry["profile"] in ("jana40", "petr40")]
    assert [entry["profile"] for entry in ours] == [name for name, _ in coloured]
    assert [entry["ordinal"] for entry in ours] == pytest.approx([ordinal for _, ordinal in coloured], abs=0.001)
    assert board["you"]["profile"] == "jana40" and board["you"]["you"]
    assert next(entry for entry in board["entries"] if entry["you"])["profile"] == "jana40"
    # One game of the grey wall is fewer than the minimum: nobody is on that leaderboard yet.
    grey = community.get("/api/leaderboard/azul?variant=wall=grey").json()
    assert all(entry["profile"] not in ("jana40", "petr40") for entry in grey["entries"])


def test_a_new_account_and_a_guest_have_pages_with_empty_statistics(community: TestClient) -> None:
    eva = Player.account(community, "eva40")
    page = community.get("/api/players/eva40").json()
    assert page["statistics"] == {"games": 0, "boards": []} and page["recent_games"] == []
    guest = Player.guest(community, "Host")
    table_id = guest.create()["table"]["id"]
    profile = guest.table(table_id)["seats"][0]["profile"]
    assert profile.startswith("~") and guest.get("/api/me").json()["profile"] == profile
    assert community.get(f"/api/players/{profile}").json()["name"] == "Host"
    assert eva.get(f"/api/players/{profile}").json()["guest"] is True
    # A guest's page is not found by counting: its number is no address (an account's is).
    guest_id = guest.get("/api/me").json()["id"]
    assert community.get(f"/api/players/~{guest_id}").status_code == 404
    assert community.get(f"/api/players/~{eva.get('/api/me').json()['id']}").json()["username"] == "eva40"
    assert eva.get("/api/me").json()["profile"] == "eva40"


def test_a_chat_line_names_the_page_of_whoever_said_it_so_a_guest_can_be_muted(community: TestClient) -> None:
    host, kibitz = Player.account(community, "host41"), Player.guest(community, "Kibitz")
    table_id = host.create()["table"]["id"]
    said = kibitz.post(f"/api/tables/{table_id}/chat", {"text": "hello"}).json()
    assert said["profile"] == kibitz.get("/api/me").json()["profile"]
    assert host.post(f"/api/players/{said['profile']}/mute").status_code == 200
    assert host.get(f"/api/tables/{table_id}/chat").json() == []
    assert [line["profile"] for line in kibitz.get(f"/api/tables/{table_id}/chat").json()] == [said["profile"]]


def test_unknown_players_and_games_and_bad_pages_are_refused_clearly(community: TestClient) -> None:
    missing = community.get("/api/players/nobody40")
    assert missing.status_code == 404 and "nobody40" in missing.json()["error"]["message"]
    assert community.get("/api/players/~999999").status_code == 404
    game = community.get("/api/leaderboard/chess")
    assert game.status_code == 404 and "azul" in game.json()["error"]["message"]
    assert community.get("/api/leaderboard/azul?size=101").status_code == 422
    assert community.get("/api/leaderboard/azul?page=0").status_code == 422
    variant = community.get("/api/leaderboard/azul?variant=wall=purple")
    assert variant.status_code == 400 and "wall=grey" in variant.json()["error"]["message"]
    for game_id in ("azul", "chocolatier", "pavilion"):
        board = community.get(f"/api/leaderboard/{game_id}").json()
        assert board["game"] == game_id and board["page"] == 1 and board["size"] == 25


def test_leaderboards_are_paginated(community: TestClient) -> None:
    rng = random.Random(41)
    players = [Player.account(community, f"page40{letter}") for letter in "abc"]
    for one, other in ((players[0], players[1]), (players[1], players[2]), (players[2], players[0])):
        rated_game(one, other, rng, {"wall": "grey"})
        rated_game(other, one, rng, {"wall": "grey"})
    everyone = community.get("/api/leaderboard/azul?variant=wall=grey&size=100").json()
    pages = [community.get(f"/api/leaderboard/azul?variant=wall=grey&size=2&page={n}").json() for n in (1, 2)]
    assert pages[0]["pages"] == -(-everyone["total"] // 2)
    assert [entry["profile"] for page in pages for entry in page["entries"]] == [
        entry["profile"] for entry in everyone["entries"]
    ][:4]
    assert [entry["place"] for entry in pages[1]["entries"]] == [3, 4][: len(pages[1]["entries"])]
    ordinals = [entry["ordinal"] for entry in everyone["entries"]]
    assert ordinals == sorted(ordinals, reverse=True)


def test_games_in_progress_list_public_tables_with_their_spectators(community: TestClient) -> None:
    table_id, alice, _ = two_player_table(community)
    hidden = alice.create(seats=[{"kind": "me"}, {"kind": "invite"}])
    assert hidden["table"]["status"] == "open"
    playing = community.get("/api/tables?status=playing").json()
    listed = next(summary for summary in playing if summary["id"] == table_id)
    assert listed["status"] == "running" and listed["spectators"] == 0
    assert all(summary["status"] == "running" for summary in playing)
    with community.websocket_connect(f"/api/tables/{table_id}/live") as watcher:
        assert watcher.receive_json()["type"] == "hello"
        playing = community.get("/api/tables?status=playing").json()
        assert next(summary for summary in playing if summary["id"] == table_id)["spectators"] == 1
    # An invite-only table, once running, stays out of the list.
    invited_table = hidden["table"]["id"]
    bob = Player.guest(community, "Bob")
    assert bob.post(f"/api/tables/{invited_table}/join", {"invite": hidden["invites"]["1"]}).status_code == 200
    assert alice.post(f"/api/tables/{invited_table}/start").status_code == 200
    ids = [summary["id"] for summary in community.get("/api/tables?status=playing").json()]
    assert invited_table not in ids and table_id in ids
    assert invited_table not in [summary["id"] for summary in community.get("/api/tables").json()]


def test_play_again_sets_up_the_same_table_and_starts_when_everyone_is_back(community: TestClient) -> None:
    rng = random.Random(42)
    table_id, alice, bob = two_player_table(community, options={"wall": "grey"}, clock="fast")
    play_random_moves(table_id, [alice, bob], rng)
    assert community.post(f"/api/tables/{table_id}/play-again", json={}).status_code == 401
    again = alice.post(f"/api/tables/{table_id}/play-again", {})
    assert again.status_code == 200, again.text
    rematch = again.json()["table"]
    assert rematch["options"] == {"wall": "grey"} and rematch["clock"]["control"]["label"] == "2+10"
    assert rematch["autostart"] and rematch["seats"][0]["you"]
    assert [seat["kind"] for seat in rematch["seats"]] == ["player", "invited"]
    assert rematch["seats"][1]["name"] == "Bob"  # kept for him
    assert alice.table(table_id)["rematch"] == rematch["id"]
    # Bob is offered it in his lobby; asking again gives the same table.
    assert [invitation["table"] for invitation in bob.get("/api/invitations").json()] == [rematch["id"]]
    assert bob.post(f"/api/tables/{table_id}/play-again", {}).json()["table"]["id"] == rematch["id"]
    # Someone else cannot take Bob's seat; Bob takes it and the game starts by itself.
    carol = Player.guest(community, "Carol")
    assert carol.post(f"/api/tables/{rematch['id']}/join", {}).status_code == 409
    joined = bob.post(f"/api/tables/{rematch['id']}/join", {})
    assert joined.status_code == 200 and joined.json()["seat"] == 1
    assert joined.json()["table"]["status"] == "running"
    assert bob.get("/api/invitations").json() == []


def test_play_again_keeps_the_bots(community: TestClient) -> None:
    alice = Player.guest(community, "Alice")
    table_id = alice.create(seats=[{"kind": "me"}, {"kind": "bot", "level": "easy"}])["table"]["id"]
    alice.post(f"/api/tables/{table_id}/start")
    alice.post(f"/api/tables/{table_id}/abandon")  # the bots play it to its end
    wait_for(lambda: alice.table(table_id)["status"] == "finished")
    again = alice.post(f"/api/tables/{table_id}/play-again", {"autostart": False}).json()["table"]
    assert [(seat["kind"], seat["level"]) for seat in again["seats"]] == [("player", None), ("bot", "easy")]
    assert again["status"] == "open" and not again["autostart"]
    # Starting by itself, a table with nobody else to wait for begins at once.
    fresh = Player.guest(community, "Fresh")
    first = fresh.create(seats=[{"kind": "me"}, {"kind": "bot", "level": "beginner"}])["table"]["id"]
    fresh.post(f"/api/tables/{first}/start")
    fresh.post(f"/api/tables/{first}/abandon")
    wait_for(lambda: fresh.table(first)["status"] == "finished")
    started = fresh.post(f"/api/tables/{first}/play-again", {}).json()["table"]
    assert started["status"] == "running" and started["seats"][1]["kind"] == "bot"


def test_friends_are_followed_seen_online_with_their_open_tables_and_invited(tmp_path: Path) -> None:
    limits = RateLimits(follow_per_player="4/minute")
    with running_app(tmp_path, rate_limits=limits) as client:
        jana, petr = Player.account(client, "jana"), Player.account(client, "petr")
        assert jana.post("/api/players/petr/follow").json() == {"profile": "petr", "name": "petr", "following": True}
        assert jana.get("/api/players/petr").json()["following"] is True
        assert jana.post("/api/players/jana/follow").status_code == 400
        assert jana.post("/api/players/nobody/follow").status_code == 404
        open_table = petr.create()["table"]["id"]
        petr.create(seats=[{"kind": "me"}, {"kind": "invite"}])  # invite-only: not shown to friends
        [friend] = jana.get("/api/friends").json()
        assert [table["table"] for table in friend["open_tables"]] == [open_table]
        assert friend["online"] is None  # Petr does not follow Jana: his presence is not hers to see
        assert petr.get("/api/friends").json() == []  # following is one way
        assert petr.post("/api/players/jana/follow").status_code == 200
        assert jana.get("/api/friends").json()[0]["online"] is True  # mutual followers see each other
        assert petr.get("/api/friends").json()[0]["online"] is True
        assert petr.post("/api/players/jana/unfollow").status_code == 200
        # Following is rate-limited: the fifth follow or unfollow in a minute waits.
        assert jana.post("/api/players/petr/unfollow").json()["following"] is False
        limited = jana.post("/api/players/petr/follow")
        assert limited.status_code == 429 and "Retry-After" in limited.headers
        # A direct invitation shows in the invitee's lobby (by the creator only, to a waiting table).
        table_id = jana.create()["table"]["id"]
        assert petr.post(f"/api/tables/{table_id}/invitations", {"player": "jana"}).status_code == 403
        assert jana.post(f"/api/tables/{table_id}/invitations", {"player": "petr"}).status_code == 201
        [invitation] = petr.get("/api/invitations").json()
        assert invitation["table"] == table_id and invitation["from"] == "jana"
        assert jana.get("/api/invitations").json() == []


def test_a_direct_invitation_is_mailed_to_a_confirmed_address_that_asked_for_it(tmp_path: Path) -> None:
    with mail_server() as (inbox, smtp), running_app(tmp_path, smtp_url=smtp) as client:
        jana, petr = Player.account(client, "jana"), Player.account(client, "petr")
        settings = {"email": "petr@example.org", "email_reminders": False}
        assert client.put("/api/me/settings", json=settings, headers=petr.headers).status_code == 200
        wait_for(lambda: inbox.letters)
        confirm_from_letter(petr, inbox.letters[0])
        assert client.put("/api/me/invitation-mail", json={"enabled": True}, headers=petr.headers).json() == {
            "invitations_by_email": True
        }
        table_id = jana.create()["table"]["id"]
        assert jana.post(f"/api/tables/{table_id}/invitations", {"player": "petr"}).status_code == 201
        letter = wait_for(lambda: len(inbox.letters) == 2 and inbox.letters[1])
        assert inbox.recipients[1] == ["petr@example.org"]
        assert f"/tables/{table_id}" in letter.get_content() and "jana" in letter["Subject"]
        # Joining the table uses up the invitation.
        assert petr.post(f"/api/tables/{table_id}/join", {}).status_code == 200
        assert petr.get("/api/invitations").json() == []


def test_a_muted_player_s_chat_is_hidden_for_the_muter_only(community: TestClient) -> None:
    table_id, alice, bob = two_player_table(community)
    bob_page = bob.table(table_id)["seats"][1]["profile"]
    bob.post(f"/api/tables/{table_id}/chat", {"text": "ahoj"})
    alice.post(f"/api/tables/{table_id}/chat", {"text": "nazdar"})
    muted = alice.post(f"/api/players/{bob_page}/mute").json()
    assert muted["muted"] and muted["name"] == "Bob"
    assert [line["text"] for line in alice.get(f"/api/tables/{table_id}/chat").json()] == ["nazdar"]
    assert [line["text"] for line in bob.get(f"/api/tables/{table_id}/chat").json()] == ["ahoj", "nazdar"]
    assert [player["profile"] for player in alice.get("/api/mutes").json()] == [bob_page]
    assert alice.post(f"/api/players/{bob_page}/unmute").json()["muted"] is False
    assert len(alice.get(f"/api/tables/{table_id}/chat").json()) == 2


@given(
    st.lists(st.integers(min_value=0, max_value=120), min_size=2, max_size=4).flatmap(
        lambda scores: st.tuples(
            st.just(scores),
            st.lists(st.booleans(), min_size=len(scores), max_size=len(scores)),
        )
    )
)
def test_places_put_winners_first_follow_the_scores_and_put_leavers_last(case: tuple[list[int], list[bool]]) -> None:
    scores, abandoned = case
    best = max(scores)
    winners = [seat for seat, score in enumerate(scores) if score == best][:1]  # the tie-break's winner
    places = standing_places(scores, winners, abandoned)
    stayed = [seat for seat, gone in enumerate(abandoned) if not gone]
    for seat in stayed:
        if seat in winners:
            assert places[seat] == 0
        for other in stayed:
            if scores[other] > scores[seat]:
                assert places[other] < places[seat]
    for seat, gone in enumerate(abandoned):
        if gone:
            assert all(places[seat] > places[other] for other in stayed)
    assert all(0 <= place < len(scores) for place in places)
