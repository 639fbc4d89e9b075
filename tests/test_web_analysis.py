"""The analysis board and the game review in the browser: Debian's Chromium, driven by Playwright.

A person sets up a position (a shared line, an edit by clicking), asks the expert,
plays a variation by clicking the board, shares the link, and reads the review of a
finished game on its result page and in its replay.  Screenshots at 1366x768,
1920x1080 and a 390x844 phone land in ``build/test-artifacts/``.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest

import mozaika
from mozaika.notation.records import Record, replay

from browserkit import SCREENS, Person, accessibility_violations, fits_without_scrolling
from examples import scoring_example
from serverprocess import ServerProcess

SCORING_EXAMPLE = mozaika.to_line(scoring_example())
"""The Azul rulebook's scoring example (A-8): player 2 takes the last tile, player 1's yellow scores 7."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """This module's server."""
    folder: Path = tmp_path_factory.mktemp("analysis")
    # Reviews with a small bound: the test waits for one.
    process = ServerProcess(
        f"sqlite:///{folder / 'web.db'}", folder / "server.log", None, 1, "--review-seconds", "4"
    ).launch()
    try:
        process.wait_until_ready()
        yield process
    finally:
        process.stop()


@pytest.fixture
def people(server: ServerProcess) -> Iterator[list[Person]]:
    made: list[Person] = []
    yield made
    for person in made:
        assert not person.errors, f"the page raised: {person.errors}"
        person.close()


def person(people: list[Person], browser: Any, server: ServerProcess, path: str, screen: str = "laptop") -> Person:
    width, height = SCREENS[screen]
    someone = Person(browser, server.url, width=width, height=height)
    people.append(someone)
    someone.open(path)
    return someone


def board_line(someone: Person) -> str:
    return str(someone.page.locator(".analysis-page").get_attribute("data-line"))


def click_move(someone: Person, *keys: str, seat: int | None = None) -> None:
    """Clicks the board as a person makes a move: the tiles, then where they go (on ``seat``'s board)."""
    before = board_line(someone)
    for key in keys:
        scope = f'.board-panel[data-seat="{seat}"] ' if seat is not None and not key.startswith("src:") else ""
        someone.page.locator(f'{scope}[data-key="{key}"].target').first.click()
    someone.page.wait_for_function("line => document.querySelector('.analysis-page').dataset.line !== line", arg=before)


def plate_edge(target: Any) -> dict[str, float]:
    """Where a factory's plate is clicked: near its rim, clear of its tiles, at any drawn size."""
    box = target.bounding_box()
    assert box is not None
    return {"x": box["width"] / 2, "y": box["height"] * 0.08}


def edit_click(someone: Person, selector: str) -> None:
    """One click while editing, and the position the builder made of it."""
    before = board_line(someone)
    target = someone.page.locator(selector).first
    target.click(position=plate_edge(target) if selector.endswith(".factory-plate") else None)
    someone.page.wait_for_function("line => document.querySelector('.analysis-page').dataset.line !== line", arg=before)


