"""``mozaika learn``: the tutorial in the full-screen client, played through by keys with Textual's pilot."""

from __future__ import annotations

import asyncio
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from mozaika.i18n import LANGUAGES, Messages
from mozaika.lessons import TUTORIALS
from mozaika.notation.positions import to_line
from mozaika.terminal.learn import LearnApp
from mozaika.terminal.screens import Notice

from terminalkit import ARTIFACTS, choose_by_keys


async def close_page(app: LearnApp, pilot, kind: str) -> None:  # type: ignore[no-untyped-def]
    assert isinstance(app.screen, Notice) and app.screen.kind == kind, f"expected the {kind} page"
    await pilot.press("enter")
    await pilot.pause()


@pytest.mark.parametrize("language", LANGUAGES)
def test_mozaika_learn_azul_is_played_through_by_keys_a_wrong_move_first(language: str) -> None:
    """Every lesson: its text, a wrong move answered with the hint, the right one, the engine's points (A-8)."""
    tutorial = TUTORIALS["azul"]

    async def learn() -> None:
        app = LearnApp(tutorial, Messages(language))
        choose = random.Random(language)
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            for number, lesson in enumerate(tutorial.lessons):
                await close_page(app, pilot, "lesson")
                start = lesson.start()
                for step in lesson.steps:
                    assert app.waiting_for_move and app.chooser is not None
                    before = to_line(app.state)
                    wrong = [move for move in app.chooser.moves if move not in step.moves]
                    if wrong:
                        await choose_by_keys(app, pilot, choose.choice(wrong))  # type: ignore[arg-type]
                        assert step.hint[language] in app.table_screen.query_one("#message").message.plain
                        assert to_line(app.state) == before, "a wrong move changes nothing"
                    await choose_by_keys(app, pilot, step.moves[0])  # type: ignore[arg-type]
                    if lesson.id == "seven-points":
                        app.save_screenshot(str(ARTIFACTS / f"learn-azul-seven-points-80x24-{language}.svg"))
                learner = lesson.learner
                assert app.state.scores[learner] - start.scores[learner] == lesson.gain
                assert app.state.is_over == lesson.ends_game
                assert app.finished_lessons[-1] == lesson.id
                if number == 0:
                    app.save_screenshot(str(ARTIFACTS / f"learn-azul-explained-80x24-{language}.svg"))
                await close_page(app, pilot, "explained")
            assert app.finished_lessons == [lesson.id for lesson in tutorial.lessons]
            assert app.wrong_moves == len(tutorial.lessons) + 1, "one wrong move at every step (the grey wall has two)"
            await close_page(app, pilot, "finished")
            await pilot.pause()
        assert app.return_code == 0

    asyncio.run(learn())


def test_the_lesson_text_comes_back_with_h_and_q_stops() -> None:
    async def learn() -> None:
        app = LearnApp(TUTORIALS["pavilion"], Messages("cs"), first=3)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await close_page(app, pilot, "lesson")
            app.save_screenshot(str(ARTIFACTS / "learn-pavilion-place-80x24-cs.svg"))
            await pilot.press("h")
            await pilot.pause()
            assert isinstance(app.screen, Notice) and app.screen.kind == "lesson"
            assert TUTORIALS["pavilion"].lessons[3].title.cs in str(app.screen.title_text)
            await close_page(app, pilot, "lesson")
            await pilot.press("q")
            await pilot.pause()
        assert app.finished_lessons == []

    asyncio.run(learn())


def test_the_command_refuses_an_unknown_game_a_lesson_too_far_and_no_terminal() -> None:
    def learn(*arguments: str) -> subprocess.CompletedProcess[str]:
        env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parent.parent / "src")}
        command = [sys.executable, "-m", "mozaika", "learn", *arguments]
        return subprocess.run(command, capture_output=True, text=True, stdin=subprocess.DEVNULL, env=env)

    unknown = learn("chess")
    assert unknown.returncode != 0 and "no tutorial for 'chess'" in unknown.stderr and "pavilion" in unknown.stderr
    far = learn("azul", "--lesson", "99")
    assert far.returncode != 0 and f"has {len(TUTORIALS['azul'].lessons)} lessons" in far.stderr
    piped = learn("pavilion")
    assert piped.returncode != 0 and "needs a terminal" in piped.stderr


@pytest.mark.parametrize("game", sorted(TUTORIALS))
def test_the_lessons_ask_for_a_choice_not_a_click(game: str) -> None:
    """The same lessons play in the terminal, where a move is typed or chosen with the keys as often as it is
    clicked: their texts and hints say "choose" (zvolte), never "click" (klikněte); Czech calls the wall stěna."""
    for lesson in TUTORIALS[game].lessons:
        for words in (lesson.text, lesson.explanation, *(step.hint for step in lesson.steps)):
            assert "click" not in words.en.lower() and "klikn" not in words.cs.lower(), words.en
            assert "zeď" not in words.cs and "zdi" not in words.cs.split(), words.cs
