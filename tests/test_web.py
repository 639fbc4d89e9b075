"""The browser client, end to end: Debian's Chromium, driven by Playwright, against a real ``mozaika serve``.

Every move here is made by clicking the board as a person would; the tests then check
what the page shows against what the server and the engine say.  Screenshots of each
game's board are saved under ``build/test-artifacts/``.
"""

from __future__ import annotations

import random
import re
import uuid
from typing import Any

import pytest

from mozaika.azul import AZUL_THEME
from mozaika.azul.wall import coloured_colour
from mozaika.bots import make_bot
from mozaika.core.protocol import State
from mozaika.notation.records import Record, replay

from browserkit import Person, clicks, public_state
from serverprocess import ServerProcess


def person(people: list[Person], browser: Any, server: ServerProcess, **viewport: int) -> Person:
    someone = Person(browser, server.url, **viewport)
    people.append(someone)
    someone.open("/")
    return someone


def unique(stem: str) -> str:
    return f"{stem}{uuid.uuid4().hex[:8]}"


def board_view(someone: Person) -> dict[str, Any]:
    """What the table shows: every tile on the page by place and colour, the scores, the round."""
    return someone.page.evaluate(
        """() => ({
            cells: [...document.querySelectorAll('.play [data-cell]')]
                .map(e => e.dataset.cell + '=' + e.dataset.colour).sort(),
            scores: [...document.querySelectorAll('.board-panel .score')].map(e => e.textContent),
            round: document.querySelector('.table-page').dataset.round,
            seq: document.querySelector('.table-page').dataset.seq,
        })"""
    )


def test_register_sign_out_and_sign_in_again(people: list[Person], browser: Any, server: ServerProcess) -> None:
    jana = person(people, browser, server)
    username = unique("jana")
    jana.register(username)
    assert jana.page.locator(".who").inner_text() == username
    jana.page.click("text=Sign out")
    jana.page.wait_for_selector("#signin-form")
    jana.sign_in(username, "wrong password")
    jana.page.wait_for_selector("#signin-form .form-error:not(:empty)")
    assert "password" in jana.page.locator("#signin-form .form-error").inner_text()
    jana.sign_in(username)
    jana.page.wait_for_selector("#create-form")
    assert jana.page.locator(".who").inner_text() == username


def test_azul_against_a_bot_played_to_the_end_by_clicking(
    people: list[Person], browser: Any, server: ServerProcess
) -> None:
    """F-1..F-4, A-1..A-13 through the page: the final scores shown are the record's replayed scores."""
    jana = person(people, browser, server)
    jana.register(unique("azul"))
    table_id = jana.create_table("azul", ["bot:beginner"])
    choose = random.Random(7)
    moves = 0
    reloaded = keyboard = False
    while jana.wait_for_turn_or_end() == "turn":
        if moves == 20:  # the bot has moved: nothing changes until this player does
            jana.screenshot("azul-board", ".play")
        view = jana.table()
        legal = view["legal_moves"]
        move = choose.choice(legal)
        warned = jana.page.locator(".last-round").count() == 1
        assert warned == last_round_announced(view["position"]), "the last-round warning (A-12) shows when due"
        if moves == 1:
            # Hovering tiles shows where they may go.
            jana.page.locator(f'[data-key="src:{move[0]}:{move[1]}"]').first.hover()
            assert jana.page.locator(".could").count() >= 1
        if not keyboard:
            # The first move by keyboard only: Tab to the tiles, Enter, then the line, Enter.
            seq = jana.seq()
            for step in clicks_of(move):
                jana.page.locator(f"{step}[tabindex='0']").focus()
                jana.page.keyboard.press("Enter")
            jana.wait_past(seq)
            keyboard = True
        else:
            jana.play(move)
        moves += 1
        if moves == 12 and not reloaded:
            jana.wait_for_turn_or_end()
            before = board_view(jana)
            jana.page.reload()
            jana.page.wait_for_selector("body[data-ready] .table-page")
            assert board_view(jana) == before, "a reload in the middle of a game shows the same table"
            reloaded = True
        if moves == 3:
            assert jana.page.locator(".board-panel .arrived").count() >= 1, "moves arrive with an animation"
    assert reloaded
    jana.page.wait_for_selector(".result .final-score")
    shown = [int(text) for text in jana.page.locator(".final-score").all_inner_texts()]
    record = Record.from_dict(jana.api(f"/tables/{table_id}/record"))
    assert shown == replay(record).scores
    assert jana.page.locator(".result .breakdown:has(.final-score)").inner_text().count("Placed tiles") == 1
    assert jana.page.locator(".status-line .status").inner_text() == "Finished"
    jana.page.click("a.brand")
    jana.page.wait_for_selector(f"#finished-tables a[href='/tables/{table_id}']")
    jana.page.go_back()
    jana.page.wait_for_selector(".result .final-score")
    jana.screenshot("azul-end")

    # The replay viewer: from the start, to the end and back, then round 2.
    jana.page.click("text=Watch the replay")
    jana.page.wait_for_selector(".replay-page .board-panel")
    steps = len(record.steps)
    assert jana.page.locator(".replay-step").inner_text().startswith(f"Step 0 of {steps}")
    jana.page.click("button[aria-label='To the end']")
    jana.page.wait_for_selector(f".replay-step:has-text('Step {steps} of {steps}')")
    jana.page.click("button[aria-label='To the start']")
    jana.page.wait_for_selector(f".replay-step:has-text('Step 0 of {steps}')")
    jana.page.click("button[aria-label='Step forward']")
    jana.page.wait_for_selector(f".replay-step:has-text('Step 1 of {steps}')")
    jana.page.click(".round-jump button:has-text('2')")
    second_round = record.steps.index(next(step for step in record.steps[1:] if step.startswith("fill:")), 1) + 1
    jana.page.wait_for_selector(f".replay-step:has-text('Step {second_round} of {steps}')")
    assert "Round 2" in jana.page.locator(".replay-step").inner_text()
    expected = replay(record, upto=second_round).scores
    shown_then = [int(text) for text in jana.page.locator(".replay-page .score").all_inner_texts()]
    assert shown_then == expected


