"""The tutorials in French: "vous", and the words of the French editions (fabriques, lignes de motif, mur, plancher)."""

TEXTS = {
    "azul.title": "Apprendre à jouer à Azul",
    "azul.take.title": "Prendre des tuiles",
    "azul.take.text": (
        "À deux, on joue avec cinq fabriques, chacune garnie de quatre tuiles tirées du sac. Une manche "
        "commence par l'offre des fabriques : à votre tour, vous prenez toutes les tuiles d'une couleur dans "
        "une fabrique. Prenez les deux tuiles bleues de la fabrique 1 et posez-les sur la ligne de motif 2."
    ),
    "azul.take.explanation": (
        "Vous avez pris les deux tuiles bleues ; la jaune et la rouge restées sur la fabrique sont parties au "
        "centre de la table. Plus tard, chacun pourra prendre une couleur au centre plutôt que dans une "
        "fabrique."
    ),
    "azul.take.hint.1": (
        "Choisissez les tuiles bleues de la fabrique 1 (la première), puis la ligne de motif 2 de votre plateau."
    ),
    "azul.pattern-line.title": "Les lignes de motif",
    "azul.pattern-line.text": (
        "La ligne de motif 1 contient une tuile, la ligne 2 deux tuiles, et ainsi de suite jusqu'à la ligne 5 "
        "qui en contient cinq. Une ligne est complète quand elle est pleine. Remplissez exactement la ligne "
        "de motif 3 : prenez les trois tuiles rouges de la fabrique 3."
    ),
    "azul.pattern-line.explanation": (
        "La ligne 3 est complète. À la fin de la manche, une de ses tuiles passera sur votre mur et "
        "rapportera des points."
    ),
    "azul.pattern-line.hint.1": (
        "La ligne 3 contient exactement trois tuiles : prenez les tuiles rouges de la fabrique 3 et "
        "choisissez la ligne 3."
    ),
    "azul.wall-row.title": "Le mur décide",
    "azul.wall-row.text": (
        "Chaque ligne du mur a une case de chaque couleur, selon un motif décalé d'un cran d'une ligne à "
        "l'autre. Une ligne de motif n'accepte qu'une couleur que sa ligne du mur n'a pas encore. Votre ligne "
        "1 a déjà du bleu : posez les deux tuiles bleues de la fabrique 2 sur la ligne 2."
    ),
    "azul.wall-row.explanation": (
        "La ligne 2 est pleine. Sa tuile bleue ira sur la ligne 2 du mur, où le bleu est la deuxième case."
    ),
    "azul.wall-row.hint.1": (
        "La ligne 1 refuse le bleu, car la ligne 1 de votre mur l'a déjà. Posez les tuiles bleues de la "
        "fabrique 2 sur la ligne 2."
    ),
    "azul.overflow.title": "Trop de tuiles",
    "azul.overflow.text": (
        "Toutes les tuiles prises vont sur une seule ligne. Celles qui ne rentrent pas tombent sur votre "
        "plancher, qui coûte des points en fin de manche : -1, -1, -2, -2, -2, -3, -3. Prenez les quatre "
        "tuiles jaunes de la fabrique 5 pour la ligne 3."
    ),
    "azul.overflow.explanation": (
        "Trois tuiles jaunes ont rempli la ligne 3 et la quatrième est tombée au plancher : elle vous coûtera "
        "1 point en fin de manche."
    ),
    "azul.overflow.hint.1": "Prenez les tuiles jaunes de la fabrique 5 et choisissez la ligne de motif 3.",
    "azul.centre.title": "Le centre et le marqueur premier joueur",
    "azul.centre.text": (
        "Les joueurs jouent à tour de rôle dans le sens horaire. Le premier à se servir au centre prend aussi "
        "le marqueur premier joueur : il va sur son plancher et coûte un point, mais ce joueur commencera la "
        "manche suivante. Prenez les deux tuiles rouges du centre pour la ligne 2."
    ),
    "azul.centre.explanation": (
        "Vous avez pris les tuiles rouges et le marqueur premier joueur, qui est maintenant sur votre plancher."
    ),
    "azul.centre.hint.1": (
        "Les tuiles rouges sont au centre de la table, pas sur une fabrique. Choisissez-les, puis la ligne 2."
    ),
    "azul.floor.title": "Le plancher, par choix",
    "azul.floor.text": (
        "Vous devez prendre des tuiles tant qu'il en reste, et vous pouvez toujours les poser directement sur "
        "le plancher. Chacune de vos lignes de motif contient déjà une autre couleur : posez les quatre "
        "tuiles noires de la fabrique 3 sur le plancher."
    ),
    "azul.floor.explanation": (
        "Les tuiles noires sont sur votre plancher, à côté du marqueur. Vos lignes restent telles quelles, "
        "prêtes à être complétées."
    ),
    "azul.floor.hint.1": (
        "Prenez les tuiles noires de la fabrique 3 et choisissez votre plancher, sous les lignes de motif."
    ),
    "azul.tiling.title": "Carreler le mur",
    "azul.tiling.text": (
        "L'offre se termine quand il ne reste plus de tuile ni sur les fabriques ni au centre. Chaque ligne "
        "de motif complète place alors une tuile sur le mur, qui marque aussitôt, et le plancher coûte ses "
        "points. Prenez la dernière tuile blanche pour la ligne 2."
    ),
    "azul.tiling.explanation": (
        "La ligne 2 était complète : une tuile blanche est passée sur le mur pour 1 point et l'autre est "
        "partie dans le couvercle. Votre plancher portait le marqueur et une tuile jaune : -2. Au total, vous "
        "perdez 1 point. Le marqueur vous revient et vous commencez la manche suivante."
    ),
    "azul.tiling.hint.1": "La ligne 2 contient déjà une tuile blanche : la tuile blanche du centre la complète.",
    "azul.row-score.title": "Marquer sur une ligne",
    "azul.row-score.text": (
        "Une tuile posée sur le mur rapporte 1 point si elle est seule ; à côté d'autres tuiles, elle "
        "rapporte la longueur de la suite continue qu'elle rejoint, à l'horizontale et à la verticale. La "
        "ligne 1 de votre mur a du bleu et du jaune : complétez la ligne 1 avec la tuile rouge."
    ),
    "azul.row-score.explanation": (
        "La tuile rouge a rejoint le bleu et le jaune : une suite de trois à l'horizontale, 3 points."
    ),
    "azul.row-score.hint.1": (
        "La ligne 1 contient une tuile : prenez la tuile rouge du centre et choisissez la ligne 1."
    ),
    "azul.seven-points.title": "L'exemple de la règle : 7 points",
    "azul.seven-points.text": (
        "L'exemple de la règle du jeu : votre tuile jaune arrivera sur la ligne 3 à côté du noir, du blanc et "
        "du bleu, entre la tuile rouge au-dessus et la bleue en dessous. Complétez la ligne 3 avec la "
        "dernière tuile jaune."
    ),
    "azul.seven-points.explanation": (
        "À l'horizontale, la tuile jaune complète une suite de 4 ; à la verticale, une suite de 3. Une tuile "
        "compte dans les deux : 4 + 3 = 7 points."
    ),
    "azul.seven-points.hint.1": (
        "La ligne 3 contient deux tuiles jaunes et il en manque une : la tuile jaune du centre."
    ),
    "azul.next-round.title": "La manche suivante",
    "azul.next-round.text": (
        "Après le carrelage du mur, les fabriques sont regarnies de quatre tuiles chacune, tirées du sac ; "
        "quand le sac est vide, les tuiles du couvercle y retournent. Aucune tuile ne se perd. Le détenteur "
        "du marqueur premier joueur commence. Prenez la dernière tuile bleue pour la ligne 2."
    ),
    "azul.next-round.explanation": (
        "Votre tuile bleue a rapporté 1 point. Votre adversaire avait le marqueur, a perdu 1 point pour lui "
        "et commence la nouvelle manche ; les fabriques sont de nouveau pleines."
    ),
    "azul.next-round.hint.1": "La ligne 2 contient une tuile bleue : la tuile bleue du centre la complète.",
    "azul.game-end.title": "La fin de la partie",
    "azul.game-end.text": (
        "La partie s'arrête après le carrelage du mur au cours duquel quelqu'un complète une ligne "
        "horizontale du mur. Chaque ligne complète rapporte 2 points de plus. En cas d'égalité, le joueur qui "
        "a le plus de lignes complètes l'emporte. Complétez votre ligne 1 avec la tuile blanche."
    ),
    "azul.game-end.explanation": (
        "La tuile blanche a rapporté 5 points pour la ligne de cinq et 2 de plus pour la ligne complète : 7. "
        "Votre adversaire a perdu 1 point pour le marqueur, vous avez donc tous deux 25 points, et vous "
        "gagnez grâce à plus de lignes complètes."
    ),
    "azul.game-end.hint.1": (
        "Il ne manque que le blanc à la ligne 1 de votre mur : prenez la tuile blanche pour la ligne 1."
    ),
    "azul.bonuses.title": "Les bonus : lignes, colonnes, couleurs",
    "azul.bonuses.text": (
        "À la fin, chaque ligne complète rapporte 2 points, chaque colonne complète 7 et chaque couleur "
        "présente en cinq tuiles sur le mur 10. Votre dernière tuile bleue va sur la ligne 5 : complétez la "
        "ligne 5 avec les cinq tuiles bleues."
    ),
    "azul.bonuses.explanation": (
        "La tuile bleue a rapporté 5 pour la colonne de cinq ; puis les bonus : 2 pour la ligne 1, 7 pour la "
        "colonne 5 et 10 pour les cinq tuiles bleues. 24 points en tout."
    ),
    "azul.bonuses.hint.1": "La ligne 5 contient cinq tuiles, et le centre en a cinq bleues.",
    "azul.grey-wall.title": "Variante : le mur gris",
    "azul.grey-wall.text": (
        "Sur le mur gris, aucune couleur n'est imprimée : quand une ligne est complète, vous choisissez sa "
        "colonne, mais chaque couleur une seule fois par ligne et par colonne. Complétez la ligne 3 avec la "
        "tuile rouge, puis placez-la en colonne 4, à côté de votre tuile bleue."
    ),
    "azul.grey-wall.explanation": (
        "La tuile rouge a rejoint la bleue : 2 points. Si aucune colonne n'avait été libre pour le rouge, "
        "toute la ligne serait tombée au plancher."
    ),
    "azul.grey-wall.hint.1": "D'abord la prise : la tuile rouge du centre pour la ligne 3.",
    "azul.grey-wall.hint.2": (
        "La colonne 2 a déjà du rouge. Choisissez la colonne 4 de la ligne 3, à droite de la tuile bleue, "
        "pour 2 points."
    ),
    "chocolatier.title": "Apprendre à jouer à Azul : Maître Chocolatier",
    "chocolatier.take.title": "Prendre des pralines",
    "chocolatier.take.text": (
        "Maître Chocolatier se joue comme Azul, avec des pralines. À deux, vous avez cinq fabriques de quatre "
        "pralines chacune. À votre tour, vous prenez toutes les pralines d'une couleur dans une fabrique. "
        "Prenez les deux pralines bleues de la fabrique 1 pour la ligne de motif 2."
    ),
    "chocolatier.take.explanation": (
        "Vous avez pris les deux pralines bleues ; la marron et la rose sont parties au centre de la table."
    ),
    "chocolatier.take.hint.1": (
        "Choisissez les pralines bleues de la fabrique 1, puis la ligne de motif 2 de votre plateau."
    ),
    "chocolatier.box-row.title": "Les lignes de motif et la boîte",
    "chocolatier.box-row.text": (
        "La ligne 1 contient une praline, la ligne 2 deux, jusqu'à cinq sur la ligne 5. Une ligne n'accepte "
        "qu'une couleur que sa ligne de la boîte n'a pas encore ; chaque ligne contient chaque couleur une "
        "fois, décalée d'un cran d'une ligne à l'autre. La ligne 1 de votre boîte a du bleu : posez les "
        "pralines bleues de la fabrique 2 sur la ligne 2."
    ),
    "chocolatier.box-row.explanation": (
        "La ligne 2 est pleine : sa praline bleue garnira la ligne 2 de votre boîte en fin de manche."
    ),
    "chocolatier.box-row.hint.1": (
        "La ligne 1 refuse le bleu, car la ligne 1 de votre boîte l'a déjà. Posez les pralines bleues sur la ligne 2."
    ),
    "chocolatier.overflow.title": "Trop de pralines",
    "chocolatier.overflow.text": (
        "Les pralines qui ne rentrent pas dans la ligne choisie tombent sur le plancher, qui coûte -1, -1, "
        "-2, -2, -2, -3, -3 en fin de manche. Prenez les quatre pralines marron de la fabrique 5 pour la "
        "ligne 3."
    ),
    "chocolatier.overflow.explanation": (
        "Trois pralines marron ont rempli la ligne 3 ; la quatrième est tombée au plancher et coûtera 1 point."
    ),
    "chocolatier.overflow.hint.1": "Prenez les pralines marron de la fabrique 5 et choisissez la ligne de motif 3.",
    "chocolatier.centre.title": "Le centre et le marqueur premier joueur",
    "chocolatier.centre.text": (
        "Les joueurs jouent à tour de rôle dans le sens horaire. Le premier à se servir au centre prend aussi "
        "le marqueur premier joueur sur son plancher : il coûte un point, mais ce joueur commencera la manche "
        "suivante. Prenez les deux pralines roses du centre pour la ligne 2."
    ),
    "chocolatier.centre.explanation": (
        "Vous avez pris les pralines roses et le marqueur premier joueur, désormais sur votre plancher."
    ),
    "chocolatier.centre.hint.1": "Les pralines roses sont au centre de la table. Choisissez-les, puis la ligne 2.",
    "chocolatier.filling.title": "Remplir la boîte",
    "chocolatier.filling.text": (
        "Quand les fabriques et le centre sont vides, chaque ligne complète place une praline dans la boîte, "
        "où elle marque aussitôt, et le plancher coûte ses points. Prenez la dernière praline blanche pour la "
        "ligne 2."
    ),
    "chocolatier.filling.explanation": (
        "Une praline blanche est entrée dans la boîte pour 1 point ; le marqueur et la praline marron de "
        "votre plancher coûtent 2. Au total, vous perdez 1 point, et vous commencez la manche suivante."
    ),
    "chocolatier.filling.hint.1": "La ligne 2 contient une praline blanche : la praline blanche du centre la complète.",
    "chocolatier.seven-points.title": "Marquer : 7 points",
    "chocolatier.seven-points.text": (
        "Une praline seule rapporte 1 point ; à côté d'autres, elle rapporte la longueur de la suite continue "
        "qu'elle rejoint à l'horizontale, plus celle de la verticale. Complétez la ligne 3 avec la dernière "
        "praline marron : elle arrive entre le noir, le blanc et le bleu, et entre le rose au-dessus et le "
        "bleu en dessous."
    ),
    "chocolatier.seven-points.explanation": (
        "Une suite de 4 à l'horizontale et de 3 à la verticale, la praline comptant dans les deux : 7 points."
    ),
    "chocolatier.seven-points.hint.1": "Il manque une praline marron à la ligne 3 : celle du centre.",
    "chocolatier.next-round.title": "La manche suivante",
    "chocolatier.next-round.text": (
        "Après le remplissage de la boîte, les fabriques sont regarnies depuis le sac, et les pralines du "
        "couvercle retournent dans le sac quand il est vide : aucune ne se perd. Le détenteur du marqueur "
        "commence. Prenez la dernière praline bleue pour la ligne 2."
    ),
    "chocolatier.next-round.explanation": (
        "Votre praline bleue a rapporté 1 point. Votre adversaire avait le marqueur, a perdu 1 point et "
        "commence la nouvelle manche."
    ),
    "chocolatier.next-round.hint.1": "La ligne 2 contient une praline bleue : la bleue du centre la complète.",
    "chocolatier.game-end.title": "La fin de la partie",
    "chocolatier.game-end.text": (
        "La partie s'arrête après le remplissage au cours duquel quelqu'un complète une ligne horizontale de "
        "la boîte : chaque ligne complète rapporte 2, chaque colonne 7, chaque couleur en cinq pralines 10. "
        "En cas d'égalité, le plus de lignes complètes l'emporte. Complétez votre ligne 1 avec la praline "
        "blanche."
    ),
    "chocolatier.game-end.explanation": (
        "5 points pour la ligne de cinq et 2 pour la ligne complète : 7. Votre adversaire a perdu 1 pour le "
        "marqueur, vous avez donc tous deux 25, et votre ligne complète l'emporte."
    ),
    "chocolatier.game-end.hint.1": (
        "Il ne manque que le blanc à la ligne 1 de votre boîte : prenez la praline blanche pour la ligne 1."
    ),
    "chocolatier.sn1-sn2.title": "Fabriques spéciales : SN1 et SN2",
    "chocolatier.sn1-sn2.text": (
        "Variante : à chaque manche, autant de fabriques que de joueurs reçoivent un disque spécial. SN1 tire "
        "une praline de plus, si bien que la fabrique 2 en porte cinq ; SN2 attire sa couleur (ici le bleu) "
        "depuis ses deux voisines. Prenez les trois pralines noires de la fabrique 2 pour la ligne 3."
    ),
    "chocolatier.sn1-sn2.explanation": (
        "Trois pralines noires ont rempli la ligne 3, et les deux blanches sont parties au centre, comme "
        "depuis n'importe quelle fabrique."
    ),
    "chocolatier.sn1-sn2.hint.1": (
        "La fabrique 2 est la SN1 aux cinq pralines : prenez ses trois noires pour la ligne 3."
    ),
    "chocolatier.sn3.title": "SN3 : le reste demeure",
    "chocolatier.sn3.text": (
        "Quand vous vous servez sur SN3, les pralines restantes y demeurent au lieu d'aller au centre, et "
        "l'on peut encore s'y servir. Prenez les pralines bleues de la fabrique 1 pour la ligne 2."
    ),
    "chocolatier.sn3.explanation": (
        "La praline marron et la rose sont restées sur la fabrique 1 ; le centre est toujours vide."
    ),
    "chocolatier.sn3.hint.1": "La fabrique 1 porte SN3 : prenez ses pralines bleues pour la ligne 2.",
    "chocolatier.sn4.title": "SN4 : vous répartissez le reste",
    "chocolatier.sn4.text": (
        "Quand vous vous servez sur SN4, vous envoyez chaque couleur restante à l'une de ses deux fabriques "
        "voisines. Prenez les deux pralines roses de la fabrique 3 pour la ligne 3, puis envoyez la marron à "
        "la fabrique 2 et la noire à la fabrique 4."
    ),
    "chocolatier.sn4.explanation": (
        "La fabrique 2 a reçu la praline marron et la fabrique 4 la noire ; rien n'est parti au centre."
    ),
    "chocolatier.sn4.hint.1": (
        "Prenez les pralines roses de la fabrique 3 pour la ligne 3, puis choisissez : la marron vers la "
        "fabrique précédente (2), la noire vers la suivante (4)."
    ),
    "chocolatier.sn5.title": "SN5 : une case de plancher sans pénalité",
    "chocolatier.sn5.text": (
        "Qui se sert sur SN5 garde le disque jusqu'à la fin de la manche : la prochaine praline qui tomberait "
        "sur son plancher atterrit dessus à la place, sans pénalité. Prenez les quatre pralines blanches de "
        "la fabrique 5 pour la ligne 2."
    ),
    "chocolatier.sn5.explanation": (
        "Deux pralines blanches ont rempli la ligne 2 ; des deux restantes, la première est allée "
        "gratuitement sur le disque SN5 et seule la seconde sur votre plancher."
    ),
    "chocolatier.sn5.hint.1": "La fabrique 5 porte SN5 : prenez ses pralines blanches pour la ligne 2.",
    "chocolatier.brown-box.title": "Variante : la boîte marron",
    "chocolatier.brown-box.text": (
        "La boîte marron n'a aucune couleur imprimée : vous choisissez la colonne de chaque ligne complète, "
        "chaque couleur une seule fois par ligne et par colonne. Complétez la ligne 3 avec la praline rose, "
        "puis placez-la en colonne 4, à côté de votre praline bleue."
    ),
    "chocolatier.brown-box.explanation": "La praline rose a rejoint la bleue : 2 points.",
    "chocolatier.brown-box.hint.1": "D'abord la prise : la praline rose du centre pour la ligne 3.",
    "chocolatier.brown-box.hint.2": (
        "La colonne 2 a déjà du rose. Choisissez la colonne 4 de la ligne 3, à droite de la praline bleue, "
        "pour 2 points."
    ),
    "pavilion.title": "Apprendre à jouer à Azul : Pavillon d'été",
    "pavilion.take.title": "Prendre des tuiles et la couleur joker",
    "pavilion.take.text": (
        "Chacun commence avec 5 points. Chaque manche a sa couleur joker : le violet à la manche 1. À votre "
        "tour, vous prenez toutes les tuiles d'une couleur dans une fabrique, plus un joker si la fabrique en "
        "a un. Prenez les tuiles rouges de la fabrique 2."
    ),
    "pavilion.take.explanation": (
        "Vous avez pris en main deux tuiles rouges et le joker violet ; la tuile verte est partie au centre."
    ),
    "pavilion.take.hint.1": "Choisissez les tuiles rouges de la fabrique 2, la deuxième fabrique.",
    "pavilion.centre.title": "Le centre coûte des points",
    "pavilion.centre.text": (
        "Les joueurs jouent à tour de rôle dans le sens horaire. Le premier à se servir au centre prend le "
        "marqueur premier joueur et perd un point par tuile prise. Prenez les deux tuiles orange du centre."
    ),
    "pavilion.centre.explanation": (
        "Vous avez pris deux tuiles orange et le marqueur, et perdu 2 points. Vous poserez en premier cette "
        "manche et commencerez la suivante."
    ),
    "pavilion.centre.hint.1": "Les tuiles orange sont au centre de la table : choisissez-les.",
    "pavilion.placement-phase.title": "De la prise à la pose",
    "pavilion.placement-phase.text": (
        "La prise s'arrête quand les fabriques et le centre sont vides. Les joueurs posent alors des tuiles "
        "sur leurs étoiles, en commençant par le détenteur du marqueur premier joueur. Prenez les deux "
        "dernières tuiles vertes."
    ),
    "pavilion.placement-phase.explanation": (
        "La table est vide : la pose commence, et votre adversaire, qui a le marqueur, pose en premier."
    ),
    "pavilion.placement-phase.hint.1": "Il ne reste que les tuiles vertes au centre : choisissez-les.",
    "pavilion.place.title": "Poser une tuile",
    "pavilion.place.text": (
        "Votre plateau compte six étoiles colorées autour de l'étoile centrale. Chaque case porte un nombre : "
        "y poser coûte autant de tuiles de la couleur de l'étoile, une sur la case et les autres dans la "
        "tour. Posez une tuile rouge sur la case 1 de l'étoile rouge."
    ),
    "pavilion.place.explanation": "La tuile rouge est sur la case 1 et a rapporté 1 point.",
    "pavilion.place.hint.1": "Trouvez l'étoile rouge et choisissez sa case 1 : elle coûte une seule tuile rouge.",
    "pavilion.wilds.title": "L'exemple de la règle : payer avec des jokers",
    "pavilion.wilds.text": (
        "L'exemple de la règle du jeu : les tuiles de la couleur joker de la manche (le violet en ce moment) "
        "peuvent payer une case à la place de la couleur de l'étoile, mais la tuile posée sur la case doit "
        "être de cette couleur. Vous avez une tuile verte et trois violettes : posez la tuile verte sur la "
        "case 4 de l'étoile verte en payant avec les trois violettes."
    ),
    "pavilion.wilds.explanation": (
        "La tuile verte est sur la case, les trois violettes ont payé le reste dans la tour : 1 point, car la "
        "tuile n'en touche aucune autre. Avec les mêmes tuiles violettes, vous auriez pu plutôt remplir la "
        "case 3 de l'étoile violette."
    ),
    "pavilion.wilds.hint.1": "Choisissez la case 4 de l'étoile verte, puis le paiement avec trois jokers.",
    "pavilion.scoring.title": "Marquer le long d'une étoile",
    "pavilion.scoring.text": (
        "Les tuiles ne se touchent qu'au sein d'une étoile, le long de son anneau. Une tuile rapporte 1 point "
        "seule, sinon la longueur de l'arc continu qu'elle rejoint. Votre étoile rouge a les cases 1 et 2 : "
        "posez une tuile rouge sur la case 3."
    ),
    "pavilion.scoring.explanation": "L'arc de trois tuiles rouges a rapporté 3 points.",
    "pavilion.scoring.hint.1": (
        "La case 3 de l'étoile rouge est à côté de vos deux tuiles rouges ; elle coûte trois tuiles rouges."
    ),
    "pavilion.centre-star.title": "L'étoile centrale",
    "pavilion.centre-star.text": (
        "L'étoile centrale accepte toutes les couleurs, mais chacune une seule fois. Elle porte une tuile "
        "rouge : posez une tuile bleue sur sa case 2."
    ),
    "pavilion.centre-star.explanation": (
        "Le bleu a rejoint le rouge : 2 points. Le rouge ne peut plus aller sur l'étoile centrale."
    ),
    "pavilion.centre-star.hint.1": "Le rouge est déjà sur l'étoile centrale. Choisissez sa case 2, puis le bleu.",
    "pavilion.bonus.title": "Fenêtres, statues et piliers",
    "pavilion.bonus.text": (
        "Entourer une fenêtre (cases 5 et 6 d'une étoile) rapporte 3 tuiles au choix dans la réserve, une "
        "statue 2 et un pilier 1 ; la réserve est ensuite regarnie depuis le sac. Posez une tuile orange sur "
        "la case 5 de l'étoile orange, puis prenez deux tuiles bleues et une jaune."
    ),
    "pavilion.bonus.explanation": (
        "L'arc de deux a rapporté 2 points, et la fenêtre vous a donné trois tuiles pour les tours suivants."
    ),
    "pavilion.bonus.hint.1": (
        "La case 5 de l'étoile orange est à côté de la case 6, déjà remplie : elle coûte cinq tuiles orange."
    ),
    "pavilion.bonus.hint.2": "Choisissez deux tuiles bleues et une jaune dans la réserve.",
    "pavilion.pass.title": "Passer et la manche suivante",
    "pavilion.pass.text": (
        "Quand vous passez, vous gardez jusqu'à quatre tuiles pour la manche suivante et défaussez le reste "
        "dans la tour, à -1 point chacune. Passez en gardant les deux tuiles rouges et les deux bleues."
    ),
    "pavilion.pass.explanation": (
        "Trois tuiles sont parties dans la tour : -3 points. Tout le monde a passé, la manche 2 commence : "
        "les fabriques sont de nouveau pleines, vos tuiles gardées sont revenues dans votre main, et le "
        "détenteur du marqueur commence."
    ),
    "pavilion.pass.hint.1": "Passez, puis choisissez de garder les tuiles rouges et bleues.",
    "pavilion.game-end.title": "La fin de la partie",
    "pavilion.game-end.text": (
        "La partie s'arrête après la manche 6. Chaque étoile complète rapporte alors son bonus (centrale 12, "
        "rouge 14, bleue 15, jaune 16, orange 17, verte 18, violette 20), de même que chaque nombre couvert "
        "sur toutes les étoiles. Complétez votre étoile jaune sur la case 1, puis passez."
    ),
    "pavilion.game-end.explanation": (
        "L'étoile complétée a rapporté 6, la tuile bleue restée en main a coûté 1, et les bonus des étoiles "
        "rouge et jaune ont ajouté 30 : 35 points, et vous gagnez."
    ),
    "pavilion.game-end.hint.1": "La case 1 de l'étoile jaune est sa dernière case libre.",
    "pavilion.game-end.hint.2": "Passez : à la manche 6, on ne garde rien.",
    "pavilion.colourless.title": "Variante : les étoiles incolores",
    "pavilion.colourless.text": (
        "Sur la face incolore, les cases des étoiles extérieures coûtent 3, 2, 1, 4, 5, 6 et chaque case "
        "centrale 3. Chaque étoile doit finir d'une seule couleur ou de six couleurs toutes différentes : sa "
        "deuxième tuile en décide. La première étoile porte du rouge sur la case 2 : posez une tuile rouge "
        "sur sa case 3, qui coûte une tuile."
    ),
    "pavilion.colourless.explanation": (
        "Deux tuiles rouges côte à côte : 2 points, et cette étoile est désormais une étoile rouge."
    ),
    "pavilion.colourless.hint.1": (
        "Choisissez la case 3 de la première étoile (à côté de la tuile rouge), puis le rouge."
    ),
    "pavilion.colourless-bonus.title": "Étoiles incolores : le bonus",
    "pavilion.colourless-bonus.text": (
        "Une étoile unicolore complétée rapporte le bonus de sa couleur, une étoile de six couleurs 12. C'est "
        "la manche 6 : complétez votre étoile rouge sur la case 3, puis passez pour finir la partie."
    ),
    "pavilion.colourless-bonus.explanation": (
        "L'étoile complétée a rapporté 6 ; à la fin, l'étoile rouge a valu 14 et l'étoile à six couleurs 12 : "
        "32 points, et vous gagnez."
    ),
    "pavilion.colourless-bonus.hint.1": "Il ne manque que la case 3 à la première étoile : posez-y votre tuile rouge.",
    "pavilion.colourless-bonus.hint.2": "Passez pour finir la partie.",
}
