"""Azul's tutorial: thirteen lessons from the first take to the end of the game, the grey wall last."""

from __future__ import annotations

from mozaika.lessons.model import Lesson, Step, Tutorial, Words

LESSONS = (
    Lesson(
        id="take",
        rules=("F-1", "A-1", "A-2", "A-3"),
        title=Words("Taking tiles", "Braní dlaždic"),
        position="azul r:1 p:offer t:1 s:1 m:c f:BBYR/KKWW/YRRR/BYKW/YYYY 1:0,-/-/-/-/-,5/5/5/5/5,- "
        "2:0,-/-/-/-/-,5/5/5/5/5,-",
        text=Words(
            "Two players play with five factories, each filled with four tiles from the bag. A round starts with "
            "the factory offer: on your turn you take every tile of one colour from one factory. "
            "Take the two blue tiles of factory 1 and put them on pattern line 2.",
            "Dva hráči hrají s pěti výlohami, na každé jsou čtyři dlaždice ze sáčku. Kolo začíná nabídkou výloh: "
            "na tahu si vezmete všechny dlaždice jedné barvy z jedné výlohy. "
            "Vezměte obě modré dlaždice z výlohy 1 a položte je do přípravné řady 2.",
        ),
        steps=(
            Step(
                moves=("1B2",),
                hint=Words(
                    "Choose the blue tiles of factory 1 (the first one), then pattern line 2 on your board.",
                    "Zvolte modré dlaždice výlohy 1 (té první) a pak přípravnou řadu 2 na svém herním plánu.",
                ),
            ),
        ),
        explanation=Words(
            "You took both blue tiles; the yellow and the red tile left on the factory went to the centre of the "
            "table. Later, anyone may take a colour from the centre instead of a factory.",
            "Vzali jste obě modré dlaždice; žlutá a červená, které na výloze zbyly, se přesunuly do středu stolu. "
            "Později si kdokoli může místo z výlohy vzít barvu ze středu stolu.",
        ),
    ),
    Lesson(
        id="pattern-line",
        rules=("A-4",),
        title=Words("Pattern lines", "Přípravné řady"),
        position="azul r:1 p:offer t:1 s:1 m:c f:-/KKWW/YRRR/BYKW/YYYY c:YR 1:0,-/BB/-/-/-,5/5/5/5/5,- "
        "2:0,-/-/-/-/K,5/5/5/5/5,-",
        text=Words(
            "Pattern line 1 holds one tile, line 2 two tiles, and so on up to line 5 with five. A line is complete "
            "when it is full. Fill pattern line 3 exactly: take the three red tiles of factory 3.",
            "Přípravná řada 1 pojme jednu dlaždici, řada 2 dvě a tak dále až po řadu 5 s pěti. Řada je hotová, "
            "když je plná. Zaplňte přesně přípravnou řadu 3: vezměte tři červené dlaždice z výlohy 3.",
        ),
        steps=(
            Step(
                moves=("3R3",),
                hint=Words(
                    "Line 3 holds exactly three tiles: take the red tiles of factory 3 and choose line 3.",
                    "Řada 3 pojme právě tři dlaždice: vezměte červené dlaždice z výlohy 3 a zvolte řadu 3.",
                ),
            ),
        ),
        explanation=Words(
            "Line 3 is complete. At the end of the round one of its tiles moves to your wall and scores.",
            "Řada 3 je hotová. Na konci kola se jedna její dlaždice přesune na stěnu a získá body.",
        ),
    ),
    Lesson(
        id="wall-row",
        rules=("A-4", "A-9"),
        title=Words("The wall decides", "Rozhoduje stěna"),
        position="azul r:2 p:offer t:1 s:1 m:2 f:-/BBYR/-/-/KKWW c:YY 1:2,-/-/-/-/-,B4/5/5/5/5,- "
        "2:1,-/-/-/-/-,5/5/5/5/5,1",
        text=Words(
            "Each wall row has one space of each colour, in a pattern that shifts by one from row to row. A pattern "
            "line takes only a colour that its wall row does not have yet. Your row 1 already has blue: put the two "
            "blue tiles of factory 2 on line 2.",
            "Každý řádek stěny má jedno místo pro každou barvu, vzor se z řádku na řádek posouvá o jedno místo. "
            "Přípravná řada přijme jen barvu, kterou její řádek stěny ještě nemá. Váš řádek 1 už modrou má: "
            "položte obě modré dlaždice z výlohy 2 do řady 2.",
        ),
        steps=(
            Step(
                moves=("2B2",),
                hint=Words(
                    "Line 1 refuses blue because row 1 of your wall has it. Take the blue tiles of factory 2 to "
                    "line 2.",
                    "Řada 1 modrou nepřijme, protože ji řádek 1 vaší stěny už má. Vezměte modré dlaždice z výlohy 2 "
                    "do řady 2.",
                ),
            ),
        ),
        explanation=Words(
            "Line 2 is full. Its blue tile will go to row 2 of the wall, where blue is the second space.",
            "Řada 2 je plná. Její modrá dlaždice půjde do řádku 2 stěny, kde je modrá na druhém místě.",
        ),
    ),
    Lesson(
        id="overflow",
        rules=("A-4", "A-5"),
        title=Words("Too many tiles", "Příliš mnoho dlaždic"),
        position="azul r:1 p:offer t:1 s:1 m:c f:-/KKWW/-/BYKW/YYYY c:YYRR 1:0,-/BB/-/-/-,5/5/5/5/5,- "
        "2:0,-/-/RRR/-/K,5/5/5/5/5,-",
        text=Words(
            "All the tiles you take go to one line. Those that do not fit fall to your floor line, which costs "
            "points at the end of the round: -1, -1, -2, -2, -2, -3, -3. Take the four yellow tiles of factory 5 "
            "onto line 3.",
            "Všechny vzaté dlaždice jdou do jedné řady. Ty, které se nevejdou, padají na podlahu, a ta na konci "
            "kola stojí body: -1, -1, -2, -2, -2, -3, -3. Vezměte čtyři žluté dlaždice z výlohy 5 do řady 3.",
        ),
        steps=(
            Step(
                moves=("5Y3",),
                hint=Words(
                    "Take the yellow tiles of factory 5 and choose pattern line 3.",
                    "Vezměte žluté dlaždice z výlohy 5 a zvolte přípravnou řadu 3.",
                ),
            ),
        ),
        explanation=Words(
            "Three yellow tiles filled line 3 and the fourth fell to the floor: it will cost you 1 point when the "
            "round ends.",
            "Tři žluté dlaždice zaplnily řadu 3 a čtvrtá spadla na podlahu: na konci kola vás bude stát 1 bod.",
        ),
    ),
    Lesson(
        id="centre",
        rules=("A-3", "F-3"),
        title=Words("The centre and the first-player marker", "Střed stolu a žeton začínajícího hráče"),
        position="azul r:1 p:offer t:1 s:1 m:c f:-/-/-/BYKW/- c:YYRRKKWW 1:0,-/-/-/-/-,5/5/5/5/5,- "
        "2:0,-/-/RRR/-/-,5/5/5/5/5,K",
        text=Words(
            "Players take turns clockwise. The first player to take from the centre also takes the first-player "
            "marker: it goes to their floor line and costs a point, but they start the next round. "
            "Take the two red tiles from the centre onto line 2.",
            "Hráči se střídají po směru hodinových ručiček. Kdo si jako první vezme ze středu stolu, vezme si i "
            "žeton začínajícího hráče: jde na jeho podlahu a stojí bod, ale v dalším kole začíná. "
            "Vezměte dvě červené dlaždice ze středu stolu do řady 2.",
        ),
        steps=(
            Step(
                moves=("CR2",),
                hint=Words(
                    "The red tiles lie in the centre of the table, not on a factory. Choose them, then line 2.",
                    "Červené dlaždice leží ve středu stolu, ne na výloze. Zvolte je a pak řadu 2.",
                ),
            ),
        ),
        explanation=Words(
            "You took the red tiles and the first-player marker, which now lies on your floor line.",
            "Vzali jste červené dlaždice i žeton začínajícího hráče, který teď leží na vaší podlaze.",
        ),
    ),
    Lesson(
        id="floor",
        rules=("A-4", "A-5"),
        title=Words("The floor by choice", "Podlaha z vlastní vůle"),
        position="azul r:2 p:offer t:1 s:1 m:1 f:-/-/KKKK/-/- c:BY 1:4,-/YY/RRR/BBBB/WW,B4/5/5/5/5,1 "
        "2:2,-/-/-/-/-,5/5/5/5/5,-",
        text=Words(
            "You must take tiles while any are left, and you may always put them straight on the floor line. "
            "Every pattern line of yours already holds another colour: put the four black tiles of factory 3 on "
            "the floor.",
            "Dokud nějaké dlaždice zbývají, musíte brát, a vždy je smíte položit rovnou na podlahu. Každá vaše "
            "přípravná řada už má jinou barvu: položte čtyři černé dlaždice z výlohy 3 na podlahu.",
        ),
        steps=(
            Step(
                moves=("3KF",),
                hint=Words(
                    "Take the black tiles of factory 3 and choose your floor line, below the pattern lines.",
                    "Vezměte černé dlaždice z výlohy 3 a zvolte svou podlahu pod přípravnými řadami.",
                ),
            ),
        ),
        explanation=Words(
            "The black tiles lie on your floor next to the marker. Your lines stay as they were, ready to be "
            "completed.",
            "Černé dlaždice leží na podlaze vedle žetonu. Vaše řady zůstaly, jak byly, připravené k dokončení.",
        ),
    ),
    Lesson(
        id="tiling",
        rules=("A-6", "A-7", "A-5"),
        title=Words("Wall tiling", "Obkládání stěny"),
        position="azul r:1 p:offer t:1 s:1 m:1 f:-/-/-/-/- c:W 1:5,-/W/-/-/-,5/5/5/5/5,1Y 2:3,-/-/RRR/-/-,5/5/5/5/5,K",
        text=Words(
            "The offer ends when no tile is left on the factories or in the centre. Then every complete pattern "
            "line moves one tile to the wall, which scores at once, and the floor costs its points. Take the last "
            "white tile onto line 2.",
            "Nabídka výloh končí, když na výlohách ani ve středu stolu nezbývá žádná dlaždice. Pak každá hotová "
            "přípravná řada přesune jednu dlaždici na stěnu, ta hned získá body, a podlaha stojí své body. "
            "Vezměte poslední bílou dlaždici do řady 2.",
        ),
        steps=(
            Step(
                moves=("CW2",),
                hint=Words(
                    "Line 2 already holds one white tile: the white tile from the centre completes it.",
                    "Řada 2 už jednu bílou dlaždici má: bílá dlaždice ze středu stolu ji dokončí.",
                ),
            ),
        ),
        explanation=Words(
            "Line 2 was complete: one white tile moved to the wall for 1 point and the other went to the lid. "
            "Your floor held the marker and a yellow tile: -2. In all you lost 1 point. The marker returns to "
            "you, and you start the next round.",
            "Řada 2 byla hotová: jedna bílá dlaždice se přesunula na stěnu za 1 bod a druhá do víka krabice. "
            "Na podlaze byl žeton a žlutá dlaždice: -2. Celkem jste ztratili 1 bod. Žeton se vrací k vám a "
            "další kolo začínáte vy.",
        ),
        gain=-1,
    ),
    Lesson(
        id="row-score",
        rules=("A-8", "A-7"),
        title=Words("Scoring a row", "Body za řadu"),
        position="azul r:3 p:offer t:1 s:1 m:2 f:-/-/-/-/- c:R 1:0,-/-/-/-/-,BY3/5/5/5/5,- 2:0,-/-/-/-/-,5/5/5/5/5,1",
        text=Words(
            "A tile placed on the wall scores 1 point alone; next to other tiles it scores the length of the "
            "unbroken run it joins, across and down. Your wall row 1 has blue and yellow: complete line 1 with "
            "the red tile.",
            "Dlaždice položená na stěnu sama získá 1 bod; vedle jiných dlaždic získá tolik bodů, kolik je dlouhá "
            "nepřerušená řada, ke které se připojí, vodorovně i svisle. Váš řádek 1 má modrou a žlutou: "
            "doplňte řadu 1 červenou dlaždicí.",
        ),
        steps=(
            Step(
                moves=("CR1",),
                hint=Words(
                    "Line 1 holds one tile: take the red tile from the centre and choose line 1.",
                    "Řada 1 pojme jednu dlaždici: vezměte červenou dlaždici ze středu stolu a zvolte řadu 1.",
                ),
            ),
        ),
        explanation=Words(
            "The red tile joined blue and yellow: a run of three across, 3 points.",
            "Červená dlaždice se připojila k modré a žluté: vodorovná řada tří, 3 body.",
        ),
        gain=3,
    ),
    Lesson(
        id="seven-points",
        rules=("A-8",),
        title=Words("The rulebook's example: 7 points", "Příklad z pravidel: 7 bodů"),
        position="azul r:4 p:offer t:1 s:1 m:2 f:-/-/-/-/- c:Y lid:5.0.1.2.2 1:0,-/-/YY/-/-,5/3R1/KWB2/3B1/5,- "
        "2:0,-/-/-/-/-,5/5/5/5/5,1",
        text=Words(
            "The example from the rulebook: your yellow tile will land on row 3 next to black, white and blue, "
            "between the red tile above and the blue one below. Complete line 3 with the last yellow tile.",
            "Příklad z pravidel: vaše žlutá dlaždice přistane v řádku 3 vedle černé, bílé a modré, mezi červenou "
            "nad ní a modrou pod ní. Dokončete řadu 3 poslední žlutou dlaždicí.",
        ),
        steps=(
            Step(
                moves=("CY3",),
                hint=Words(
                    "Line 3 holds two yellow tiles and needs one more: the yellow tile in the centre.",
                    "Řada 3 má dvě žluté dlaždice a potřebuje ještě jednu: žlutou ze středu stolu.",
                ),
            ),
        ),
        explanation=Words(
            "Across, the yellow tile completes a run of 4; down, a run of 3. A tile counts in both: 4 + 3 = 7 points.",
            "Vodorovně žlutá dlaždice doplní řadu 4 dlaždic, svisle řadu 3. Dlaždice se počítá v obou: 4 + 3 = 7 bodů.",
        ),
        gain=7,
    ),
    Lesson(
        id="next-round",
        rules=("A-11", "F-2", "F-4"),
        title=Words("The next round", "Další kolo"),
        position="azul r:4 p:offer t:1 s:1 m:2 f:-/-/-/-/- c:B lid:1.0.0.0.1 1:6,-/B/-/-/-,B1RK1/5/5/5/5,- "
        "2:5,-/-/-/-/-,B4/WB3/5/5/5,1",
        text=Words(
            "After the wall tiling, the factories are filled again with four tiles each from the bag; when the "
            "bag runs out, the tiles in the lid go back into it. No tile is ever lost. The holder of the "
            "first-player marker starts. Take the last blue tile onto line 2.",
            "Po obkládání stěn se výlohy znovu naplní čtyřmi dlaždicemi ze sáčku; když sáček dojde, vrátí se do "
            "něj dlaždice z víka krabice. Žádná dlaždice se neztratí. Začíná držitel žetonu začínajícího hráče. "
            "Vezměte poslední modrou dlaždici do řady 2.",
        ),
        steps=(
            Step(
                moves=("CB2",),
                hint=Words(
                    "Line 2 holds one blue tile: the blue tile in the centre completes it.",
                    "Řada 2 má jednu modrou dlaždici: modrá ze středu stolu ji dokončí.",
                ),
            ),
        ),
        explanation=Words(
            "Your blue tile scored 1 point. Your opponent held the marker, lost 1 point for it and starts the "
            "new round; the factories are full again.",
            "Vaše modrá dlaždice získala 1 bod. Soupeř měl žeton, ztratil za něj 1 bod a nové kolo začíná on; "
            "výlohy jsou znovu plné.",
        ),
        gain=1,
    ),
    Lesson(
        id="game-end",
        rules=("A-12", "A-13"),
        title=Words("The end of the game", "Konec hry"),
        position="azul r:5 p:offer t:1 s:1 m:2 f:-/-/-/-/- c:W lid:1.0.0.2.1 1:18,-/-/-/-/-,BYRK1/W4/K4/5/5,- "
        "2:26,-/-/-/-/-,BY3/1B3/5/5/5,1",
        text=Words(
            "The game ends after the wall tiling in which someone completes a row of the wall. Each complete row "
            "earns 2 more points. On equal scores, the player with more complete rows wins. Complete your row 1 "
            "with the white tile.",
            "Hra končí po obkládání stěn, ve kterém někdo dokončí vodorovný řádek stěny. Každý hotový řádek "
            "přinese ještě 2 body. Při rovnosti bodů vyhrává hráč s více hotovými řádky. Dokončete svůj řádek 1 "
            "bílou dlaždicí.",
        ),
        steps=(
            Step(
                moves=("CW1",),
                hint=Words(
                    "Row 1 of your wall misses only white: take the white tile onto line 1.",
                    "Řádku 1 vaší stěny chybí jen bílá: vezměte bílou dlaždici do řady 1.",
                ),
            ),
        ),
        explanation=Words(
            "The white tile scored 5 points for the row of five and 2 more for the complete row: 7. Your opponent "
            "lost 1 point for the marker, so you both have 25 points, and you win with more complete rows.",
            "Bílá dlaždice získala 5 bodů za řadu pěti a 2 body navíc za hotový řádek: 7. Soupeř ztratil 1 bod "
            "za žeton, takže máte oba 25 bodů, a vyhráváte vy, protože máte více hotových řádků.",
        ),
        gain=7,
        ends_game=True,
    ),
    Lesson(
        id="bonuses",
        rules=("A-12",),
        title=Words("Bonuses: rows, columns, colours", "Bonusy: řádky, sloupce, barvy"),
        position="azul r:6 p:offer t:1 s:1 m:2 f:-/-/-/-/- c:BBBBB lid:7.3.2.1.0 "
        "1:30,-/-/-/-/-,BYRKW/1B2K/2B1R/3BY/5,- 2:32,-/-/-/-/-,BY3/1B3/5/5/5,1",
        text=Words(
            "At the end, each complete row earns 2 points, each complete column 7 and each colour with all five "
            "tiles on the wall 10. Your last blue tile belongs to row 5: complete line 5 with the five blue tiles.",
            "Na konci přinese každý hotový řádek 2 body, každý hotový sloupec 7 a každá barva se všemi pěti "
            "dlaždicemi na stěně 10. Vaše poslední modrá patří do řádku 5: zaplňte řadu 5 pěti modrými "
            "dlaždicemi.",
        ),
        steps=(
            Step(
                moves=("CB5",),
                hint=Words(
                    "Line 5 holds five tiles, and the centre holds five blue ones.",
                    "Řada 5 pojme pět dlaždic a ve středu stolu je pět modrých.",
                ),
            ),
        ),
        explanation=Words(
            "The blue tile scored 5 for the column of five; then the bonuses: 2 for row 1, 7 for column 5 and 10 "
            "for all five blue tiles. 24 points in all.",
            "Modrá dlaždice získala 5 bodů za sloupec pěti; pak bonusy: 2 za řádek 1, 7 za sloupec 5 a 10 za "
            "všech pět modrých dlaždic. Celkem 24 bodů.",
        ),
        gain=24,
        ends_game=True,
    ),
    Lesson(
        id="grey-wall",
        rules=("A-10",),
        title=Words("Variant: the grey wall", "Varianta: šedá stěna"),
        position="azul+grey r:2 p:offer t:1 s:1 m:2 f:-/-/-/-/- c:R lid:2.0.1.0.0 1:3,-/-/RR/-/-,B4/1R3/2B2/5/5,- "
        "2:4,-/-/-/-/-,Y4/5/5/5/5,1",
        text=Words(
            "On the grey wall no colours are printed: when a line is complete you choose its column, but each "
            "colour only once in every row and every column. Complete line 3 with the red tile, then put it in "
            "column 4, next to your blue tile.",
            "Na šedé stěně nejsou barvy natištěné: když je řada hotová, vyberete jí sloupec, ale každou barvu jen "
            "jednou v každém řádku i sloupci. Dokončete řadu 3 červenou dlaždicí a pak ji dejte do sloupce 4, "
            "vedle své modré.",
        ),
        steps=(
            Step(
                moves=("CR3",),
                hint=Words(
                    "First the take: the red tile from the centre onto line 3.",
                    "Nejdřív braní: červená dlaždice ze středu stolu do řady 3.",
                ),
            ),
            Step(
                moves=("P1:3>4",),
                hint=Words(
                    "Column 2 already has red. Choose column 4 of row 3, right of the blue tile, to score 2 points.",
                    "Sloupec 2 už červenou má. Vyberte sloupec 4 v řádku 3, vpravo od modré, a získáte 2 body.",
                ),
            ),
        ),
        explanation=Words(
            "The red tile joined the blue one: 2 points. Had no column been free for red, the whole line would "
            "have gone to the floor.",
            "Červená dlaždice se připojila k modré: 2 body. Kdyby pro červenou nebyl volný žádný sloupec, šla "
            "by celá řada na podlahu.",
        ),
        gain=2,
    ),
)

TUTORIAL = Tutorial(game="azul", title=Words("Learn to play Azul", "Naučte se hrát Azul"), lessons=LESSONS)
