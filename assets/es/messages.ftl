# Spanish phrases of ansage (FIDE Laws Appendix D, in the seeds' language). Every sentence
# spoken or brailled is here; code only names a message id and its arguments. A message
# `foo-braille` is the shorter form for the Braille display.

## The move protocol (D.2.1, D.2.3, D.2.7)
echo = { $move }.
echo-braille = { $san }
echo-confirm = ¿{ $move }?
echo-confirm-braille = { $san }?
echo-unsure = ¿Quiso decir { $move }?
echo-unsure-braille = { $san }??
opponent-move = { $move }.
opponent-move-braille = { $san }
move-cancelled = Anulado. Juegan { $side }, anuncie de nuevo.
move-cancelled-braille = Anulado. Juegan { $side }.
nothing-to-confirm = No hay nada que confirmar.
nothing-to-cancel = No hay nada que anular.
not-your-move = Juegan { $side }.
not-understood = No entendido, repita por favor.
illegal-move = Jugada imposible: { $heard }. { $reason }
which-piece = ¿Qué { $piece }: { $options }?
which-move = ¿Qué jugada: { $options }?
option-from = desde { $square }
word-or = o
none = ninguna

## Why a move is impossible
reason-no-piece-reaches = { $role ->
    [queen] Ninguna
    [rook] Ninguna
   *[other] Ningún
} { $piece } puede ir a { $square }.
reason-no-such-piece = No tiene { $role ->
    [queen] ninguna
    [rook] ninguna
   *[other] ningún
} { $piece }.
reason-no-piece-on = En { $square } no hay pieza propia.
reason-own-piece-on-target = En { $square } hay una pieza propia.
reason-king-in-check = El rey está en jaque y la jugada no lo evita.
reason-king-into-check = El rey propio quedaría en jaque.
reason-castling-not-allowed = Ahora no se permite enrocar.
reason-promotion-missing = Al coronar en { $square }, diga la pieza nueva.
reason-not-a-promotion = La jugada a { $square } no es una coronación.
reason-invalid-promotion = Solo se corona en dama, torre, alfil o caballo.

## Draw offers, claims, resignation (Art. 9)
draw-offered = { $side } ofrecen tablas.
draw-offered-ack = Tablas ofrecidas.
draw-declined = Tablas rechazadas.
no-draw-offer = No hay oferta de tablas.
claim-not-on-move = Solo el jugador que está en juego puede reclamar tablas.
claim-move-unclear = Para reclamar, diga una jugada clara: { $heard } no lo es.
claim-refused = Reclamación rechazada: no hay triple repetición ni cincuenta jugadas sin mover peón ni capturar.
time-added = { $side } reciben { $time } más.
resign-confirm = ¿Abandona de verdad? Confirme con sí.
resign-cancelled = No abandona, la partida sigue.

## The end of the game
game-end = { $result }
game-over = La partida ha terminado. { $result }
game-over-after = La partida terminó en la jugada { $number }. { $result }
end-checkmate = Jaque mate. Ganan { $winner }.
end-resignation = { $loser } abandonan. Ganan { $winner }.
end-stalemate = Rey ahogado. Tablas.
end-dead-position = Tablas: ninguno puede dar mate.
end-agreement = Tablas por acuerdo.
end-threefold = Tablas por triple repetición.
end-fifty-moves = Tablas por la regla de las cincuenta jugadas.
end-fivefold = Tablas por quíntuple repetición.
end-seventy-five-moves = Tablas por la regla de las setenta y cinco jugadas.
end-flag = Tiempo agotado: { $loser }. Ganan { $winner }.
end-flag-insufficient = Tiempo agotado: { $loser }. { $winner } no pueden dar mate: tablas.

## Clock
no-clock = No hay control de tiempo.
clock-started = El reloj está en marcha. Juegan { $side }.
clock-resumed = El reloj sigue. Juegan { $side }.
clock-paused = El reloj está parado.
clock-already-running = El reloj ya está en marcha.
clock-not-running = El reloj no está en marcha.
arbiter-only = Solo el árbitro puede hacerlo.
time-short = { $a } { $a_left }, { $b } { $b_left }.
time-short-braille = { $a } { $a_clock }, { $b } { $b_clock }
time-own = Su tiempo: { $a_left }.
time-own-braille = Su tiempo { $a_clock }
time-own-side = { $a }: { $a_left }.
time-own-side-braille = { $a } { $a_clock }
time-used = Usado: { $a } { $a_used }, { $b } { $b_used }.
time-used-braille = Usado: { $a } { $a_clock }, { $b } { $b_clock }
time-moves = Jugadas: { $a } { $a_moves }, { $b } { $b_moves }.
time-detail = { $used } { $moves }
time-detail-braille = { $used_braille }. { $moves_braille }
label-you = Usted
label-opponent = rival
duration-and = { $big } { $small }
duration-clock = { $m } { $s }
duration-hours = { $n ->
    [one] una hora
   *[other] { $n } horas
}
duration-minutes = { $n ->
    [one] un minuto
   *[other] { $n } minutos
}
duration-seconds = { $n ->
    [one] un segundo
   *[other] { $n } segundos
}

