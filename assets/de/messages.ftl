# German phrases of ansage (FIDE Laws Appendix D). Every sentence spoken or brailled is
# here; code only names a message id and its arguments. A message `foo-braille` is the
# shorter form for the Braille display; without one, the display shows the spoken text.
# Moves come in as arguments: $move (the spoken announcement, from words.toml) and $san
# (short algebraic notation with German letters, for Braille).

## The move protocol (D.2.1, D.2.3, D.2.7)
echo = { $move }.
echo-braille = { $san }
echo-confirm = { $move }?
echo-confirm-braille = { $san }?
echo-unsure = Meinten Sie { $move }?
echo-unsure-braille = { $san }??
opponent-move = { $move }.
opponent-move-braille = { $san }
move-cancelled = Zurückgenommen. { $side } ist am Zug, bitte neu ansagen.
move-cancelled-braille = Zurückgenommen. { $side } am Zug.
nothing-to-confirm = Es gibt nichts zu bestätigen.
nothing-to-cancel = Es gibt nichts zurückzunehmen.
not-your-move = { $side } ist am Zug.
not-understood = Nicht verstanden, bitte wiederholen.
illegal-move = Unmöglicher Zug: { $heard }. { $reason }
illegal-move-braille = Unmöglich: { $shown }. { $reason_braille }
which-piece = { $role ->
    [queen] Welche
   *[other] Welcher
} { $piece }: { $options }?
which-move = Welcher Zug: { $options }?
which-role = Welche Figur: { $options }?
which-promotion = Welche neue Figur: { $options }?
which-many = { $count } Züge passen, bitte genauer ansagen.
which-none = Passt zu keinem. { $question }
option-from = von { $square }
option-to = nach { $square }
word-or = oder
none = keine

## Why a move is impossible
reason-no-piece-reaches = { $role ->
    [queen] Keine
   *[other] Kein
} { $piece } kann nach { $square } ziehen.
reason-no-such-piece = { $role ->
    [queen] Keine eigene
   *[other] Kein eigener
} { $piece } auf dem Brett.
reason-no-piece-on = Auf { $square } steht keine eigene Figur.
reason-own-piece-on-target = Auf { $square } steht eine eigene Figur.
reason-king-in-check = Der König steht im Schach, und der Zug hebt es nicht auf.
reason-king-into-check = Der eigene König käme ins Schach.
reason-castling-not-allowed = Rochade ist jetzt nicht erlaubt.
reason-promotion-missing = Bei der Umwandlung auf { $square } bitte die neue Figur nennen.
reason-not-a-promotion = Der Zug nach { $square } ist keine Umwandlung.
reason-invalid-promotion = Umwandlung nur in Dame, Turm, Läufer oder Springer.
reason-no-piece-file = { $role ->
    [queen] Keine
   *[other] Kein
} { $piece } kann auf die Linie { $file } ziehen.
reason-no-piece-rank = { $role ->
    [queen] Keine
   *[other] Kein
} { $piece } kann auf die Reihe { $rank } ziehen.
reason-no-piece-moves = { $role ->
    [queen] Keine
   *[other] Kein
} { $piece } kann ziehen.
reason-no-move-file = Kein Zug passt zur Linie { $file }.
reason-no-move-rank = Kein Zug passt zur Reihe { $rank }.
reason-no-move-square = Kein Zug passt zu { $square }.
reason-no-piece-reaches-braille = { $letter } nicht nach { $sq }
reason-no-such-piece-braille = Kein { $letter } da
reason-no-piece-on-braille = { $sq }: keine eigene Figur
reason-own-piece-on-target-braille = { $sq }: eigene Figur
reason-king-in-check-braille = König im Schach
reason-king-into-check-braille = König käme ins Schach
reason-castling-not-allowed-braille = Rochade nicht erlaubt
reason-promotion-missing-braille = { $sq }: neue Figur nennen
reason-not-a-promotion-braille = { $sq }: keine Umwandlung
reason-invalid-promotion-braille = Umwandlung: D T L S
reason-no-piece-file-braille = { $letter } nicht auf Linie { $f }
reason-no-piece-rank-braille = { $letter } nicht auf Reihe { $r }
reason-no-piece-moves-braille = { $letter } kann nicht ziehen
reason-no-move-file-braille = Kein Zug auf Linie { $f }
reason-no-move-rank-braille = Kein Zug auf Reihe { $r }
reason-no-move-square-braille = Kein Zug zu { $sq }

## The sighted player's electronic board (D.1, D.2.1, D.2.9)
board-lost = Das elektronische Brett ist nicht mehr verbunden. Es geht mit Tastatur und Stimme weiter.
board-back = Das elektronische Brett ist wieder verbunden.
board-matches = Brett stimmt.
board-matches-again = Brett stimmt wieder.
board-move-withdrawn = Zug zurückgenommen.
board-differs-theirs = Auf dem Brett des Gegners { $list }.
board-differs-theirs-braille = Brett Gegner: { $brief }
board-differs-yours = Auf Ihrem Brett { $list }.
board-differs-yours-braille = Ihr Brett: { $brief }
board-misplaced = steht { $role ->
    [queen] die
   *[other] der
} { $piece } auf { $square } statt { $expected }
board-misplaced-braille = { $letter }{ $sq } statt { $expected_sq }
board-missing = fehlt auf { $square } { $role ->
    [queen] eine
   *[other] ein
} { $colored }
board-missing-braille = { $sq } fehlt { $letter }
board-extra = steht auf { $square } zusätzlich { $role ->
    [queen] eine
   *[other] ein
} { $colored }
board-extra-braille = { $sq } zusätzlich { $letter }
board-differs-more = und { $n ->
    [one] ein weiteres Feld
   *[other] { $n } weitere Felder
}
board-earlier = Mögliche Zurücknahme: Das Brett von { $side } zeigt die Stellung nach Zug { $number } von { $mover }, { $plies ->
    [one] einen Halbzug
   *[other] { $plies } Halbzüge
} zurück.
board-earlier-start = Mögliche Zurücknahme: Das Brett von { $side } zeigt die Anfangsstellung, { $plies ->
    [one] einen Halbzug
   *[other] { $plies } Halbzüge
} zurück.

## Draw offers, claims, resignation (Art. 9)
draw-offered = { $side } bietet Remis an.
draw-offered-ack = Remis angeboten.
draw-declined = Remis abgelehnt.
draw-declined-by = { $side } lehnt das Remis ab.
no-draw-offer = Es liegt kein Remisangebot vor.
claim-not-on-move = Nur der Spieler am Zug kann Remis reklamieren.
claim-move-unclear = Für die Reklamation bitte einen eindeutigen Zug nennen: { $heard } ist unklar.
claim-refused = Reklamation abgelehnt: weder dreifache Stellungswiederholung noch fünfzig Züge ohne Bauernzug und ohne Schlagen.
time-added = { $side } erhält { $time } dazu.
resign-confirm = Wirklich aufgeben? Bitte mit Ja bestätigen.
resign-cancelled = Nicht aufgegeben, die Partie geht weiter.
end-confirm = Partie ohne Ergebnis beenden? Bitte mit Ja bestätigen.
end-cancelled = Nicht beendet, die Partie geht weiter.
station-closing = Die Station wird beendet.

