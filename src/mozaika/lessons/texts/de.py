"""The tutorials in German: "du", and the words of the German editions (Manufaktur, Musterreihe, Wand, Bodenreihe)."""

TEXTS = {
    "azul.title": "Azul spielen lernen",
    "azul.take.title": "Fliesen nehmen",
    "azul.take.text": (
        "Zu zweit spielt ihr mit fünf Manufakturen, auf jeder liegen vier Fliesen aus dem Beutel. Eine Runde "
        "beginnt mit dem Fliesenangebot: Bist du dran, nimmst du alle Fliesen einer Farbe von einer "
        "Manufaktur. Nimm die beiden blauen Fliesen von Manufaktur 1 und lege sie in Musterreihe 2."
    ),
    "azul.take.explanation": (
        "Du hast beide blauen Fliesen genommen; die gelbe und die rote, die auf der Manufaktur übrig waren, "
        "sind in die Tischmitte gewandert. Später darf jeder statt von einer Manufaktur eine Farbe aus der "
        "Tischmitte nehmen."
    ),
    "azul.take.hint.1": (
        "Wähle die blauen Fliesen von Manufaktur 1 (der ersten) und dann Musterreihe 2 auf deinem Tableau."
    ),
    "azul.pattern-line.title": "Musterreihen",
    "azul.pattern-line.text": (
        "Musterreihe 1 fasst eine Fliese, Reihe 2 zwei und so weiter bis Reihe 5 mit fünf. Eine Reihe ist "
        "fertig, wenn sie voll ist. Fülle Musterreihe 3 genau: Nimm die drei roten Fliesen von Manufaktur 3."
    ),
    "azul.pattern-line.explanation": (
        "Reihe 3 ist fertig. Am Ende der Runde wandert eine ihrer Fliesen an deine Wand und bringt Punkte."
    ),
    "azul.pattern-line.hint.1": (
        "Reihe 3 fasst genau drei Fliesen: Nimm die roten Fliesen von Manufaktur 3 und wähle Reihe 3."
    ),
    "azul.wall-row.title": "Die Wand entscheidet",
    "azul.wall-row.text": (
        "Jede Reihe der Wand hat ein Feld für jede Farbe, in einem Muster, das sich von Reihe zu Reihe um "
        "eins verschiebt. Eine Musterreihe nimmt nur eine Farbe, die ihre Wandreihe noch nicht hat. Deine "
        "Reihe 1 hat schon Blau: Lege die beiden blauen Fliesen von Manufaktur 2 in Reihe 2."
    ),
    "azul.wall-row.explanation": (
        "Reihe 2 ist voll. Ihre blaue Fliese kommt in Reihe 2 der Wand, wo Blau das zweite Feld ist."
    ),
    "azul.wall-row.hint.1": (
        "Reihe 1 nimmt kein Blau, weil Reihe 1 deiner Wand es schon hat. Lege die blauen Fliesen von "
        "Manufaktur 2 in Reihe 2."
    ),
    "azul.overflow.title": "Zu viele Fliesen",
    "azul.overflow.text": (
        "Alle Fliesen, die du nimmst, kommen in eine Reihe. Was nicht passt, fällt in deine Bodenreihe, und "
        "die kostet am Rundenende Punkte: -1, -1, -2, -2, -2, -3, -3. Nimm die vier gelben Fliesen von "
        "Manufaktur 5 in Reihe 3."
    ),
    "azul.overflow.explanation": (
        "Drei gelbe Fliesen haben Reihe 3 gefüllt, die vierte ist auf den Boden gefallen: Sie kostet dich am "
        "Rundenende 1 Punkt."
    ),
    "azul.overflow.hint.1": "Nimm die gelben Fliesen von Manufaktur 5 und wähle Musterreihe 3.",
    "azul.centre.title": "Die Tischmitte und der Startspielermarker",
    "azul.centre.text": (
        "Ihr seid reihum im Uhrzeigersinn dran. Wer als Erstes aus der Tischmitte nimmt, nimmt auch den "
        "Startspielermarker: Er kommt in die eigene Bodenreihe und kostet einen Punkt, dafür beginnt man die "
        "nächste Runde. Nimm die beiden roten Fliesen aus der Mitte in Reihe 2."
    ),
    "azul.centre.explanation": (
        "Du hast die roten Fliesen und den Startspielermarker genommen, der jetzt in deiner Bodenreihe liegt."
    ),
    "azul.centre.hint.1": (
        "Die roten Fliesen liegen in der Tischmitte, nicht auf einer Manufaktur. Wähle sie und dann Reihe 2."
    ),
    "azul.floor.title": "Freiwillig auf den Boden",
    "azul.floor.text": (
        "Du musst Fliesen nehmen, solange welche da sind, und du darfst sie immer direkt in die Bodenreihe "
        "legen. Jede deiner Musterreihen hält schon eine andere Farbe: Lege die vier schwarzen Fliesen von "
        "Manufaktur 3 auf den Boden."
    ),
    "azul.floor.explanation": (
        "Die schwarzen Fliesen liegen neben dem Marker in deiner Bodenreihe. Deine Reihen bleiben, wie sie "
        "waren, bereit zum Vervollständigen."
    ),
    "azul.floor.hint.1": (
        "Nimm die schwarzen Fliesen von Manufaktur 3 und wähle deine Bodenreihe unter den Musterreihen."
    ),
    "azul.tiling.title": "Die Wand fliesen",
    "azul.tiling.text": (
        "Das Angebot endet, wenn auf den Manufakturen und in der Mitte keine Fliese mehr liegt. Dann gibt "
        "jede volle Musterreihe eine Fliese an die Wand ab, die sofort Punkte bringt, und die Bodenreihe "
        "kostet ihre Punkte. Nimm die letzte weiße Fliese in Reihe 2."
    ),
    "azul.tiling.explanation": (
        "Reihe 2 war voll: Eine weiße Fliese ist für 1 Punkt an die Wand gewandert, die andere in den "
        "Schachteldeckel. In deiner Bodenreihe lagen der Marker und eine gelbe Fliese: -2. Insgesamt hast du "
        "1 Punkt verloren. Der Marker kommt zu dir zurück, und du beginnst die nächste Runde."
    ),
    "azul.tiling.hint.1": "In Reihe 2 liegt schon eine weiße Fliese: Die weiße Fliese aus der Mitte macht sie voll.",
    "azul.row-score.title": "Punkte in einer Reihe",
    "azul.row-score.text": (
        "Eine Fliese an der Wand bringt allein 1 Punkt; neben anderen Fliesen bringt sie die Länge der "
        "lückenlosen Kette, an die sie anschließt, waagrecht und senkrecht. In Reihe 1 deiner Wand liegen "
        "Blau und Gelb: Mach Reihe 1 mit der roten Fliese voll."
    ),
    "azul.row-score.explanation": (
        "Die rote Fliese hat an Blau und Gelb angeschlossen: eine waagrechte Kette aus drei, 3 Punkte."
    ),
    "azul.row-score.hint.1": "Reihe 1 fasst eine Fliese: Nimm die rote Fliese aus der Mitte und wähle Reihe 1.",
    "azul.seven-points.title": "Das Beispiel aus der Anleitung: 7 Punkte",
    "azul.seven-points.text": (
        "Das Beispiel aus der Spielanleitung: Deine gelbe Fliese landet in Reihe 3 neben Schwarz, Weiß und "
        "Blau, zwischen der roten Fliese darüber und der blauen darunter. Mach Reihe 3 mit der letzten gelben "
        "Fliese voll."
    ),
    "azul.seven-points.explanation": (
        "Waagrecht vollendet die gelbe Fliese eine Kette aus 4, senkrecht eine aus 3. Sie zählt in beiden: 4 "
        "+ 3 = 7 Punkte."
    ),
    "azul.seven-points.hint.1": "In Reihe 3 liegen zwei gelbe Fliesen, eine fehlt noch: die gelbe in der Mitte.",
    "azul.next-round.title": "Die nächste Runde",
    "azul.next-round.text": (
        "Nach dem Fliesen der Wand werden die Manufakturen wieder mit je vier Fliesen aus dem Beutel "
        "bestückt; ist der Beutel leer, kommen die Fliesen aus dem Schachteldeckel zurück hinein. Keine "
        "Fliese geht je verloren. Wer den Startspielermarker hat, beginnt. Nimm die letzte blaue Fliese in "
        "Reihe 2."
    ),
    "azul.next-round.explanation": (
        "Deine blaue Fliese hat 1 Punkt gebracht. Dein Gegner hatte den Marker, hat dafür 1 Punkt verloren "
        "und beginnt die neue Runde; die Manufakturen sind wieder voll."
    ),
    "azul.next-round.hint.1": "In Reihe 2 liegt eine blaue Fliese: Die blaue Fliese in der Mitte macht sie voll.",
    "azul.game-end.title": "Das Ende der Partie",
    "azul.game-end.text": (
        "Die Partie endet nach dem Fliesen der Wand, bei dem jemand eine waagrechte Reihe der Wand vollendet. "
        "Jede volle Reihe bringt 2 Punkte extra. Bei Gleichstand gewinnt, wer mehr volle Reihen hat. Mach "
        "deine Reihe 1 mit der weißen Fliese voll."
    ),
    "azul.game-end.explanation": (
        "Die weiße Fliese hat 5 Punkte für die Fünferreihe gebracht und 2 mehr für die volle Reihe: 7. Dein "
        "Gegner hat 1 Punkt für den Marker verloren, also habt ihr beide 25 Punkte, und du gewinnst mit mehr "
        "vollen Reihen."
    ),
    "azul.game-end.hint.1": "Reihe 1 deiner Wand fehlt nur noch Weiß: Nimm die weiße Fliese in Reihe 1.",
    "azul.bonuses.title": "Boni: Reihen, Spalten, Farben",
    "azul.bonuses.text": (
        "Am Ende bringt jede volle Reihe 2 Punkte, jede volle Spalte 7 und jede Farbe mit allen fünf Fliesen "
        "an der Wand 10. Deine letzte blaue Fliese gehört in Reihe 5: Mach Reihe 5 mit den fünf blauen "
        "Fliesen voll."
    ),
    "azul.bonuses.explanation": (
        "Die blaue Fliese hat 5 für die Fünferspalte gebracht; dann die Boni: 2 für Reihe 1, 7 für Spalte 5 "
        "und 10 für alle fünf blauen Fliesen. Insgesamt 24 Punkte."
    ),
    "azul.bonuses.hint.1": "Reihe 5 fasst fünf Fliesen, und in der Mitte liegen fünf blaue.",
    "azul.grey-wall.title": "Variante: die graue Wand",
    "azul.grey-wall.text": (
        "Auf der grauen Wand sind keine Farben aufgedruckt: Ist eine Reihe voll, wählst du ihre Spalte, aber "
        "jede Farbe nur einmal in jeder Reihe und jeder Spalte. Mach Reihe 3 mit der roten Fliese voll und "
        "lege sie dann in Spalte 4, neben deine blaue Fliese."
    ),
    "azul.grey-wall.explanation": (
        "Die rote Fliese hat an die blaue angeschlossen: 2 Punkte. Wäre keine Spalte für Rot frei gewesen, "
        "wäre die ganze Reihe auf den Boden gefallen."
    ),
    "azul.grey-wall.hint.1": "Zuerst das Nehmen: die rote Fliese aus der Mitte in Reihe 3.",
    "azul.grey-wall.hint.2": (
        "In Spalte 2 liegt schon Rot. Wähle Spalte 4 in Reihe 3, rechts neben der blauen Fliese, für 2 Punkte."
    ),
    "chocolatier.title": "Azul: Meister Chocolatier spielen lernen",
    "chocolatier.take.title": "Pralinen nehmen",
    "chocolatier.take.text": (
        "Meister Chocolatier spielt sich wie Azul, nur mit Pralinen. Zu zweit habt ihr fünf Manufakturen mit "
        "je vier Pralinen. Bist du dran, nimmst du alle Pralinen einer Farbe von einer Manufaktur. Nimm die "
        "beiden blauen Pralinen von Manufaktur 1 in Musterreihe 2."
    ),
    "chocolatier.take.explanation": (
        "Du hast beide blauen Pralinen genommen; die braune und die rosa Praline sind in die Tischmitte gewandert."
    ),
    "chocolatier.take.hint.1": "Wähle die blauen Pralinen von Manufaktur 1 und dann Musterreihe 2 auf deinem Tableau.",
    "chocolatier.box-row.title": "Musterreihen und die Schachtel",
    "chocolatier.box-row.text": (
        "Reihe 1 fasst eine Praline, Reihe 2 zwei, bis zu fünf in Reihe 5. Eine Reihe nimmt nur eine Farbe, "
        "die ihre Reihe der Schachtel noch nicht hat; jede Reihe hält jede Farbe einmal, von Reihe zu Reihe "
        "um eins verschoben. Reihe 1 deiner Schachtel hat Blau: Lege die blauen Pralinen von Manufaktur 2 in "
        "Reihe 2."
    ),
    "chocolatier.box-row.explanation": (
        "Reihe 2 ist voll: Ihre blaue Praline füllt am Rundenende Reihe 2 deiner Schachtel."
    ),
    "chocolatier.box-row.hint.1": (
        "Reihe 1 nimmt kein Blau, weil Reihe 1 deiner Schachtel es schon hat. Lege die blauen Pralinen in Reihe 2."
    ),
    "chocolatier.overflow.title": "Zu viele Pralinen",
    "chocolatier.overflow.text": (
        "Pralinen, die nicht in die gewählte Reihe passen, fallen in die Bodenreihe, und die kostet am "
        "Rundenende -1, -1, -2, -2, -2, -3, -3. Nimm die vier braunen Pralinen von Manufaktur 5 in Reihe 3."
    ),
    "chocolatier.overflow.explanation": (
        "Drei braune Pralinen haben Reihe 3 gefüllt; die vierte ist auf den Boden gefallen und kostet 1 Punkt."
    ),
    "chocolatier.overflow.hint.1": "Nimm die braunen Pralinen von Manufaktur 5 und wähle Musterreihe 3.",
    "chocolatier.centre.title": "Die Tischmitte und der Startspielermarker",
    "chocolatier.centre.text": (
        "Ihr seid reihum im Uhrzeigersinn dran. Wer als Erstes aus der Mitte nimmt, legt auch den "
        "Startspielermarker in die eigene Bodenreihe: Er kostet einen Punkt, dafür beginnt man die nächste "
        "Runde. Nimm die beiden rosa Pralinen aus der Mitte in Reihe 2."
    ),
    "chocolatier.centre.explanation": (
        "Du hast die rosa Pralinen und den Startspielermarker genommen, der jetzt in deiner Bodenreihe liegt."
    ),
    "chocolatier.centre.hint.1": "Die rosa Pralinen liegen in der Tischmitte. Wähle sie und dann Reihe 2.",
    "chocolatier.filling.title": "Die Schachtel füllen",
    "chocolatier.filling.text": (
        "Sind die Manufakturen und die Mitte leer, gibt jede volle Reihe eine Praline in die Schachtel ab, wo "
        "sie sofort Punkte bringt, und die Bodenreihe kostet ihre Punkte. Nimm die letzte weiße Praline in "
        "Reihe 2."
    ),
    "chocolatier.filling.explanation": (
        "Eine weiße Praline ist für 1 Punkt in die Schachtel gewandert; der Marker und die braune Praline in "
        "deiner Bodenreihe kosten 2. Insgesamt hast du 1 Punkt verloren, und du beginnst die nächste Runde."
    ),
    "chocolatier.filling.hint.1": "In Reihe 2 liegt eine weiße Praline: Die weiße Praline in der Mitte macht sie voll.",
    "chocolatier.seven-points.title": "Punkte: 7 auf einen Streich",
    "chocolatier.seven-points.text": (
        "Eine Praline allein bringt 1 Punkt; neben anderen bringt sie die Länge der lückenlosen waagrechten "
        "Kette, an die sie anschließt, plus die der senkrechten. Mach Reihe 3 mit der letzten braunen Praline "
        "voll: Sie landet zwischen Schwarz, Weiß und Blau und zwischen Rosa darüber und Blau darunter."
    ),
    "chocolatier.seven-points.explanation": (
        "Eine Kette aus 4 waagrecht und 3 senkrecht, die Praline zählt in beiden: 7 Punkte."
    ),
    "chocolatier.seven-points.hint.1": "Reihe 3 braucht noch eine braune Praline: die in der Mitte.",
    "chocolatier.next-round.title": "Die nächste Runde",
    "chocolatier.next-round.text": (
        "Nach dem Füllen der Schachtel werden die Manufakturen aus dem Beutel neu bestückt, und die Pralinen "
        "aus dem Deckel kommen zurück in den Beutel, wenn er leer ist: Keine geht verloren. Wer den Marker "
        "hat, beginnt. Nimm die letzte blaue Praline in Reihe 2."
    ),
    "chocolatier.next-round.explanation": (
        "Deine blaue Praline hat 1 Punkt gebracht. Dein Gegner hatte den Marker, hat 1 Punkt verloren und "
        "beginnt die neue Runde."
    ),
    "chocolatier.next-round.hint.1": "In Reihe 2 liegt eine blaue Praline: Die blaue in der Mitte macht sie voll.",
    "chocolatier.game-end.title": "Das Ende der Partie",
    "chocolatier.game-end.text": (
        "Die Partie endet nach dem Füllen, bei dem jemand eine waagrechte Reihe der Schachtel vollendet: Jede "
        "volle Reihe bringt 2, jede Spalte 7, jede Farbe mit allen fünf Pralinen 10. Bei Gleichstand gewinnen "
        "mehr volle Reihen. Mach deine Reihe 1 mit der weißen Praline voll."
    ),
    "chocolatier.game-end.explanation": (
        "5 Punkte für die Fünferreihe und 2 für die volle Reihe: 7. Dein Gegner hat 1 für den Marker "
        "verloren, also habt ihr beide 25, und deine volle Reihe entscheidet."
    ),
    "chocolatier.game-end.hint.1": "Reihe 1 deiner Schachtel fehlt nur noch Weiß: Nimm die weiße Praline in Reihe 1.",
    "chocolatier.sn1-sn2.title": "Spezial-Manufakturen: SN1 und SN2",
    "chocolatier.sn1-sn2.text": (
        "Variante: In jeder Runde bekommen so viele Manufakturen, wie ihr Spieler seid, ein Spezialplättchen. "
        "SN1 zieht eine Praline mehr, deshalb liegen auf Manufaktur 2 fünf; SN2 zieht ihre Farbe (hier Blau) "
        "von beiden Nachbarn zu sich. Nimm die drei schwarzen Pralinen von Manufaktur 2 in Reihe 3."
    ),
    "chocolatier.sn1-sn2.explanation": (
        "Drei schwarze Pralinen haben Reihe 3 gefüllt, und die beiden weißen sind in die Mitte gewandert, wie "
        "bei jeder Manufaktur."
    ),
    "chocolatier.sn1-sn2.hint.1": "Manufaktur 2 ist die SN1 mit fünf Pralinen: Nimm ihre drei schwarzen in Reihe 3.",
    "chocolatier.sn3.title": "SN3: Der Rest bleibt liegen",
    "chocolatier.sn3.text": (
        "Nimmst du von SN3, bleiben die übrigen Pralinen darauf liegen, statt in die Mitte zu wandern, und "
        "man kann wieder davon nehmen. Nimm die blauen Pralinen von Manufaktur 1 in Reihe 2."
    ),
    "chocolatier.sn3.explanation": (
        "Die braune und die rosa Praline sind auf Manufaktur 1 geblieben; die Mitte ist noch leer."
    ),
    "chocolatier.sn3.hint.1": "Auf Manufaktur 1 liegt SN3: Nimm ihre blauen Pralinen in Reihe 2.",
    "chocolatier.sn4.title": "SN4: Du verteilst den Rest",
    "chocolatier.sn4.text": (
        "Nimmst du von SN4, schickst du jede übrige Farbe zu einer der beiden Nachbar-Manufakturen. Nimm die "
        "beiden rosa Pralinen von Manufaktur 3 in Reihe 3 und schick dann die braune zu Manufaktur 2 und die "
        "schwarze zu Manufaktur 4."
    ),
    "chocolatier.sn4.explanation": (
        "Manufaktur 2 hat die braune Praline bekommen und Manufaktur 4 die schwarze; in die Mitte ist nichts gewandert."
    ),
    "chocolatier.sn4.hint.1": (
        "Nimm die rosa Pralinen von Manufaktur 3 in Reihe 3 und wähle dann: Braun zur vorigen Manufaktur (2), "
        "Schwarz zur nächsten (4)."
    ),
    "chocolatier.sn5.title": "SN5: ein Bodenfeld ohne Strafe",
    "chocolatier.sn5.text": (
        "Wer von SN5 nimmt, behält das Plättchen bis zum Rundenende: Die nächste Praline, die in die eigene "
        "Bodenreihe fallen würde, landet stattdessen darauf, ohne Strafe. Nimm die vier weißen Pralinen von "
        "Manufaktur 5 in Reihe 2."
    ),
    "chocolatier.sn5.explanation": (
        "Zwei weiße Pralinen haben Reihe 2 gefüllt; von den zwei übrigen ist die erste kostenlos auf das "
        "SN5-Plättchen gekommen und nur die zweite in deine Bodenreihe."
    ),
    "chocolatier.sn5.hint.1": "Auf Manufaktur 5 liegt SN5: Nimm ihre weißen Pralinen in Reihe 2.",
    "chocolatier.brown-box.title": "Variante: die braune Schachtel",
    "chocolatier.brown-box.text": (
        "Die braune Schachtel hat keine aufgedruckten Farben: Du wählst die Spalte jeder vollen Reihe, jede "
        "Farbe nur einmal in jeder Reihe und Spalte. Mach Reihe 3 mit der rosa Praline voll und lege sie dann "
        "in Spalte 4, neben deine blaue Praline."
    ),
    "chocolatier.brown-box.explanation": "Die rosa Praline hat an die blaue angeschlossen: 2 Punkte.",
    "chocolatier.brown-box.hint.1": "Zuerst das Nehmen: die rosa Praline aus der Mitte in Reihe 3.",
    "chocolatier.brown-box.hint.2": (
        "In Spalte 2 liegt schon Rosa. Wähle Spalte 4 in Reihe 3, rechts neben der blauen Praline, für 2 Punkte."
    ),
    "pavilion.title": "Azul: Sommerpavillon spielen lernen",
    "pavilion.take.title": "Fliesen nehmen und die Jokerfarbe",
    "pavilion.take.text": (
        "Alle beginnen mit 5 Punkten. Jede Runde hat eine Jokerfarbe: in Runde 1 Lila. Bist du dran, nimmst "
        "du alle Fliesen einer Farbe von einer Manufaktur und dazu einen Joker, falls dort einer liegt. Nimm "
        "die roten Fliesen von Manufaktur 2."
    ),
    "pavilion.take.explanation": (
        "Du hast zwei rote Fliesen und den lila Joker auf die Hand genommen; die grüne Fliese ist in die "
        "Mitte gewandert."
    ),
    "pavilion.take.hint.1": "Wähle die roten Fliesen von Manufaktur 2, der zweiten Manufaktur.",
    "pavilion.centre.title": "Die Mitte kostet Punkte",
    "pavilion.centre.text": (
        "Ihr seid reihum im Uhrzeigersinn dran. Wer als Erstes aus der Mitte nimmt, nimmt den "
        "Startspielermarker und verliert einen Punkt je genommene Fliese. Nimm die beiden orangen Fliesen aus "
        "der Mitte."
    ),
    "pavilion.centre.explanation": (
        "Du hast zwei orange Fliesen und den Marker genommen und 2 Punkte verloren. In dieser Runde legst du "
        "als Erstes und beginnst die nächste."
    ),
    "pavilion.centre.hint.1": "Die orangen Fliesen liegen in der Tischmitte: Wähle sie.",
    "pavilion.placement-phase.title": "Vom Nehmen zum Legen",
    "pavilion.placement-phase.text": (
        "Das Nehmen endet, wenn die Manufakturen und die Mitte leer sind. Dann legt ihr Fliesen auf eure "
        "Sterne, wer den Startspielermarker hat, zuerst. Nimm die letzten beiden grünen Fliesen."
    ),
    "pavilion.placement-phase.explanation": (
        "Der Tisch ist leer: Das Legen beginnt, und dein Gegner, der den Marker hat, legt zuerst."
    ),
    "pavilion.placement-phase.hint.1": "Nur die grünen Fliesen in der Mitte sind übrig: Wähle sie.",
    "pavilion.place.title": "Eine Fliese legen",
    "pavilion.place.text": (
        "Dein Tableau hat sechs bunte Sterne um den Mittelstern. Jedes Feld zeigt eine Zahl: Dort zu legen "
        "kostet so viele Fliesen in der Farbe des Sterns, eine aufs Feld und den Rest in den Turm. Lege eine "
        "rote Fliese auf Feld 1 des roten Sterns."
    ),
    "pavilion.place.explanation": "Die rote Fliese liegt auf Feld 1 und hat 1 Punkt gebracht.",
    "pavilion.place.hint.1": "Such den roten Stern und wähle sein Feld 1: Es kostet eine einzige rote Fliese.",
    "pavilion.wilds.title": "Das Beispiel aus der Anleitung: mit Jokern bezahlen",
    "pavilion.wilds.text": (
        "Das Beispiel aus der Spielanleitung: Fliesen der Jokerfarbe der Runde (jetzt Lila) dürfen ein Feld "
        "anstelle der Sternfarbe bezahlen, aber die Fliese auf dem Feld muss diese Farbe haben. Du hast eine "
        "grüne und drei lila Fliesen: Lege die grüne Fliese auf Feld 4 des grünen Sterns und bezahle mit den "
        "drei lila."
    ),
    "pavilion.wilds.explanation": (
        "Die grüne Fliese liegt auf dem Feld, die drei lila haben den Rest in den Turm bezahlt: 1 Punkt, weil "
        "die Fliese keine andere berührt. Mit denselben lila Fliesen hättest du stattdessen Feld 3 des lila "
        "Sterns füllen können."
    ),
    "pavilion.wilds.hint.1": "Wähle Feld 4 des grünen Sterns und dann die Zahlung mit drei Jokern.",
    "pavilion.scoring.title": "Punkte entlang eines Sterns",
    "pavilion.scoring.text": (
        "Fliesen berühren sich nur innerhalb eines Sterns, rundherum im Ring. Eine Fliese bringt allein 1 "
        "Punkt, sonst die Länge des lückenlosen Bogens, an den sie anschließt. Dein roter Stern hat die "
        "Felder 1 und 2: Lege eine rote Fliese auf Feld 3."
    ),
    "pavilion.scoring.explanation": "Der Bogen aus drei roten Fliesen hat 3 Punkte gebracht.",
    "pavilion.scoring.hint.1": (
        "Feld 3 des roten Sterns liegt neben deinen zwei roten Fliesen; es kostet drei rote Fliesen."
    ),
    "pavilion.centre-star.title": "Der Mittelstern",
    "pavilion.centre-star.text": (
        "Der Mittelstern nimmt jede Farbe, aber jede nur einmal. Auf ihm liegt eine rote Fliese: Lege eine "
        "blaue Fliese auf sein Feld 2."
    ),
    "pavilion.centre-star.explanation": (
        "Blau hat an Rot angeschlossen: 2 Punkte. Rot darf nicht noch einmal auf den Mittelstern."
    ),
    "pavilion.centre-star.hint.1": "Rot liegt schon auf dem Mittelstern. Wähle sein Feld 2 und dann Blau.",
    "pavilion.bonus.title": "Fenster, Statuen und Säulen",
    "pavilion.bonus.text": (
        "Wer ein Fenster umschließt (Felder 5 und 6 eines Sterns), bekommt 3 Fliesen nach Wahl aus dem "
        "Vorrat, bei einer Statue 2 und bei einer Säule 1; danach wird der Vorrat aus dem Beutel aufgefüllt. "
        "Lege eine orange Fliese auf Feld 5 des orangen Sterns und nimm dann zwei blaue Fliesen und eine "
        "gelbe."
    ),
    "pavilion.bonus.explanation": (
        "Der Zweierbogen hat 2 Punkte gebracht, und das Fenster hat dir drei Fliesen für spätere Züge beschert."
    ),
    "pavilion.bonus.hint.1": (
        "Feld 5 des orangen Sterns liegt neben dem belegten Feld 6: Es kostet fünf orange Fliesen."
    ),
    "pavilion.bonus.hint.2": "Wähle zwei blaue Fliesen und eine gelbe aus dem Vorrat.",
    "pavilion.pass.title": "Passen und die nächste Runde",
    "pavilion.pass.text": (
        "Wenn du passt, behältst du bis zu vier Fliesen für die nächste Runde und wirfst den Rest für je -1 "
        "Punkt in den Turm. Passe und behalte die zwei roten und die zwei blauen Fliesen."
    ),
    "pavilion.pass.explanation": (
        "Drei Fliesen sind in den Turm gewandert: -3 Punkte. Alle haben gepasst, also beginnt Runde 2: Die "
        "Manufakturen sind wieder voll, deine behaltenen Fliesen sind wieder auf deiner Hand, und wer den "
        "Marker hat, beginnt."
    ),
    "pavilion.pass.hint.1": "Passe und wähle dann die roten und die blauen Fliesen zum Behalten.",
    "pavilion.game-end.title": "Das Ende der Partie",
    "pavilion.game-end.text": (
        "Die Partie endet nach Runde 6. Dann bringt jeder vollständige Stern seinen Bonus (Mitte 12, Rot 14, "
        "Blau 15, Gelb 16, Orange 17, Grün 18, Lila 20), ebenso jede Zahl, die auf allen Sternen belegt ist. "
        "Vervollständige deinen gelben Stern auf Feld 1 und passe dann."
    ),
    "pavilion.game-end.explanation": (
        "Der vollständige Stern hat 6 gebracht, die blaue Fliese auf deiner Hand hat 1 gekostet, und die Boni "
        "für den roten und den gelben Stern haben 30 dazugegeben: 35 Punkte, und du gewinnst."
    ),
    "pavilion.game-end.hint.1": "Feld 1 des gelben Sterns ist sein letztes freies Feld.",
    "pavilion.game-end.hint.2": "Passe: In Runde 6 wird nichts behalten.",
    "pavilion.colourless.title": "Variante: die farblosen Sterne",
    "pavilion.colourless.text": (
        "Auf der farblosen Seite kosten die Felder der äußeren Sterne 3, 2, 1, 4, 5, 6 und jedes Feld der "
        "Mitte 3. Jeder Stern muss am Ende ganz in einer Farbe sein oder sechs verschiedene Farben haben: "
        "Seine zweite Fliese entscheidet. Auf dem ersten Stern liegt Rot auf Feld 2: Lege eine rote Fliese "
        "auf sein Feld 3, das eine Fliese kostet."
    ),
    "pavilion.colourless.explanation": (
        "Zwei rote Fliesen nebeneinander: 2 Punkte, und dieser Stern ist jetzt ein roter Stern."
    ),
    "pavilion.colourless.hint.1": "Wähle Feld 3 des ersten Sterns (neben der roten Fliese) und dann Rot.",
    "pavilion.colourless-bonus.title": "Farblose Sterne: der Bonus",
    "pavilion.colourless-bonus.text": (
        "Ein vollständiger einfarbiger Stern bringt den Bonus seiner Farbe, ein Stern aus sechs Farben 12. Es "
        "ist Runde 6: Vervollständige deinen roten Stern auf Feld 3 und passe dann, um die Partie zu beenden."
    ),
    "pavilion.colourless-bonus.explanation": (
        "Der vollständige Stern hat 6 gebracht; am Ende hat der rote Stern 14 eingebracht und der "
        "sechsfarbige 12: 32 Punkte, und du gewinnst."
    ),
    "pavilion.colourless-bonus.hint.1": "Dem ersten Stern fehlt nur Feld 3: Lege deine rote Fliese dorthin.",
    "pavilion.colourless-bonus.hint.2": "Passe, um die Partie zu beenden.",
}