## Questions (D.2.9.d)
whose-move = Juegan { $side }.
move-number = Jugada { $number }, juegan { $side }.
no-moves-yet = Todavía no se ha hecho ninguna jugada.
last-moves = { $list }.
move-entry = { $number }. { $side }: { $move }
pieces-mine = Sus piezas: { $list }.
pieces-theirs = Piezas rivales: { $list }.
pieces-mine-kind = Sus { $pieces }: { $list }.
pieces-theirs-kind = { $pieces } rivales: { $list }.
colored-piece = { $piece } { $color ->
    [white] { $role ->
        [queen] blanca
        [rook] blanca
       *[other] blanco
    }
   *[black] { $role ->
        [queen] negra
        [rook] negra
       *[other] negro
    }
}
square-piece = { $square }: { $piece }.
square-empty = { $square }: vacía.
file-content = Columna { $file }: { $list }.
rank-content = Fila { $rank }: { $list }.
piece-count = { $n ->
    [one] { $one }
   *[other] { $n } { $many }
}
material-equal = Material igual, { $points } puntos cada uno: { $list }.
material-side = { $color ->
    [white] Blancas
   *[black] Negras
}, { $points } puntos: { $list }.
position-side = { $color ->
    [white] Blancas
   *[black] Negras
}: { $list }.
kind-squares = { $piece } { $squares }
rank-group = { $files } { $rank }
square-range = { $from } hasta { $to }
colored-pieces = { $pieces } { $color ->
    [white] { $role ->
        [queen] blancas
        [rook] blancas
       *[other] blancos
    }
   *[black] { $role ->
        [queen] negras
        [rook] negras
       *[other] negros
    }
}
line-group = { $pieces } { $squares }
position-start = Posición inicial. Juegan { $side }.
answer-part = { $speech }
answer-part-braille = { $braille }
answer-part-more = { $speech } { more-hint }
answer-part-more-braille = { $braille } (más)
more-hint = Siga con más.
more-nothing = No hay más.
help = Diga su jugada, por ejemplo caballo f tres. Sí confirma, no corrige. Tiempo, repite. { more-hint }
help-questions = Preguntas: quién juega, última jugada, posición, mis piezas, qué hay en e cuatro. { more-hint }
help-lines = También: columna e, fila uno, material, últimas tres jugadas, mis peones. { more-hint }
help-more = Reloj: mi tiempo, tiempo usado, cuántas jugadas. Además: tablas, reclamo tablas, abandono.
help-pending = Sí confirma la jugada anunciada, no la anula.
repeat-nothing = Todavía no se ha dicho nada.

## Clock announcements (D.2.5.c) and the arbiter (6.10, 6.11, 7.5)
clock-reminder = Quedan { $time }.
clock-countdown = { $n ->
    [1] uno
    [2] dos
    [3] tres
    [4] cuatro
    [5] cinco
    [6] seis
    [7] siete
    [8] ocho
    [9] nueve
   *[other] diez
}
clock-countdown-braille = Reloj { $clock }
clock-reminder-braille = Reloj { $clock }
clock-low-time = Atención, solo quedan { $time }.
clock-low-time-braille = Atención { $clock }
clock-control-passed = { $moves } jugadas hechas, { $added } más.
move-count = Jugada { $number }.
arbiter-clock-set = Árbitro: reloj de { $side } en { $time }.
arbiter-clock-set-braille = Reloj { $side } { $clock }
arbiter-moves-set = Árbitro: contador de { $side } en { $moves } jugadas.
penalty-illegal-move = Jugada ilegal de { $side }: { $opponent } reciben { $time } más.
alarms-off = Avisos de tiempo apagados.
alarms-on = Avisos de tiempo encendidos.
status-line = { $last } B{ $running ->
    [white] *
   *[other] {""}
}{ $white } N{ $running ->
    [black] *
   *[other] {""}
}{ $black }
status-line-no-clock = { $last } juegan { $side }
# The Braille display's piece list (board reading): the side, then its pieces.
display-pieces = { $side }:

## Take-backs (7.5, D.2.8) and adjournment (Appendix E)
taken-back = Anulado hasta { $number }{ $dots } { $move }. Juegan { $side }.
taken-back-to-start = Todas las jugadas anuladas. Juegan { $side }.
take-back-impossible = Esa jugada no existe; no se anula nada.
seal-please = Aplazamiento: { $side } hacen la jugada secreta.
echo-seal = Jugada secreta: ¿{ $move }? Confirme por favor.
echo-seal-braille = Secreta { $san }?
sealed-own = Jugada secreta guardada.
game-adjourned-now = La partida está aplazada, { $side } han hecho la jugada secreta. El reloj está parado.
game-adjourned = La partida está aplazada; sigue cuando el árbitro la reanude.
sealed-revealed = Reanudación. Jugada secreta de { $side }: { $move }.
adjournment-cancelled = Sin aplazamiento, la partida sigue.
adjournment-impossible = Ahora no es posible.