## The end of the game
game-end = { $result }
game-over = Die Partie ist beendet. { $result }
game-over-after = Die Partie ist nach Zug { $number } beendet. { $result }
end-checkmate = Schachmatt. { $winner } gewinnt.
end-resignation = { $loser } gibt auf. { $winner } gewinnt.
end-stalemate = Patt. Remis.
end-dead-position = Remis: keiner kann mehr mattsetzen.
end-agreement = Remis vereinbart.
end-threefold = Remis durch dreifache Stellungswiederholung.
end-fifty-moves = Remis nach der Fünfzig-Züge-Regel.
end-fivefold = Remis durch fünffache Stellungswiederholung.
end-seventy-five-moves = Remis nach der Fünfundsiebzig-Züge-Regel.
end-flag = Zeit überschritten: { $loser }. { $winner } gewinnt.
end-flag-insufficient = Zeit überschritten: { $loser }. { $winner } kann nicht mehr mattsetzen: Remis.
end-unfinished = Partie ohne Ergebnis beendet.
end-aborted = Partie abgebrochen, ohne Ergebnis.
end-abandoned = { $loser } hat die Partie verlassen. { $winner } gewinnt.
end-drawn = Remis.
end-adjudicated = Vom Server entschieden: { $winner } gewinnt.

## Clock
no-clock = Keine Bedenkzeit eingestellt.
clock-started = Die Uhr läuft. { $side } ist am Zug.
clock-resumed = Die Uhr läuft weiter. { $side } ist am Zug.
clock-paused = Die Uhr ist angehalten.
clock-already-running = Die Uhr läuft bereits.
clock-not-running = Die Uhr läuft nicht.
arbiter-only = Das darf nur der Schiedsrichter.
clock-start-how = Die Uhr steht. Starten: Uhr starten sagen oder tippen, oder die Starttaste.
clock-start-how-typed = Die Uhr steht. Starten: Uhr starten tippen, oder die Starttaste.
clock-start-by-arbiter = Die Uhr steht. Der Schiedsrichter startet sie.
clock-start-training = Die Uhr steht. Sie läuft von selbst an, sobald beide Seiten ihren ersten Zug gemacht haben. Früher starten: Uhr starten sagen.
clock-stands = Die Uhr steht.
clock-stands-braille = Uhr steht
time-short = { $a } { $a_left }, { $b } { $b_left }.
time-short-braille = { $a } { $a_clock }, { $b } { $b_clock }
time-own = Ihre Zeit: { $a_left }.
time-own-braille = Ihre Zeit { $a_clock }
time-own-side = { $a }: { $a_left }.
time-own-side-braille = { $a } { $a_clock }
time-used = Verbraucht: { $a } { $a_used }, { $b } { $b_used }.
time-used-braille = Verbraucht: { $a } { $a_clock }, { $b } { $b_clock }
time-moves = Züge: { $a } { $a_moves }, { $b } { $b_moves }.
time-detail = { $used } { $moves }
time-detail-braille = { $used_braille }. { $moves_braille }
time-stands = { $time } Die Uhr steht.
time-stands-braille = { $time_braille }, Uhr steht
label-you = Sie
label-opponent = Gegner
duration-and = { $big } { $small }
duration-clock = { $m } { $s }
duration-hours = { $n ->
    [one] eine Stunde
   *[other] { $n } Stunden
}
duration-minutes = { $n ->
    [one] eine Minute
   *[other] { $n } Minuten
}
duration-seconds = { $n ->
    [one] eine Sekunde
   *[other] { $n } Sekunden
}

## Questions (D.2.9.d)
whose-move = { $side } ist am Zug.
move-number = Zug { $number }, { $side } ist am Zug.
no-moves-yet = Es wurde noch kein Zug gemacht.
last-moves = { $list }.
last-moves-braille = { $list }
move-entry = { $number }. { $side }: { $move }
move-entry-braille = { $color ->
    [white] { $number }.
   *[black] { $number }...
} { $san }
pieces-mine = Ihre Figuren: { $list }.
pieces-mine-braille = Ihre: { $list }
pieces-theirs = Gegnerische Figuren: { $list }.
pieces-theirs-braille = Gegner: { $list }
pieces-mine-kind = Ihre { $pieces }: { $list }.
pieces-mine-kind-braille = Ihre { $pieces }: { $list }
pieces-theirs-kind = Gegnerische { $pieces }: { $list }.
pieces-theirs-kind-braille = Gegnerische { $pieces }: { $list }
# Where a piece can go: the piece, its square, its legal targets (in words); on the
# display in notation ("Sg1: f3 h3").
targets-piece = { $piece } { $square }: { $list }.
targets-piece-braille = { $notation }: { $list }
targets-nowhere = kein Zug
colored-piece = { $color ->
    [white] { $role ->
        [queen] weiße
       *[other] weißer
    }
   *[black] { $role ->
        [queen] schwarze
       *[other] schwarzer
    }
} { $piece }
square-piece = { $square }: { $piece }.
square-piece-braille = { $sq }: { $piece }
square-empty = { $square }: leer.
square-empty-braille = { $sq }: leer
file-content = Linie { $file }: { $list }.
file-content-braille = Linie { $letter }: { $list }
rank-content = Reihe { $rank }: { $list }.
rank-content-braille = Reihe { $digit }: { $list }
piece-count = { $n ->
    [one] { $one }
   *[other] { $n } { $many }
}
material-equal = Gleiches Material, je { $points } Punkte: { $list }.
material-side = { $side }, { $points } Punkte: { $list }.
position-side = { $side }: { $list }.
position-side-braille = { $side }: { $list }
position-offer = { $side } ist am Zug, { $white } gegen { $black } Figuren. Nach Art: mehr. Nach Reihen: Reihe eins bis acht.
position-offer-braille = { $side } am Zug, W{ $white } S{ $black }. Art: mehr. Reihe 1-8
kind-squares = { $piece } { $squares }
rank-group = { $files } { $rank }
square-range = { $from } bis { $to }
colored-pieces = { $color ->
    [white] weiße
   *[black] schwarze
} { $pieces }
line-group = { $pieces } { $squares }
line-group-braille = { $color ->
    [white] W
   *[black] S
} { $notation }
position-start = Grundstellung. { $side } ist am Zug.
answer-part = { $speech }
answer-part-braille = { $braille }
answer-part-more = { $speech } { more-hint }
answer-part-more-braille = { $braille } (mehr)
more-hint = Mehr?
more-nothing = Mehr gibt es dazu nicht.
help = Zug sagen, etwa Springer Felix drei. Ja bestätigt, nein korrigiert. Zeit, wiederholen. { more-hint }
help-typing = Zug tippen, etwa Sf3; Enter sendet, ohne Text: ja. Rücktaste ohne Text: nein. { more-hint }
help-keys = Fragen und Befehle auch tippen. Tasten: HOME wiederholt, INFO Zeit, HELP Hilfe. { more-hint }
help-keys-more = DISPMD: Brett, Figuren; CSRTRK: Spiel. Routingtaste: Feld, Zug. { more-hint }
help-questions = Fragen: wer ist am Zug, letzter Zug, Stellung, meine Figuren, Eva vier, Linie Eva, Reihe eins. { more-hint }
help-more = Material, letzte drei Züge, meine Bauern. Uhr: meine Zeit, verbrauchte Zeit, wie viele Züge. { more-hint }
help-also = Wohin kann mein Springer. Still: Ruhe. Ansagen aus. Code für den Gegner, Adresse: seine Webseite. { more-hint }
help-clock = Remis, Remis reklamieren, ich gebe auf. Uhr starten, Uhr anhalten, weiter. Partie beenden: ohne Ergebnis. { more-hint }
help-clock-arbiter = Remis, Remis reklamieren, ich gebe auf. Die Uhr bedient der Schiedsrichter; er beendet auch die Partie. { more-hint }
help-card = Zum Nachlesen: die Kurzübersicht in Braille, zum Drucken. ansage help nennt die Datei.
help-pending = Ja bestätigt den angesagten Zug, Nein nimmt ihn zurück.
repeat-nothing = Es wurde noch nichts gesagt.

