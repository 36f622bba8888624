// Editorial stories and promotions.

enum EditorialData {
    static let stories: [Story] = [
        Story(id: "layering", kicker: Localized("Style notes", "Stilnotizen", "Notes de style"),
              title: Localized("The art of layering", "Die Kunst des Schichtens", "L'art de superposer"),
              body: Localized("Three pieces, **endless** combinations.", "Drei Teile, **endlose** Kombinationen.", "Trois pièces, des combinaisons **infinies**."),
              cta: Localized("Read", "Lesen", "Lire"), expiresHours: 720),
        Story(id: "care", kicker: Localized("Care guide", "Pflegetipps", "Guide d'entretien"),
              title: Localized("Make wool last", "Damit Wolle lange hält", "Faire durer la laine"),
              body: Localized("Air it, *brush it*, fold it.", "Lüften, *bürsten*, falten.", "Aérer, *brosser*, plier."),
              cta: Localized("Read", "Lesen", "Lire"), expiresHours: 1_440),
        Story(id: "studio", kicker: Localized("Behind the seams", "Hinter den Nähten", "Dans l'atelier"),
              title: Localized("A day in our studio", "Ein Tag in unserem Studio", "Une journée à l'atelier"),
              body: Localized("From sketch to shelf in **twelve** weeks.", "Von der Skizze ins Regal in **zwölf** Wochen.", "Du croquis au rayon en **douze** semaines."),
              cta: Localized("Read", "Lesen", "Lire"), expiresHours: 96),
        Story(id: "autumn", kicker: Localized("Archive", "Archiv", "Archives"),
              title: Localized("Autumn colours", "Herbstfarben", "Couleurs d'automne"),
              body: Localized("Last season's palette.", "Die Palette der letzten Saison.", "La palette de la saison passée."),
              cta: Localized("Read", "Lesen", "Lire"), expiresHours: -24),
    ]

    static let promotions: [Promotion] = [
        Promotion(id: "ship", title: Localized("Free shipping over $50", "Versandkostenfrei ab 50 €", "Livraison offerte dès 50 €"),
                  subtitle: Localized("This week only", "Nur diese Woche", "Cette semaine seulement"),
                  code: "SHIPFREE", segments: [], colors: ["#FF512F", "#DD2476"]),
        Promotion(id: "welcome", title: Localized("15% off your first order", "15\u{00A0}% auf deine erste Bestellung", "15\u{00A0}% sur votre première commande"),
                  subtitle: Localized("Use the code at checkout", "Code an der Kasse eingeben", "Saisissez le code au paiement"),
                  code: "HELLO15", segments: [.new], colors: ["#11998E", "#38EF7D"]),
        Promotion(id: "vip", title: Localized("VIP: double points", "VIP: doppelte Punkte", "VIP : points doublés"),
                  subtitle: Localized("On everything, all month", "Auf alles, den ganzen Monat", "Sur tout, tout le mois"),
                  code: "VIPX2", segments: [.vip], colors: ["#232526", "#414345"]),
        Promotion(id: "back", title: Localized("Welcome back: 10% off", "Willkommen zurück: 10\u{00A0}% Rabatt", "Bon retour : 10\u{00A0}% de remise"),
                  subtitle: Localized("On your next order", "Auf deine nächste Bestellung", "Sur votre prochaine commande"),
                  code: "BACK10", segments: [.returning], colors: ["#4F8CFF", "#6A5AE0"]),
    ]
}