## The scoresheet (D.2.6) and comparing two scoresheets (D.2.8)
sheet-white = Blancas
sheet-black = Negras
sheet-event = Torneo
sheet-site = Lugar
sheet-round = Ronda
sheet-date = Fecha
sheet-time-control = Ritmo
sheet-result = Resultado
sheet-start = Posición
scoresheets-agree = Las planillas coinciden.
scoresheets-agree-until = Las planillas coinciden hasta la { $move }, incluida.
scoresheets-differ-from-start = Las planillas difieren desde la primera jugada.
scoresheets-then = Después, { $move }: { $a } frente a { $b }.
scoresheets-unreadable = { $token } ({ $problem })
scoresheets-broken = ilegible ({ $why })
scoresheets-ends = nada, la planilla termina ahí
scoresheets-clocks = Relojes en ese punto: blancas { $white }, negras { $black }.
scoresheets-different-starts = Las dos planillas empiezan en posiciones distintas.
sheet-move-of = jugada { $number } de las { $side ->
    [white] blancas
   *[black] negras
}
sheet-problem-illegal = imposible en esta posición
sheet-problem-ambiguous = ambigua: { $options }
sheet-problem-not-a-move = no es una jugada
sheet-at-line = Partida { $game }, línea { $line }
sheet-at-page = Página { $page }, línea { $line }
sheet-refused-move = { $at }, { $move }: { $token } es { $problem }.
sheet-refused-fen = { $at }: la posición { $fen } no es válida ({ $detail }).
sheet-refused-variant = { $at }: { $variant } no es ajedrez.
sheet-refused-draw-offer = { $at }: (=) antes de la primera jugada.
sheet-refused-syntax = Partida { $game }: PGN ilegible ({ $detail }).
sheet-refused-number = { $at }: número de jugada { $found }, se esperaba { $expected }.
sheet-refused-cells = { $at }: no es braille de este código ({ $detail }).
sheet-refused-phrases = Los archivos del idioma están dañados ({ $detail }).
sheet-no-game = No contiene ninguna partida.
sheet-file = { $path }: { $what }
sheet-file-error = { $path }: { $error }
sheet-not-text = { $path }: ni diario ni texto.
sheet-unreadable = { $path }: ninguna planilla legible.
sheet-journal-error = { $path }: el diario no se puede reproducir ({ $error }).
export-games = { $n ->
    [one] Una partida
   *[other] { $n } partidas
} en { $path }.
export-wrote = Escrito: { $path }
export-audio = Planilla hablada: { $path } ({ $moves } jugadas marcadas)
export-refused = No exportada: { $why }
export-no-such-game = { $path } tiene { $n ->
    [one] una partida
   *[other] { $n } partidas
}; la partida { $game } no existe.
export-is-input = { $path } es la entrada; elija otra salida.

## The journal: every input is written to disk before it is acted on (ansage play --resume)
journal-where = La partida se registra en { $path }
journal-damaged = Diario dañado desde el byte { $offset } (registro { $record }, { $reason }): { $dropped } bytes descartados; conservado: { $moves ->
    [0] ninguna jugada
    [one] 1 jugada hasta { $last }
   *[other] { $moves } jugadas hasta { $last }
}.
journal-damaged-braille = Diario dañado desde el byte { $offset }: { $dropped } bytes descartados, { $moves } jugadas conservadas
journal-reason-torn = último registro incompleto
journal-reason-frame = registro no válido
journal-reason-length = longitud incorrecta
journal-reason-checksum = suma de control incorrecta
journal-reason-utf8 = texto no válido
journal-reason-record = registro ilegible
journal-reason-no-setup = falta la configuración de la partida
journal-reason-time = el tiempo va hacia atrás
journal-resumed = Partida reanudada desde el diario: { $moves ->
    [0] ninguna jugada
    [one] 1 jugada hasta { $last }
   *[other] { $moves } jugadas hasta { $last }
}.
journal-resumed-braille = Reanudada: { $moves } jugadas hasta { $last }
journal-clocks = Relojes: blancas { $white }, negras { $black }. El reloj sigue parado hasta que el árbitro lo ponga en marcha.
journal-clocks-braille = Reloj parado B{ $white-clock } N{ $black-clock }
journal-mismatch = Atención, árbitro: el diario no coincide con su repetición. Registrado: { $expected }. Repetido: { $got }.
journal-write-failed = Atención: no se puede escribir el diario ({ $error }). La entrada no se ha ejecutado.

## The microphone (hearing): told once when it fails, once when it is back
microphone-lost = El micrófono ha fallado ({ $error }). Teclee las jugadas hasta que vuelva.
microphone-lost-braille = micro falla: teclee
microphone-back = El micrófono ha vuelto.
microphone-back-braille = micro vuelve