## Clock announcements (D.2.5.c) and the arbiter (6.10, 6.11, 7.5)
clock-reminder = Noch { $time }.
clock-countdown = { $n ->
    [1] eins
    [2] zwei
    [3] drei
    [4] vier
    [5] fünf
    [6] sechs
    [7] sieben
    [8] acht
    [9] neun
   *[other] zehn
}
clock-countdown-braille = Uhr { $clock }
clock-reminder-braille = Uhr { $clock }
clock-low-time = Achtung, nur noch { $time }.
clock-low-time-braille = Achtung { $clock }
clock-control-passed = { $moves } Züge gespielt, { $added } dazu.
move-count = Zug { $number }.
arbiter-clock-set = Schiedsrichter: Uhr { $side } auf { $time } gestellt.
arbiter-clock-set-braille = Uhr { $side } { $clock }
arbiter-moves-set = Schiedsrichter: Zugzähler { $side } auf { $moves } gestellt.
penalty-illegal-move = Unmöglicher Zug von { $side }: { $opponent } erhält { $time } dazu.
alarms-off = Zeitansagen aus.
alarms-on = Zeitansagen an.
status-line = { $last } W{ $running ->
    [white] *
   *[other] {""}
}{ $white } S{ $running ->
    [black] *
   *[other] {""}
}{ $black }{ $running ->
    [none] {" "}Uhr steht
   *[other] {""}
}
# The clocks alone, for the status cells beside the board or the pieces on the display.
status-clocks = W{ $running ->
    [white] *
   *[other] {""}
}{ $white } S{ $running ->
    [black] *
   *[other] {""}
}{ $black }
status-line-no-clock = { $last } { $side } am Zug
# The Braille display's piece list (board reading): the side, then its pieces.
display-pieces = { $side }:

## Take-backs (7.5, D.2.8) and adjournment (Appendix E)
taken-back = Zurückgenommen bis { $number }{ $dots } { $move }. { $side } ist am Zug.
taken-back-to-start = Alle Züge zurückgenommen. { $side } ist am Zug.
take-back-nothing = Noch kein Zug gemacht; nichts zurückgenommen.
take-back-impossible = Diesen Zug gibt es nicht; nichts zurückgenommen.
seal-please = Abbruch: { $side } versiegelt den nächsten Zug.
echo-seal = Versiegeln: { $move }? Bitte bestätigen.
echo-seal-braille = Versiegeln { $san }?
sealed-own = Zug versiegelt.
game-adjourned-now = Die Partie ist abgebrochen, { $side } hat versiegelt. Die Uhr ist angehalten.
game-adjourned = Die Partie ist abgebrochen; sie geht weiter, wenn der Schiedsrichter fortsetzt.
sealed-revealed = Fortsetzung. Versiegelter Zug von { $side }: { $move }.
adjournment-cancelled = Kein Abbruch, die Partie geht weiter.
adjournment-impossible = Das geht jetzt nicht.

## The scoresheet (D.2.6) and comparing two scoresheets (D.2.8)
sheet-white = Weiß
sheet-black = Schwarz
sheet-event = Turnier
sheet-site = Ort
sheet-round = Runde
sheet-date = Datum
sheet-time-control = Bedenkzeit
sheet-result = Ergebnis
sheet-start = Stellung
scoresheets-agree = Die Partien stimmen überein.
scoresheets-agree-until = Die Partien stimmen bis einschließlich { $move } überein.
scoresheets-differ-from-start = Die Partien weichen ab dem ersten Zug ab.
scoresheets-then = Dann, { $move }: { $a } gegen { $b }.
scoresheets-unreadable = { $token } ({ $problem })
scoresheets-broken = nicht lesbar ({ $why })
scoresheets-ends = nichts, das Formular endet dort
scoresheets-clocks = Uhren an dieser Stelle: Weiß { $white }, Schwarz { $black }.
scoresheets-different-starts = Die beiden Partieformulare beginnen mit verschiedenen Stellungen.
sheet-move-of = Zug { $number } von { $side ->
    [white] Weiß
   *[black] Schwarz
}
sheet-problem-illegal = in dieser Stellung unmöglich
sheet-problem-ambiguous = mehrdeutig: { $options }
sheet-problem-not-a-move = kein Zug
sheet-at-line = Partie { $game }, Zeile { $line }
sheet-at-page = Seite { $page }, Zeile { $line }
sheet-refused-move = { $at }, { $move }: { $token } ist { $problem }.
sheet-refused-fen = { $at }: Die Stellung { $fen } ist ungültig ({ $detail }).
sheet-refused-variant = { $at }: { $variant } ist kein Schach.
sheet-refused-draw-offer = { $at }: (=) vor dem ersten Zug.
sheet-refused-syntax = Partie { $game }: PGN nicht lesbar ({ $detail }).
sheet-refused-number = { $at }: Zugnummer { $found }, erwartet { $expected }.
sheet-refused-cells = { $at }: keine Brailleschrift dieses Codes ({ $detail }).
sheet-refused-phrases = Die Sprachdateien sind defekt ({ $detail }).
sheet-no-game = Keine Partie darin.
sheet-file = { $path }: { $what }
sheet-file-error = { $path }: { $error }
sheet-not-text = { $path }: weder Journal noch Text.
sheet-unreadable = { $path }: kein lesbares Partieformular.
sheet-journal-error = { $path }: Das Journal lässt sich nicht wiederholen ({ $error }).
export-games = { $n ->
    [one] Eine Partie
   *[other] { $n } Partien
} in { $path }.
export-wrote = Geschrieben: { $path }
export-audio = Gesprochenes Partieformular: { $path } ({ $moves } Züge markiert)
export-refused = Nicht exportiert: { $why }
export-no-such-game = { $path } hat { $n ->
    [one] eine Partie
   *[other] { $n } Partien
}; Partie { $game } gibt es nicht.
export-is-input = { $path } ist die Eingabe; bitte eine andere Ausgabe wählen.

## The console of `ansage play`: its own lines (a line not understood, the records written)
console-not-understood = Zeile nicht verstanden: { $line }
console-pgn = Partie als PGN: { $path }
console-brf = Partieformular in Blindenschrift (BRF): { $path }
console-wav = Tonaufnahme der Partie: { $path }, Zugmarken in { $marks }

