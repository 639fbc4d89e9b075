"""The table in the browser, readable at a glance: four players, pralines and stars.

Debian's Chromium, driven by Playwright, against a real ``mozaika serve``, as in
``test_web_table.py``; the screenshots go to ``build/test-artifacts/``.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from browserkit import Person, accessibility_violations, fits_without_scrolling, person
from colourkit import contrast, delta_e, over, parse
from serverprocess import ServerProcess

OTHER_PLATES = (
    "[...document.querySelectorAll('.board-panel.other .board-plate')].map(e => e.getBoundingClientRect().width)"
)


@pytest.mark.parametrize("game", ["azul", "chocolatier", "pavilion"])
def test_at_four_players_the_other_boards_are_readable_and_the_page_does_not_scroll(
    game: str, people: list[Person], browser: Any, server: ServerProcess
) -> None:
    """The three other plates are at least 260 px wide at 1366x768 and 340 px at 1920x1080, with no
    page scroll; the three bots of one level have names of their own."""
    noe = person(people, browser, server, "noe", width=1366, height=768)
    noe.create_table(game, ["bot:beginner"] * 3)
    noe.wait_for_turn_or_end()
    for width, height, least in ((1366, 768, 260), (1920, 1080, 340)):
        noe.resize(width, height)
        plates: list[float] = noe.page.evaluate(OTHER_PLATES)
        assert len(plates) == 3
        assert min(plates) >= least, f"{game} at {width}x{height}: {plates}"
        assert fits_without_scrolling(noe), f"{game} at {width}x{height}"
        noe.screenshot(f"{game}-4p-{width}x{height}")
    names = noe.page.locator(".play .board-panel .player-name").all_inner_texts()
    assert len(set(names)) == 4, names


# --- Master Chocolatier: pralines told apart -------------------------------------------------------

# The colours as the browser draws them: each praline colour (from the printed wall, whose spaces
# are drawn as a ring in the praline's colour around a tint of it), and the plates pralines lie on.
CHOCOLATIER_COLOURS = """() => {
    const fill = (element) => getComputedStyle(element).fill;
    const board = document.querySelector('.board-panel.mine svg.board');
    const printed = [...board.querySelectorAll('.tile.printed')].map(tile => ({
        colour: tile.dataset.colour, fill: fill(tile.querySelector('.tile-face')),
        ring: getComputedStyle(tile.querySelector('.tile-face')).stroke,
        opacity: parseFloat(getComputedStyle(tile).opacity) }));
    return { printed, board: fill(board.querySelector('.board-plate')),
             factory: fill(document.querySelector('.factory-plate')),
             centre: fill(document.querySelector('.centre-plate')) };
}"""


def test_every_praline_is_told_apart_from_the_others_its_plates_and_its_printed_space(
    people: list[Person], browser: Any, server: ServerProcess
) -> None:
    """Measured as a colour difference (CIEDE2000), not only a contrast: brown and black pralines
    on their plates were nearly the plates' colour.  Each printed space is ringed in its praline's colour
    (the box's colours read at a glance: blue had printed grey, white beige, black dark brown) around a
    tint a praline laid on it stands out from, 3:1 at least (WCAG 2.1 non-text contrast)."""
    ida = person(people, browser, server, "ida", width=1366, height=768)
    ida.create_table("chocolatier", ["bot:beginner"])
    ida.wait_for_turn_or_end()
    drawn = ida.page.evaluate(CHOCOLATIER_COLOURS)
    (theme,) = [game["theme"] for game in ida.api("/games") if game["id"] == "chocolatier"]
    pralines = {letter: parse(ida.page.evaluate("hex => { const probe = document.createElement('i');"
                " probe.style.color = hex; document.body.append(probe); const colour = getComputedStyle(probe).color;"
                " probe.remove(); return colour; }", hex))[0]
                for letter, hex in zip(theme["letters"], theme["hex"], strict=True)}  # fmt: skip
    assert sorted({space["colour"] for space in drawn["printed"]}) == sorted("BNPKW"), "every colour is printed"
    letters = sorted(pralines)
    for index, first in enumerate(letters):
        for second in letters[index + 1 :]:
            difference = delta_e(pralines[first], pralines[second])
            assert difference >= 20, f"{first} and {second}: {difference:.1f}"
    plates = {name: parse(drawn[name])[0] for name in ("board", "factory", "centre")}
    for letter, colour in pralines.items():
        for name, plate in plates.items():
            difference = delta_e(colour, plate)
            assert difference >= 20, f"{letter} on the {name} plate: {difference:.1f}"
    for space in drawn["printed"]:
        colour = pralines[space["colour"]]
        assert delta_e(parse(space["ring"])[0], colour) < 1, f"the printed {space['colour']} is ringed in its colour"
        printed = over(parse(space["fill"])[0], plates["board"], space["opacity"])
        shown = "rgb({:.0f}, {:.0f}, {:.0f})"
        ratio = contrast(shown.format(*colour), shown.format(*printed))
        assert ratio >= 3, f"a {space['colour']} praline on its printed space: {ratio:.2f}:1"
        assert delta_e(colour, printed) >= 15, f"{space['colour']} and its printed space"
        assert delta_e(printed, plates["board"]) >= 8, f"the printed {space['colour']} shows on the plate"
    ida.screenshot("chocolatier-pralines-1366x768", ".board-panel.mine")


# Each special factory's disc: its sign, its words, and whether it lies over any of its pralines.
DISCS = """() => [...document.querySelectorAll('.factory')].filter(f => f.querySelector('.disc')).map(factory => {
    const face = factory.querySelector('.disc-face');
    const disc = { x: face.cx.baseVal.value, y: face.cy.baseVal.value, r: face.r.baseVal.value };
    const pralines = [...factory.querySelectorAll('.tile .tile-face')].map(p => ({
        x: p.cx.baseVal.value, y: p.cy.baseVal.value, r: p.r.baseVal.value }));
    const group = factory.querySelector('.disc');
    return { disc, pralines, kind: group.dataset.disc, words: group.getAttribute('aria-label'),
             sign: group.querySelectorAll('.disc-sign > *').length };
})"""


@pytest.mark.parametrize(("width", "height"), [(1366, 768), (390, 844)])
def test_each_special_factory_shows_what_it_does_and_covers_no_praline(
    width: int, height: int, people: list[Person], browser: Any, server: ServerProcess
) -> None:
    """M-1..M-4: a drawn sign on each disc and its effect in words, on hover (its title) or tap."""
    ida = person(people, browser, server, "ida", width=width, height=height)
    ida.create_table("chocolatier", ["bot:beginner"], {"special_factories": True})
    ida.wait_for_turn_or_end()
    (theme,) = [game["theme"] for game in ida.api("/games") if game["id"] == "chocolatier"]
    colour_words = dict(zip(theme["letters"], theme["en"], strict=True))
    discs = ida.page.evaluate(DISCS)
    assert len(discs) == 2, "as many special factories as players (M-1)"
    for found in discs:
        assert found["sign"] >= 1, f"SN{found['kind']} is drawn"
        # In words, not the rulebook's codes: what this factory does this round, with its colour (SN2)
        # or the two factories the leftovers may go to (SN4).
        assert "SN" not in found["words"] and len(found["words"]) > 40, found["words"]
        if found["kind"][0] == "2":
            assert colour_words[found["kind"][1]] in found["words"], found["words"]
        if found["kind"][0] == "4":
            assert len(re.findall(r"factory \d", found["words"])) == 2, found["words"]
        for praline in found["pralines"]:
            apart = ((found["disc"]["x"] - praline["x"]) ** 2 + (found["disc"]["y"] - praline["y"]) ** 2) ** 0.5
            assert apart >= found["disc"]["r"] + praline["r"], f"SN{found['kind']} covers a praline"
    disc = ida.page.locator(".factory .disc").first
    words = disc.get_attribute("aria-label")
    assert disc.locator("title").text_content() == words, "the words on hover"
    disc.click()
    note = ida.page.locator(".disc-note")
    assert note.inner_text() == words, "the words on a tap"
    ida.screenshot(f"chocolatier-special-factory-{width}x{height}")
    ida.page.keyboard.press("Escape")
    assert note.count() == 0
    # The rules panel lists every special factory, drawn, in words: this round's first, by their factory.
    ida.page.click(".rules-panel summary")
    legend = ida.page.locator(".rules-panel .disc-legend li")
    kinds = {found["kind"][0] for found in discs}
    assert legend.count() == len(discs) + len(set("12345") - kinds), "this round's, then every other kind"
    texts = legend.all_inner_texts()
    assert all("SN" not in text and len(text) > 40 for text in texts), texts
    assert [item.get_attribute("data-disc") for item in legend.all()][:2] == [found["kind"] for found in discs]
    assert legend.locator("svg.disc-icon .disc-sign > *").count() >= legend.count()
    assert ida.page.evaluate(
        "(() => { const box = document.querySelector('.rules-panel .disc-legend').getBoundingClientRect();"
        " return box.width > 200 && box.height > 100; })()"
    )
    ida.screenshot(f"chocolatier-special-rules-{width}x{height}")


# --- Summer Pavilion: wild tiles at full strength ---------------------------------------------------

WILD_TILES = """() => [...document.querySelectorAll('.factories .wild')].map(tile => {
    const face = tile.querySelector('.tile-face');
    let opacity = 1;
    for (let part = face; part && part.tagName !== 'svg'; part = part.parentElement) {
        opacity *= parseFloat(getComputedStyle(part).opacity);
    }
    const holder = tile.closest('.factory, .centre');
    const plate = holder.querySelector('.factory-plate, .centre-plate');
    return { opacity, face: getComputedStyle(face).fill, plate: getComputedStyle(plate).fill };
})"""
"""Each wild tile in the factories and the centre: how opaque it is drawn (its own and its groups' opacity),
its colour and its plate's."""


def test_summer_pavilion_s_wild_tiles_are_drawn_at_full_strength(
    people: list[Person], browser: Any, server: ServerProcess
) -> None:
    """S-2: the round's wild tiles lie in the factories like any other; at the start of a turn, when what
    cannot be taken alone is dimmed, they come along with what is taken and stay at full contrast."""
    wil = person(people, browser, server, "wil", width=1366, height=768)
    wild: list[dict[str, Any]] = []
    for _ in range(3):  # a fill without the wild colour in any factory is rare (about 1 in 40)
        wil.open("/")
        wil.create_table("pavilion", ["bot:beginner"])
        wil.wait_for_turn_or_end()
        wild = wil.page.evaluate(WILD_TILES)
        if wild:
            break
    assert wild, "three fills without a wild tile in a factory"
    assert wil.page.locator(".play.quiet").count() == 1, "the start of a turn: what cannot be taken is dimmed"
    for found in wild:
        assert found["opacity"] == 1, found
        assert contrast(found["face"], found["plate"]) >= 3, found
    wil.screenshot("pavilion-wild-tiles-1366x768", ".shared-wrap")


# --- Summer Pavilion: small print that reads -------------------------------------------------------

# Sizes as drawn on the screen, in CSS pixels: the boards are scaled drawings.
SMALL_PRINT = """() => ({
    numbers: [...document.querySelectorAll('.board-panel .slot-number')].map(
        text => parseFloat(getComputedStyle(text).fontSize) * text.getScreenCTM().a),
    icons: [...document.querySelectorAll('.board-panel .feature')].map(feature => {
        const box = feature.getBoundingClientRect();
        return Math.min(box.width, box.height);
    }),
    words: [...document.querySelectorAll('.feature-legend, .round-track li, .hand-label')].map(
        element => parseFloat(getComputedStyle(element).fontSize)),
})"""


@pytest.mark.parametrize("players", [2, 4])
def test_summer_pavilion_s_small_print_is_at_least_11_px_at_1366x768(
    players: int, people: list[Person], browser: Any, server: ServerProcess
) -> None:
    """The space numbers, the pillars, statues and windows (S-3) and what they pay: 11 px or more on
    every board, the boards of the others included."""
    pia = person(people, browser, server, "pia", width=1366, height=768)
    pia.create_table("pavilion", ["bot:beginner"] * (players - 1))
    pia.wait_for_turn_or_end()
    sizes = pia.page.evaluate(SMALL_PRINT)
    assert len(sizes["numbers"]) >= 42 * players - 10, "every board's empty spaces are measured"
    assert len(sizes["icons"]) == 18 * players, "six pillars, six statues and six windows a board"
    for kind, least in (("numbers", 11), ("icons", 11), ("words", 11)):
        assert min(sizes[kind]) >= least, f"{kind}: {min(sizes[kind]):.1f} px"
    legend = pia.page.locator(".feature-legend").inner_text()
    assert all(f"+{reward}" in legend for reward in (1, 2, 3)), "what each feature pays, once"
    pia.screenshot(f"pavilion-{players}p-small-print-1366x768")


# Each star's outline on the colourless side, with the plate it is drawn on.
STAR_OUTLINES = """() => [...document.querySelectorAll('.board-panel svg.board')].map(board => ({
    plate: getComputedStyle(board.querySelector('.board-plate')).fill,
    outlines: [...board.querySelectorAll('.star-outline')].map(outline => ({
        stroke: getComputedStyle(outline).stroke, width: parseFloat(getComputedStyle(outline).strokeWidth) })),
}))"""


def test_the_colourless_stars_are_each_outlined(people: list[Person], browser: Any, server: ServerProcess) -> None:
    """S-15, S-16: on the colourless side no tint tells the seven stars apart; an outline does (3:1 to the plate)."""
    pia = person(people, browser, server, "pia", width=1366, height=768)
    pia.create_table("pavilion", ["bot:beginner"], {"board": "colourless"})
    pia.wait_for_turn_or_end()
    boards = pia.page.evaluate(STAR_OUTLINES)
    assert len(boards) == 2
    for board in boards:
        assert len(board["outlines"]) == 7
        for outline in board["outlines"]:
            assert outline["width"] >= 2
            assert contrast(outline["stroke"], board["plate"]) >= 3
    pia.screenshot("pavilion-colourless-1366x768")


# --- the keyboard -----------------------------------------------------------------------------------

FOCUSED = """() => {
    const focused = document.activeElement;
    return { key: focused?.dataset?.key || null, target: Boolean(focused?.classList.contains('target')) };
}"""


def test_after_enter_on_tiles_the_focus_is_on_the_first_place_they_may_go(
    people: list[Person], browser: Any, server: ServerProcess
) -> None:
    """A keyboard player goes on from the first legal line, not back through every tile (A-2)."""
    kai = person(people, browser, server, "kai", width=1366, height=768)
    kai.create_table("azul", ["bot:beginner"])
    kai.wait_for_turn_or_end()
    legal = kai.table()["legal_moves"]
    move = next(move for move in legal if move[0] != "C")
    source = kai.page.locator(f'[data-key="src:{move[0]}:{move[1]}"][tabindex="0"]')
    source.focus()
    kai.page.keyboard.press("Enter")
    focused = kai.page.evaluate(FOCUSED)
    # The pattern lines come first on the board, then the floor: the first the tiles may go to.
    lines = sorted({other[2] for other in legal if other[:2] == move[:2]}, key=lambda line: (line == "F", line))
    assert focused["target"] and focused["key"] == ("floor" if lines[0] == "F" else f"line:{lines[0]}"), focused
    seq = kai.seq()
    kai.page.keyboard.press("Enter")
    kai.wait_past(seq)
    assert kai.table()["seq"] > seq


# --- what is said beside the board: previews and hints ----------------------------------------------

WHOLE = """selector => [...document.querySelectorAll(selector)].map(element => {
    const box = element.getBoundingClientRect();
    return { cut: element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1,
             inside: box.top >= 0 && box.left >= 0 && box.bottom <= innerHeight + 0.5 && box.right <= innerWidth + 0.5,
             text: element.textContent };
})"""


def test_on_a_phone_the_move_preview_is_whole_penalty_included(
    people: list[Person], browser: Any, server: ServerProcess
) -> None:
    """The preview of where chosen tiles go ends with what falls to the floor (A-6), never cut short."""
    lia = person(people, browser, server, "lia", width=390, height=844)
    lia.create_table("azul", ["bot:beginner"])
    lia.wait_for_turn_or_end()
    view = lia.table()
    factories = view["position"]["factories"]
    # Tiles from a factory that line 1 cannot all hold: some fall to the floor.
    move = next(
        move
        for move in view["legal_moves"]
        if move[0] != "C" and move[2] == "1" and factories[int(move[0]) - 1].count(move[1]) >= 2
    )
    lia.page.locator(f'[data-key="src:{move[0]}:{move[1]}"]').first.click()
    lia.page.locator('[data-key="line:1"].target').first.focus()
    lia.page.wait_for_selector(".board-panel.mine .preview:not(:empty)")
    preview = lia.page.evaluate(WHOLE, ".board-panel.mine .preview")[0]
    assert not preview["cut"], preview
    lia.screenshot("preview-phone-390x844", ".board-panel.mine")


def test_five_hints_are_all_in_view_at_1366x768(people: list[Person], browser: Any, server: ServerProcess) -> None:
    """The hints are listed whole, the best first by the value shown, without scrolling the page."""
    hal = person(people, browser, server, "hal", width=1366, height=768)
    hal.create_table("azul", ["bot:beginner"])
    hal.wait_for_turn_or_end()
    hal.page.click(".hint-button")
    hal.page.wait_for_selector(".hints li")
    hints = hal.page.evaluate(WHOLE, ".hints li")
    assert len(hints) == 5
    assert all(hint["inside"] and not hint["cut"] for hint in hints), hints
    assert fits_without_scrolling(hal)
    values = [
        int(text.split("%")[0].rsplit(" ", 1)[-1]) for text in hal.page.locator(".hints .muted").all_inner_texts()
    ]
    assert values == sorted(values, reverse=True)
    hal.screenshot("hints-1366x768")


# --- accessibility -------------------------------------------------------------------------------


def test_the_lobby_and_every_game_s_table_are_clean_for_axe(
    people: list[Person], browser: Any, server: ServerProcess
) -> None:
    """axe-core finds nothing on the lobby (signed out and in) or on a table of every game and variant."""
    visitor = Person(browser, server.url, width=1366, height=768)
    people.append(visitor)
    visitor.open("/")
    assert accessibility_violations(visitor) == [], "the lobby, signed out"
    ada = person(people, browser, server, "ada", width=1366, height=768)
    assert accessibility_violations(ada) == [], "the lobby, signed in"
    for game, options in (
        ("azul", {}),
        ("azul", {"wall": "grey"}),
        ("chocolatier", {"box": "brown", "special_factories": True}),
        ("pavilion", {}),
        ("pavilion", {"board": "colourless"}),
    ):
        ada.open("/")
        ada.create_table(game, ["bot:beginner"], options)
        ada.wait_for_turn_or_end()
        assert accessibility_violations(ada) == [], f"{game} {options}"


def test_after_a_reload_each_board_still_shows_the_last_round_s_points(
    people: list[Person], browser: Any, server: ServerProcess
) -> None:
    """A-8: the points of the round just tiled stay beside each score when the page is opened again."""
    rae = person(people, browser, server, "rae", width=1366, height=768)
    rae.create_table("azul", ["bot:beginner"])
    chooser = random.Random(3)
    while rae.wait_for_turn_or_end() == "turn" and rae.table()["round"] < 2:
        rae.play(chooser.choice(rae.table()["legal_moves"]))
    scores = rae.table()["scores"]
    # The table's own boards (the rules panel draws boards of its own).
    shown = [gain.replace("−", "-") for gain in rae.page.locator(".play .board-panel .round-gain").all_inner_texts()]
    assert len(shown) == 2
    rae.page.reload()
    rae.page.wait_for_selector("body[data-ready] .board-panel")
    again = [gain.replace("−", "-") for gain in rae.page.locator(".play .board-panel .round-gain").all_inner_texts()]
    assert again == shown
    by_seat = {
        int(panel.get_attribute("data-seat") or 0): int(panel.locator(".round-gain").inner_text().replace("−", "-"))
        for panel in rae.page.locator(".play .board-panel").all()
    }
    assert by_seat == {seat: score for seat, score in enumerate(scores)}, "round 1 began at 0 (A-1)"


# --- the dark theme and the zoom -------------------------------------------------------------------


def test_the_dark_theme_follows_the_system_or_the_switch_and_stays_clean_for_axe(
    people: list[Person], browser: Any, server: ServerProcess
) -> None:
    """A dark system gets the dark theme until the switch says otherwise; the boards keep their colours."""
    una = person(people, browser, server, "una", width=1366, height=768)
    una.page.emulate_media(color_scheme="dark")
    una.page.wait_for_selector("html[data-theme=dark]")
    una.create_table("chocolatier", ["bot:beginner"], {"special_factories": True})
    una.wait_for_turn_or_end()
    page_colour = parse(una.page.evaluate("getComputedStyle(document.documentElement).backgroundColor"))[0]
    assert sum(page_colour) < 3 * 60, page_colour
    plate = una.page.evaluate("getComputedStyle(document.querySelector('.board-plate')).fill")
    assert accessibility_violations(una) == [], "a table in the dark theme"
    una.screenshot("chocolatier-dark-1366x768")
    una.page.select_option("#theme", "light")
    una.page.wait_for_selector("html[data-theme=light]")
    assert una.page.evaluate("getComputedStyle(document.querySelector('.board-plate')).fill") == plate
    una.page.reload()
    una.page.wait_for_selector("body[data-ready] html[data-theme=light], html[data-theme=light] body[data-ready]")
    una.page.select_option("#theme", "dark")
    una.open("/")
    assert una.page.locator("html[data-theme=dark]").count() == 1, "the choice is remembered"
    assert accessibility_violations(una) == [], "the lobby in the dark theme"


def test_the_zoom_draws_the_table_larger_and_back_to_one_screen(
    people: list[Person], browser: Any, server: ServerProcess
) -> None:
    zoe = person(people, browser, server, "zoe", width=1366, height=768)
    zoe.create_table("azul", ["bot:beginner"] * 3)
    zoe.wait_for_turn_or_end()
    before = zoe.page.evaluate(OTHER_PLATES)
    zoe.page.click(".zoom-in")
    zoe.page.click(".zoom-in")
    assert zoe.page.locator(".zoom-reset").inner_text() == "150 %"
    after = zoe.page.evaluate(OTHER_PLATES)
    assert min(after) > 1.3 * min(before), (before, after)
    assert not fits_without_scrolling(zoe)
    zoe.screenshot("azul-4p-zoom-150-1366x768")
    zoe.page.click(".zoom-reset")
    assert zoe.page.evaluate(OTHER_PLATES) == before
    assert fits_without_scrolling(zoe)
