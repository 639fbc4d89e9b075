"""The tutorials in Polish: "ty", and the words of the Polish editions (warsztaty, linie wzoru, mozaika, podłoga)."""

TEXTS = {
    "azul.title": "Naucz się grać w Azul",
    "azul.take.title": "Branie płytek",
    "azul.take.text": (
        "W dwie osoby gracie z pięcioma warsztatami, na każdym leżą cztery płytki z woreczka. Runda zaczyna "
        "się od oferty warsztatów: w swoim ruchu bierzesz wszystkie płytki jednego koloru z jednego "
        "warsztatu. Weź obie niebieskie płytki z warsztatu 1 i połóż je w linii wzoru 2."
    ),
    "azul.take.explanation": (
        "Wziąłeś obie niebieskie płytki; żółta i czerwona, które zostały na warsztacie, trafiły na środek "
        "stołu. Później każdy może zamiast z warsztatu wziąć kolor ze środka."
    ),
    "azul.take.hint.1": (
        "Wybierz niebieskie płytki z warsztatu 1 (pierwszego), a potem linię wzoru 2 na swojej planszy."
    ),
    "azul.pattern-line.title": "Linie wzoru",
    "azul.pattern-line.text": (
        "Linia wzoru 1 mieści jedną płytkę, linia 2 dwie i tak dalej, aż do linii 5 z pięcioma. Linia jest "
        "ukończona, gdy jest pełna. Wypełnij dokładnie linię wzoru 3: weź trzy czerwone płytki z warsztatu 3."
    ),
    "azul.pattern-line.explanation": (
        "Linia 3 jest ukończona. Na koniec rundy jedna z jej płytek przejdzie na twoją mozaikę i da punkty."
    ),
    "azul.pattern-line.hint.1": (
        "Linia 3 mieści dokładnie trzy płytki: weź czerwone płytki z warsztatu 3 i wybierz linię 3."
    ),
    "azul.wall-row.title": "Mozaika decyduje",
    "azul.wall-row.text": (
        "Każdy rząd mozaiki ma jedno pole na każdy kolor, we wzorze przesuniętym o jedno pole z rzędu na "
        "rząd. Linia wzoru przyjmuje tylko kolor, którego jej rząd mozaiki jeszcze nie ma. Twój rząd 1 ma już "
        "niebieski: połóż obie niebieskie płytki z warsztatu 2 w linii 2."
    ),
    "azul.wall-row.explanation": (
        "Linia 2 jest pełna. Jej niebieska płytka trafi do rzędu 2 mozaiki, gdzie niebieski jest na drugim polu."
    ),
    "azul.wall-row.hint.1": (
        "Linia 1 nie przyjmie niebieskiego, bo rząd 1 twojej mozaiki już go ma. Połóż niebieskie płytki z "
        "warsztatu 2 w linii 2."
    ),
    "azul.overflow.title": "Za dużo płytek",
    "azul.overflow.text": (
        "Wszystkie wzięte płytki trafiają do jednej linii. Te, które się nie zmieszczą, spadają na twoją "
        "podłogę, a ta na koniec rundy kosztuje punkty: -1, -1, -2, -2, -2, -3, -3. Weź cztery żółte płytki z "
        "warsztatu 5 do linii 3."
    ),
    "azul.overflow.explanation": (
        "Trzy żółte płytki wypełniły linię 3, a czwarta spadła na podłogę: na koniec rundy kosztuje cię 1 punkt."
    ),
    "azul.overflow.hint.1": "Weź żółte płytki z warsztatu 5 i wybierz linię wzoru 3.",
    "azul.centre.title": "Środek stołu i znacznik pierwszego gracza",
    "azul.centre.text": (
        "Gracze wykonują ruchy po kolei, zgodnie z ruchem wskazówek zegara. Kto pierwszy weźmie coś ze środka "
        "stołu, bierze też znacznik pierwszego gracza: trafia on na jego podłogę i kosztuje punkt, ale ten "
        "gracz zaczyna następną rundę. Weź dwie czerwone płytki ze środka do linii 2."
    ),
    "azul.centre.explanation": (
        "Wziąłeś czerwone płytki i znacznik pierwszego gracza, który leży teraz na twojej podłodze."
    ),
    "azul.centre.hint.1": "Czerwone płytki leżą na środku stołu, nie na warsztacie. Wybierz je, a potem linię 2.",
    "azul.floor.title": "Podłoga z wyboru",
    "azul.floor.text": (
        "Musisz brać płytki, dopóki jakieś zostały, i zawsze możesz położyć je prosto na podłodze. Każda "
        "twoja linia wzoru ma już inny kolor: połóż cztery czarne płytki z warsztatu 3 na podłodze."
    ),
    "azul.floor.explanation": (
        "Czarne płytki leżą na twojej podłodze obok znacznika. Twoje linie zostały takie, jakie były, gotowe "
        "do ukończenia."
    ),
    "azul.floor.hint.1": "Weź czarne płytki z warsztatu 3 i wybierz podłogę pod liniami wzoru.",
    "azul.tiling.title": "Układanie mozaiki",
    "azul.tiling.text": (
        "Oferta kończy się, gdy na warsztatach i na środku nie zostanie żadna płytka. Wtedy każda pełna linia "
        "wzoru przenosi jedną płytkę na mozaikę, która od razu daje punkty, a podłoga kosztuje swoje punkty. "
        "Weź ostatnią białą płytkę do linii 2."
    ),
    "azul.tiling.explanation": (
        "Linia 2 była pełna: jedna biała płytka przeszła na mozaikę za 1 punkt, druga trafiła do wieczka "
        "pudełka. Na podłodze leżały znacznik i żółta płytka: -2. Razem straciłeś 1 punkt. Znacznik wraca do "
        "ciebie i zaczynasz następną rundę."
    ),
    "azul.tiling.hint.1": "W linii 2 leży już jedna biała płytka: biała płytka ze środka ją uzupełni.",
    "azul.row-score.title": "Punkty w rzędzie",
    "azul.row-score.text": (
        "Płytka położona na mozaice daje 1 punkt, gdy stoi sama; obok innych daje długość nieprzerwanego "
        "ciągu, do którego dołącza, w poziomie i w pionie. Twój rząd 1 mozaiki ma niebieski i żółty: ukończ "
        "linię 1 czerwoną płytką."
    ),
    "azul.row-score.explanation": "Czerwona płytka dołączyła do niebieskiej i żółtej: poziomy ciąg trzech, 3 punkty.",
    "azul.row-score.hint.1": "Linia 1 mieści jedną płytkę: weź czerwoną płytkę ze środka i wybierz linię 1.",
    "azul.seven-points.title": "Przykład z instrukcji: 7 punktów",
    "azul.seven-points.text": (
        "Przykład z instrukcji: twoja żółta płytka trafi do rzędu 3 obok czarnej, białej i niebieskiej, "
        "między czerwoną płytkę powyżej i niebieską poniżej. Ukończ linię 3 ostatnią żółtą płytką."
    ),
    "azul.seven-points.explanation": (
        "W poziomie żółta płytka kończy ciąg 4, w pionie ciąg 3. Płytka liczy się w obu: 4 + 3 = 7 punktów."
    ),
    "azul.seven-points.hint.1": "W linii 3 leżą dwie żółte płytki i brakuje jeszcze jednej: żółtej ze środka.",
    "azul.next-round.title": "Następna runda",
    "azul.next-round.text": (
        "Po ułożeniu mozaiki warsztaty znów dostają po cztery płytki z woreczka; gdy woreczek się opróżni, "
        "płytki z wieczka pudełka wracają do niego. Żadna płytka nigdy nie przepada. Zaczyna posiadacz "
        "znacznika pierwszego gracza. Weź ostatnią niebieską płytkę do linii 2."
    ),
    "azul.next-round.explanation": (
        "Twoja niebieska płytka dała 1 punkt. Rywal miał znacznik, stracił za niego 1 punkt i zaczyna nową "
        "rundę; warsztaty znów są pełne."
    ),
    "azul.next-round.hint.1": "W linii 2 leży jedna niebieska płytka: niebieska płytka ze środka ją uzupełni.",
    "azul.game-end.title": "Koniec gry",
    "azul.game-end.text": (
        "Gra kończy się po układaniu mozaiki, w którym ktoś ukończy poziomy rząd mozaiki. Każdy pełny rząd "
        "daje 2 punkty więcej. Przy remisie wygrywa gracz z większą liczbą pełnych rzędów. Ukończ swój rząd 1 "
        "białą płytką."
    ),
    "azul.game-end.explanation": (
        "Biała płytka dała 5 punktów za rząd pięciu i 2 więcej za pełny rząd: 7. Rywal stracił 1 punkt za "
        "znacznik, więc oboje macie 25 punktów, a ty wygrywasz większą liczbą pełnych rzędów."
    ),
    "azul.game-end.hint.1": "W rzędzie 1 twojej mozaiki brakuje tylko białej: weź białą płytkę do linii 1.",
    "azul.bonuses.title": "Premie: rzędy, kolumny, kolory",
    "azul.bonuses.text": (
        "Na koniec każdy pełny rząd daje 2 punkty, każda pełna kolumna 7, a każdy kolor ze wszystkimi "
        "pięcioma płytkami na mozaice 10. Twoja ostatnia niebieska płytka należy do rzędu 5: ukończ linię 5 "
        "pięcioma niebieskimi płytkami."
    ),
    "azul.bonuses.explanation": (
        "Niebieska płytka dała 5 za kolumnę pięciu; potem premie: 2 za rząd 1, 7 za kolumnę 5 i 10 za "
        "wszystkie pięć niebieskich płytek. Razem 24 punkty."
    ),
    "azul.bonuses.hint.1": "Linia 5 mieści pięć płytek, a na środku leży pięć niebieskich.",
    "azul.grey-wall.title": "Wariant: szara mozaika",
    "azul.grey-wall.text": (
        "Na szarej mozaice nie ma nadrukowanych kolorów: gdy linia jest pełna, sam wybierasz jej kolumnę, ale "
        "każdy kolor tylko raz w każdym rzędzie i każdej kolumnie. Ukończ linię 3 czerwoną płytką, a potem "
        "połóż ją w kolumnie 4, obok swojej niebieskiej płytki."
    ),
    "azul.grey-wall.explanation": (
        "Czerwona płytka dołączyła do niebieskiej: 2 punkty. Gdyby dla czerwonej nie było wolnej kolumny, "
        "cała linia spadłaby na podłogę."
    ),
    "azul.grey-wall.hint.1": "Najpierw branie: czerwona płytka ze środka do linii 3.",
    "azul.grey-wall.hint.2": (
        "Kolumna 2 ma już czerwoną. Wybierz kolumnę 4 w rzędzie 3, na prawo od niebieskiej płytki, za 2 punkty."
    ),
    "chocolatier.title": "Naucz się grać w Azul: Mistrz Czekolady",
    "chocolatier.take.title": "Branie pralinek",
    "chocolatier.take.text": (
        "Mistrz Czekolady to Azul z pralinkami. W dwie osoby macie pięć warsztatów po cztery pralinki. W "
        "swoim ruchu bierzesz wszystkie pralinki jednego koloru z jednego warsztatu. Weź obie niebieskie "
        "pralinki z warsztatu 1 do linii wzoru 2."
    ),
    "chocolatier.take.explanation": "Wziąłeś obie niebieskie pralinki; brązowa i różowa trafiły na środek stołu.",
    "chocolatier.take.hint.1": "Wybierz niebieskie pralinki z warsztatu 1, a potem linię wzoru 2 na swojej planszy.",
    "chocolatier.box-row.title": "Linie wzoru i bombonierka",
    "chocolatier.box-row.text": (
        "Linia 1 mieści jedną pralinkę, linia 2 dwie, aż do pięciu w linii 5. Linia przyjmuje tylko kolor, "
        "którego jej rząd bombonierki jeszcze nie ma; każdy rząd mieści każdy kolor raz, z przesunięciem o "
        "jedno pole z rzędu na rząd. Rząd 1 twojej bombonierki ma niebieski: połóż niebieskie pralinki z "
        "warsztatu 2 w linii 2."
    ),
    "chocolatier.box-row.explanation": (
        "Linia 2 jest pełna: jej niebieska pralinka na koniec rundy wypełni rząd 2 twojej bombonierki."
    ),
    "chocolatier.box-row.hint.1": (
        "Linia 1 nie przyjmie niebieskiego, bo rząd 1 twojej bombonierki już go ma. Połóż niebieskie pralinki "
        "w linii 2."
    ),
    "chocolatier.overflow.title": "Za dużo pralinek",
    "chocolatier.overflow.text": (
        "Pralinki, które nie mieszczą się w wybranej linii, spadają na podłogę, a ta na koniec rundy kosztuje "
        "-1, -1, -2, -2, -2, -3, -3. Weź cztery brązowe pralinki z warsztatu 5 do linii 3."
    ),
    "chocolatier.overflow.explanation": (
        "Trzy brązowe pralinki wypełniły linię 3; czwarta spadła na podłogę i będzie kosztować 1 punkt."
    ),
    "chocolatier.overflow.hint.1": "Weź brązowe pralinki z warsztatu 5 i wybierz linię wzoru 3.",
    "chocolatier.centre.title": "Środek stołu i znacznik pierwszego gracza",
    "chocolatier.centre.text": (
        "Gracze wykonują ruchy po kolei, zgodnie z ruchem wskazówek zegara. Kto pierwszy weźmie ze środka, "
        "bierze też znacznik pierwszego gracza na swoją podłogę: kosztuje punkt, ale ten gracz zaczyna "
        "następną rundę. Weź dwie różowe pralinki ze środka do linii 2."
    ),
    "chocolatier.centre.explanation": (
        "Wziąłeś różowe pralinki i znacznik pierwszego gracza, który leży teraz na twojej podłodze."
    ),
    "chocolatier.centre.hint.1": "Różowe pralinki leżą na środku stołu. Wybierz je, a potem linię 2.",
    "chocolatier.filling.title": "Napełnianie bombonierki",
    "chocolatier.filling.text": (
        "Gdy warsztaty i środek są puste, każda pełna linia przenosi jedną pralinkę do bombonierki, gdzie od "
        "razu daje punkty, a podłoga kosztuje swoje punkty. Weź ostatnią białą pralinkę do linii 2."
    ),
    "chocolatier.filling.explanation": (
        "Jedna biała pralinka trafiła do bombonierki za 1 punkt; znacznik i brązowa pralinka na podłodze "
        "kosztowały 2. Razem straciłeś 1 punkt i zaczynasz następną rundę."
    ),
    "chocolatier.filling.hint.1": "W linii 2 leży jedna biała pralinka: biała pralinka ze środka ją uzupełni.",
    "chocolatier.seven-points.title": "Punkty: 7 naraz",
    "chocolatier.seven-points.text": (
        "Pralinka stojąca sama daje 1 punkt; obok innych daje długość nieprzerwanego poziomego ciągu, do "
        "którego dołącza, plus pionowego. Ukończ linię 3 ostatnią brązową pralinką: trafi między czarną, "
        "białą i niebieską oraz między różową powyżej i niebieską poniżej."
    ),
    "chocolatier.seven-points.explanation": "Ciąg 4 w poziomie i 3 w pionie, pralinka liczy się w obu: 7 punktów.",
    "chocolatier.seven-points.hint.1": "Linii 3 brakuje jeszcze jednej brązowej pralinki: tej ze środka.",
    "chocolatier.next-round.title": "Następna runda",
    "chocolatier.next-round.text": (
        "Po napełnieniu bombonierki warsztaty dostają nowe pralinki z woreczka, a gdy woreczek się opróżni, "
        "pralinki z wieczka wracają do niego: żadna nie przepada. Zaczyna posiadacz znacznika. Weź ostatnią "
        "niebieską pralinkę do linii 2."
    ),
    "chocolatier.next-round.explanation": (
        "Twoja niebieska pralinka dała 1 punkt. Rywal miał znacznik, stracił 1 punkt i zaczyna nową rundę."
    ),
    "chocolatier.next-round.hint.1": "W linii 2 leży jedna niebieska pralinka: niebieska ze środka ją uzupełni.",
    "chocolatier.game-end.title": "Koniec gry",
    "chocolatier.game-end.text": (
        "Gra kończy się po napełnianiu, w którym ktoś ukończy poziomy rząd bombonierki: każdy pełny rząd daje "
        "2, każda kolumna 7, każdy kolor ze wszystkimi pięcioma pralinkami 10. Przy remisie wygrywa więcej "
        "pełnych rzędów. Ukończ swój rząd 1 białą pralinką."
    ),
    "chocolatier.game-end.explanation": (
        "5 punktów za rząd pięciu i 2 za pełny rząd: 7. Rywal stracił 1 za znacznik, więc oboje macie 25, a "
        "wygrywa twój pełny rząd."
    ),
    "chocolatier.game-end.hint.1": (
        "W rzędzie 1 twojej bombonierki brakuje tylko białej: weź białą pralinkę do linii 1."
    ),
    "chocolatier.sn1-sn2.title": "Warsztaty specjalne: SN1 i SN2",
    "chocolatier.sn1-sn2.text": (
        "Wariant: w każdej rundzie tyle warsztatów, ilu jest graczy, dostaje specjalny żeton. SN1 dobiera "
        "dodatkową pralinkę, więc na warsztacie 2 leży pięć; SN2 przyciąga swój kolor (tu niebieski) od obu "
        "sąsiadów. Weź trzy czarne pralinki z warsztatu 2 do linii 3."
    ),
    "chocolatier.sn1-sn2.explanation": (
        "Trzy czarne pralinki wypełniły linię 3, a dwie białe trafiły na środek, jak z każdego warsztatu."
    ),
    "chocolatier.sn1-sn2.hint.1": "Warsztat 2 to SN1 z pięcioma pralinkami: weź jego trzy czarne do linii 3.",
    "chocolatier.sn3.title": "SN3: reszta zostaje",
    "chocolatier.sn3.text": (
        "Gdy bierzesz z SN3, pozostałe pralinki zostają na nim zamiast iść na środek i można z niego brać "
        "ponownie. Weź niebieskie pralinki z warsztatu 1 do linii 2."
    ),
    "chocolatier.sn3.explanation": "Brązowa i różowa pralinka zostały na warsztacie 1; środek jest wciąż pusty.",
    "chocolatier.sn3.hint.1": "Na warsztacie 1 leży SN3: weź jego niebieskie pralinki do linii 2.",
    "chocolatier.sn4.title": "SN4: sam dzielisz resztę",
    "chocolatier.sn4.text": (
        "Gdy bierzesz z SN4, każdy pozostały kolor wysyłasz do jednego z dwóch sąsiednich warsztatów. Weź "
        "dwie różowe pralinki z warsztatu 3 do linii 3, potem wyślij brązową do warsztatu 2, a czarną do "
        "warsztatu 4."
    ),
    "chocolatier.sn4.explanation": (
        "Warsztat 2 dostał brązową pralinkę, a warsztat 4 czarną; na środek nic nie trafiło."
    ),
    "chocolatier.sn4.hint.1": (
        "Weź różowe pralinki z warsztatu 3 do linii 3, a potem wybierz: brązowa do poprzedniego warsztatu "
        "(2), czarna do następnego (4)."
    ),
    "chocolatier.sn5.title": "SN5: pole podłogi bez kary",
    "chocolatier.sn5.text": (
        "Kto bierze z SN5, zatrzymuje żeton do końca rundy: następna pralinka, która spadłaby na jego "
        "podłogę, ląduje na nim, bez kary. Weź cztery białe pralinki z warsztatu 5 do linii 2."
    ),
    "chocolatier.sn5.explanation": (
        "Dwie białe pralinki wypełniły linię 2; z dwóch pozostałych pierwsza trafiła za darmo na żeton SN5, a "
        "dopiero druga na twoją podłogę."
    ),
    "chocolatier.sn5.hint.1": "Na warsztacie 5 leży SN5: weź jego białe pralinki do linii 2.",
    "chocolatier.brown-box.title": "Wariant: brązowa bombonierka",
    "chocolatier.brown-box.text": (
        "Brązowa bombonierka nie ma nadrukowanych kolorów: sam wybierasz kolumnę każdej pełnej linii, każdy "
        "kolor tylko raz w każdym rzędzie i kolumnie. Ukończ linię 3 różową pralinką, a potem połóż ją w "
        "kolumnie 4, obok swojej niebieskiej pralinki."
    ),
    "chocolatier.brown-box.explanation": "Różowa pralinka dołączyła do niebieskiej: 2 punkty.",
    "chocolatier.brown-box.hint.1": "Najpierw branie: różowa pralinka ze środka do linii 3.",
    "chocolatier.brown-box.hint.2": (
        "Kolumna 2 ma już różową. Wybierz kolumnę 4 w rzędzie 3, na prawo od niebieskiej pralinki, za 2 punkty."
    ),
    "pavilion.title": "Naucz się grać w Azul: Letni Pawilon",
    "pavilion.take.title": "Branie płytek i dżoker",
    "pavilion.take.text": (
        "Każdy zaczyna z 5 punktami. W każdej rundzie jeden kolor jest dżokerem: w rundzie 1 fioletowy. W "
        "swoim ruchu bierzesz wszystkie płytki jednego koloru z warsztatu, a z nimi jednego dżokera, jeśli na "
        "warsztacie jest. Weź czerwone płytki z warsztatu 2."
    ),
    "pavilion.take.explanation": (
        "Wziąłeś do ręki dwie czerwone płytki i fioletowego dżokera; zielona płytka trafiła na środek."
    ),
    "pavilion.take.hint.1": "Wybierz czerwone płytki z warsztatu 2, drugiego warsztatu.",
    "pavilion.centre.title": "Środek kosztuje punkty",
    "pavilion.centre.text": (
        "Gracze wykonują ruchy po kolei, zgodnie z ruchem wskazówek zegara. Kto pierwszy weźmie ze środka, "
        "bierze znacznik pierwszego gracza i traci punkt za każdą wziętą płytkę. Weź dwie pomarańczowe płytki "
        "ze środka."
    ),
    "pavilion.centre.explanation": (
        "Wziąłeś dwie pomarańczowe płytki i znacznik, tracąc 2 punkty. W tej rundzie układasz pierwszy i "
        "zaczynasz następną."
    ),
    "pavilion.centre.hint.1": "Pomarańczowe płytki leżą na środku stołu: wybierz je.",
    "pavilion.placement-phase.title": "Od brania do układania",
    "pavilion.placement-phase.text": (
        "Branie kończy się, gdy warsztaty i środek są puste. Wtedy gracze układają płytki na swoich "
        "gwiazdach, zaczynając od posiadacza znacznika pierwszego gracza. Weź dwie ostatnie zielone płytki."
    ),
    "pavilion.placement-phase.explanation": (
        "Stół jest pusty: zaczyna się układanie, a twój rywal, który ma znacznik, układa pierwszy."
    ),
    "pavilion.placement-phase.hint.1": "Zostały tylko zielone płytki na środku: wybierz je.",
    "pavilion.place.title": "Układanie płytki",
    "pavilion.place.text": (
        "Twoja plansza ma sześć kolorowych gwiazd wokół środkowej. Na każdym polu jest liczba: położenie tam "
        "płytki kosztuje tyle płytek w kolorze gwiazdy, jedna na pole, reszta do wieży. Połóż czerwoną płytkę "
        "na polu 1 czerwonej gwiazdy."
    ),
    "pavilion.place.explanation": "Czerwona płytka leży na polu 1 i dała 1 punkt.",
    "pavilion.place.hint.1": "Znajdź czerwoną gwiazdę i wybierz jej pole 1: kosztuje jedną czerwoną płytkę.",
    "pavilion.wilds.title": "Przykład z instrukcji: płacenie dżokerami",
    "pavilion.wilds.text": (
        "Przykład z instrukcji: płytki w kolorze dżokera tej rundy (teraz fioletowe) mogą zapłacić za pole "
        "zamiast koloru gwiazdy, ale płytka na polu musi być w tym kolorze. Masz jedną zieloną i trzy "
        "fioletowe płytki: połóż zieloną płytkę na polu 4 zielonej gwiazdy i zapłać trzema fioletowymi."
    ),
    "pavilion.wilds.explanation": (
        "Zielona płytka leży na polu, a trzy fioletowe zapłaciły resztę do wieży: 1 punkt, bo płytka nie "
        "styka się z żadną inną. Tymi samymi fioletowymi mogłeś zamiast tego wypełnić pole 3 fioletowej "
        "gwiazdy."
    ),
    "pavilion.wilds.hint.1": "Wybierz pole 4 zielonej gwiazdy, a potem zapłatę trzema dżokerami.",
    "pavilion.scoring.title": "Punkty wzdłuż gwiazdy",
    "pavilion.scoring.text": (
        "Płytki stykają się tylko w obrębie gwiazdy, dookoła jej pierścienia. Płytka daje 1 punkt, gdy stoi "
        "sama, albo długość nieprzerwanego łuku, do którego dołącza. Twoja czerwona gwiazda ma pola 1 i 2: "
        "połóż czerwoną płytkę na polu 3."
    ),
    "pavilion.scoring.explanation": "Łuk trzech czerwonych płytek dał 3 punkty.",
    "pavilion.scoring.hint.1": (
        "Pole 3 czerwonej gwiazdy sąsiaduje z twoimi dwiema czerwonymi płytkami; kosztuje trzy czerwone płytki."
    ),
    "pavilion.centre-star.title": "Środkowa gwiazda",
    "pavilion.centre-star.text": (
        "Środkowa gwiazda przyjmuje każdy kolor, ale każdy tylko raz. Leży na niej czerwona płytka: połóż "
        "niebieską płytkę na jej polu 2."
    ),
    "pavilion.centre-star.explanation": (
        "Niebieska dołączyła do czerwonej: 2 punkty. Czerwona nie może już trafić na środkową gwiazdę."
    ),
    "pavilion.centre-star.hint.1": "Czerwona już jest na środkowej gwieździe. Wybierz jej pole 2, a potem niebieską.",
    "pavilion.bonus.title": "Okna, posągi i kolumny",
    "pavilion.bonus.text": (
        "Otoczenie okna (pola 5 i 6 gwiazdy) daje 3 wybrane płytki z zapasu, posągu 2, a kolumny 1; potem "
        "zapas uzupełnia się z woreczka. Połóż pomarańczową płytkę na polu 5 pomarańczowej gwiazdy, a potem "
        "weź dwie niebieskie płytki i jedną żółtą."
    ),
    "pavilion.bonus.explanation": "Łuk dwóch płytek dał 2 punkty, a okno dało ci trzy płytki na później.",
    "pavilion.bonus.hint.1": (
        "Pole 5 pomarańczowej gwiazdy sąsiaduje z zajętym polem 6: kosztuje pięć pomarańczowych płytek."
    ),
    "pavilion.bonus.hint.2": "Wybierz z zapasu dwie niebieskie płytki i jedną żółtą.",
    "pavilion.pass.title": "Pasowanie i następna runda",
    "pavilion.pass.text": (
        "Gdy pasujesz, zatrzymujesz do czterech płytek na następną rundę, a resztę odrzucasz do wieży, po -1 "
        "punkcie za każdą. Spasuj i zatrzymaj dwie czerwone i dwie niebieskie płytki."
    ),
    "pavilion.pass.explanation": (
        "Trzy płytki trafiły do wieży: -3 punkty. Wszyscy spasowali, więc zaczyna się runda 2: warsztaty znów "
        "są pełne, zatrzymane płytki wróciły do twojej ręki, a zaczyna posiadacz znacznika."
    ),
    "pavilion.pass.hint.1": "Spasuj, a potem wybierz do zatrzymania czerwone i niebieskie płytki.",
    "pavilion.game-end.title": "Koniec gry",
    "pavilion.game-end.text": (
        "Gra kończy się po rundzie 6. Wtedy każda pełna gwiazda daje swoją premię (środkowa 12, czerwona 14, "
        "niebieska 15, żółta 16, pomarańczowa 17, zielona 18, fioletowa 20), podobnie jak każda liczba zajęta "
        "na wszystkich gwiazdach. Ukończ żółtą gwiazdę na polu 1, a potem spasuj."
    ),
    "pavilion.game-end.explanation": (
        "Ukończona gwiazda dała 6, niebieska płytka w ręce kosztowała 1, a premie za czerwoną i żółtą gwiazdę "
        "dodały 30: 35 punktów i wygrywasz."
    ),
    "pavilion.game-end.hint.1": "Pole 1 żółtej gwiazdy to jej ostatnie wolne pole.",
    "pavilion.game-end.hint.2": "Spasuj: w rundzie 6 niczego się nie zatrzymuje.",
    "pavilion.colourless.title": "Wariant: bezbarwne gwiazdy",
    "pavilion.colourless.text": (
        "Na bezbarwnej stronie pola zewnętrznych gwiazd kosztują 3, 2, 1, 4, 5, 6, a każde pole środkowej 3. "
        "Każda gwiazda musi skończyć cała w jednym kolorze albo w sześciu różnych: decyduje jej druga płytka. "
        "Pierwsza gwiazda ma czerwoną na polu 2: połóż czerwoną płytkę na jej polu 3, które kosztuje jedną "
        "płytkę."
    ),
    "pavilion.colourless.explanation": "Dwie czerwone płytki obok siebie: 2 punkty, a ta gwiazda jest teraz czerwona.",
    "pavilion.colourless.hint.1": "Wybierz pole 3 pierwszej gwiazdy (obok czerwonej płytki), a potem czerwoną.",
    "pavilion.colourless-bonus.title": "Bezbarwne gwiazdy: premia",
    "pavilion.colourless-bonus.text": (
        "Ukończona jednokolorowa gwiazda daje premię swojego koloru, gwiazda z sześciu kolorów 12. Trwa runda "
        "6: ukończ czerwoną gwiazdę na polu 3, a potem spasuj, by zakończyć grę."
    ),
    "pavilion.colourless-bonus.explanation": (
        "Ukończona gwiazda dała 6; na koniec czerwona gwiazda przyniosła 14, a sześciokolorowa 12: 32 punkty "
        "i wygrywasz."
    ),
    "pavilion.colourless-bonus.hint.1": "Pierwszej gwieździe brakuje tylko pola 3: połóż tam czerwoną płytkę.",
    "pavilion.colourless-bonus.hint.2": "Spasuj, by zakończyć grę.",
}