## The journal: every input is written to disk before it is acted on (ansage play --resume)
journal-where = Die Partie wird mitgeschrieben in { $path }
journal-damaged = Journal beschädigt ab Byte { $offset } (Eintrag { $record }, { $reason }): { $dropped } Bytes verworfen; erhalten: { $moves ->
    [0] noch kein Zug
   *[other] bis Zug { $number } von { $side }
}.
journal-damaged-braille = Journal defekt ab Byte { $offset }: { $dropped } Bytes verworfen, { $moves ->
    [0] kein Zug erhalten
   *[other] erhalten bis { $last }
}
journal-reason-torn = letzter Eintrag unvollständig
journal-reason-frame = kein gültiger Eintrag
journal-reason-length = Länge stimmt nicht
journal-reason-checksum = Prüfsumme stimmt nicht
journal-reason-utf8 = kein gültiger Text
journal-reason-record = Eintrag unlesbar
journal-reason-no-setup = Einrichtung der Partie fehlt
journal-reason-time = Zeit läuft rückwärts
journal-resumed = Fortgesetzt bei Zug { $next }, { $turn } am Zug.
journal-resumed-braille = Fortgesetzt: { $moves ->
    [0] kein Zug
   *[other] { $last }
}, { $turn } am Zug
journal-resumed-over = { $moves ->
    [0] Fortgesetzt, noch kein Zug
   *[other] Fortgesetzt nach Zug { $number } von { $side }
}.
journal-resumed-over-braille = Fortgesetzt: { $moves ->
    [0] kein Zug
   *[other] { $last }
}
journal-over = Die Partie ist beendet.
journal-over-braille = Partie beendet
journal-review = Sie gehen die Partie durch; es geht an derselben Stelle weiter.
journal-review-braille = Durchgehen
journal-clocks = Uhr steht: Weiß { $white }, Schwarz { $black }.
journal-clocks-braille = Uhr steht W{ $white-clock } S{ $black-clock }
journal-clocks-minutes = Uhr steht: Weiß { $white }, Schwarz { $black } Minuten.
journal-clocks-minutes-braille = Uhr steht W{ $white-clock } S{ $black-clock }
journal-restart = Weiter, wenn der Schiedsrichter die Uhr startet.
journal-restart-braille = Weiter: Uhr starten
journal-restart-players = Weiter mit Uhr starten.
journal-restart-players-braille = Weiter: Uhr starten
journal-mismatch = Achtung, Schiedsrichter: Das Journal weicht von der Wiederholung ab. Aufgezeichnet: { $expected }. Wiederholt: { $got }.
journal-write-failed = Achtung: Das Journal kann nicht geschrieben werden ({ $error }). Die Eingabe wurde nicht ausgeführt.

## The microphone (hearing): told once when it fails, once when it is back
microphone-lost = Das Mikrofon ist ausgefallen ({ $error }). Bitte Züge tippen, bis es wieder da ist.
microphone-lost-braille = Mikrofon aus: tippen
microphone-back = Das Mikrofon ist wieder da.
microphone-back-braille = Mikrofon an
speech-failed = Keine Sprachausgabe: speech-dispatcher antwortet nicht. Alles Gesagte steht auf der Konsole.
speech-failed-braille = Sprachausgabe fehlt
speech-own-failed = Keine Sprachausgabe: espeak-ng in der Station startet nicht. Alles Gesagte steht auf der Konsole.
speech-own-failed-braille = Sprachausgabe fehlt

## The station's start: said at once on the console, by voice and on the display as each opens
station-starting = Die Station startet.
station-starting-braille = Station startet
## A failure to start: said, shown and printed, with what to do (issue 31.2; `app::failure`)
start-failed = Die Station startet nicht: { $why }
start-failed-todo = Die Station startet nicht: { $why } Zu tun: { $todo }
start-failed-online = Das Online-Spiel startet nicht: { $why }
start-failed-online-todo = Das Online-Spiel startet nicht: { $why } Zu tun: { $todo }
start-error = { $error }.
start-online-game-id = die Kennung einer Partie besteht aus Buchstaben und Ziffern: der Teil ihrer Adresse nach lichess.org/.
start-online-variant = die Partie ist { $variant }, eine Schachvariante, die die Station nicht spielt.
start-online-no-game = lichess hat keine Partie { $game } für diesen Zugang.
start-online-refused = lichess verweigert die Partie { $game }: { online-reason }
start-online-not-yours = { $name } spielt nicht in der Partie { $game }.
start-settings = die Einstellungen haben einen Fehler: { $error }.
start-settings-todo = die Stelle berichtigen; ansage config prüft die Einstellungen.
start-tc-minutes = --tc { $tc }: eine Zahl ohne Einheit sind Minuten, und { $amount } Minuten sind mehr als zwei Stunden.
start-tc-minutes-todo = für { $amount } Sekunden { $seconds } schreiben, für { $amount } Minuten { $minutes }.
start-tc-seconds = --tc { $tc }: in der PGN-Form, mit / oder :, sind Zahlen ohne Einheit Sekunden, nach den Zügen, und { $amount } Sekunden sind weniger als eine Minute.
start-tc-seconds-todo = für 90 Minuten für 40 Züge, dann 30, 90/40+30+30 schreiben; für { $amount } Sekunden { $amount }s.
start-online-in-play = ansage play spielt keine Online-Partie (game.online).
start-online-in-play-todo = Online-Partien mit ansage online starten; game.online aus der Einstellungsdatei und den Optionen entfernen.
start-resume-options = --resume nimmt die Partie mit ihren Einstellungen aus dem Journal.
start-resume-options-todo = die anderen Spieloptionen weglassen: ansage play --resume DATEI.
start-resume-journal = das Journal { $path } lässt sich nicht fortsetzen ({ $error }).
start-resume-journal-todo = den Pfad prüfen; jedes Journal liegt im Ordner seiner Partie unter ~/.local/share/ansage/games.
start-no-model = Keine Spracherkennung: das Sprachmodell fehlt. Zu tun: ansage models install { $lang } lädt es. Bis dahin Züge tippen.
station-ready = Bereit.
station-ready-braille = Bereit
station-ready-without = Bereit. Ohne { $devices }.
station-ready-without-braille = Bereit. Ohne { $devices }
missing-and = { $first } und ohne { $next }

