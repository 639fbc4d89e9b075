"""The tutorials in Spanish: "tú", and the Spanish editions' words (expositores, líneas de patrón, muro, suelo)."""

TEXTS = {
    "azul.title": "Aprende a jugar a Azul",
    "azul.take.title": "Coger azulejos",
    "azul.take.text": (
        "Dos jugadores juegan con cinco expositores, cada uno con cuatro azulejos sacados de la bolsa. Una "
        "ronda empieza con la oferta de los expositores: en tu turno coges todos los azulejos de un color de "
        "un expositor. Coge los dos azulejos azules del expositor 1 y ponlos en la línea de patrón 2."
    ),
    "azul.take.explanation": (
        "Has cogido los dos azulejos azules; el amarillo y el rojo que quedaban en el expositor han pasado al "
        "centro de la mesa. Más adelante, cualquiera podrá coger un color del centro en lugar de un "
        "expositor."
    ),
    "azul.take.hint.1": (
        "Elige los azulejos azules del expositor 1 (el primero) y luego la línea de patrón 2 de tu tablero."
    ),
    "azul.pattern-line.title": "Las líneas de patrón",
    "azul.pattern-line.text": (
        "La línea de patrón 1 admite un azulejo, la línea 2 dos, y así hasta la línea 5, que admite cinco. "
        "Una línea está completa cuando está llena. Llena exactamente la línea de patrón 3: coge los tres "
        "azulejos rojos del expositor 3."
    ),
    "azul.pattern-line.explanation": (
        "La línea 3 está completa. Al final de la ronda, uno de sus azulejos pasará a tu muro y sumará puntos."
    ),
    "azul.pattern-line.hint.1": (
        "La línea 3 admite exactamente tres azulejos: coge los azulejos rojos del expositor 3 y elige la línea 3."
    ),
    "azul.wall-row.title": "El muro manda",
    "azul.wall-row.text": (
        "Cada fila del muro tiene una casilla de cada color, en un dibujo que se desplaza una posición de "
        "fila en fila. Una línea de patrón solo admite un color que su fila del muro aún no tenga. Tu fila 1 "
        "ya tiene azul: pon los dos azulejos azules del expositor 2 en la línea 2."
    ),
    "azul.wall-row.explanation": (
        "La línea 2 está llena. Su azulejo azul irá a la fila 2 del muro, donde el azul es la segunda casilla."
    ),
    "azul.wall-row.hint.1": (
        "La línea 1 no admite el azul porque la fila 1 de tu muro ya lo tiene. Pon los azulejos azules del "
        "expositor 2 en la línea 2."
    ),
    "azul.overflow.title": "Demasiados azulejos",
    "azul.overflow.text": (
        "Todos los azulejos que coges van a una sola línea. Los que no caben caen a tu línea de suelo, que "
        "resta puntos al final de la ronda: -1, -1, -2, -2, -2, -3, -3. Coge los cuatro azulejos amarillos "
        "del expositor 5 para la línea 3."
    ),
    "azul.overflow.explanation": (
        "Tres azulejos amarillos han llenado la línea 3 y el cuarto ha caído al suelo: te costará 1 punto al "
        "acabar la ronda."
    ),
    "azul.overflow.hint.1": "Coge los azulejos amarillos del expositor 5 y elige la línea de patrón 3.",
    "azul.centre.title": "El centro y la ficha de jugador inicial",
    "azul.centre.text": (
        "Se juega por turnos en el sentido de las agujas del reloj. Quien coge primero del centro se lleva "
        "también la ficha de jugador inicial: va a su suelo y le cuesta un punto, pero empezará la ronda "
        "siguiente. Coge los dos azulejos rojos del centro para la línea 2."
    ),
    "azul.centre.explanation": (
        "Has cogido los azulejos rojos y la ficha de jugador inicial, que ahora está en tu suelo."
    ),
    "azul.centre.hint.1": (
        "Los azulejos rojos están en el centro de la mesa, no en un expositor. Elígelos y luego la línea 2."
    ),
    "azul.floor.title": "Al suelo, por elección",
    "azul.floor.text": (
        "Tienes que coger azulejos mientras queden, y siempre puedes ponerlos directamente en el suelo. Todas "
        "tus líneas de patrón tienen ya otro color: pon los cuatro azulejos negros del expositor 3 en el "
        "suelo."
    ),
    "azul.floor.explanation": (
        "Los azulejos negros están en tu suelo, junto a la ficha. Tus líneas siguen como estaban, listas para "
        "completarse."
    ),
    "azul.floor.hint.1": (
        "Coge los azulejos negros del expositor 3 y elige tu línea de suelo, debajo de las líneas de patrón."
    ),
    "azul.tiling.title": "Alicatar el muro",
    "azul.tiling.text": (
        "La oferta termina cuando no queda ningún azulejo en los expositores ni en el centro. Entonces cada "
        "línea de patrón completa pasa un azulejo al muro, que puntúa al momento, y el suelo resta sus "
        "puntos. Coge el último azulejo blanco para la línea 2."
    ),
    "azul.tiling.explanation": (
        "La línea 2 estaba completa: un azulejo blanco ha pasado al muro por 1 punto y el otro ha ido a la "
        "tapa. En tu suelo estaban la ficha y un azulejo amarillo: -2. En total has perdido 1 punto. La ficha "
        "vuelve a ti y empiezas la ronda siguiente."
    ),
    "azul.tiling.hint.1": "La línea 2 ya tiene un azulejo blanco: el azulejo blanco del centro la completa.",
    "azul.row-score.title": "Puntuar en una fila",
    "azul.row-score.text": (
        "Un azulejo colocado en el muro da 1 punto si está solo; junto a otros, da la longitud de la hilera "
        "continua a la que se une, en horizontal y en vertical. La fila 1 de tu muro tiene azul y amarillo: "
        "completa la línea 1 con el azulejo rojo."
    ),
    "azul.row-score.explanation": (
        "El azulejo rojo se ha unido al azul y al amarillo: una hilera horizontal de tres, 3 puntos."
    ),
    "azul.row-score.hint.1": "La línea 1 admite un azulejo: coge el azulejo rojo del centro y elige la línea 1.",
    "azul.seven-points.title": "El ejemplo del reglamento: 7 puntos",
    "azul.seven-points.text": (
        "El ejemplo del reglamento: tu azulejo amarillo irá a la fila 3 junto al negro, el blanco y el azul, "
        "entre el azulejo rojo de arriba y el azul de abajo. Completa la línea 3 con el último azulejo "
        "amarillo."
    ),
    "azul.seven-points.explanation": (
        "En horizontal, el azulejo amarillo completa una hilera de 4; en vertical, una de 3. Un azulejo "
        "cuenta en las dos: 4 + 3 = 7 puntos."
    ),
    "azul.seven-points.hint.1": "La línea 3 tiene dos azulejos amarillos y le falta uno: el amarillo del centro.",
    "azul.next-round.title": "La ronda siguiente",
    "azul.next-round.text": (
        "Tras alicatar el muro, los expositores se rellenan con cuatro azulejos cada uno sacados de la bolsa; "
        "cuando la bolsa se vacía, los azulejos de la tapa vuelven a ella. Ningún azulejo se pierde nunca. "
        "Empieza quien tenga la ficha de jugador inicial. Coge el último azulejo azul para la línea 2."
    ),
    "azul.next-round.explanation": (
        "Tu azulejo azul ha dado 1 punto. Tu rival tenía la ficha, ha perdido 1 punto por ella y empieza la "
        "nueva ronda; los expositores vuelven a estar llenos."
    ),
    "azul.next-round.hint.1": "La línea 2 tiene un azulejo azul: el azulejo azul del centro la completa.",
    "azul.game-end.title": "El final de la partida",
    "azul.game-end.text": (
        "La partida termina tras el alicatado en el que alguien completa una fila del muro. Cada fila "
        "completa da 2 puntos más. En caso de empate, gana quien tenga más filas completas. Completa tu fila "
        "1 con el azulejo blanco."
    ),
    "azul.game-end.explanation": (
        "El azulejo blanco ha dado 5 puntos por la fila de cinco y 2 más por la fila completa: 7. Tu rival ha "
        "perdido 1 punto por la ficha, así que los dos tenéis 25 puntos, y ganas tú por tener más filas "
        "completas."
    ),
    "azul.game-end.hint.1": "A la fila 1 de tu muro solo le falta el blanco: coge el azulejo blanco para la línea 1.",
    "azul.bonuses.title": "Bonificaciones: filas, columnas, colores",
    "azul.bonuses.text": (
        "Al final, cada fila completa da 2 puntos, cada columna completa 7 y cada color con sus cinco "
        "azulejos en el muro 10. Tu último azulejo azul va en la fila 5: completa la línea 5 con los cinco "
        "azulejos azules."
    ),
    "azul.bonuses.explanation": (
        "El azulejo azul ha dado 5 por la columna de cinco; luego las bonificaciones: 2 por la fila 1, 7 por "
        "la columna 5 y 10 por los cinco azulejos azules. 24 puntos en total."
    ),
    "azul.bonuses.hint.1": "La línea 5 admite cinco azulejos, y en el centro hay cinco azules.",
    "azul.grey-wall.title": "Variante: el muro gris",
    "azul.grey-wall.text": (
        "En el muro gris no hay colores impresos: cuando una línea está completa, eliges tú su columna, pero "
        "cada color solo una vez por fila y por columna. Completa la línea 3 con el azulejo rojo y luego "
        "ponlo en la columna 4, junto a tu azulejo azul."
    ),
    "azul.grey-wall.explanation": (
        "El azulejo rojo se ha unido al azul: 2 puntos. Si no hubiera quedado ninguna columna libre para el "
        "rojo, toda la línea habría caído al suelo."
    ),
    "azul.grey-wall.hint.1": "Primero coge: el azulejo rojo del centro para la línea 3.",
    "azul.grey-wall.hint.2": (
        "La columna 2 ya tiene rojo. Elige la columna 4 de la fila 3, a la derecha del azulejo azul, por 2 puntos."
    ),
    "chocolatier.title": "Aprende a jugar a Azul: Maestro Chocolatero",
    "chocolatier.take.title": "Coger bombones",
    "chocolatier.take.text": (
        "Maestro Chocolatero se juega como Azul, pero con bombones. Dos jugadores tienen cinco expositores de "
        "cuatro bombones cada uno. En tu turno coges todos los bombones de un color de un expositor. Coge los "
        "dos bombones azules del expositor 1 para la línea de patrón 2."
    ),
    "chocolatier.take.explanation": (
        "Has cogido los dos bombones azules; el marrón y el rosa han pasado al centro de la mesa."
    ),
    "chocolatier.take.hint.1": "Elige los bombones azules del expositor 1 y luego la línea de patrón 2 de tu tablero.",
    "chocolatier.box-row.title": "Las líneas de patrón y la caja",
    "chocolatier.box-row.text": (
        "La línea 1 admite un bombón, la línea 2 dos, hasta cinco en la línea 5. Una línea solo admite un "
        "color que su fila de la caja aún no tenga; cada fila tiene cada color una vez, desplazado una "
        "posición de fila en fila. La fila 1 de tu caja tiene azul: pon los bombones azules del expositor 2 "
        "en la línea 2."
    ),
    "chocolatier.box-row.explanation": (
        "La línea 2 está llena: su bombón azul llenará la fila 2 de tu caja al final de la ronda."
    ),
    "chocolatier.box-row.hint.1": (
        "La línea 1 no admite el azul porque la fila 1 de tu caja ya lo tiene. Pon los bombones azules en la línea 2."
    ),
    "chocolatier.overflow.title": "Demasiados bombones",
    "chocolatier.overflow.text": (
        "Los bombones que no caben en la línea elegida caen a la línea de suelo, que resta -1, -1, -2, -2, "
        "-2, -3, -3 al final de la ronda. Coge los cuatro bombones marrones del expositor 5 para la línea 3."
    ),
    "chocolatier.overflow.explanation": (
        "Tres bombones marrones han llenado la línea 3; el cuarto ha caído al suelo y costará 1 punto."
    ),
    "chocolatier.overflow.hint.1": "Coge los bombones marrones del expositor 5 y elige la línea de patrón 3.",
    "chocolatier.centre.title": "El centro y la ficha de jugador inicial",
    "chocolatier.centre.text": (
        "Se juega por turnos en el sentido de las agujas del reloj. Quien coge primero del centro se lleva "
        "también la ficha de jugador inicial a su suelo: cuesta un punto, pero empezará la ronda siguiente. "
        "Coge los dos bombones rosas del centro para la línea 2."
    ),
    "chocolatier.centre.explanation": (
        "Has cogido los bombones rosas y la ficha de jugador inicial, que ahora está en tu suelo."
    ),
    "chocolatier.centre.hint.1": "Los bombones rosas están en el centro de la mesa. Elígelos y luego la línea 2.",
    "chocolatier.filling.title": "Llenar la caja",
    "chocolatier.filling.text": (
        "Cuando los expositores y el centro quedan vacíos, cada línea completa pasa un bombón a la caja, "
        "donde puntúa al momento, y el suelo resta sus puntos. Coge el último bombón blanco para la línea 2."
    ),
    "chocolatier.filling.explanation": (
        "Un bombón blanco ha entrado en la caja por 1 punto; la ficha y el bombón marrón de tu suelo cuestan "
        "2. En total has perdido 1 punto, y empiezas la ronda siguiente."
    ),
    "chocolatier.filling.hint.1": "La línea 2 tiene un bombón blanco: el bombón blanco del centro la completa.",
    "chocolatier.seven-points.title": "Puntuar: 7 puntos",
    "chocolatier.seven-points.text": (
        "Un bombón solo da 1 punto; junto a otros, da la longitud de la hilera continua horizontal a la que "
        "se une, más la vertical. Completa la línea 3 con el último bombón marrón: cae entre el negro, el "
        "blanco y el azul, y entre el rosa de arriba y el azul de abajo."
    ),
    "chocolatier.seven-points.explanation": (
        "Una hilera de 4 en horizontal y de 3 en vertical, y el bombón cuenta en las dos: 7 puntos."
    ),
    "chocolatier.seven-points.hint.1": "A la línea 3 le falta un bombón marrón: el del centro.",
    "chocolatier.next-round.title": "La ronda siguiente",
    "chocolatier.next-round.text": (
        "Tras llenar la caja, los expositores se rellenan desde la bolsa, y los bombones de la tapa vuelven a "
        "la bolsa cuando se vacía: ninguno se pierde. Empieza quien tenga la ficha. Coge el último bombón "
        "azul para la línea 2."
    ),
    "chocolatier.next-round.explanation": (
        "Tu bombón azul ha dado 1 punto. Tu rival tenía la ficha, ha perdido 1 punto y empieza la nueva ronda."
    ),
    "chocolatier.next-round.hint.1": "La línea 2 tiene un bombón azul: el azul del centro la completa.",
    "chocolatier.game-end.title": "El final de la partida",
    "chocolatier.game-end.text": (
        "La partida termina tras el llenado en el que alguien completa una fila de la caja: cada fila "
        "completa da 2, cada columna 7, cada color con sus cinco bombones 10. En caso de empate, ganan más "
        "filas completas. Completa tu fila 1 con el bombón blanco."
    ),
    "chocolatier.game-end.explanation": (
        "5 puntos por la fila de cinco y 2 por la fila completa: 7. Tu rival ha perdido 1 por la ficha, así "
        "que los dos tenéis 25, y gana tu fila completa."
    ),
    "chocolatier.game-end.hint.1": (
        "A la fila 1 de tu caja solo le falta el blanco: coge el bombón blanco para la línea 1."
    ),
    "chocolatier.sn1-sn2.title": "Expositores especiales: SN1 y SN2",
    "chocolatier.sn1-sn2.text": (
        "Variante: en cada ronda, tantos expositores como jugadores reciben un disco especial. SN1 saca un "
        "bombón más, así que el expositor 2 tiene cinco; SN2 atrae su color (aquí, el azul) de sus dos "
        "vecinos. Coge los tres bombones negros del expositor 2 para la línea 3."
    ),
    "chocolatier.sn1-sn2.explanation": (
        "Tres bombones negros han llenado la línea 3, y los dos blancos han pasado al centro, como desde "
        "cualquier expositor."
    ),
    "chocolatier.sn1-sn2.hint.1": "El expositor 2 es el SN1 con cinco bombones: coge sus tres negros para la línea 3.",
    "chocolatier.sn3.title": "SN3: lo que sobra se queda",
    "chocolatier.sn3.text": (
        "Cuando coges de SN3, los bombones que sobran se quedan en él en lugar de ir al centro, y se puede "
        "volver a coger de él. Coge los bombones azules del expositor 1 para la línea 2."
    ),
    "chocolatier.sn3.explanation": (
        "El bombón marrón y el rosa se han quedado en el expositor 1; el centro sigue vacío."
    ),
    "chocolatier.sn3.hint.1": "El expositor 1 lleva SN3: coge sus bombones azules para la línea 2.",
    "chocolatier.sn4.title": "SN4: tú repartes lo que sobra",
    "chocolatier.sn4.text": (
        "Cuando coges de SN4, mandas cada color sobrante a uno de sus dos expositores vecinos. Coge los dos "
        "bombones rosas del expositor 3 para la línea 3, y luego manda el marrón al expositor 2 y el negro al "
        "expositor 4."
    ),
    "chocolatier.sn4.explanation": (
        "El expositor 2 ha recibido el bombón marrón y el expositor 4 el negro; nada ha ido al centro."
    ),
    "chocolatier.sn4.hint.1": (
        "Coge los bombones rosas del expositor 3 para la línea 3 y luego elige: el marrón al expositor "
        "anterior (2), el negro al siguiente (4)."
    ),
    "chocolatier.sn5.title": "SN5: una casilla de suelo sin penalización",
    "chocolatier.sn5.text": (
        "Quien coge de SN5 se queda el disco hasta el final de la ronda: el siguiente bombón que caería a su "
        "suelo cae sobre él, sin penalización. Coge los cuatro bombones blancos del expositor 5 para la línea "
        "2."
    ),
    "chocolatier.sn5.explanation": (
        "Dos bombones blancos han llenado la línea 2; de los dos que sobraban, el primero ha ido gratis al "
        "disco SN5 y solo el segundo a tu suelo."
    ),
    "chocolatier.sn5.hint.1": "El expositor 5 lleva SN5: coge sus bombones blancos para la línea 2.",
    "chocolatier.brown-box.title": "Variante: la caja marrón",
    "chocolatier.brown-box.text": (
        "La caja marrón no tiene colores impresos: eliges tú la columna de cada línea completa, cada color "
        "solo una vez por fila y por columna. Completa la línea 3 con el bombón rosa y luego ponlo en la "
        "columna 4, junto a tu bombón azul."
    ),
    "chocolatier.brown-box.explanation": "El bombón rosa se ha unido al azul: 2 puntos.",
    "chocolatier.brown-box.hint.1": "Primero coge: el bombón rosa del centro para la línea 3.",
    "chocolatier.brown-box.hint.2": (
        "La columna 2 ya tiene rosa. Elige la columna 4 de la fila 3, a la derecha del bombón azul, por 2 puntos."
    ),
    "pavilion.title": "Aprende a jugar a Azul: Pabellón de Verano",
    "pavilion.take.title": "Coger azulejos y el comodín",
    "pavilion.take.text": (
        "Todos empiezan con 5 puntos. Cada ronda tiene un color comodín: el morado en la ronda 1. En tu turno "
        "coges todos los azulejos de un color de un expositor, y con ellos un comodín si el expositor tiene "
        "alguno. Coge los azulejos rojos del expositor 2."
    ),
    "pavilion.take.explanation": (
        "Has cogido a tu mano dos azulejos rojos y el comodín morado; el azulejo verde ha pasado al centro."
    ),
    "pavilion.take.hint.1": "Elige los azulejos rojos del expositor 2, el segundo expositor.",
    "pavilion.centre.title": "El centro cuesta puntos",
    "pavilion.centre.text": (
        "Se juega por turnos en el sentido de las agujas del reloj. Quien coge primero del centro se lleva la "
        "ficha de jugador inicial y pierde un punto por cada azulejo que coge. Coge los dos azulejos naranjas "
        "del centro."
    ),
    "pavilion.centre.explanation": (
        "Has cogido dos azulejos naranjas y la ficha, y has perdido 2 puntos. Esta ronda colocarás primero y "
        "empezarás la siguiente."
    ),
    "pavilion.centre.hint.1": "Los azulejos naranjas están en el centro de la mesa: elígelos.",
    "pavilion.placement-phase.title": "De coger a colocar",
    "pavilion.placement-phase.text": (
        "La fase de coger termina cuando los expositores y el centro quedan vacíos. Entonces los jugadores "
        "colocan azulejos en sus estrellas, empezando por quien tiene la ficha de jugador inicial. Coge los "
        "dos últimos azulejos verdes."
    ),
    "pavilion.placement-phase.explanation": (
        "La mesa está vacía: empieza la colocación, y tu rival, que tiene la ficha, coloca primero."
    ),
    "pavilion.placement-phase.hint.1": "Solo quedan los azulejos verdes del centro: elígelos.",
    "pavilion.place.title": "Colocar un azulejo",
    "pavilion.place.text": (
        "Tu tablero tiene seis estrellas de colores alrededor de la estrella central. Cada casilla muestra un "
        "número: colocar allí cuesta esa cantidad de azulejos del color de la estrella, uno en la casilla y "
        "el resto a la torre. Coloca un azulejo rojo en la casilla 1 de la estrella roja."
    ),
    "pavilion.place.explanation": "El azulejo rojo está en la casilla 1 y ha dado 1 punto.",
    "pavilion.place.hint.1": "Busca la estrella roja y elige su casilla 1: cuesta un solo azulejo rojo.",
    "pavilion.wilds.title": "El ejemplo del reglamento: pagar con comodines",
    "pavilion.wilds.text": (
        "El ejemplo del reglamento: los azulejos del color comodín de la ronda (ahora el morado) pueden pagar "
        "una casilla en lugar del color de la estrella, pero el azulejo de la casilla debe ser de ese color. "
        "Tienes un azulejo verde y tres morados: coloca el verde en la casilla 4 de la estrella verde y paga "
        "con los tres morados."
    ),
    "pavilion.wilds.explanation": (
        "El azulejo verde está en la casilla y los tres morados han pagado el resto a la torre: 1 punto, "
        "porque el azulejo no toca a ningún otro. Con esos mismos morados podrías haber llenado en su lugar "
        "la casilla 3 de la estrella morada."
    ),
    "pavilion.wilds.hint.1": "Elige la casilla 4 de la estrella verde y luego el pago con tres comodines.",
    "pavilion.scoring.title": "Puntuar a lo largo de una estrella",
    "pavilion.scoring.text": (
        "Los azulejos solo se tocan dentro de una estrella, a lo largo de su anillo. Un azulejo da 1 punto si "
        "está solo, o la longitud del arco continuo al que se une. Tu estrella roja tiene las casillas 1 y 2: "
        "coloca un azulejo rojo en la casilla 3."
    ),
    "pavilion.scoring.explanation": "El arco de tres azulejos rojos ha dado 3 puntos.",
    "pavilion.scoring.hint.1": (
        "La casilla 3 de la estrella roja está junto a tus dos azulejos rojos; cuesta tres azulejos rojos."
    ),
    "pavilion.centre-star.title": "La estrella central",
    "pavilion.centre-star.text": (
        "La estrella central admite todos los colores, pero cada uno solo una vez. Tiene un azulejo rojo: "
        "coloca un azulejo azul en su casilla 2."
    ),
    "pavilion.centre-star.explanation": (
        "El azul se ha unido al rojo: 2 puntos. El rojo ya no puede volver a la estrella central."
    ),
    "pavilion.centre-star.hint.1": "El rojo ya está en la estrella central. Elige su casilla 2 y luego el azul.",
    "pavilion.bonus.title": "Ventanas, estatuas y columnas",
    "pavilion.bonus.text": (
        "Rodear una ventana (casillas 5 y 6 de una estrella) da 3 azulejos a elegir de la reserva, una "
        "estatua 2 y una columna 1; después la reserva se rellena desde la bolsa. Coloca un azulejo naranja "
        "en la casilla 5 de la estrella naranja y luego coge dos azulejos azules y uno amarillo."
    ),
    "pavilion.bonus.explanation": (
        "El arco de dos ha dado 2 puntos, y la ventana te ha dado tres azulejos para turnos posteriores."
    ),
    "pavilion.bonus.hint.1": (
        "La casilla 5 de la estrella naranja está junto a la casilla 6, ya ocupada: cuesta cinco azulejos naranjas."
    ),
    "pavilion.bonus.hint.2": "Elige dos azulejos azules y uno amarillo de la reserva.",
    "pavilion.pass.title": "Pasar y la ronda siguiente",
    "pavilion.pass.text": (
        "Al pasar, te quedas hasta cuatro azulejos para la ronda siguiente y descartas el resto a la torre, a "
        "-1 punto cada uno. Pasa y quédate los dos azulejos rojos y los dos azules."
    ),
    "pavilion.pass.explanation": (
        "Tres azulejos han ido a la torre: -3 puntos. Todos han pasado, así que empieza la ronda 2: los "
        "expositores vuelven a estar llenos, tus azulejos guardados han vuelto a tu mano y empieza quien "
        "tiene la ficha."
    ),
    "pavilion.pass.hint.1": "Pasa y luego elige quedarte los azulejos rojos y los azules.",
    "pavilion.game-end.title": "El final de la partida",
    "pavilion.game-end.text": (
        "La partida termina tras la ronda 6. Entonces cada estrella completa da su bonificación (central 12, "
        "roja 14, azul 15, amarilla 16, naranja 17, verde 18, morada 20), igual que cada número cubierto en "
        "todas las estrellas. Completa tu estrella amarilla en la casilla 1 y luego pasa."
    ),
    "pavilion.game-end.explanation": (
        "La estrella completada ha dado 6, el azulejo azul que te quedaba en la mano ha costado 1, y las "
        "bonificaciones de las estrellas roja y amarilla han sumado 30: 35 puntos, y ganas."
    ),
    "pavilion.game-end.hint.1": "La casilla 1 de la estrella amarilla es su última casilla libre.",
    "pavilion.game-end.hint.2": "Pasa: en la ronda 6 no se guarda nada.",
    "pavilion.colourless.title": "Variante: las estrellas incoloras",
    "pavilion.colourless.text": (
        "En la cara incolora, las casillas de las estrellas exteriores cuestan 3, 2, 1, 4, 5, 6 y cada "
        "casilla central 3. Cada estrella debe acabar toda de un color o con seis colores distintos: lo "
        "decide su segundo azulejo. La primera estrella tiene rojo en la casilla 2: coloca un azulejo rojo en "
        "su casilla 3, que cuesta un azulejo."
    ),
    "pavilion.colourless.explanation": (
        "Dos azulejos rojos juntos: 2 puntos, y esta estrella es ahora una estrella roja."
    ),
    "pavilion.colourless.hint.1": "Elige la casilla 3 de la primera estrella (junto al azulejo rojo) y luego el rojo.",
    "pavilion.colourless-bonus.title": "Estrellas incoloras: la bonificación",
    "pavilion.colourless-bonus.text": (
        "Una estrella completa de un solo color da la bonificación de ese color; una de seis colores, 12. Es "
        "la ronda 6: completa tu estrella roja en la casilla 3 y luego pasa para acabar la partida."
    ),
    "pavilion.colourless-bonus.explanation": (
        "La estrella completada ha dado 6; al final, la estrella roja ha valido 14 y la de seis colores 12: "
        "32 puntos, y ganas."
    ),
    "pavilion.colourless-bonus.hint.1": (
        "A la primera estrella solo le falta la casilla 3: coloca allí tu azulejo rojo."
    ),
    "pavilion.colourless-bonus.hint.2": "Pasa para acabar la partida.",
}