def last_round_announced(position: dict[str, Any]) -> bool:
    """A-12 seen from the boards: a wall row has four tiles and the full line that completes it."""
    for board in position["boards"]:
        for row, (wall, line) in enumerate(zip(board["wall"], board["lines"], strict=True)):
            if wall.count(".") != 1 or len(line) != row + 1:
                continue
            if AZUL_THEME.letter(coloured_colour(row, wall.index("."))) == line[0]:
                return True
    return False


def earns_bonus(state: State, move: str) -> bool:
    """Whether a Summer Pavilion placement completes a window, statue or pillar (S-10)."""
    after = state.copy()
    after.play(move)
    return any(str(next_move).startswith("pick:") for next_move in after.legal_moves())


def clicks_of(move: str) -> list[str]:
    return [step.lstrip("?") for step in clicks(move)]


def test_two_friends_play_summer_pavilion_through_an_invite_link(
    people: list[Person], browser: Any, server: ServerProcess
) -> None:
    """S-5 (takes), S-8 (placement with wild payment), S-10 (bonus pick), S-11 (pass), over whole rounds."""
    ana = person(people, browser, server)
    ana.register(unique("ana"))
    table_id = ana.create_table("pavilion", ["invite"])
    # On another device the creator has no link yet: a new one is made there.
    ana.page.evaluate(f"localStorage.removeItem('mozaika.invites.{table_id}')")
    ana.page.reload()
    ana.page.click(".new-invites")
    link = ana.page.locator(".invite-link").input_value()
    assert re.fullmatch(rf"{re.escape(server.url)}/join/{table_id}\?invite=\S+", link)

    ben = person(people, browser, server, width=412, height=915)
    ana.seat_friend(ben, link, "Ben")

    players = {0: ana, 1: ben}
    greedy = make_bot("greedy", seed=5)
    seen = {"wild payment": 0, "bonus pick": 0, "pass": 0, "undo": 0}
    for _ in range(400):
        view = ana.table()
        if view["status"] == "finished":
            break
        if view["round"] >= 2 and seen["wild payment"] and seen["bonus pick"]:
            break
        seat = view["to_move"][0]
        player = players[seat]
        player.wait_for_turn_or_end()
        mine = player.table()
        legal = mine["legal_moves"]
        state = public_state(mine["position"])
        # A placement that earns bonus tiles, else one paid with wild tiles, else what a greedy player does.
        wild_places = [move for move in legal if "+" in move]
        if not seen["bonus pick"] and (bonus := next((m for m in legal if earns_bonus(state, m)), None)):
            move = bonus
        elif wild_places and not seen["wild payment"]:
            move = wild_places[0]
        else:
            move = str(greedy.choose(state))
        if move.startswith("pass"):
            player.pass_keeping(move[5:])
            seen["pass"] += 1
        else:
            if not seen["undo"] and len(move) == 2 and seat == 0:
                # Undo (allowed on friendly tables) before the other player acts, then play again.
                player.play(move)
                player.page.click(".undo-button")
                player.wait_for_turn_or_end()
                assert "took back" in player.page.locator(".log").inner_text()
                seen["undo"] += 1
            player.play(move)
        if "+" in move:
            seen["wild payment"] += 1
        if move.startswith("pick:"):
            seen["bonus pick"] += 1
            player.screenshot("pavilion-bonus-pick")
    final = ana.table()
    assert final["round"] >= 2, "at least one full round was played"
    assert seen["wild payment"] and seen["bonus pick"] and seen["pass"] and seen["undo"], seen
    # Both pages show the same position as the server.
    for someone in (ana, ben):
        someone.wait_past(final["seq"] - 1)
        scores = [int(text) for text in someone.page.locator(".board-panel .score").all_inner_texts()]
        order = [
            int(seat)
            for seat in someone.page.locator(".board-panel").evaluate_all("els => els.map(e => e.dataset.seat)")
        ]
        assert [final["scores"][seat] for seat in order] == scores
    ana.screenshot("pavilion-board", ".play")
    ben.screenshot("pavilion-phone")


