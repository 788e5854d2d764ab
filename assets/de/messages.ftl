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
which-piece = { $role ->
    [queen] Welche
   *[other] Welcher
} { $piece }: { $options }?
which-move = Welcher Zug: { $options }?
option-from = von { $square }
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

## Draw offers, claims, resignation (Art. 9)
draw-offered = { $side } bietet Remis an.
draw-offered-ack = Remis angeboten.
draw-declined = Remis abgelehnt.
no-draw-offer = Es liegt kein Remisangebot vor.
claim-not-on-move = Nur der Spieler am Zug kann Remis reklamieren.
claim-move-unclear = Für die Reklamation bitte einen eindeutigen Zug nennen: { $heard } ist unklar.
claim-refused = Reklamation abgelehnt: weder dreifache Stellungswiederholung noch fünfzig Züge ohne Bauernzug und ohne Schlagen.
time-added = { $side } erhält { $time } dazu.
resign-confirm = Wirklich aufgeben? Bitte mit Ja bestätigen.
resign-cancelled = Nicht aufgegeben, die Partie geht weiter.

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

## Clock
no-clock = Keine Bedenkzeit eingestellt.
clock-started = Die Uhr läuft. { $side } ist am Zug.
clock-resumed = Die Uhr läuft weiter. { $side } ist am Zug.
clock-paused = Die Uhr ist angehalten.
clock-already-running = Die Uhr läuft bereits.
clock-not-running = Die Uhr läuft nicht.
arbiter-only = Das darf nur der Schiedsrichter.
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
move-entry = { $number }. { $side }: { $move }
pieces-mine = Ihre Figuren: { $list }.
pieces-theirs = Gegnerische Figuren: { $list }.
pieces-mine-kind = Ihre { $pieces }: { $list }.
pieces-theirs-kind = Gegnerische { $pieces }: { $list }.
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
square-empty = { $square }: leer.
file-content = Linie { $file }: { $list }.
rank-content = Reihe { $rank }: { $list }.
piece-count = { $n ->
    [one] { $one }
   *[other] { $n } { $many }
}
material-equal = Gleiches Material, je { $points } Punkte: { $list }.
material-side = { $side }, { $points } Punkte: { $list }.
position-side = { $side }: { $list }.
kind-squares = { $piece } { $squares }
rank-group = { $files } { $rank }
square-range = { $from } bis { $to }
colored-pieces = { $color ->
    [white] weiße
   *[black] schwarze
} { $pieces }
line-group = { $pieces } { $squares }
position-start = Grundstellung. { $side } ist am Zug.
answer-part = { $speech }
answer-part-braille = { $braille }
answer-part-more = { $speech } { more-hint }
answer-part-more-braille = { $braille } (mehr)
more-hint = Weiter mit mehr.
more-nothing = Mehr gibt es dazu nicht.
help = Zug sagen, etwa Springer Felix drei. Ja bestätigt, nein korrigiert. Zeit, wiederholen. { more-hint }
help-questions = Fragen: wer ist am Zug, letzter Zug, Stellung, meine Figuren, was steht auf Eva vier. { more-hint }
help-lines = Auch: Linie Eva, Reihe eins, Material, letzte drei Züge, wo sind meine Bauern. { more-hint }
help-more = Uhr: meine Zeit, verbrauchte Zeit, wie viele Züge. Sonst: Remis, Remis reklamieren, ich gebe auf.
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
}{ $black }
status-line-no-clock = { $last } { $side } am Zug
# The Braille display's piece list (board reading): the side, then its pieces.
display-pieces = { $side }:

## Take-backs (7.5, D.2.8) and adjournment (Appendix E)
taken-back = Zurückgenommen bis { $number }{ $dots } { $move }. { $side } ist am Zug.
taken-back-to-start = Alle Züge zurückgenommen. { $side } ist am Zug.
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

## The journal: every input is written to disk before it is acted on (ansage play --resume)
journal-where = Die Partie wird mitgeschrieben in { $path }
journal-damaged = Journal beschädigt ab Byte { $offset } (Eintrag { $record }, { $reason }): { $dropped } Bytes verworfen; erhalten: { $moves ->
    [0] noch kein Zug
    [one] 1 Zug bis { $last }
   *[other] { $moves } Züge bis { $last }
}.
journal-damaged-braille = Journal defekt ab Byte { $offset }: { $dropped } Bytes verworfen, { $moves } Züge erhalten
journal-reason-torn = letzter Eintrag unvollständig
journal-reason-frame = kein gültiger Eintrag
journal-reason-length = Länge stimmt nicht
journal-reason-checksum = Prüfsumme stimmt nicht
journal-reason-utf8 = kein gültiger Text
journal-reason-record = Eintrag unlesbar
journal-reason-no-setup = Einrichtung der Partie fehlt
journal-reason-time = Zeit läuft rückwärts
journal-resumed = Partie aus dem Journal fortgesetzt: { $moves ->
    [0] noch kein Zug
    [one] 1 Zug bis { $last }
   *[other] { $moves } Züge bis { $last }
}.
journal-resumed-braille = Fortgesetzt: { $moves } Züge bis { $last }
journal-clocks = Uhren: Weiß { $white }, Schwarz { $black }. Die Uhr steht, bis der Schiedsrichter sie startet.
journal-clocks-braille = Uhr steht W{ $white-clock } S{ $black-clock }
journal-mismatch = Achtung, Schiedsrichter: Das Journal weicht von der Wiederholung ab. Aufgezeichnet: { $expected }. Wiederholt: { $got }.
journal-write-failed = Achtung: Das Journal kann nicht geschrieben werden ({ $error }). Die Eingabe wurde nicht ausgeführt.

## The microphone (hearing): told once when it fails, once when it is back
microphone-lost = Das Mikrofon ist ausgefallen ({ $error }). Bitte Züge tippen, bis es wieder da ist.
microphone-lost-braille = Mikrofon aus: tippen
microphone-back = Das Mikrofon ist wieder da.
microphone-back-braille = Mikrofon an