def test_a_position_is_analysed_played_through_and_shared(
    people: list[Person], browser: Any, server: ServerProcess
) -> None:
    jana = person(people, browser, server, f"/analysis?line={quote(SCORING_EXAMPLE)}")
    page = jana.page
    assert board_line(jana) == SCORING_EXAMPLE
    assert page.locator(".board-panel .score").all_inner_texts() == ["0", "0"]

    # The expert: best moves with their values and what each player can expect.
    page.click(".ask-expert")
    page.wait_for_selector(".expert-moves li")
    assert page.locator(".expert-move").first.get_attribute("data-move") == "CW1"
    assert page.locator(".expert-moves li").first.locator(".expert-points span").count() == 2
    values = [int(text.rstrip("%")) for text in page.locator(".expert-value").all_inner_texts()]
    assert values == sorted(values, reverse=True), "the best moves in the order of the value shown"
    assert fits_without_scrolling(jana), "the board is one screen at 1366x768: both floors in view"
    assert accessibility_violations(jana) == [], "the analysis board, with the expert's answer"
    jana.screenshot("analysis-expert-1366x768")

    # Player 2 takes the white tile to line 1: the tiling gives player 1 the rulebook's 7 points.
    click_move(jana, "src:C:W", "line:1", seat=1)
    assert page.locator(".board-panel .score").all_inner_texts()[0] == "7"
    assert tree_moves(jana) == ["CW1"]
    # The tree says the move in words, with who played it (its notation on hover).
    words = page.locator(".tree-move").first.inner_text()
    assert "Player 2" in words and "centre" in words and "line 1" in words
    main_line = board_line(jana)

    # Back, and another move: a variation.
    page.click('button[aria-label="One move back"]')
    page.wait_for_function(
        "line => document.querySelector('.analysis-page').dataset.line === line", arg=SCORING_EXAMPLE
    )
    click_move(jana, "src:C:W", "floor", seat=1)
    variation = page.locator(".move-tree .variation .tree-move")
    assert [variation.nth(index).get_attribute("data-move") for index in range(variation.count())] == ["CWF"]
    assert tree_moves(jana) == ["CW1", "CWF"]
    # Another language draws the board again in place: the tree stays.
    page.select_option("#language", "cs")
    page.wait_for_selector("html[lang=cs]")
    assert tree_moves(jana) == ["CW1", "CWF"]
    assert "Hráč 2" in page.locator(".tree-move").first.inner_text()
    page.select_option("#language", "en")
    page.wait_for_selector("html[lang=en]")
    page.locator('.tree-move[data-node="1"]').click()
    assert board_line(jana) == main_line
    jana.screenshot("analysis-variation-1366x768")

    # Share: the link opens the same position for someone else.
    link = str(page.locator(".share-link").get_attribute("href"))
    assert page.locator("#position-line").input_value() == main_line
    petr = person(people, browser, server, link.removeprefix(server.url), "phone")
    assert board_line(petr) == main_line
    assert mozaika.from_line(main_line).scores[0] == 7
    petr.screenshot("analysis-phone-390x844")


def test_summer_pavilion_s_stars_are_edited_by_their_board_kind(
    people: list[Person], browser: Any, server: ServerProcess
) -> None:
    """The editor knows Summer Pavilion by its board's kind in the catalogue (stars), not by its id: a tile
    is put on a star's space, and there is no first-player marker to place among the tools."""
    ola = person(people, browser, server, "/analysis?game=pavilion&players=2")
    page = ola.page
    page.click(".edit-toggle")
    assert page.locator(".palette .marker-tool").count() == 0
    page.click('.palette-tool[data-tool="R"]')
    edit_click(ola, '.board-panel[data-seat="0"] [data-key="space:R:3"]')
    assert mozaika.from_line(board_line(ola)).to_dict()["boards"][0]["stars"]["R"][2] == "R"


def test_a_position_is_set_up_by_clicking_with_the_builder_checking_it(
    people: list[Person], browser: Any, server: ServerProcess
) -> None:
    eva = person(people, browser, server, "/analysis?game=azul&players=2", "desktop")
    page = eva.page
    page.click(".edit-toggle")
    page.click(".clear-board")
    page.wait_for_function("() => document.querySelector('.analysis-page').dataset.line.includes('f:-/-/-/-/-')")
    page.click('.palette-tool[data-tool="B"]')
    for _ in range(2):
        edit_click(eva, '.factory[data-factory="1"] .factory-plate')
    edit_click(eva, '.board-panel[data-seat="0"] [data-key="cell:0:3:3"]')  # row 3, column 3: printed blue
    line = board_line(eva)
    state = mozaika.from_line(line)
    data = state.to_dict()
    assert data["factories"][0] == "BB" and data["boards"][0]["wall"][2] == "..B.."
    assert state.round == 2, "a tile on the wall: the builder says it is at least round 2 (A-7)"
    # Five tiles do not fit on a factory: the builder refuses, naming the rule, and the position stays.
    for _ in range(2):
        edit_click(eva, '.factory[data-factory="1"] .factory-plate')
    plate = page.locator('.factory[data-factory="1"] .factory-plate')
    plate.click(position=plate_edge(plate))
    page.wait_for_selector(".edit-problem")
    assert "F-1" in page.locator(".edit-problem").inner_text()
    assert mozaika.from_line(board_line(eva)).to_dict()["factories"][0] == "BBBB"
    eva.screenshot("analysis-edit-1920x1080")
    page.click(".edit-toggle")
    page.click(".ask-expert")
    page.wait_for_selector(".expert-moves li")