def test_czech_texts_appear_with_the_czech_switch_and_stay(
    people: list[Person], browser: Any, server: ServerProcess
) -> None:
    eva = person(people, browser, server)
    assert eva.page.locator("#register-form h2").inner_text() == "Register"
    eva.page.select_option("#language", "cs")
    eva.page.wait_for_selector("#register-form h2:has-text('Registrovat')")
    assert eva.page.locator("html").get_attribute("lang") == "cs"
    eva.sign_in(unique("nikdo"), "bad password")
    eva.page.wait_for_selector("#signin-form .form-error:not(:empty)")
    assert eva.page.locator("#signin-form .form-error").inner_text() == "Špatné uživatelské jméno nebo heslo."
    eva.register(unique("eva"))
    assert eva.page.locator("#create-form h2").inner_text() == "Nový stůl"
    eva.create_table("chocolatier", ["bot:easy"], {"special_factories": True})
    eva.wait_for_turn_or_end()
    assert "Jste na tahu" in eva.page.locator(".status-line").inner_text()
    assert "Vyberte pralinky z nabídky" in eva.page.locator(".actions").inner_text()
    eva.page.reload()
    eva.page.wait_for_selector("body[data-ready] .table-page")
    assert "Jste na tahu" in eva.page.locator(".status-line").inner_text(), "the language is remembered"
    assert eva.page.locator(".disc").count() >= 1, "the special factories' discs are on the table (M-1)"
    eva.page.check("#colour-blind")
    assert eva.page.locator(".factories .symbol").first.is_visible()
    eva.screenshot("chocolatier-board", ".play")
    # With "confirm moves", a move waits for the confirmation.
    eva.page.check("#confirm-moves")
    move = eva.table()["legal_moves"][0]
    seq = eva.seq()
    for step in clicks_of(move):
        eva.page.locator(step).first.click()
    eva.page.wait_for_selector(".confirm-move")
    assert eva.seq() == seq
    eva.page.click(".confirm-move")
    eva.wait_past(seq)


def test_a_phone_of_360_pixels_shows_the_whole_table_without_sideways_scrolling(
    people: list[Person], browser: Any, server: ServerProcess
) -> None:
    ida = person(people, browser, server, width=360, height=740)
    ida.register(unique("ida"))
    assert ida.page.evaluate("document.documentElement.scrollWidth") <= 360, "the lobby and its form fit too"
    ida.create_table("azul", ["bot:easy", "bot:easy", "bot:easy"], {"wall": "grey"})
    ida.wait_for_turn_or_end()
    width = ida.page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360
    assert ida.page.locator(".board-panel").count() == 4

    # A hint from the server's analysis, then the round's takes, then a grey-wall column by a tap.
    ida.page.click(".hint-button")
    ida.page.wait_for_selector(".hints li")
    assert ida.page.locator(".hints li").count() >= 1
    choose = random.Random(3)
    while ida.wait_for_turn_or_end() == "turn":
        legal = ida.table()["legal_moves"]
        columns = [move for move in legal if ">" in move]
        if columns:
            ida.page.wait_for_selector(".pattern-line.waiting")
            ida.screenshot("azul-grey-phone")
            ida.play(choose.choice(columns))
            break
        ida.play(choose.choice(legal))
    else:
        pytest.fail("the game ended before a column was chosen")
    # Every seat chooses its columns at once: a bot's choice may be the step the page showed first.
    cells = ida.page.locator(".board-panel.mine [data-cell^='b0:w']")
    cells.first.wait_for()
    assert cells.count() >= 1, "the tile went to the chosen column of the wall"
