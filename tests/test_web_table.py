"""The table in the browser: one screen, readable tiles, updates in place, undo against bots, replays.

Debian's Chromium, driven by Playwright, against a real ``mozaika serve``, as in
``test_web.py``.  Every game and variant is opened at desktop and phone sizes; the
screenshots go to ``build/test-artifacts/``.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from browserkit import MOTION_RATE, Person, clicks, fits_without_scrolling, person, public_state
from colourkit import contrast
from serverkit import wait_for
from serverprocess import ServerProcess

VARIANTS = [
    ("azul", {}, "coloured"),
    ("azul", {"wall": "grey"}, "grey"),
    ("chocolatier", {}, "coloured"),
    ("chocolatier", {"box": "brown", "special_factories": True}, "brown-special"),
    ("pavilion", {}, "coloured"),
    ("pavilion", {"board": "colourless"}, "colourless"),
]


def at_a_table(
    people: list[Person],
    browser: Any,
    server: ServerProcess,
    name: str,
    game: str = "azul",
    seats: int = 2,
    *,
    motion: float = MOTION_RATE,
) -> Person:
    """Someone at a new table of ``game`` against beginner bots, on turn, at 1366x768."""
    someone = person(people, browser, server, name, width=1366, height=768, motion=motion)
    someone.create_table(game, ["bot:beginner"] * (seats - 1))
    someone.wait_for_turn_or_end()
    return someone


def in_view(someone: Person, selector: str) -> bool:
    """Whether every element matching ``selector`` lies wholly inside the window."""
    return bool(
        someone.page.evaluate(
            """selector => [...document.querySelectorAll(selector)].every(element => {
                const box = element.getBoundingClientRect();
                return box.width > 0 && box.height > 0 && box.top >= 0 && box.left >= 0
                    && box.bottom <= innerHeight + 0.5 && box.right <= innerWidth + 0.5;
            })""",
            selector,
        )
    )


ONE_SCREEN = [".factories", ".actions", ".board-panel.mine svg.board", ".board-panel.mine .score"]


@pytest.mark.parametrize(("game", "options", "variant"), VARIANTS, ids=[f"{g}-{v}" for g, _, v in VARIANTS])
def test_every_game_fits_one_screen_on_a_laptop_and_the_decision_on_a_phone(
    people: list[Person], browser: Any, server: ServerProcess, game: str, options: dict[str, Any], variant: str
) -> None:
    """At 1366x768 and 1280x720 the whole two-player table shows without a scroll; on a 390x844
    phone the sources, the prompt and your board come first and the opponent folds to a summary."""
    ana = person(people, browser, server, "ana", width=1366, height=768)
    ana.create_table(game, ["bot:beginner"], options)
    ana.wait_for_turn_or_end()
    page = ana.page
    for width, height in ((1366, 768), (1280, 720)):
        ana.resize(width, height)
        assert fits_without_scrolling(ana), f"{width}x{height}: the page scrolls"
        for part in [*ONE_SCREEN, ".board-panel.other svg.board", ".side"]:
            assert in_view(ana, part), f"{width}x{height}: {part} is not wholly on the screen"
        ana.screenshot(f"table-{game}-{variant}-{width}x{height}")
    # A board scales with the window.
    ana.resize(1920, 1080)
    large = page.locator(".board-panel.mine svg.board").bounding_box()
    ana.resize(1366, 768)
    small = page.locator(".board-panel.mine svg.board").bounding_box()
    assert large and small and large["height"] > small["height"] * 1.2

    ana.resize(390, 844)
    assert page.evaluate("document.scrollingElement.scrollWidth <= innerWidth")
    assert page.locator(".top").bounding_box()["height"] <= 52, "the top bar is one row"  # type: ignore[index]
    assert in_view(ana, ".factories"), "the sources fit the phone's screen"
    assert in_view(ana, ".actions .prompt")
    mine = page.locator(".board-panel.mine svg.board").bounding_box()
    assert mine and mine["width"] >= 330, "your board is as wide as the phone"
    opponent = page.locator(".board-panel.other")
    assert not opponent.locator("svg.board").is_visible(), "an opponent's board folds to its summary"
    assert opponent.locator(".score").is_visible()
    ana.screenshot(f"table-{game}-{variant}-phone")
    if game != "pavilion":  # (a take there is the whole move)
        # Once tiles are chosen, your board, where they go, comes into view.
        page.emulate_media(reduced_motion="reduce")
        page.locator(".factories [data-key].target").first.click()
        page.wait_for_function(
            "() => document.querySelector('.board-panel.mine svg.board').getBoundingClientRect().bottom"
            " <= innerHeight + 1"
        )
        assert in_view(ana, ".board-panel.mine svg.board")
        ana.screenshot(f"table-{game}-{variant}-phone-chosen")
    opponent.locator(".board-toggle").click()
    assert opponent.locator("svg.board").is_visible(), "a tap opens it"
    if game == "pavilion":
        # The prompt does not cover the supply.
        supply = page.locator(".supply-box").bounding_box()
        actions = page.locator(".actions").bounding_box()
        assert supply and actions
        above = supply["y"] + supply["height"] <= actions["y"]
        assert above or actions["y"] + actions["height"] <= supply["y"]


@pytest.mark.parametrize("players", [3, 4])
def test_more_players_keep_your_board_and_the_factories_on_the_screen(
    people: list[Person], browser: Any, server: ServerProcess, players: int
) -> None:
    ida = at_a_table(people, browser, server, "ida", seats=players)
    assert fits_without_scrolling(ida)
    for part in ONE_SCREEN:
        assert in_view(ida, part), part
    others = ida.page.locator(".board-panel.other svg.board").all()
    assert len(others) == players - 1
    mine = ida.page.locator(".board-panel.mine svg.board").bounding_box()
    for other in others:
        box = other.bounding_box()
        assert mine and box and box["height"] < mine["height"], "opponents are drawn smaller"
    ida.screenshot(f"table-azul-{players}p-1366x768")
    ida.resize(1920, 1080)
    assert fits_without_scrolling(ida)
    for part in [*ONE_SCREEN, ".board-panel.other svg.board"]:
        assert in_view(ida, part), part
    ida.screenshot(f"table-azul-{players}p-1920x1080")


# --- contrast ------------------------------------------------------------------------------------


# Each tile on the table with the plate it lies on, its fill and its rim, as the browser draws them.
TILE_COLOURS = """() => [...document.querySelectorAll('.play .tile[data-cell]:not(.first-marker)')].map(tile => {
    const face = tile.querySelector('.tile-face');
    const plate = tile.closest('.factory')?.querySelector('.factory-plate')
        || tile.closest('.centre')?.querySelector('.centre-plate')
        || tile.closest('svg.board')?.querySelector('.board-plate');
    // A tile in a hand or the supply lies on the card around it.
    const card = tile.closest('.board-panel, .shared-wrap');
    const style = getComputedStyle(face);
    return { cell: tile.dataset.cell, colour: tile.dataset.colour, fill: style.fill, rim: style.stroke,
             rimWidth: parseFloat(style.strokeWidth),
             plate: plate ? getComputedStyle(plate).fill : getComputedStyle(card).backgroundColor };
})"""


@pytest.mark.parametrize("game", ["azul", "chocolatier", "pavilion"])
def test_every_tile_stands_out_from_the_plate_under_it(
    people: list[Person], browser: Any, server: ServerProcess, game: str
) -> None:
    """WCAG 2.1 non-text contrast: 3:1 between a tile and what surrounds it, by its fill or its rim."""
    eva = at_a_table(people, browser, server, "eva", game)
    tiles = eva.page.evaluate(TILE_COLOURS)
    assert len(tiles) >= 16, "the factories are measured"
    # Play until the boards hold tiles too, so that every kind of plate is measured.
    chooser = random.Random(2)
    while not eva.page.locator(".board-panel .tile[data-cell]").count() and eva.wait_for_turn_or_end() == "turn":
        legal = eva.table()["legal_moves"]
        passes = [move for move in legal if move.startswith("pass")]
        if passes:
            eva.pass_keeping(passes[0][5:])
        else:
            eva.play(chooser.choice(legal))
    tiles += eva.page.evaluate(TILE_COLOURS)
    assert any(tile["cell"].startswith("b") for tile in tiles), "a board's tiles are measured"
    for tile in tiles:
        best = contrast(tile["fill"], tile["plate"])
        if tile["rimWidth"] >= 1.5:
            best = max(best, contrast(tile["rim"], tile["plate"]))
        assert best >= 3, f"{game}: tile {tile['colour']} at {tile['cell']}: {best:.2f}:1 on {tile['plate']}"
    # The factory numbers are text: 4.5:1 against their badge.
    for number in eva.page.evaluate(
        """() => [...document.querySelectorAll('.factory-number')].map(badge => [
            getComputedStyle(badge.querySelector('text')).fill,
            getComputedStyle(badge.querySelector('circle')).fill])"""
    ):
        assert contrast(*number) >= 4.5


def test_the_highlight_is_quiet_when_every_source_may_be_taken_and_strong_under_the_pointer(
    people: list[Person], browser: Any, server: ServerProcess
) -> None:
    lea = at_a_table(people, browser, server, "lea")
    page = lea.page
    assert page.locator(".play.quiet").count() == 1
    stroke = "el => getComputedStyle(el.querySelector('.tile-face')).stroke"
    quiet = page.locator(".factories .tile.target").first.evaluate(stroke)
    key = page.locator(".factories .tile.target").first.get_attribute("data-key")
    page.locator(f'.factories [data-key="{key}"]').first.hover()
    strong = page.locator(f'.factories [data-key="{key}"]').first.evaluate(stroke)
    assert quiet != strong
    other = page.locator(f'.factories .tile.target:not([data-key="{key}"])').first.evaluate(stroke)
    assert other == quiet, "only what the pointer would take stands out"


# --- live updates, undo, previews -------------------------------------------------------------


def invite_friend(ana: Person, browser: Any, server: ServerProcess, people: list[Person], game: str) -> Person:
    ana.create_table(game, ["invite"])
    link = ana.page.locator(".invite-link").input_value()
    ben = Person(browser, server.url, width=1366, height=768)
    people.append(ben)
    ana.seat_friend(ben, link, "Ben")
    return ben


def test_a_half_typed_message_and_the_open_chat_survive_the_other_players_move(
    people: list[Person], browser: Any, server: ServerProcess
) -> None:
    ana = person(people, browser, server, "ana", width=1366, height=768)
    ben = invite_friend(ana, browser, server, people, "azul")
    players = {0: ana, 1: ben}
    mover = players[ana.table()["to_move"][0]]
    reader = ben if mover is ana else ana
    reader.page.click(".chat-panel summary")
    reader.page.fill(".chat-form input", "half a thou")
    reader.page.focus(".chat-form input")
    seq = reader.seq()
    mover.play(mover.table()["legal_moves"][0])
    reader.wait_past(seq)
    reader.page.wait_for_function("() => document.querySelectorAll('.log li').length >= 2")  # the move is told
    assert reader.page.locator(".chat-panel").get_attribute("open") is not None, "the chat stays open"
    assert reader.page.locator(".chat-form input").input_value() == "half a thou"
    assert reader.page.evaluate("document.activeElement.matches('.chat-form input')"), "the focus stays"
    reader.page.keyboard.type("ght")
    reader.page.keyboard.press("Enter")
    mover.page.wait_for_selector(".chat-panel .unread:not([hidden])")
    mover.page.click(".chat-panel summary")
    mover.page.wait_for_selector(".chat li:has-text('half a thought')")


def test_the_log_tells_a_move_as_soon_as_the_board_shows_it(
    people: list[Person], browser: Any, server: ServerProcess
) -> None:
    """A change of seats makes the page read the table again; a move played while that read is on
    its way must not reach the board before the log (the entries come with the move's step)."""
    ana = person(people, browser, server, "ana", width=1366, height=768)
    ben = invite_friend(ana, browser, server, people, "azul")
    players = {0: ana, 1: ben}
    mover = players[ana.table()["to_move"][0]]
    reader = ben if mover is ana else ana
    seq = reader.seq()
    told = reader.page.locator(".log li").count()
    # The reader's page reads the table slowly: the read is answered only once the move is made.
    held: list[Any] = []
    holding = [True]
    reader.page.route(
        f"**/api/tables/{reader.table_id}", lambda route: held.append(route) if holding[0] else route.continue_()
    )
    mover.page.click(".resign-button")
    mover.page.locator("dialog.confirm-dialog .dialog-confirm").click()  # the seat goes to a bot, which then moves
    reader.page.wait_for_function("() => document.querySelector('.table-page').dataset.busy === 'true'")
    wait_for(lambda: reader.table()["seq"] > seq, what="the bot's move in the abandoned seat")
    holding[0] = False
    for route in held:
        route.continue_()
    reader.wait_past(seq)
    shown = reader.page.evaluate("document.querySelectorAll('.log li').length")
    assert shown > told, "the move shows on the board, so the log tells it too"
    assert reader.page.locator(".log li.log-move").count() >= 1


def test_undo_against_a_bot_takes_back_its_reply_too(people: list[Person], browser: Any, server: ServerProcess) -> None:
    """On a friendly table whose other seats are bots, undo outlives the bot's reply."""
    ola = person(people, browser, server, "ola", width=1366, height=768)
    ola.create_table("azul", ["bot:medium"])
    ola.wait_for_turn_or_end()
    before = ola.table()
    move = before["legal_moves"][0]
    ola.play(move)
    # The bot replies; the undo stays until this player moves again.
    ola.page.wait_for_function(
        "seq => Number(document.querySelector('.table-page').dataset.seq) >= seq", arg=before["seq"] + 2
    )
    ola.wait_for_turn_or_end()
    assert ola.page.locator(".undo-button").is_visible()
    ola.page.click(".undo-button")
    ola.page.wait_for_function(
        "() => document.querySelectorAll('.log .log-undo').length >= 2"
        " && document.querySelector('.table-page').dataset.yourTurn === 'true'"
    )
    after = ola.table()
    assert after["position"] == before["position"], "the position is as before the move"
    assert sorted(after["legal_moves"]) == sorted(before["legal_moves"])
    assert not ola.page.locator(".undo-button").count(), "nothing more to take back"
    ola.play(move)


def test_pointing_at_a_line_shows_where_the_tiles_go_and_what_overflows(
    people: list[Person], browser: Any, server: ServerProcess
) -> None:
    uma = at_a_table(people, browser, server, "uma")
    view = uma.table()
    # The largest group, to a line too short for it: some tiles overflow to the floor.
    move = max((m for m in view["legal_moves"] if m[2] == "1"), key=lambda m: source_count(view["position"], m))
    count = source_count(view["position"], move)
    source, line = clicks(move)
    uma.page.locator(source).first.click()
    uma.page.locator(line).first.hover()
    assert uma.page.locator(".board-panel.mine .ghosts .tile").count() == count + (move[0] == "C")
    words = uma.page.locator(".board-panel.mine .preview").inner_text()
    assert "1 tile on line 1" in words
    if count > 1:
        assert f"{count - 1} to the floor: -" in words
    uma.screenshot("azul-preview")


def source_count(position: dict[str, Any], move: str) -> int:
    tiles = position["centre"] if move[0] == "C" else position["factories"][int(move[0]) - 1]
    return str(tiles).count(move[1])


# --- Czech -------------------------------------------------------------------------------------


def test_the_czech_table_speaks_each_rulebook_s_words_and_declines_colours(
    people: list[Person], browser: Any, server: ServerProcess
) -> None:
    """The heading in Czech, "výloha" in Summer Pavilion, and "na červenou hvězdu" in the log (S-8)."""
    jan = person(people, browser, server, "jan", width=1366, height=768)
    jan.page.evaluate("localStorage.setItem('mozaika.preferences', JSON.stringify({language: 'cs'}))")
    jan.page.reload()
    jan.page.wait_for_selector("body[data-ready] #create-form")
    jan.create_table("pavilion", ["bot:beginner"])
    jan.wait_for_turn_or_end()
    assert jan.page.locator(".table-head h1").inner_text().startswith("Azul: Letohrádek")
    assert "Vyberte dílky z výlohy" in jan.page.locator(".actions").inner_text()
    assert "Bot Bruno (začátečník)" in jan.page.locator(".board-panel.other .player-name").inner_text()
    chooser = random.Random(4)
    while jan.wait_for_turn_or_end() == "turn":
        legal = jan.table()["legal_moves"]
        places = [move for move in legal if re.fullmatch(r"[ORBYGP][1-6][A-Z](\+\d+)?", move)]
        if places:
            move = places[0]
            jan.play(move)
            break
        if any(move.startswith("pass") for move in legal):
            state = public_state(jan.table()["position"])
            move = str(next(iter(state.legal_moves())))
            jan.pass_keeping(move[5:]) if move.startswith("pass") else jan.play(move)
            continue
        jan.play(chooser.choice(legal))
    log = jan.page.locator(".log").inner_text()
    tile = "(oranžový|červený|modrý|žlutý|zelený|fialový) dílek"
    star = "(oranžovou|červenou|modrou|žlutou|zelenou|fialovou|prostřední) hvězdu"
    assert re.search(f"{tile} na {star}", log), log
    assert "hvězda barvy" not in log
    jan.screenshot("pavilion-czech")


# --- the replay ----------------------------------------------------------------------------------


def test_the_replay_starts_at_step_0_and_plays_by_itself(
    people: list[Person], browser: Any, server: ServerProcess
) -> None:
    kim = person(people, browser, server, "kim", width=1366, height=768)
    table_id = kim.create_table("azul", ["bot:beginner"])
    kim.page.evaluate(FLOATS)
    chooser = random.Random(11)
    while kim.wait_for_turn_or_end() == "turn":
        kim.play(chooser.choice(kim.table()["legal_moves"]))
    kim.page.wait_for_selector(".result .final-score")
    # The end-game bonuses float up over the boards as the game ends.
    floats = [text for _, text in kim.page.evaluate("window.floats")]
    for player in kim.api(f"/tables/{table_id}/result")["players"]:
        if player["sources"]["rows"]:
            assert f"+{player['sources']['rows']} Complete lines" in floats
    assert fits_without_scrolling(kim), "the result fits the screen too"
    kim.screenshot("azul-result-1366x768")
    # The lobby lists the game with its scores and its winner.
    kim.page.click("a.brand")
    row = kim.page.locator(f"#finished-tables li:has(a[href='/tables/{table_id}'])")
    row.wait_for()
    scores = kim.api(f"/tables/{table_id}")["scores"]
    assert all(str(score) in row.inner_text() for score in scores)
    assert row.locator(".winner").count() >= 1
    assert "Bot Bruno (beginner)" in row.inner_text()
    kim.screenshot("lobby-finished-1366x768")
    # The sound setting is remembered.
    assert kim.page.locator("#sound").is_checked()
    kim.page.uncheck("#sound")
    kim.page.reload()
    kim.page.wait_for_selector("body[data-ready] #create-form")
    assert not kim.page.locator("#sound").is_checked()

    steps = len(kim.api(f"/tables/{table_id}/record")["steps"])
    for address in (f"/replay/{table_id}", f"/replay/{table_id}?step=0"):
        kim.open(address)
        kim.page.wait_for_selector(".replay-page .board-panel")
        assert kim.page.locator(".replay-step").inner_text().startswith(f"Step 0 of {steps}")
    assert fits_without_scrolling(kim)
    assert "Bot Bruno (beginner)" in kim.page.locator(".replay-page").inner_text()
    assert "(bot)" not in kim.page.locator(".replay-page").inner_text()
    # The controls are drawn, not letters of a font.
    for name in ("first", "previous", "next", "last"):
        button = kim.page.locator(f".{name}-button")
        assert button.locator("svg path").count() == 1 and button.inner_text().strip() == ""
    kim.page.select_option(".replay-speed", "4")
    kim.page.click(".play-button")
    kim.page.wait_for_function(
        "() => Number(document.querySelector('.replay-count').textContent.match(/\\d+/)[0]) >= 3"
    )
    kim.page.click(".play-button")
    stopped = kim.page.locator(".replay-count").inner_text()
    kim.page.wait_for_timeout(800)
    assert kim.page.locator(".replay-count").inner_text() == stopped, "pause stops it"
    kim.page.click(".last-button")
    kim.page.wait_for_selector(f".replay-step:has-text('Step {steps} of {steps}')")
    kim.screenshot("azul-replay-1366x768")
    kim.resize(390, 844)
    assert kim.page.evaluate("document.scrollingElement.scrollWidth <= innerWidth")
    kim.screenshot("azul-replay-phone")


# --- the waiting room, the centre, the end of a round ---------------------------------------------


def test_the_creator_seats_a_bot_in_the_waiting_room(people: list[Person], browser: Any, server: ServerProcess) -> None:
    """Item 9: a bot for an open or invited seat after the table was made, then the start."""
    max_ = person(people, browser, server, "max", width=1366, height=768)
    max_.create_table("azul", ["invite", "open"])
    page = max_.page
    assert page.locator(".start-button[disabled]").count() == 1
    page.select_option('.bot-level[data-seat="2"]', "easy")
    page.click('.add-bot-button[data-seat="2"]')
    page.wait_for_selector(".waiting-room td:has-text('Bot Cyril (easy)')")
    page.click('.add-bot-button[data-seat="1"]')
    page.wait_for_selector(".waiting-room td:has-text('Bot Bruno (medium)')")
    assert not page.locator(".invite-link").count(), "the invited seat is a bot's now"
    max_.screenshot("waiting-room-bots")
    page.click(".start-button")
    page.wait_for_selector(".board-panel")
    assert page.locator(".board-panel").count() == 3


FLOATS = """() => { window.floats = [];
    new MutationObserver(changes => changes.forEach(change => change.addedNodes.forEach(node => {
        if (node.classList?.contains('point-float')) window.floats.push([node.dataset.seat, node.textContent]);
    }))).observe(document.body, { childList: true }); }"""
"""Keeps every point that floats up over a board, as it appears: ``window.floats`` of [seat, text]."""


def boxes_inside_circle(someone: Person) -> list[str]:
    """The centre's tiles that reach outside its circle, and any overlap of the marker with a factory number."""
    return list(
        someone.page.evaluate(
            """() => {
            document.getAnimations().forEach(animation => animation.finish());  // tiles still flying
            const plate = document.querySelector('.centre-plate').getBoundingClientRect();
            const [cx, cy, r] = [plate.left + plate.width / 2, plate.top + plate.height / 2, plate.width / 2];
            const out = [];
            for (const tile of document.querySelectorAll('.centre .tile')) {
                const box = tile.getBoundingClientRect();
                const corners = [[box.left, box.top], [box.right, box.top],
                                 [box.left, box.bottom], [box.right, box.bottom]];
                for (const [x, y] of corners) {
                    if (Math.hypot(x - cx, y - cy) > r + 0.5) out.push(tile.dataset.cell || 'marker');
                }
            }
            const marker = document.querySelector('.centre .first-marker')?.getBoundingClientRect();
            for (const badge of document.querySelectorAll('.factory-number')) {
                const box = badge.getBoundingClientRect();
                const across = marker && box.left < marker.right && marker.left < box.right;
                if (across && box.top < marker.bottom && marker.top < box.bottom) {
                    out.push('marker over a factory number');
                }
            }
            return out;
        }"""
        )
    )


CENTRE_MOST = """() => {
    window.centreMost = 0;
    const count = () => {
        window.centreMost = Math.max(window.centreMost, document.querySelectorAll('.centre .tile').length);
    };
    new MutationObserver(count).observe(document.body, { childList: true, subtree: true });
    count();
}"""


def test_a_round_of_azul_keeps_the_centre_in_its_circle_and_ends_with_points_shown(
    people: list[Person], browser: Any, server: ServerProcess
) -> None:
    """Items 2 and 7: the centre pool and marker inside the centre; at the round's end the tiles
    fly to the walls (A-8) and each board shows the round's points."""
    noe = person(people, browser, server, "noe", width=1366, height=768)
    noe.create_table("azul", ["bot:beginner", "bot:beginner", "bot:beginner"])
    noe.page.evaluate(FLOATS)
    # The most tiles the centre held at any moment, the bots' quick moves included (a count
    # taken only at Noe's turns would miss the fullest centres).
    noe.page.evaluate(CENTRE_MOST)
    chooser = random.Random(8)
    while noe.wait_for_turn_or_end() == "turn":
        view = noe.table()
        if view["round"] == 2:
            break
        # Takes from the factories fill the centre: their leftovers go there. It is
        # measured before and right after each of them.
        assert boxes_inside_circle(noe) == []
        from_factories = [move for move in view["legal_moves"] if move[0] != "C"]
        noe.play(chooser.choice(from_factories or view["legal_moves"]))
        assert boxes_inside_circle(noe) == []
    largest = noe.page.evaluate("window.centreMost")
    assert largest >= 8, "the centre was tested with many tiles"
    walls = sum(len(row.replace(".", "")) for board in view["position"]["boards"] for row in board["wall"])
    floats: list[list[str]] = noe.page.evaluate("window.floats")
    assert len([text for _, text in floats if text.startswith("+")]) == walls, "each tile tiled shows its points"
    # as shown: the points floating over a board add up to its score (never below 0).
    scores = noe.table()["scores"]
    for seat, score in enumerate(scores):
        shown = sum(int(text.replace("−", "-")) for where, text in floats if where == str(seat))
        assert max(shown, 0) == score, f"seat {seat}: {floats}"
    gains = noe.page.locator(".board-panel .round-gain")
    assert gains.count() == 4, "every board shows the last round's points"
    for panel in noe.page.locator(".board-panel").all():
        seat = int(panel.get_attribute("data-seat") or 0)
        shown = panel.locator(".round-gain").inner_text().replace("−", "-")
        assert int(shown) == scores[seat], "round 1 started at 0"
    noe.screenshot("azul-4p-round-2")


def test_summer_pavilion_s_kept_tiles_are_a_hand_again_in_the_next_round(
    people: list[Person], browser: Any, server: ServerProcess
) -> None:
    """Item 8 (S-11, S-12): "kept … passed" shows while the placement lasts, not in the next drafting."""
    from mozaika.bots import make_bot

    pia = person(people, browser, server, "pia", width=1366, height=768)
    pia.create_table("pavilion", ["bot:beginner"])
    greedy = make_bot("greedy", seed=3)
    saw_passed = False

    def kept_shown() -> bool:
        if not pia.page.locator(".hand-label .badge").count():
            return False
        assert pia.page.locator(".hand-label:has(.badge)").first.inner_text().startswith("Kept")
        return True

    while pia.wait_for_turn_or_end() == "turn":
        view = pia.table()
        if view["round"] == 2:
            break
        saw_passed = kept_shown() or saw_passed  # the bot passed first: its kept tiles show while Pia places on
        move = str(greedy.choose(public_state(view["position"])))
        if move.startswith("pass"):
            pia.pass_keeping(move[5:])
            if not saw_passed:  # Pia passed first: her kept tiles show while the bot places on
                pia.page.wait_for_selector(".hand-label .badge")
                saw_passed = kept_shown()
        else:
            pia.play(move)
    assert saw_passed, "someone passed before the other in round 1"
    assert pia.table()["position"]["phase"] == "acquisition"
    assert pia.page.locator(".hand-label .badge").count() == 0
    assert all(label.startswith("Hand") for label in pia.page.locator(".hand-label").all_inner_texts())


RUNNING_ANIMATIONS = "document.getAnimations().filter(a => a.playState === 'running').length"


def test_motion_stops_at_a_click_and_stays_off_when_the_system_asks_for_less(
    people: list[Person], browser: Any, server: ServerProcess
) -> None:
    rio = at_a_table(people, browser, server, "rio", motion=1)  # at a person's pace: the motion is what is tested
    legal = rio.table()["legal_moves"]
    rio.play(legal[0])
    assert rio.page.evaluate(f"(window.flying = document.getAnimations()) && {RUNNING_ANIMATIONS}") > 0, "tiles fly"
    rio.page.click(".table-head h1")
    assert rio.page.evaluate("window.flying.every(a => a.playState === 'finished')"), "a click lands them at once"
    rio.wait_for_turn_or_end()
    rio.page.emulate_media(reduced_motion="reduce")
    rio.play(rio.table()["legal_moves"][0])
    rio.wait_for_turn_or_end()
    assert rio.page.evaluate("document.getAnimations().length") == 0, "nothing moves under reduced motion"