def tree_moves(someone: Person) -> list[str]:
    """The moves of the analysis board's tree, in its order, by their notation."""
    found = someone.page.locator(".tree-move")
    return [str(found.nth(index).get_attribute("data-move")) for index in range(found.count())]


def finished_game(someone: Person) -> str:
    """Two guests play random moves through the API until the game ends; the table's id."""
    request = someone.context.request
    alice = request.post(f"{someone.base_url}/api/guests", data={"name": "Alice"}).json()["token"]
    bob = request.post(f"{someone.base_url}/api/guests", data={"name": "Bob"}).json()["token"]
    tokens = [alice, bob]

    def call(method: str, path: str, token: str, body: dict[str, Any] | None = None) -> Any:
        response = request.fetch(
            f"{someone.base_url}/api{path}", method=method, data=body, headers={"Authorization": f"Bearer {token}"}
        )
        assert response.ok, response.text()
        return response.json()

    table_id = call("POST", "/tables", alice, {"game": "azul", "players": 2})["table"]["id"]
    call("POST", f"/tables/{table_id}/join", bob, {})
    call("POST", f"/tables/{table_id}/start", alice, {})
    rng = random.Random(8)
    view = call("GET", f"/tables/{table_id}", alice)
    while view["status"] == "running":
        mover = tokens[view["to_move"][0]]
        mine = call("GET", f"/tables/{table_id}", mover)
        view = call(
            "POST", f"/tables/{table_id}/moves", mover, {"move": rng.choice(mine["legal_moves"]), "seq": mine["seq"]}
        )["table"]
    return str(table_id)


def test_the_review_of_a_finished_game(people: list[Person], browser: Any, server: ServerProcess) -> None:
    ida = person(people, browser, server, "/")
    table_id = finished_game(ida)
    ida.open(f"/replay/{table_id}")
    page = ida.page
    page.wait_for_selector('.review[data-status="done"]', timeout=120_000)
    assert page.locator(".review .average-loss").count() == 2
    assert 1 <= page.locator(".review .mistake").count() <= 3
    assert page.locator(".review svg.lead-graph polyline.lead-line").count() == 1
    review = ida.api(f"/tables/{table_id}/review")["review"]
    shown = [float(text) for text in page.locator(".review .average-loss").all_inner_texts()]
    assert shown == [player["average_loss"] for player in review["players"]]
    assert accessibility_violations(ida) == [], "the replay with its review"
    for name, size in SCREENS.items():
        ida.resize(*size)
        ida.screenshot(f"review-{name}-{size[0]}x{size[1]}", ".review")
    ida.screenshot("replay-with-review-phone-390x844")
    # "Analyse from here" at a step of the replay opens the board on that position.
    page.click('button[aria-label="Step back"]')
    href = str(page.locator(".analyse-here").get_attribute("href"))
    page.click(".analyse-here")
    page.wait_for_selector(".analysis-page")
    step = int(href.rsplit("=", 1)[1])
    record = Record.from_dict(ida.api(f"/tables/{table_id}/record"))
    expected = replay(record, upto=step)
    expected.auto_chance = True
    expected.resolve_chance()
    assert mozaika.from_line(board_line(ida)).to_dict()["boards"] == expected.to_dict()["boards"]
    # Opened from a game, the board names its players.
    names = page.locator(".board-panel .player-name").all_inner_texts()
    assert names == ["Alice", "Bob"]
    # In Czech, the review's numbers have a decimal comma.
    ida.resize(*SCREENS["laptop"])
    ida.open(f"/replay/{table_id}")
    page.select_option("#language", "cs")
    page.wait_for_selector('html[lang=cs] .review[data-status="done"]')
    # The page is drawn again in the new language: wait for the numbers of the redrawn review.
    page.wait_for_function(
        "() => [...document.querySelectorAll('.review .average-loss')].every((cell) => !cell.innerText.includes('.'))"
    )
    for text in page.locator(".review .average-loss").all_inner_texts():
        assert "," in text and "." not in text, text