## The devices, as `ansage play` and `ansage doctor` report them: a line each, then what to do
device-microphone = Mikrofon
device-vosk = Spracherkennung (vosk)
device-speech = Sprachausgabe
device-earcons = Signaltöne
device-display = Braille-Zeile
device-recording = Tonaufnahme
device-espeak = espeak-ng
device-engine = Schach-Engine
device-eboard = elektronisches Brett
device-other = { $name }
device-line-there = { $device }: { $state }
device-line-missing = { $device }: fehlt: { $state }
device-line-missing-unneeded = { $device }: fehlt, für diese Einstellungen nicht nötig: { $state }
device-todo = Zu tun: { $todo }
device-off = aus in den Einstellungen.
device-braille-only = aus, nur Braille (braille.braille_only).
device-not-built = nicht eingebaut.
device-build = ansage mit cargo build --features { $feature } bauen.
device-mic-unused = nicht gebraucht, niemand gibt Züge per Stimme ein.
device-mic-found = { $count ->
    [one] 1 Eingabegerät
   *[other] { $count } Eingabegeräte
}, genutzt: { $device }.
device-mic-default = das Standardgerät
device-mic-none = kein Eingabegerät gefunden.
device-mic-todo = Mikrofon anschließen, prüfen mit arecord -l. Bis dahin Züge tippen.
device-mic-unknown = { $device } ist kein Eingabegerät.
device-mic-unknown-todo = voice.input_device leer lassen oder ein Gerät aus arecord -L nehmen.
device-vosk-there = Modell in { $path }, alle { $checked } Wörter hörbar.
device-vosk-missing = kein Modell in { $path }.
device-vosk-todo = ansage models install de lädt es dorthin, oder voice.model setzen. Bis dahin Züge tippen.
device-vosk-words = Modell in { $path }, diese Wörter kennt es nicht: { $words }.
device-vosk-words-todo = ein Modell nehmen, das sie kennt, oder sie in voice.word_map auf bekannte Wörter abbilden.
device-vosk-lib = libvosk fehlt.
device-vosk-lib-todo = bash .ci/setup.sh holt libvosk, dann mit cargo build --features vosk,audio bauen. Bis dahin Züge tippen.
device-speech-there = speech-dispatcher, { $count ->
    [one] 1 Stimme
   *[other] { $count } Stimmen
} für diese Sprache, etwa { $voices }.
device-speech-open = speech-dispatcher, { $voice ->
    [none] die Stimme für diese Sprache
   *[other] die Stimme { $voice }
}. Alle Stimmen zeigt ansage doctor.
device-speech-other-language = die Stimme { $voice } spricht eine andere Sprache ({ $language }).
device-speech-missing = speech-dispatcher antwortet nicht.
device-speech-own = espeak-ng in der Station, über PulseAudio, { $voice ->
    [none] die Stimme für diese Sprache
   *[other] die Stimme { $voice }
}.
device-speech-own-missing = espeak-ng in der Station startet nicht: PulseAudio oder espeak-ng fehlt.
device-speech-own-todo = PulseAudio prüfen, oder speech.engine = "speech-dispatcher" setzen. Bis dahin steht alles Gesagte auf der Konsole.
device-speech-todo = speech-dispatcher und speech-dispatcher-espeak-ng installieren und starten. Bis dahin steht alles Gesagte auf der Konsole.
device-speech-no-voice = speech-dispatcher hat keine Stimme für diese Sprache.
device-speech-no-voice-todo = espeak-ng und speech-dispatcher-espeak-ng installieren.
device-speech-unknown-voice = die Stimme { $voice } gibt es nicht.
device-speech-unknown-voice-todo = speech.voice leer lassen oder eine Stimme aus spd-say -L nehmen.
device-earcons-there = über { $device }.
device-earcons-missing = keine Tonausgabe.
device-earcons-todo = ALSA oder PulseAudio prüfen; gesprochen wird trotzdem.
device-braille-there = { $width } Zellen.
device-braille-missing = keine Verbindung zu BRLTTY.
device-braille-todo = brltty installieren und die Zeile anschließen (oder BRLAPI_HOST setzen); die Station versucht es weiter. Ohne Zeile spielen: ansage play --set braille.enabled=false.
device-espeak-there = { $version }, für das gesprochene Partieformular.
device-espeak-missing = nicht gefunden.
device-espeak-todo = espeak-ng installieren, für ansage export --audio.
device-engine-there = { $name } ({ $path }), der Gegner im Training.
device-engine-missing = nicht gefunden.
device-engine-todo = das Paket stockfish installieren (sudo apt install stockfish), für das Training gegen die Engine; oder engine.path setzen.
device-engine-broken = { $path } antwortet nicht wie eine UCI-Engine.
device-engine-broken-todo = engine.path prüfen, oder das Paket stockfish neu installieren.
device-eboard-there = { $kind }-Brett an { $port }.
device-eboard-there-clock = { $kind }-Brett an { $port }, mit DGT-3000-Uhr.
device-eboard-there-no-clock = { $kind }-Brett an { $port }, keine Uhr antwortet.
device-eboard-none = kein Brett gefunden an { $ports }.
device-eboard-none-todo = Brett anschließen und einschalten (oder eboard.port setzen); die Station sucht alle paar Sekunden weiter. Bis dahin Züge tippen oder sagen.
device-eboard-denied = kein Zugriff auf { $port }.
device-eboard-denied-todo = den Benutzer in die Gruppe dialout aufnehmen: sudo adduser $USER dialout, dann neu anmelden.
doctor-all-there = Alles da.
doctor-missing = Es fehlt, was diese Einstellungen brauchen: { $devices }.
doctor-missing-unneeded = Alles da, was diese Einstellungen brauchen. Es fehlt nur: { $devices }.

# The web page (docs/web-protocol.md): the sighted player's word that the blind player's
# move stands on his board (FIDE Laws D.2.1).
executed-noted = Ausgeführt.
executed-nothing = Kein Zug des blinden Spielers wartet auf Ausführung.
executed-not-yours = Das sagt der sehende Spieler, wenn er Ihren Zug auf seinem Brett ausgeführt hat.
access-arbiter-only = Den Zugang des Schiedsrichters gibt nur der Schiedsrichter.
web-off = Die Webseite der Station ist ausgeschaltet. Einschalten mit ansage play --web.
## The station's web page (issue 21; `src/web/`, `src/app/web.rs`)
web-where = Webseite: { $host }, Port { $port }.
web-where-braille = Webseite: { $url }
web-address = Adresse: { $host }, Port { $port }.
web-address-braille = Adresse: { $url }
web-address-dot = Punkt
web-failed = Die Webseite läuft nicht: { $error }
web-not-built = Die Webseite ist nicht eingebaut (ansage mit cargo build --features web bauen).
web-access-code = Code für { $role ->
        [opponent] den Gegner
        [player] den Spieler
        [arbiter] den Schiedsrichter
       *[other] Zuschauer
    }: { $code }. Zwei Minuten gültig.
web-access-code-braille = Code { $role ->
        [opponent] Gegner
        [player] Spieler
        [arbiter] Schiedsrichter
       *[other] Zuschauer
    }: { $digits }, 2 Min.
web-access-code-again = Code für { $role ->
        [opponent] den Gegner
        [player] den Spieler
        [arbiter] den Schiedsrichter
       *[other] Zuschauer
    }: { $code }. Noch { $seconds ->
        [one] eine Sekunde
       *[other] { $seconds } Sekunden
    } gültig.
web-access-code-again-braille = Code { $role ->
        [opponent] Gegner
        [player] Spieler
        [arbiter] Schiedsrichter
       *[other] Zuschauer
    }: { $digits }, noch { $seconds } s
