"""Summer Pavilion's tutorial: taking and placing tiles, scoring and bonuses, the colourless stars last."""

from __future__ import annotations

from mozaika.lessons.model import Lesson, Step, Tutorial, Words

TABLE = "f:-/-/-/-/- sup:OORRBBYYGP"

LESSONS = (
    Lesson(
        id="take",
        rules=("F-1", "S-4", "S-5"),
        title=Words("Taking tiles and the wild colour", "Braní dílků a žolíková barva"),
        position="pavilion r:1 p:acquisition t:1 s:1 m:c f:OORB/RRGP/YYGG/OBPP/RYGG sup:OORRBBYYGP "
        "1:5,-,6/6/6/6/6/6/6 2:5,-,6/6/6/6/6/6/6",
        text=Words(
            "Everyone starts with 5 points. Each round has a wild colour: purple in round 1. On your turn you "
            "take every tile of one colour from a factory, and one wild tile with them if the factory has one. "
            "Take the red tiles of factory 2.",
            "Každý začíná s 5 body. Každé kolo má žolíkovou barvu: v 1. kole fialovou. Na tahu si vezmete "
            "všechny dílky jedné barvy z výlohy, a pokud na ní je žolík, i jeden žolíkový dílek. Vezměte "
            "červené dílky z výlohy 2.",
        ),
        steps=(
            Step(
                moves=("2R",),
                hint=Words(
                    "Choose the red tiles of factory 2, the second factory.",
                    "Zvolte červené dílky výlohy 2, té druhé.",
                ),
            ),
        ),
        explanation=Words(
            "You took two red tiles and the purple wild tile into your hand; the green tile went to the centre.",
            "Vzali jste si do ruky dva červené dílky a fialový žolík; zelený dílek šel do středu stolu.",
        ),
    ),
    Lesson(
        id="centre",
        rules=("S-5", "F-3"),
        title=Words("The centre costs points", "Střed stolu stojí body"),
        position="pavilion r:1 p:acquisition t:1 s:1 m:c f:-/-/YYGG/OBPP/- c:OORRB sup:OORRBBYYGP "
        "1:5,RRP,6/6/6/6/6/6/6 2:5,OOB,6/6/6/6/6/6/6",
        text=Words(
            "Players take turns clockwise. The first to take from the centre takes the first-player marker and "
            "loses a point for every tile taken. Take the two orange tiles from the centre.",
            "Hráči se střídají po směru hodinových ručiček. Kdo první bere ze středu stolu, vezme si žeton "
            "začínajícího hráče a ztratí bod za každý vzatý dílek. Vezměte dva oranžové dílky ze středu stolu.",
        ),
        steps=(
            Step(
                moves=("CO",),
                hint=Words(
                    "The orange tiles lie in the centre of the table: choose them.",
                    "Oranžové dílky leží ve středu stolu: zvolte je.",
                ),
            ),
        ),
        explanation=Words(
            "You took two orange tiles and the marker, and lost 2 points. You will place first this round and "
            "start the next one.",
            "Vzali jste dva oranžové dílky i žeton a ztratili 2 body. V tomto kole budete pokládat první a příští "
            "kolo začnete.",
        ),
        gain=-2,
    ),
    Lesson(
        id="placement-phase",
        rules=("S-6", "S-7"),
        title=Words("From taking to placing", "Od braní k pokládání"),
        position="pavilion r:1 p:acquisition t:1 s:1 m:2 f:-/-/-/-/- c:GG sup:OORRBBYYGP "
        "1:5,RRP,6/6/6/6/6/6/6 2:3,OOB,6/6/6/6/6/6/6",
        text=Words(
            "Taking ends when the factories and the centre are empty. Then players place tiles on their stars, "
            "the holder of the first-player marker first. Take the last two green tiles.",
            "Braní končí, když jsou výlohy i střed stolu prázdné. Pak hráči pokládají dílky na své hvězdy, jako "
            "první držitel žetonu začínajícího hráče. Vezměte poslední dva zelené dílky.",
        ),
        steps=(
            Step(
                moves=("CG",),
                hint=Words(
                    "Only the green tiles in the centre are left: choose them.",
                    "Zbyly jen zelené dílky ve středu stolu: zvolte je.",
                ),
            ),
        ),
        explanation=Words(
            "The table is empty: the placement begins, and your opponent, who holds the marker, places first.",
            "Stůl je prázdný: začíná pokládání a jako první pokládá soupeř, který má žeton.",
        ),
    ),
    Lesson(
        id="place",
        rules=("S-1", "S-8"),
        title=Words("Placing a tile", "Položení dílku"),
        position="pavilion r:1 p:placement t:1 s:1 m:c " + TABLE + " 1:6,RRRBBP,6/6/6/6/6/6/6 "
        "2:8,OOB,6/6/6/6/6/6/6,passed",
        text=Words(
            "Your board has six coloured stars around the centre star. Each space shows a number: placing there "
            "costs that many tiles of the star's colour, one on the space and the rest to the tower. Place a red "
            "tile on space 1 of the red star.",
            "Vaše deska má šest barevných hvězd kolem neutrální hvězdy uprostřed. Každé pole má číslo: položení "
            "stojí tolik dílků barvy hvězdy, jeden na pole a zbytek do věže. Položte červený dílek na pole 1 "
            "červené hvězdy.",
        ),
        steps=(
            Step(
                moves=("R1R",),
                hint=Words(
                    "Find the red star and choose its space 1: it costs a single red tile.",
                    "Najděte červenou hvězdu a zvolte její pole 1: stojí jediný červený dílek.",
                ),
            ),
        ),
        explanation=Words(
            "The red tile lies on space 1 and scored 1 point.",
            "Červený dílek leží na poli 1 a získal 1 bod.",
        ),
        gain=1,
    ),
    Lesson(
        id="wilds",
        rules=("S-8",),
        title=Words("The rulebook's example: paying with wild tiles", "Příklad z pravidel: placení žolíky"),
        position="pavilion r:1 p:placement t:1 s:1 m:c " + TABLE + " 1:6,GPPP,6/6/6/6/6/6/6 "
        "2:8,OOB,6/6/6/6/6/6/6,passed",
        text=Words(
            "The example from the rulebook: tiles of the round's wild colour (purple now) may pay for a space "
            "in place of the star's colour, but the tile on the space must be of that colour. You hold one "
            "green and three purple tiles: place the green tile on space 4 of the green star, paying with the "
            "three purple ones.",
            "Příklad z pravidel: dílky žolíkové barvy kola (teď fialové) mohou za pole platit místo barvy "
            "hvězdy, ale dílek na poli musí mít její barvu. Máte jeden zelený a tři fialové dílky: položte "
            "zelený dílek na pole 4 zelené hvězdy a zaplaťte třemi fialovými.",
        ),
        steps=(
            Step(
                moves=("G4G+3",),
                hint=Words(
                    "Choose space 4 of the green star, then the payment with three wild tiles.",
                    "Zvolte pole 4 zelené hvězdy a pak platbu se třemi žolíky.",
                ),
            ),
        ),
        explanation=Words(
            "The green tile is on the space, the three purple tiles paid the rest into the tower: 1 point, as "
            "the tile touches no other. With the same purple tiles you could instead have filled space 3 of "
            "the purple star.",
            "Zelený dílek leží na poli, tři fialové zaplatily zbytek do věže: 1 bod, protože dílek nesousedí "
            "s žádným jiným. Stejnými fialovými dílky jste mohli místo toho obsadit pole 3 fialové hvězdy.",
        ),
        gain=1,
    ),
    Lesson(
        id="scoring",
        rules=("S-2", "S-9"),
        title=Words("Scoring along a star", "Body po obvodu hvězdy"),
        position="pavilion r:1 p:placement t:1 s:1 m:c " + TABLE + " 1:9,RRRB,6/RR4/6/6/6/6/6 "
        "2:8,OOB,6/6/6/6/6/6/6,passed",
        text=Words(
            "Tiles touch only within a star, around its ring. A tile scores 1 alone, or the length of the "
            "unbroken arc it joins. Your red star has spaces 1 and 2: place a red tile on space 3.",
            "Dílky sousedí jen v rámci jedné hvězdy, po jejím obvodu. Dílek sám získá 1 bod, jinak tolik, kolik "
            "je dlouhý nepřerušený oblouk, ke kterému se připojí. Vaše červená hvězda má pole 1 a 2: položte "
            "červený dílek na pole 3.",
        ),
        steps=(
            Step(
                moves=("R3R",),
                hint=Words(
                    "Space 3 of the red star is next to your two red tiles; it costs three red tiles.",
                    "Pole 3 červené hvězdy sousedí s vašimi dvěma červenými dílky; stojí tři červené dílky.",
                ),
            ),
        ),
        explanation=Words(
            "The arc of three red tiles scored 3 points.",
            "Oblouk tří červených dílků získal 3 body.",
        ),
        gain=3,
    ),
    Lesson(
        id="centre-star",
        rules=("S-8",),
        title=Words("The centre star", "Neutrální hvězda uprostřed"),
        position="pavilion r:1 p:placement t:1 s:1 m:c " + TABLE + " 1:9,RBBY,6/6/6/6/6/6/R5 "
        "2:8,OOB,6/6/6/6/6/6/6,passed",
        text=Words(
            "The centre star takes every colour, but each colour only once. It holds a red tile: place a blue "
            "tile on its space 2.",
            "Neutrální hvězda uprostřed přijme každou barvu, ale každou jen jednou. Má červený dílek: položte "
            "modrý dílek na její pole 2.",
        ),
        steps=(
            Step(
                moves=("C2B",),
                hint=Words(
                    "Red is already on the centre star. Choose its space 2, then blue.",
                    "Červená už na hvězdě uprostřed je. Zvolte její pole 2 a pak modrou.",
                ),
            ),
        ),
        explanation=Words(
            "Blue joined red: 2 points. Red cannot go on the centre star again.",
            "Modrá se připojila k červené: 2 body. Červenou už na hvězdu uprostřed položit nelze.",
        ),
        gain=2,
    ),
    Lesson(
        id="bonus",
        rules=("S-3", "S-10", "F-2"),
        title=Words("Windows, statues and pillars", "Okna, sochy a sloupy"),
        position="pavilion r:1 p:placement t:1 s:1 m:c " + TABLE + " 1:9,OOOOOY,5O/6/6/6/6/6/6 "
        "2:8,GG,6/6/6/6/6/6/6,passed",
        text=Words(
            "Surrounding a window (spaces 5 and 6 of a star) earns 3 tiles of your choice from the supply, a "
            "statue 2 and a pillar 1; the supply is then refilled from the bag. Place an orange tile on space 5 "
            "of the orange star, then take two blue tiles and a yellow one.",
            "Obklopení okna (pole 5 a 6 hvězdy) přinese 3 dílky podle vašeho výběru z obecné zásoby, socha 2 a "
            "sloup 1; zásoba se pak doplní ze sáčku. Položte oranžový dílek na pole 5 oranžové hvězdy a pak si "
            "vezměte dva modré a jeden žlutý dílek.",
        ),
        steps=(
            Step(
                moves=("O5O",),
                hint=Words(
                    "Space 5 of the orange star is next to space 6, which is filled: it costs five orange tiles.",
                    "Pole 5 oranžové hvězdy sousedí s obsazeným polem 6: stojí pět oranžových dílků.",
                ),
            ),
            Step(
                moves=("pick:BBY",),
                hint=Words(
                    "Choose two blue tiles and one yellow tile from the supply.",
                    "Vyberte ze zásoby dva modré dílky a jeden žlutý.",
                ),
            ),
        ),
        explanation=Words(
            "The arc of two scored 2 points, and the window gave you three tiles for later turns.",
            "Oblouk dvou získal 2 body a okno vám dalo tři dílky na další tahy.",
        ),
        gain=2,
    ),
    Lesson(
        id="pass",
        rules=("S-11", "S-12", "F-4"),
        title=Words("Passing and the next round", "Pas a další kolo"),
        position="pavilion r:1 p:placement t:1 s:1 m:2 " + TABLE + " 1:12,RRBBYYG,6/RR4/6/6/6/6/6 "
        "2:8,OOB,O5/6/6/6/6/6/6,passed",
        text=Words(
            "When you pass, you keep up to four tiles for the next round and discard the rest to the tower at "
            "-1 point each. Pass and keep the two red and two blue tiles.",
            "Když se vzdáte tahu (pas), ponecháte si až čtyři dílky na další kolo a zbytek odložíte do věže za "
            "-1 bod každý. Vzdejte se tahu a ponechte si dva červené a dva modré dílky.",
        ),
        steps=(
            Step(
                moves=("pass:RRBB",),
                hint=Words(
                    "Pass, then choose to keep the red and the blue tiles.",
                    "Vzdejte se tahu a zvolte, že si ponecháte červené a modré dílky.",
                ),
            ),
        ),
        explanation=Words(
            "Three tiles went to the tower: -3 points. Everyone has passed, so round 2 begins: the factories are "
            "full again, your kept tiles are back in your hand, and the marker holder starts.",
            "Tři dílky šly do věže: -3 body. Všichni se vzdali tahu, začíná tedy 2. kolo: výlohy jsou znovu "
            "plné, ponechané dílky máte zpět v ruce a začíná držitel žetonu.",
        ),
        gain=-3,
    ),
    Lesson(
        id="game-end",
        rules=("S-13", "S-14"),
        title=Words("The end of the game", "Konec hry"),
        position="pavilion r:6 p:placement t:1 s:1 m:c " + TABLE + " 1:40,BY,6/RRRRRR/6/1YYYYY/6/6/6 "
        "2:50,G,O5/6/6/6/6/6/6,passed",
        text=Words(
            "The game ends after round 6. Each completed star then scores its bonus (centre 12, red 14, blue 15, "
            "yellow 16, orange 17, green 18, purple 20), and so does every number filled on all stars. Complete "
            "your yellow star on space 1, then pass.",
            "Hra končí po 6. kole. Pak každá dokončená hvězda získá svůj bonus (uprostřed 12, červená 14, modrá "
            "15, žlutá 16, oranžová 17, zelená 18, fialová 20), a stejně tak každé číslo obsazené na všech "
            "hvězdách. Dokončete žlutou hvězdu na poli 1 a pak se vzdejte tahu.",
        ),
        steps=(
            Step(
                moves=("Y1Y",),
                hint=Words(
                    "Space 1 of the yellow star is its last empty space.",
                    "Pole 1 žluté hvězdy je její poslední volné pole.",
                ),
            ),
            Step(
                moves=("pass",),
                hint=Words(
                    "Pass: in round 6 nothing is kept.",
                    "Vzdejte se tahu: v 6. kole si nic neponecháte.",
                ),
            ),
        ),
        explanation=Words(
            "The completed star scored 6, the blue tile left in your hand cost 1, and the bonuses for the red "
            "and the yellow star added 30: 35 points, and you win.",
            "Dokončená hvězda získala 6 bodů, modrý dílek, který vám zbyl v ruce, stál 1 bod a bonusy za "
            "červenou a žlutou hvězdu přidaly 30: 35 bodů a vítězíte.",
        ),
        gain=35,
        ends_game=True,
    ),
    Lesson(
        id="colourless",
        rules=("S-15", "S-16"),
        title=Words("Variant: the colourless stars", "Varianta: bezbarvé hvězdy"),
        position="pavilion+colourless r:1 p:placement t:1 s:1 m:c " + TABLE + " 1:9,RRB,1R4/6/6/6/6/6/6 "
        "2:8,OOB,6/6/6/6/6/6/6,passed",
        text=Words(
            "On the colourless side the outer stars' spaces cost 3, 2, 1, 4, 5, 6 and every centre space 3. Each "
            "star must end all one colour or all six colours different: its second tile decides. The first star "
            "holds red on space 2: place a red tile on its space 3, which costs one tile.",
            "Na bezbarvé straně stojí pole vnějších hvězd 3, 2, 1, 4, 5, 6 a každé pole uprostřed 3. Každá "
            "hvězda musí skončit buď celá jedné barvy, nebo se šesti různými barvami: rozhodne její druhý dílek. "
            "První hvězda má červenou na poli 2: položte červený dílek na její pole 3, které stojí jeden dílek.",
        ),
        steps=(
            Step(
                moves=("O3R",),
                hint=Words(
                    "Choose space 3 of the first star (next to the red tile), then red.",
                    "Zvolte pole 3 první hvězdy (vedle červeného dílku) a pak červenou.",
                ),
            ),
        ),
        explanation=Words(
            "Two red tiles side by side: 2 points, and this star is now a red star.",
            "Dva červené dílky vedle sebe: 2 body, a z této hvězdy je teď červená hvězda.",
        ),
        gain=2,
    ),
    Lesson(
        id="colourless-bonus",
        rules=("S-17",),
        title=Words("Colourless stars: the bonus", "Bezbarvé hvězdy: bonus"),
        position="pavilion+colourless r:6 p:placement t:1 s:1 m:c " + TABLE + " 1:30,R,RR1RRR/6/ORBYGP/6/6/6/6 "
        "2:50,G,O5/6/6/6/6/6/6,passed",
        text=Words(
            "A completed one-colour star scores that colour's bonus, a star of six colours 12. It is round 6: "
            "complete your red star on space 3, then pass to end the game.",
            "Dokončená jednobarevná hvězda získá bonus své barvy, hvězda šesti barev 12. Je 6. kolo: dokončete "
            "červenou hvězdu na poli 3 a pak se vzdejte tahu, čímž hra skončí.",
        ),
        steps=(
            Step(
                moves=("O3R",),
                hint=Words(
                    "The first star misses only space 3: place your red tile there.",
                    "První hvězdě chybí jen pole 3: položte tam svůj červený dílek.",
                ),
            ),
            Step(
                moves=("pass",),
                hint=Words("Pass to end the game.", "Vzdejte se tahu a hra skončí."),
            ),
        ),
        explanation=Words(
            "The completed star scored 6; at the end the red star earned 14 and the six-colour star 12: 32 "
            "points, and you win.",
            "Dokončená hvězda získala 6 bodů; na konci červená hvězda přinesla 14 a hvězda šesti barev 12: "
            "32 bodů a vítězíte.",
        ),
        gain=32,
        ends_game=True,
    ),
)

TUTORIAL = Tutorial(
    game="pavilion",
    title=Words("Learn to play Azul: Summer Pavilion", "Naučte se hrát Azul: Letohrádek"),
    lessons=LESSONS,
)
