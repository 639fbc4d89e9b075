"""The tutorials' lessons (mozaika.lessons): every position parses, every move is legal, the outcome is the engine's.

Each game's lessons together teach every rule id of that game in docs/rules.md (F-1..F-4 and
A-1..A-13 for Azul, with M-1..M-5 for Master Chocolatier; S-1..S-17 for Summer Pavilion),
as tests/test_rule_coverage.py checks the tests cite them.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mozaika.lessons import LANGUAGES, TUTORIALS, Lesson, tutorial_for
from mozaika.notation.positions import from_line, to_line

COMMON = [f"F-{n}" for n in range(1, 5)]
RULES_OF_GAME = {
    "azul": COMMON + [f"A-{n}" for n in range(1, 14)],
    "chocolatier": COMMON + [f"A-{n}" for n in range(1, 14)] + [f"M-{n}" for n in range(1, 6)],
    "pavilion": COMMON + [f"S-{n}" for n in range(1, 18)],
}
VARIANT_RULES = {
    "azul": {"A-10"},
    "chocolatier": {"A-10", "M-1", "M-2", "M-3", "M-4"},
    "pavilion": {"S-15", "S-16", "S-17"},
}

LESSONS = [(game, lesson) for game, tutorial in TUTORIALS.items() for lesson in tutorial.lessons]


def lesson_id(value: object) -> str:
    return value.id if isinstance(value, Lesson) else str(value)


def test_every_game_has_a_tutorial_of_twelve_lessons_or_more() -> None:
    assert set(TUTORIALS) == set(RULES_OF_GAME)
    for game, tutorial in TUTORIALS.items():
        assert tutorial.game == game
        assert len(tutorial.lessons) >= 12, game
        assert len({lesson.id for lesson in tutorial.lessons}) == len(tutorial.lessons), f"{game}: lesson ids repeat"


@pytest.mark.parametrize("game", sorted(RULES_OF_GAME))
def test_every_rule_of_the_game_is_taught_by_a_lesson(game: str) -> None:
    taught = {rule for lesson in tutorial_for(game).lessons for rule in lesson.rules}
    missing = [rule for rule in RULES_OF_GAME[game] if rule not in taught]
    assert not missing, f"{game}: rules no lesson teaches: {missing}"
    assert taught <= set(RULES_OF_GAME[game]), f"{game}: lessons cite rules of another game"


@pytest.mark.parametrize("game", sorted(RULES_OF_GAME))
def test_the_variants_come_last(game: str) -> None:
    lessons = tutorial_for(game).lessons
    variant = [bool(set(lesson.rules) & VARIANT_RULES[game]) for lesson in lessons]
    first = variant.index(True)
    assert all(variant[first:]), f"{game}: a lesson of the base game follows the variants"
    assert "+" not in lessons[0].position.split()[0], "the first lesson is the base game"


@pytest.mark.parametrize(("game", "lesson"), LESSONS, ids=lesson_id)
def test_the_position_parses_and_the_learner_is_on_turn(game: str, lesson: Lesson) -> None:
    state = from_line(lesson.position)
    assert state.game_id == game
    assert to_line(state) == lesson.position, "the line is written as the engine writes it"
    assert len(state.to_move) == 1 and not state.is_over


@pytest.mark.parametrize(("game", "lesson"), LESSONS, ids=lesson_id)
def test_every_move_is_legal_and_the_learner_makes_every_step(game: str, lesson: Lesson) -> None:
    state = lesson.start()
    learner = lesson.learner
    for step in lesson.steps:
        assert state.to_move == (learner,), f"{lesson.id}: the learner is not on turn for {step.moves[0]}"
        legal = {str(move) for move in state.legal_moves()}
        assert step.moves and set(step.moves) <= legal, f"{lesson.id}: {step.moves} not all legal here"
        wrong = legal - set(step.moves)
        assert wrong or len(legal) == 1, f"{lesson.id}: every move is accepted"
        state.play(step.moves[0])


@pytest.mark.parametrize("game", sorted(RULES_OF_GAME))
def test_most_lessons_start_with_a_choice_where_a_wrong_move_gets_the_hint(game: str) -> None:
    """Only a move the rules force (the last tiles in the centre, a pass with an empty hand) has no wrong one."""
    lessons = tutorial_for(game).lessons
    forced = [lesson.id for lesson in lessons if len(lesson.start().legal_moves()) == 1]
    assert len(forced) <= 1, f"{game}: lessons without a choice: {forced}"


@pytest.mark.parametrize(("game", "lesson"), LESSONS, ids=lesson_id)
def test_the_outcome_is_the_engines(game: str, lesson: Lesson) -> None:
    """The lesson's points (A-8, S-9, ...) and the game's end (A-12, S-13) are what the engine makes of the moves."""
    before, *_, after = lesson.states()
    learner = lesson.learner
    gained = after.scores[learner] - before.scores[learner]
    assert gained == lesson.gain
    assert after.is_over == lesson.ends_game
    if lesson.ends_game:
        assert learner in after.winners
    if gained:
        for language in LANGUAGES:
            numbers = {int(number) for number in re.findall(r"\d+", lesson.explanation[language])}
            assert abs(gained) in numbers, f"{lesson.id}: the {language} explanation does not say {abs(gained)}"


@pytest.mark.parametrize(("game", "lesson"), LESSONS, ids=lesson_id)
def test_every_text_is_in_both_languages(game: str, lesson: Lesson) -> None:
    texts = [lesson.title, lesson.text, lesson.explanation, *(step.hint for step in lesson.steps)]
    for words in texts:
        assert words.en.strip() and words.cs.strip()
        assert words.en != words.cs
    # Czech addresses the player with vykání (docs/glossary.md): no informal imperative "vezmi", "polož".
    assert not re.search(r"\b(vezmi|polož|klikni|dokonči|vyber)\b", lesson.text.cs + lesson.explanation.cs)


def test_an_unknown_game_has_no_tutorial() -> None:
    with pytest.raises(KeyError, match="no tutorial for 'chess'"):
        tutorial_for("chess")


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_any_move_a_learner_tries_is_judged_by_the_step_and_the_engine_keeps_the_tiles(data: st.DataObject) -> None:
    """Whatever legal move is clicked, the step accepts exactly its own moves; the engine's position after it is
    a whole position again (tiles conserved, F-4), so the page can always show what happened."""
    _game, lesson = data.draw(st.sampled_from(LESSONS), label="lesson")
    state = lesson.start()
    step = lesson.steps[0]
    move = data.draw(st.sampled_from(state.legal_moves()), label="move")
    assert step.accepts(str(move)) == (str(move) in step.moves)
    assert state.parse_move(str(move)) == move
    state.play(move)
    assert from_line(to_line(state)) == state