web-access-revoked = Jeder Zugang zur Webseite ist beendet.
web-error-malformed = Diese Anfrage versteht die Station nicht.
web-error-forbidden = Das ist mit Ihrer Rolle nicht möglich.
web-error-no-role = Sie schauen nur zu. Zum Mitspielen oder Leiten bitte mit einem Zugangscode beitreten.
web-error-foreign = Diese Anfrage kommt nicht von der Seite der Station.
web-error-not-your-move = Sie sind nicht am Zug.
web-error-wrong-code = Dieser Zugangscode gilt nicht (falsch, abgelaufen oder schon benutzt).
web-error-guarded = Für diesen Code kamen zu viele falsche Versuche, auch von diesem Gerät. Bitte an der Station einen neuen Code erfragen.
web-error-not-found = Diese Seite gibt es nicht.
web-error-stale = Inzwischen hat sich die Partie geändert. Bitte noch einmal prüfen.
web-error-too-big = Die Anfrage ist zu groß.
web-error-locked = Von diesem Gerät kamen zu viele falsche Zugangscodes. Bitte eine Minute warten.
web-error-unavailable = Die Station kann gerade nicht antworten. Bitte gleich noch einmal.
device-web = Webseite
device-web-free = { $listen } ist frei.
device-web-taken = { $listen } ist belegt: { $holder }.
device-web-taken-todo = ein anderes Programm beenden oder web.listen auf einen freien Port setzen, z. B. ansage play --web 127.0.0.1:8433.
device-web-bad-address = { $listen } ist keine Adresse.
device-web-bad-address-todo = web.listen als ADRESSE:PORT setzen, z. B. 127.0.0.1:8432.
device-web-taken-unknown = { $listen } ist belegt.
# `ansage doctor`: das Online-Spiel (issue 24.4, src/doctor/online.rs); nie der Schlüssel, nur woher er kommt.
device-online = Online-Spiel (lichess)
device-online-there = Konto { $name } auf { $server }, der Zugangsschlüssel (aus { $path }) hat die Berechtigung board:play.
device-online-bad-server = { $server } ist keine Adresse für das Online-Spiel: nur https://, http:// nur zu diesem Rechner.
device-online-bad-server-todo = online.server prüfen: lichess ist https://lichess.org, die Voreinstellung.
device-online-no-token = kein lichess-Zugangsschlüssel.
device-online-no-token-todo = nur für Online-Partien: einen Schlüssel mit der Berechtigung board:play auf https://lichess.org/account/oauth/token/create?scopes[]=board:play&description=ansage anlegen, dann mit ansage online login speichern (oder ANSAGE_LICHESS_TOKEN setzen).
device-online-token-invalid = der Zugangsschlüssel aus { $path } ist kein lichess-Schlüssel (Buchstaben, Ziffern und _).
device-online-new-token-todo = einen Schlüssel mit der Berechtigung board:play auf https://lichess.org/account/oauth/token/create?scopes[]=board:play&description=ansage anlegen, dann { $from ->
    [env] in ANSAGE_LICHESS_TOKEN setzen.
   *[file] mit ansage online login speichern.
}
device-online-token-readable = die Datei { $path } können andere lesen (Modus { $mode }), und der Schlüssel ist ein Passwort.
device-online-token-readable-todo = die Datei nur Ihnen lesbar machen: chmod 600 { $path }
device-online-token-unreadable = der Zugangsschlüssel aus { $path } ist nicht lesbar.
device-online-token-unreadable-todo = prüfen, ob die Datei Ihnen gehört (ls -l), oder den Schlüssel mit ansage online login neu speichern.
device-online-refused = { $server } kennt den Zugangsschlüssel aus { $path } nicht: er ist falsch, abgelaufen oder widerrufen.
device-online-scope-of = dem Zugangsschlüssel von { $name } fehlt die Berechtigung board:play.
device-online-scope = dem Zugangsschlüssel fehlt die Berechtigung board:play.
device-online-no-answer = { $server } antwortet nicht.
device-online-no-answer-todo = die Netzverbindung und online.server prüfen ({ $server }; lichess ist https://lichess.org). Partien am Brett brauchen keinen Server.
device-online-rate-limited = { $server } meldet: zu viele Anfragen.
device-online-rate-limited-todo = eine Minute warten, dann mit ansage doctor noch einmal prüfen.
device-online-strange = { $server } antwortet nicht wie lichess.
# Said and brailled to all on `quit`, before the station stops.
station-quit = Die Station wird beendet.
# At the start of a game without a clock: how to get help.
start-help-hint = Ohne Uhr. Hilfe: Hilfe sagen oder die Hilfetaste.
start-help-hint-typed = Ohne Uhr. Hilfe: Hilfe tippen oder die Taste HELP.

## Online play (issue 24): lichess through its Board API
online-start = Online-Partie gegen { $opponent }. Sie spielen { $side }. Echo und Bestätigung laufen auf Ihrer eigenen Bedenkzeit.
online-start-braille = Online gegen { $opponent }, Sie: { $side }. Echo und Bestätigung kosten Ihre Zeit.
online-not-online = Das ist keine Online-Partie.
online-remote-move = Der Gegner zieht online; seine Züge kommen vom Server.
online-move-unreadable = Der Server meldet ab Halbzug { $ply } einen Zug, der hier nicht möglich ist. Bitte den Schiedsrichter rufen.
online-opponent-gone = Der Gegner hat die Partie verlassen. In { $seconds } Sekunden können Sie den Sieg oder ein Remis beanspruchen.
online-opponent-gone-claim = Der Gegner hat die Partie verlassen. Sie können den Sieg beanspruchen oder Remis reklamieren.
online-opponent-back = Der Gegner ist zurück.
online-request-sent = An den Server gesendet.
online-not-here = Online nicht möglich: Uhr und Partie führt der Server.
online-takeback-asked = Der Gegner bittet, den letzten Zug zurückzunehmen. Ja oder nein?
online-takeback-sent = Bitte um Zugrücknahme gesendet.
online-joined = Laufende Partie: zuletzt { $number }{ $dots } { $move }. { $side } ist am Zug.
online-move-refused = Der Server hat den Zug nicht angenommen: { online-reason } Der Zug ist zurückgenommen. { $side } ist am Zug, bitte neu ansagen.
online-connection-lost = Verbindung zum Server unterbrochen. Neuer Versuch läuft; Ihre Uhr läuft auf dem Server weiter.
online-connection-back = Wieder verbunden.
online-server-fault = Der Server meldet einen Fehler. Neuer Versuch läuft; Ihre Uhr läuft auf dem Server weiter.
online-connecting = Verbinde mit lichess.
online-start-waiting = Noch keine Partie vom Server. Neuer Versuch in { $seconds ->
    [one] einer Sekunde
   *[other] { $seconds } Sekunden
}.
online-not-yet = Noch keine Verbindung zu lichess; bitte warten. quit oder Strg-C beendet.
online-token-refused = Der Server lehnt den Zugangsschlüssel ab. Bitte mit ansage online login neu anmelden.
online-token-scope = Dem Zugangsschlüssel fehlt die Berechtigung board:play. Bitte einen neuen Schlüssel anlegen.
online-rate-limited = Zu viele Anfragen an den Server. Neuer Versuch in einer Minute.
online-game-unavailable = Diese Partie ist auf dem Server nicht zu spielen.
online-request-refused = Der Server hat die Anfrage abgelehnt: { online-reason }
online-request-unknown = Keine Antwort des Servers; die Anfrage ist vielleicht nicht angekommen.
online-login-ask = Bitte den lichess-Zugangsschlüssel einfügen oder tippen (er wird nicht angezeigt), dann Eingabe.
online-logged-in = Angemeldet als { $name }. Der Schlüssel liegt in { $path }, nur für Sie lesbar.
online-logged-out = Abgemeldet: der Schlüssel ist widerrufen und gelöscht.
# Issue 32.3: the server's reason for a refusal ($reason: a known error's key, or other
# with $text, the server's words; $from, $to: the squares of an illegal move).
online-reason = { $reason ->
    [no-abort] Die Partie kann nicht mehr abgebrochen werden.
    [no-resign] Diese Partie kann nicht aufgegeben werden.
    [no-claim-win] Der Sieg kann in dieser Partie (noch) nicht beansprucht werden.
    [no-claim-draw] Ein Remis kann in dieser Partie (noch) nicht beansprucht werden.
    [not-your-turn] Sie sind nicht am Zug, oder die Partie ist schon zu Ende.
    [no-game] Diese Partie gibt es nicht.
    [not-your-game] Das ist nicht Ihre Partie.
    [not-board] Diese Partie ist über die Brett-Schnittstelle nicht zu spielen.
    [scope] Dem Zugangsschlüssel fehlt die Berechtigung board:play.
    [illegal] Die Figur auf { $from } kann nicht nach { $to } ziehen.
    [invalid-move] Der Zug ist ungültig.
   *[other] { $text }.
}
online-opponent-to-move = Der Gegner ist am Zug.
online-stopped-token = Der Server lehnt den Zugangsschlüssel ab: das Online-Spiel ist hier angehalten. Die Partie und ihre Uhr laufen auf lichess weiter. Bitte mit ansage online login neu anmelden, dann mit ansage online die Partie fortsetzen.
online-stopped-token-taken = Der Server lehnt den Zugangsschlüssel ab: das Online-Spiel ist hier angehalten, und Ihr letzter Zug ist zurückgenommen, denn der Server hat ihn nicht. Die Partie und ihre Uhr laufen auf lichess weiter. Bitte mit ansage online login neu anmelden, dann mit ansage online die Partie fortsetzen.
online-stopped = Das Online-Spiel ist angehalten, denn der Server lehnt den Zugangsschlüssel ab. Bitte mit ansage online login neu anmelden, dann mit ansage online fortsetzen. quit beendet die Station.
online-moved-elsewhere = Auf lichess gezogen: { $move }.
online-takeback-declined = Der Gegner hat Ihre Bitte um Zugrücknahme abgelehnt.
online-quit-ask = Die Partie läuft auf lichess weiter, die Uhr auch. Wirklich beenden? Ja oder nein.
online-quit-goes-on = Die Station bleibt an; die Partie geht weiter.
online-first-move = Ihr erster Zug muss in { $seconds } Sekunden kommen, sonst bricht lichess die Partie ab.
online-first-move-half = Noch { $seconds } Sekunden für Ihren ersten Zug, sonst bricht lichess die Partie ab.
online-chat = Chat von { $name }: { $text }
online-chat-sent = Chat gesendet.

# The online menu (`ansage online`, issue 24): before a game, one short sentence each.
lobby-welcome = Online bei lichess als { $name }.
lobby-menu = Sagen oder tippen Sie: suchen und eine Bedenkzeit, zum Beispiel suchen 15 plus 10; herausfordern, einen Namen und eine Bedenkzeit; annehmen oder ablehnen; fortsetzen; Ende. { $challenges ->
    [0] Keine Herausforderung
    [1] Eine Herausforderung
   *[other] { $challenges } Herausforderungen
}, { $games ->
    [0] keine laufende Partie.
    [1] eine laufende Partie.
   *[other] { $games } laufende Partien.
}
lobby-not-understood = Nicht verstanden. Menü sagt, was möglich ist.
lobby-busy = Es wird schon gesucht oder gewartet. Erst abbrechen.
lobby-seek-which = Mit welcher Bedenkzeit? Zum Beispiel suchen 15 plus 10.
lobby-challenge-which = Mit welcher Bedenkzeit? Zum Beispiel herausfordern { $name } 10 plus 5.
lobby-seeking = Suche einen Gegner für { $minutes } plus { $increment }, { $rated ->
    [yes] gewertet.
   *[no] ungewertet.
} Abbrechen beendet die Suche.
lobby-challenging = Herausforderung an { $name } gesendet, { $minutes } plus { $increment }, { $rated ->
    [yes] gewertet.
   *[no] ungewertet.
} Warte auf Antwort.
lobby-seek-too-fast = { $minutes } plus { $increment } ist zu schnell für die Suche: lichess spielt über diese Schnittstelle erst ab Schnellschach, Minuten plus 40 mal Zugaben-Sekunden mindestens 8 Minuten, zum Beispiel 10 plus 0 oder 15 plus 10. Blitz geht nur mit einer Herausforderung an einen Freund.
lobby-challenge-too-fast = { $minutes } plus { $increment } ist zu schnell: eine Herausforderung geht ab Blitz, Minuten plus 40 mal Zugaben-Sekunden mindestens 3 Minuten, zum Beispiel 3 plus 2 oder 5 plus 0.
lobby-tc-unsupported = { $minutes } plus { $increment } nimmt der Server nicht an: ganze Minuten bis 180, Zugabe bis 60 Sekunden.
lobby-none = Da ist keine.
lobby-which = Welche? Es sind { $count }; bitte mit der Nummer.
lobby-accepting = Nehme die Herausforderung von { $name } an.
lobby-declined = Herausforderung von { $name } abgelehnt.
lobby-seek-cancelled = Suche abgebrochen.
lobby-challenge-cancelled = Herausforderung zurückgezogen.
lobby-nothing-to-cancel = Es läuft keine Suche und keine Herausforderung.
lobby-challenge-withdrawn = { $name } hat die Herausforderung zurückgezogen.
lobby-challenge-refused = Herausforderung von { $name } abgelehnt: { $reason ->
    [variant] eine Schachvariante, die die Station nicht spielt.
    [timeControl] ohne Schachuhr; die Station spielt Partien mit Uhr.
   *[tooFast] zu schnell für lichess' Brett-Schnittstelle; sie spielt ab Blitz.
}
lobby-challenge = Herausforderung { $number } von { $name }, Wertung { $rating }: { $minutes } plus { $increment }, { $rated ->
    [yes] gewertet
   *[no] ungewertet
}, { $color ->
    [white] Sie haben Weiß
    [black] Sie haben Schwarz
   *[random] Farbe ausgelost
}. Annehmen oder ablehnen?
lobby-challenge-declined = { $name } hat abgelehnt{ $reason ->
    [later] : jetzt nicht.
    [tooFast] : zu schnell.
    [tooSlow] : zu langsam.
    [timeControl] : andere Bedenkzeit gewünscht.
    [rated] : lieber gewertet.
    [casual] : lieber ungewertet.
   *[other] .
}
lobby-challenge-ended = lichess hat die Herausforderung an { $name } beendet; keine Partie. Zurück im Menü.
lobby-refused = Der Server hat abgelehnt: { online-reason }
lobby-running = Laufende Partie { $number } gegen { $name }{ $turn ->
    [yes] , Sie sind am Zug.
   *[no] .
} Fortsetzen spielt sie.
lobby-connection-lost = Verbindung zu lichess unterbrochen. Neuer Versuch läuft.
lobby-connection-back = Wieder verbunden.
lobby-stream-taken = Ein anderes Programm nutzt diesen lichess-Zugang gerade; ansage gibt ihn frei und hört auf. Das andere Programm schließen und noch einmal starten.
lobby-server-fault = lichess meldet einen Fehler. Neuer Versuch läuft.
lobby-server-refuses = Der Server bietet die Ereignisse dieses Zugangs nicht an; das Online-Menü hört auf. Bitte online.server prüfen.
lobby-bye = Online-Menü beendet.
lobby-after-game = Revanche gegen { $name }, Partie durchgehen, Menü oder beenden?
lobby-after-game-alone = Partie durchgehen, Menü oder beenden?
lobby-no-review = Es gibt noch keine beendete Partie zum Durchgehen.

# `ansage models install`, `ansage models list`: one line each, for a screen reader.
models-download = Lade { $model }, { $megabytes } MB, von { $url }.
models-progress = { $percent } Prozent geladen.
models-unpack = Geladen. Entpacke und prüfe das Modell.
models-done = Fertig: { $model } ist installiert in { $path }. Die Station findet es dort.
models-already = { $model } ist schon installiert in { $path }. Nichts geladen.
models-network = Der Download ist gescheitert: { $detail }. Internetverbindung prüfen und den Befehl noch einmal geben. Es wurde nichts installiert.
models-http = Der Server antwortet mit Fehler { $status } auf { $url }. Die Einstellung models.url prüfen. Es wurde nichts installiert.
models-size = Das Archiv hat { $got } Bytes statt { $expected }: abgebrochen oder nicht das erwartete. Den Befehl noch einmal geben. Es wurde nichts installiert.
models-checksum = Die Prüfsumme des Archivs stimmt nicht: es ist beschädigt oder ein anderes. Den Befehl noch einmal geben. Es wurde nichts installiert.
models-disk-full = Kein Platz mehr auf dem Datenträger von { $path }. Das Modell braucht etwa { $megabytes } MB; Platz schaffen und den Befehl noch einmal geben. Es wurde nichts installiert.
models-disk = Kann nicht schreiben: { $path }: { $detail }. Es wurde nichts installiert.
models-archive = Das Archiv lässt sich nicht entpacken: { $detail }. Es wurde nichts installiert.
models-not-a-model = Das entpackte Archiv ist kein Modell, das vosk lädt: { $detail }. Es wurde nichts installiert.
models-list-there = { $lang }: { $model } in { $path }.
models-list-missing = { $lang }: { $model } fehlt. Installieren mit: ansage models install { $lang }

## Training against the engine (issue 34.1)
training-start = Training gegen die Engine, Stufe { $level }. Sie spielen { $side }.
training-not-training = Das ist keine Trainingspartie.
training-engine-to-move = Die Engine ist am Zug.
training-engine-moves = Die Züge der Engine macht die Engine selbst.
training-engine-crashed = Die Engine ist abgestürzt und wurde neu gestartet. Die Partie geht weiter.
training-engine-timeout = Die Engine hat nicht rechtzeitig geantwortet und wurde neu gestartet. Die Partie geht weiter.
training-engine-nonsense = Die Engine hat Unsinn geantwortet und wurde neu gestartet. Die Partie geht weiter.
training-engine-failed = Die Engine antwortet nicht. Die Station versucht es weiter; die Partie bleibt erhalten.
training-engine-missing = Keine Schach-Engine gefunden. Bitte das Paket { $package } installieren.
training-level = Stufe { $level }.
training-level-range = Die Stufen gehen von { $min } bis { $max }.

## The trainer's help in a training game (issue 34.2)
training-take-back-nothing = Noch kein eigener Zug; nichts zurückgenommen.
training-hint-piece = Tipp: { $piece } auf { $square }.
training-hint-move = Tipp: { $move }.
training-warnings = { $on ->
    [on] Warnen ein: vor einem Zug, der etwa zwei Bauern verliert, fragt die Station nach.
   *[off] Warnen aus.
}
training-warn-checking = Einen Moment, die Station prüft den Zug.
training-warn-ask = { $kind ->
    [mate] { $move }: Dieser Zug lässt Matt zu. Trotzdem ziehen?
   *[pawns] { $move }: Dieser Zug verliert etwa { $pawns } { $pawns ->
        [one] Bauer
       *[other] Bauern
    }. Trotzdem ziehen?
}
training-warn-other = Gut, dann einen anderen Zug.
training-warn-unchecked = Die Warnung konnte nicht geprüft werden; der Zug ist gemacht.
training-note-take-back = Zurückgenommen: { $moves }
training-note-hint = Tipp
training-note-hint-move = Tipp: der Zug
training-note-evaluation = Bewertung: { $eval }
training-note-warning = Warnung: { $move } { $eval }

## Going through a game (issue 34).
review-started = Partie durchgehen: { $moves ->
    [one] 1 Zug
   *[other] { $moves } Züge
}. { $result } Sagen Sie vor, zurück, Anfang, Ende oder Zug und eine Nummer.
review-started-braille = Durchgehen: { $moves ->
    [one] 1 Zug
   *[other] { $moves } Züge
}. { $result }
review-result = { $result ->
    [white] Weiß gewinnt.
    [black] Schwarz gewinnt.
    [draw] Remis.
   *[none] Ohne Ergebnis.
}
review-start-position = Anfangsstellung, { $side } am Zug.
review-start-position-braille = Anfang, { $side } am Zug
review-move = Zug { $number }, { $side }: { $move }.
review-move-braille = { $list }
review-at-end = Das war der letzte Zug. { $result }
review-at-start = Das ist die Anfangsstellung.
review-no-such-move = Einen Zug { $number } { $side } gibt es in dieser Partie nicht.
review-what = Beim Durchgehen: vor, zurück, Anfang, Ende, Zug und eine Nummer, oder eine Frage wie wo sind meine Figuren.
review-not-over = Durchgehen geht, wenn die Partie beendet ist.
review-partly = Die Datei liest sich nur zum Teil: { $why } Durchgegangen wird, was sich liest.
review-how = Zum Durchgehen sagen Sie: Partie durchgehen.

## The engine's analysis while going through (issue 34.4).
analysis-not-review = Die Engine analysiert beim Durchgehen einer Partie. Sagen Sie: Partie durchgehen.
analysis-busy = Die Engine rechnet noch. Anhalten mit: Analyse stoppen.
analysis-idle = Es läuft keine Analyse.
analysis-stopped = Analyse angehalten.
analysis-failed = Die Engine antwortet nicht. Die Analyse ist angehalten; noch einmal versuchen.
analysis-no-engine = Keine Engine gefunden. Installieren Sie das Paket stockfish oder setzen Sie engine.path.
analysis-verdict = { $kind ->
    [equal] Die Stellung ist ausgeglichen.
    [slightly] { $side } steht etwas besser.
    [better] { $side } steht besser.
    [clearly] { $side } steht deutlich besser.
    [winning] { $side } steht auf Gewinn.
   *[mates] { $side } setzt matt in { $n }.
}
analysis-number = Aus Sicht von Weiß: { $sign ->
    [minus] minus
   *[plus] plus
} { $pawns },{ $hundredths }.
analysis-best = Bester Zug: { $move }.
analysis-line = Danach: { $moves }.
analysis-no-move = Hier gibt es keinen Zug mehr.
analysis-started = Analysiere { $moves } Züge. Anhalten mit: Analyse stoppen.
analysis-progress = Analyse: { $quarter ->
    [1] ein Viertel.
    [2] die Hälfte.
   *[3] drei Viertel.
}
analysis-count = { $side }: { $inaccuracies } { $inaccuracies ->
    [one] Ungenauigkeit
   *[other] Ungenauigkeiten
}, { $mistakes } Fehler, { $blunders } { $blunders ->
    [one] grober Fehler
   *[other] grobe Fehler
}.
analysis-done = Analyse fertig. { $white } { $black } Ihre Fehler einzeln: Fehler.
mistake = Zug { $number }, { $move }: { $kind ->
    [inaccuracy] eine Ungenauigkeit
    [mistake] ein Fehler
   *[blunder] ein grober Fehler
}. Besser: { $best }.
mistake-braille = { $number }.{ $san }{ $mark } besser { $bestsan }
mistakes-none = In dieser Partie haben Sie keine Fehler gemacht.
mistakes-end = { $count ->
    [one] Das war Ihr einziger Fehler.
   *[other] Das waren alle { $count } Fehler.
} Von vorn mit: Fehler.
mistakes-not-analysed = Die Partie ist noch nicht analysiert. Sagen Sie: Partie analysieren.

## Learning from the mistakes (issue 34.5).
practice-none = Es läuft keine Übung. Sagen Sie: Üben.
practice-started = Üben: { $count ->
    [one] eine Aufgabe
   *[other] { $count } Aufgaben
} aus Ihren Fehlern. Sagen Sie einen Zug; Tipp und Lösung helfen.
practice-exercise = Aufgabe { $n } von { $count }: Zug { $number }, { $side } am Zug. In der Partie geschah { $move }. Finden Sie einen besseren Zug.
practice-exercise-braille = Aufgabe { $n }/{ $count }: { $number }.{ $san }? Besser?
practice-unclear = Diesen Zug gibt es hier nicht. Bitte noch einmal.
practice-right = Richtig: { $move } ist der Zug der Engine.
practice-game-move = { $move } war der Zug der Partie. Suchen Sie einen besseren.
practice-good = Gut: { $move } ist so gut wie der Zug der Engine.
practice-misses = { $move } ist nicht so gut: darauf folgt { $answer }. Noch einmal, Tipp oder Lösung.
practice-hint = Tipp: { $piece } auf { $square }.
practice-solution = Lösung: { $move }.
practice-done = Üben beendet: { $found } von { $count } gefunden.
