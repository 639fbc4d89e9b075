"""Master Chocolatier's tutorial: the Azul rules with pralines, then the special factories and the brown box."""

from __future__ import annotations

from mozaika.lessons.model import Lesson, Step, Tutorial, Words

SPECIAL = "chocolatier+special_factories r:1 p:offer t:1 s:1 m:c"
EMPTY_BOARDS = "1:0,-/-/-/-/-,5/5/5/5/5,- 2:0,-/-/-/-/-,5/5/5/5/5,-"

LESSONS = (
    Lesson(
        id="take",
        rules=("F-1", "A-1", "A-2", "A-3", "M-5"),
        title=Words("Taking pralines", "Braní pralinek"),
        position="chocolatier r:1 p:offer t:1 s:1 m:c f:BBNP/KKWW/NPPP/BNKW/NNNN " + EMPTY_BOARDS,
        text=Words(
            "Master Chocolatier plays like Azul, with pralines. Two players have five factories of four pralines "
            "each. On your turn you take every praline of one colour from one factory. Take the two blue "
            "pralines of factory 1 onto pattern line 2.",
            "Mistři čokolády se hrají jako Azul, jen s pralinkami. Dva hráči mají pět nabídek po čtyřech "
            "pralinkách. Na tahu si vezmete všechny pralinky jedné barvy z jedné nabídky. Vezměte obě modré "
            "pralinky z nabídky 1 do přípravné řady 2.",
        ),
        steps=(
            Step(
                moves=("1B2",),
                hint=Words(
                    "Choose the blue pralines of factory 1, then pattern line 2 on your board.",
                    "Zvolte modré pralinky nabídky 1 a pak přípravnou řadu 2 na svém herním plánu.",
                ),
            ),
        ),
        explanation=Words(
            "You took both blue pralines; the brown and the pink one went to the centre of the table.",
            "Vzali jste obě modré pralinky; hnědá a růžová se přesunuly do středu stolu.",
        ),
    ),
    Lesson(
        id="box-row",
        rules=("A-4", "A-9"),
        title=Words("Pattern lines and the box", "Přípravné řady a bonboniéra"),
        position="chocolatier r:2 p:offer t:1 s:1 m:2 f:-/BBNP/-/-/KKWW c:NN 1:2,-/-/-/-/-,B4/5/5/5/5,- "
        "2:1,-/-/-/-/-,5/5/5/5/5,1",
        text=Words(
            "Line 1 holds one praline, line 2 two, up to five on line 5. A line takes only a colour its row of "
            "the box does not have yet; each row holds every colour once, shifted by one from row to row. "
            "Row 1 of your box has blue: put the blue pralines of factory 2 on line 2.",
            "Řada 1 pojme jednu pralinku, řada 2 dvě, až po pět v řadě 5. Řada přijme jen barvu, kterou její "
            "řádek bonboniéry ještě nemá; každý řádek má každou barvu jednou, z řádku na řádek posunutou. "
            "Řádek 1 vaší bonboniéry má modrou: položte modré pralinky z nabídky 2 do řady 2.",
        ),
        steps=(
            Step(
                moves=("2B2",),
                hint=Words(
                    "Line 1 refuses blue because row 1 of your box has it. Take the blue pralines to line 2.",
                    "Řada 1 modrou nepřijme, protože ji řádek 1 bonboniéry už má. Vezměte modré pralinky do řady 2.",
                ),
            ),
        ),
        explanation=Words(
            "Line 2 is full: its blue praline will fill row 2 of your box at the end of the round.",
            "Řada 2 je plná: její modrá pralinka na konci kola zaplní řádek 2 vaší bonboniéry.",
        ),
    ),
    Lesson(
        id="overflow",
        rules=("A-4", "A-5"),
        title=Words("Too many pralines", "Příliš mnoho pralinek"),
        position="chocolatier r:1 p:offer t:1 s:1 m:c f:-/KKWW/-/BNKW/NNNN c:NNPP 1:0,-/BB/-/-/-,5/5/5/5/5,- "
        "2:0,-/-/PPP/-/K,5/5/5/5/5,-",
        text=Words(
            "Pralines that do not fit the chosen line fall to the floor line, which costs -1, -1, -2, -2, -2, -3, "
            "-3 at the end of the round. Take the four brown pralines of factory 5 onto line 3.",
            "Pralinky, které se do zvolené řady nevejdou, padají na podlahu, a ta na konci kola stojí -1, -1, "
            "-2, -2, -2, -3, -3. Vezměte čtyři hnědé pralinky z nabídky 5 do řady 3.",
        ),
        steps=(
            Step(
                moves=("5N3",),
                hint=Words(
                    "Take the brown pralines of factory 5 and choose pattern line 3.",
                    "Vezměte hnědé pralinky z nabídky 5 a zvolte přípravnou řadu 3.",
                ),
            ),
        ),
        explanation=Words(
            "Three brown pralines filled line 3; the fourth fell to the floor and will cost 1 point.",
            "Tři hnědé pralinky zaplnily řadu 3; čtvrtá spadla na podlahu a bude stát 1 bod.",
        ),
    ),
    Lesson(
        id="centre",
        rules=("A-3", "F-3"),
        title=Words("The centre and the first-player marker", "Střed stolu a žeton začínajícího hráče"),
        position="chocolatier r:1 p:offer t:1 s:1 m:c f:-/-/-/BNKW/- c:NNPPKKWW 1:0,-/-/-/-/-,5/5/5/5/5,- "
        "2:0,-/-/PPP/-/-,5/5/5/5/5,K",
        text=Words(
            "Players take turns clockwise. The first to take from the centre also takes the first-player marker "
            "onto their floor: it costs a point, but they start the next round. Take the two pink pralines from "
            "the centre onto line 2.",
            "Hráči se střídají po směru hodinových ručiček. Kdo si první vezme ze středu stolu, vezme si i žeton "
            "začínajícího hráče na podlahu: stojí bod, ale v dalším kole začíná. Vezměte dvě růžové pralinky ze "
            "středu stolu do řady 2.",
        ),
        steps=(
            Step(
                moves=("CP2",),
                hint=Words(
                    "The pink pralines lie in the centre of the table. Choose them, then line 2.",
                    "Růžové pralinky leží ve středu stolu. Zvolte je a pak řadu 2.",
                ),
            ),
        ),
        explanation=Words(
            "You took the pink pralines and the first-player marker, now on your floor line.",
            "Vzali jste růžové pralinky i žeton začínajícího hráče, který je teď na vaší podlaze.",
        ),
    ),
    Lesson(
        id="filling",
        rules=("A-6", "A-7", "A-5"),
        title=Words("Filling the box", "Plnění bonboniéry"),
        position="chocolatier r:1 p:offer t:1 s:1 m:1 f:-/-/-/-/- c:W 1:5,-/W/-/-/-,5/5/5/5/5,1N "
        "2:3,-/-/PPP/-/-,5/5/5/5/5,K",
        text=Words(
            "When the factories and the centre are empty, every complete line moves one praline into the box, "
            "where it scores at once, and the floor costs its points. Take the last white praline onto line 2.",
            "Když jsou nabídky i střed stolu prázdné, každá hotová řada přesune jednu pralinku do bonboniéry, kde "
            "hned získá body, a podlaha stojí své body. Vezměte poslední bílou pralinku do řady 2.",
        ),
        steps=(
            Step(
                moves=("CW2",),
                hint=Words(
                    "Line 2 holds one white praline: the white praline in the centre completes it.",
                    "Řada 2 má jednu bílou pralinku: bílá ze středu stolu ji dokončí.",
                ),
            ),
        ),
        explanation=Words(
            "One white praline went into the box for 1 point; the marker and the brown praline on your floor "
            "cost 2. In all you lost 1 point, and you start the next round.",
            "Jedna bílá pralinka šla do bonboniéry za 1 bod; žeton a hnědá pralinka na podlaze stály 2 body. "
            "Celkem jste ztratili 1 bod a další kolo začínáte vy.",
        ),
        gain=-1,
    ),
    Lesson(
        id="seven-points",
        rules=("A-8",),
        title=Words("Scoring: 7 points", "Body: 7 bodů"),
        position="chocolatier r:4 p:offer t:1 s:1 m:2 f:-/-/-/-/- c:N lid:5.0.1.2.2 "
        "1:0,-/-/NN/-/-,5/3P1/KWB2/3B1/5,- 2:0,-/-/-/-/-,5/5/5/5/5,1",
        text=Words(
            "A praline alone scores 1; next to others it scores the length of the unbroken run it joins across, "
            "plus the run down. Complete line 3 with the last brown praline: it lands between black, white and "
            "blue, and between pink above and blue below.",
            "Pralinka sama získá 1 bod; vedle jiných tolik, kolik je dlouhá nepřerušená řada vodorovně, a k tomu "
            "svisle. Dokončete řadu 3 poslední hnědou pralinkou: přistane vedle černé, bílé a modré, mezi "
            "růžovou nad ní a modrou pod ní.",
        ),
        steps=(
            Step(
                moves=("CN3",),
                hint=Words(
                    "Line 3 needs one more brown praline: the one in the centre.",
                    "Řadě 3 chybí jedna hnědá pralinka: ta ve středu stolu.",
                ),
            ),
        ),
        explanation=Words(
            "A run of 4 across and 3 down, the praline counting in both: 7 points.",
            "Vodorovná řada 4 a svislá řada 3, pralinka se počítá v obou: 7 bodů.",
        ),
        gain=7,
    ),
    Lesson(
        id="next-round",
        rules=("A-11", "F-2", "F-4"),
        title=Words("The next round", "Další kolo"),
        position="chocolatier r:4 p:offer t:1 s:1 m:2 f:-/-/-/-/- c:B lid:1.0.0.0.1 "
        "1:6,-/B/-/-/-,B1PK1/5/5/5/5,- 2:5,-/-/-/-/-,B4/WB3/5/5/5,1",
        text=Words(
            "After filling the box, the factories are refilled from the bag, and the lid's pralines go back into "
            "the bag when it runs out: none is lost. The holder of the marker starts. Take the last blue praline "
            "onto line 2.",
            "Po plnění bonboniéry se nabídky znovu naplní ze sáčku, a když sáček dojde, vrátí se do něj pralinky "
            "z víka krabice: žádná se neztratí. Začíná držitel žetonu. Vezměte poslední modrou pralinku do řady 2.",
        ),
        steps=(
            Step(
                moves=("CB2",),
                hint=Words(
                    "Line 2 holds one blue praline: the blue one in the centre completes it.",
                    "Řada 2 má jednu modrou pralinku: modrá ze středu stolu ji dokončí.",
                ),
            ),
        ),
        explanation=Words(
            "Your blue praline scored 1 point. Your opponent held the marker, lost 1 point and starts the new round.",
            "Vaše modrá pralinka získala 1 bod. Soupeř měl žeton, ztratil 1 bod a nové kolo začíná on.",
        ),
        gain=1,
    ),
    Lesson(
        id="game-end",
        rules=("A-12", "A-13"),
        title=Words("The end of the game", "Konec hry"),
        position="chocolatier r:5 p:offer t:1 s:1 m:2 f:-/-/-/-/- c:W lid:1.0.0.2.1 "
        "1:18,-/-/-/-/-,BNPK1/W4/K4/5/5,- 2:26,-/-/-/-/-,BN3/1B3/5/5/5,1",
        text=Words(
            "The game ends after the filling in which someone completes a row of the box: each complete row "
            "earns 2, each column 7, each colour with all five pralines 10. On equal scores, more complete rows "
            "win. Complete your row 1 with the white praline.",
            "Hra končí po plnění, ve kterém někdo dokončí řádek bonboniéry: každý hotový řádek přinese 2 body, "
            "sloupec 7, barva se všemi pěti pralinkami 10. Při rovnosti bodů vyhrává víc hotových řádků. "
            "Dokončete svůj řádek 1 bílou pralinkou.",
        ),
        steps=(
            Step(
                moves=("CW1",),
                hint=Words(
                    "Row 1 of your box misses only white: take the white praline onto line 1.",
                    "Řádku 1 vaší bonboniéry chybí jen bílá: vezměte bílou pralinku do řady 1.",
                ),
            ),
        ),
        explanation=Words(
            "5 points for the row of five and 2 for the complete row: 7. Your opponent lost 1 for the marker, so "
            "you both have 25, and your complete row wins.",
            "5 bodů za řadu pěti a 2 za hotový řádek: 7. Soupeř ztratil 1 bod za žeton, máte tedy oba 25 a "
            "vyhrává váš hotový řádek.",
        ),
        gain=7,
        ends_game=True,
    ),
    Lesson(
        id="sn1-sn2",
        rules=("M-1",),
        title=Words("Special factories: SN1 and SN2", "Speciální nabídky: SN1 a SN2"),
        position=f"{SPECIAL} f:BBNP/KKKWW/NPPP/BBBW/NNKW d:-/1/-/2B/- {EMPTY_BOARDS}",
        text=Words(
            "Variant: each round, as many factories as players get a special disc. SN1 draws one extra praline, "
            "so factory 2 holds five; SN2 pulls its colour (here blue) from both neighbours onto itself. Take "
            "the three black pralines of factory 2 onto line 3.",
            "Varianta: každé kolo dostane tolik nabídek, kolik je hráčů, speciální disk. SN1 přidá jednu "
            "pralinku navíc, nabídka 2 jich tedy má pět; SN2 si přitáhne svou barvu (tady modrou) z obou "
            "sousedních nabídek. Vezměte tři černé pralinky z nabídky 2 do řady 3.",
        ),
        steps=(
            Step(
                moves=("2K3",),
                hint=Words(
                    "Factory 2 is the SN1 with five pralines: take its three black ones onto line 3.",
                    "Nabídka 2 je SN1 s pěti pralinkami: vezměte její tři černé do řady 3.",
                ),
            ),
        ),
        explanation=Words(
            "Three black pralines filled line 3, and the two white ones went to the centre, as from any factory.",
            "Tři černé pralinky zaplnily řadu 3 a dvě bílé šly do středu stolu jako z každé nabídky.",
        ),
    ),
    Lesson(
        id="sn3",
        rules=("M-2",),
        title=Words("SN3: the leftovers stay", "SN3: zbytek zůstává"),
        position=f"{SPECIAL} f:BBNP/KKWW/NPPP/BBBW/NNKW d:3/-/-/-/1 {EMPTY_BOARDS}",
        text=Words(
            "When you take from SN3, the pralines left over stay on it instead of going to the centre, and it "
            "may be taken from again. Take the blue pralines of factory 1 onto line 2.",
            "Když berete z SN3, zbylé pralinky na ní zůstanou místo přesunu do středu stolu a lze z ní brát "
            "znovu. Vezměte modré pralinky z nabídky 1 do řady 2.",
        ),
        steps=(
            Step(
                moves=("1B2",),
                hint=Words(
                    "Factory 1 carries SN3: take its blue pralines onto line 2.",
                    "Nabídka 1 má SN3: vezměte její modré pralinky do řady 2.",
                ),
            ),
        ),
        explanation=Words(
            "The brown and the pink praline stayed on factory 1; the centre is still empty.",
            "Hnědá a růžová pralinka zůstaly na nabídce 1; střed stolu je stále prázdný.",
        ),
    ),
    Lesson(
        id="sn4",
        rules=("M-3",),
        title=Words("SN4: you split the leftovers", "SN4: zbytek rozdělíte vy"),
        position=f"{SPECIAL} f:BBNP/KKWW/NPPK/BBBW/NNKW d:-/-/4/-/1 {EMPTY_BOARDS}",
        text=Words(
            "When you take from SN4, you send each leftover colour to one of its two neighbouring factories. "
            "Take the two pink pralines of factory 3 onto line 3, then send the brown one to factory 2 and the "
            "black one to factory 4.",
            "Když berete z SN4, pošlete každou zbylou barvu na jednu ze dvou sousedních nabídek. Vezměte dvě "
            "růžové pralinky z nabídky 3 do řady 3 a pak pošlete hnědou na nabídku 2 a černou na nabídku 4.",
        ),
        steps=(
            Step(
                moves=("3P3<N>K",),
                hint=Words(
                    "Take the pink pralines of factory 3 onto line 3, then choose: brown to the previous factory "
                    "(2), black to the next one (4).",
                    "Vezměte růžové pralinky z nabídky 3 do řady 3 a pak zvolte: hnědou na předchozí nabídku (2), "
                    "černou na následující (4).",
                ),
            ),
        ),
        explanation=Words(
            "Factory 2 received the brown praline and factory 4 the black one; nothing went to the centre.",
            "Nabídka 2 dostala hnědou pralinku a nabídka 4 černou; do středu stolu nešlo nic.",
        ),
    ),
    Lesson(
        id="sn5",
        rules=("M-4",),
        title=Words("SN5: a floor space without penalty", "SN5: pole podlahy bez postihu"),
        position=f"{SPECIAL} f:BBNP/KKWW/NPPP/BBBW/WWWW d:-/3/-/-/5 {EMPTY_BOARDS}",
        text=Words(
            "Whoever takes from SN5 keeps the disc until the end of the round: the next praline that would fall "
            "to their floor lands on it instead, with no penalty. Take the four white pralines of factory 5 "
            "onto line 2.",
            "Kdo bere z SN5, ponechá si disk do konce kola: další pralinka, která by spadla na jeho podlahu, "
            "přistane místo toho na něm, bez postihu. Vezměte čtyři bílé pralinky z nabídky 5 do řady 2.",
        ),
        steps=(
            Step(
                moves=("5W2",),
                hint=Words(
                    "Factory 5 carries SN5: take its white pralines onto line 2.",
                    "Nabídka 5 má SN5: vezměte její bílé pralinky do řady 2.",
                ),
            ),
        ),
        explanation=Words(
            "Two white pralines filled line 2; of the two left over, the first went onto the SN5 disc for free "
            "and only the second to your floor.",
            "Dvě bílé pralinky zaplnily řadu 2; ze dvou zbylých šla první zdarma na disk SN5 a teprve druhá na "
            "vaši podlahu.",
        ),
    ),
    Lesson(
        id="brown-box",
        rules=("A-10",),
        title=Words("Variant: the brown box", "Varianta: hnědá bonboniéra"),
        position="chocolatier+brown r:2 p:offer t:1 s:1 m:2 f:-/-/-/-/- c:P lid:2.0.1.0.0 "
        "1:3,-/-/PP/-/-,B4/1P3/2B2/5/5,- 2:4,-/-/-/-/-,N4/5/5/5/5,1",
        text=Words(
            "The brown box prints no colours: you choose the column of each complete line, each colour only once "
            "in every row and column. Complete line 3 with the pink praline, then put it in column 4, next to "
            "your blue praline.",
            "Hnědá bonboniéra nemá natištěné barvy: sloupec každé hotové řady vybíráte vy, každou barvu jen "
            "jednou v řádku i sloupci. Dokončete řadu 3 růžovou pralinkou a pak ji dejte do sloupce 4, vedle "
            "modré.",
        ),
        steps=(
            Step(
                moves=("CP3",),
                hint=Words(
                    "First the take: the pink praline from the centre onto line 3.",
                    "Nejdřív braní: růžová pralinka ze středu stolu do řady 3.",
                ),
            ),
            Step(
                moves=("P1:3>4",),
                hint=Words(
                    "Column 2 already has pink. Choose column 4 of row 3, right of the blue praline, for 2 points.",
                    "Sloupec 2 už růžovou má. Vyberte sloupec 4 v řádku 3, vpravo od modré, za 2 body.",
                ),
            ),
        ),
        explanation=Words(
            "The pink praline joined the blue one: 2 points.",
            "Růžová pralinka se připojila k modré: 2 body.",
        ),
        gain=2,
    ),
)

TUTORIAL = Tutorial(
    game="chocolatier",
    title=Words("Learn to play Azul: Master Chocolatier", "Naučte se hrát Azul: Mistři čokolády"),
    lessons=LESSONS,
)
