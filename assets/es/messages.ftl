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
illegal-move-braille = Imposible: { $shown }. { $reason_braille }
which-piece = ¿Qué { $piece }: { $options }?
which-move = ¿Qué jugada: { $options }?
which-role = ¿Qué pieza: { $options }?
which-promotion = ¿Qué pieza nueva: { $options }?
which-many = Valen { $count } jugadas, precise más, por favor.
which-none = No es ninguna. { $question }
option-from = desde { $square }
option-to = a { $square }
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
reason-no-piece-file = { $role ->
    [queen] Ninguna
    [rook] Ninguna
   *[other] Ningún
} { $piece } puede ir a la columna { $file }.
reason-no-piece-rank = { $role ->
    [queen] Ninguna
    [rook] Ninguna
   *[other] Ningún
} { $piece } puede ir a la fila { $rank }.
reason-no-piece-moves = { $role ->
    [queen] Ninguna
    [rook] Ninguna
   *[other] Ningún
} { $piece } puede moverse.
reason-no-move-file = Ninguna jugada en la columna { $file }.
reason-no-move-rank = Ninguna jugada en la fila { $rank }.
reason-no-move-square = Ninguna jugada con { $square }.
reason-no-piece-reaches-braille = { $letter } no va a { $sq }
reason-no-such-piece-braille = No hay { $letter }
reason-no-piece-on-braille = { $sq }: sin pieza propia
reason-own-piece-on-target-braille = { $sq }: pieza propia
reason-king-in-check-braille = Rey en jaque
reason-king-into-check-braille = Rey quedaría en jaque
reason-castling-not-allowed-braille = Enroque no permitido
reason-promotion-missing-braille = { $sq }: diga la pieza
reason-not-a-promotion-braille = { $sq }: no corona
reason-invalid-promotion-braille = Corona: D T A C
reason-no-piece-file-braille = { $letter } no va a columna { $f }
reason-no-piece-rank-braille = { $letter } no va a fila { $r }
reason-no-piece-moves-braille = { $letter } no puede mover
reason-no-move-file-braille = Ninguna jugada en columna { $f }
reason-no-move-rank-braille = Ninguna jugada en fila { $r }
reason-no-move-square-braille = Ninguna jugada con { $sq }

## The sighted player's electronic board (D.1, D.2.1, D.2.9)
board-lost = El tablero electrónico ya no está conectado. Se sigue con teclado y voz.
board-back = El tablero electrónico está conectado de nuevo.
board-matches = El tablero coincide.
board-matches-again = El tablero coincide de nuevo.
board-move-withdrawn = Jugada retirada.
board-differs-theirs = En el tablero del rival { $list }.
board-differs-theirs-braille = Tablero rival: { $brief }
board-differs-yours = En su tablero { $list }.
board-differs-yours-braille = Su tablero: { $brief }
board-misplaced = { $role ->
    [queen] la
    [rook] la
   *[other] el
} { $piece } está en { $square } en lugar de { $expected }
board-misplaced-braille = { $letter }{ $sq } en lugar de { $expected_sq }
board-missing = falta { $role ->
    [queen] una
    [rook] una
   *[other] un
} { $colored } en { $square }
board-missing-braille = { $sq } falta { $letter }
board-extra = sobra { $role ->
    [queen] una
    [rook] una
   *[other] un
} { $colored } en { $square }
board-extra-braille = { $sq } sobra { $letter }
board-differs-more = y { $n ->
    [one] una casilla más
   *[other] { $n } casillas más
}
board-earlier = Posible retroceso: el tablero de { $side } muestra la posición tras la jugada { $number } de { $mover }, { $plies ->
    [one] una media jugada
   *[other] { $plies } medias jugadas
} atrás.
board-earlier-start = Posible retroceso: el tablero de { $side } muestra la posición inicial, { $plies ->
    [one] una media jugada
   *[other] { $plies } medias jugadas
} atrás.

## Draw offers, claims, resignation (Art. 9)
draw-offered = Las { $side } ofrecen tablas.
draw-offered-ack = Tablas ofrecidas.
draw-declined = Tablas rechazadas.
draw-declined-by = Las { $side } rechazan las tablas.
no-draw-offer = No hay oferta de tablas.
claim-not-on-move = Solo el jugador que está en juego puede reclamar tablas.
claim-move-unclear = Para reclamar, diga una jugada clara: { $heard } no lo es.
claim-refused = Reclamación rechazada: no hay triple repetición ni cincuenta jugadas sin mover peón ni capturar.
time-added = Las { $side } reciben { $time } más.
resign-confirm = ¿Abandona de verdad? Confirme con sí.
resign-cancelled = No abandona, la partida sigue.
end-confirm = ¿Terminar la partida sin resultado? Confirme con sí.
end-cancelled = No se termina, la partida sigue.
station-closing = La estación se cierra.

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
end-unfinished = Partida terminada sin resultado.
end-aborted = Partida anulada, sin resultado.
end-abandoned = { $loser } dejaron la partida. Ganan { $winner }.
end-drawn = Tablas.
end-adjudicated = Decidido por el servidor: ganan { $winner }.

## Clock
no-clock = No hay control de tiempo.
clock-started = El reloj está en marcha. Juegan { $side }.
clock-resumed = El reloj sigue. Juegan { $side }.
clock-paused = El reloj está parado.
clock-already-running = El reloj ya está en marcha.
clock-not-running = El reloj no está en marcha.
arbiter-only = Solo el árbitro puede hacerlo.
clock-start-how = El reloj está parado. Para iniciarlo: diga o escriba iniciar reloj, o pulse la tecla de inicio.
clock-start-how-typed = El reloj está parado. Para iniciarlo: escriba iniciar reloj, o pulse la tecla de inicio.
clock-start-by-arbiter = El reloj está parado. Lo pone en marcha el árbitro.
clock-start-training = El reloj está parado. Se pone en marcha solo cuando ambos bandos hayan hecho su primera jugada. Para iniciarlo antes, diga iniciar reloj.
clock-stands = El reloj está parado.
clock-stands-braille = Reloj parado
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
time-stands = { $time } El reloj está parado.
time-stands-braille = { $time_braille }, reloj parado
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
last-moves-braille = { $list }
move-entry = { $number }. { $side }: { $move }
move-entry-braille = { $color ->
    [white] { $number }.
   *[black] { $number }...
} { $san }
pieces-mine = Sus piezas: { $list }.
pieces-mine-braille = Suyas: { $list }
pieces-theirs = Piezas rivales: { $list }.
pieces-theirs-braille = Rival: { $list }
pieces-mine-kind = Sus { $pieces }: { $list }.
pieces-mine-kind-braille = Sus { $pieces }: { $list }
pieces-theirs-kind = { $pieces } rivales: { $list }.
pieces-theirs-kind-braille = Rival, { $pieces }: { $list }
# Where a piece can go: the piece, its square, its legal targets (in words); on the
# display in notation ("Cg1: f3 h3").
targets-piece = { $piece } { $square }: { $list }.
targets-piece-braille = { $notation }: { $list }
targets-nowhere = ninguna jugada
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
square-piece-braille = { $sq }: { $piece }
square-empty = { $square }: vacía.
square-empty-braille = { $sq }: vacía
file-content = Columna { $file }: { $list }.
file-content-braille = Columna { $letter }: { $list }
rank-content = Fila { $rank }: { $list }.
rank-content-braille = Fila { $digit }: { $list }
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
position-side-braille = { $color ->
    [white] Blancas
   *[black] Negras
}: { $list }
position-offer = Juegan { $side }, { $white } contra { $black } piezas. Por tipo: más. Por filas: fila uno a ocho.
position-offer-braille = Juegan { $side }, B{ $white } N{ $black }. Tipo: más. Fila 1-8
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
line-group-braille = { $color ->
    [white] B
   *[black] N
} { $notation }
position-start = Posición inicial. Juegan { $side }.
answer-part = { $speech }
answer-part-braille = { $braille }
answer-part-more = { $speech } { more-hint }
answer-part-more-braille = { $braille } (más)
more-hint = ¿Más?
more-nothing = No hay más.
help = Diga su jugada, por ejemplo caballo efe tres. Sí confirma, no corrige. Tiempo, repite. { more-hint }
help-typing = Escriba su jugada, como Cf3; Enter envía, sin texto: sí. Retroceso sin texto: no. { more-hint }
help-keys = También preguntas y órdenes. Teclas: HOME repite, INFO tiempo, HELP ayuda. { more-hint }
help-keys-more = DISPMD: tablero, piezas; CSRTRK: partida. Tecla de cursor: casilla, jugada. { more-hint }
help-questions = Preguntas: quién juega, última jugada, posición, mis piezas, e cuatro, columna e, fila uno. { more-hint }
help-more = Material, últimas tres jugadas, mis peones. Reloj: mi tiempo, tiempo usado, cuántas jugadas. { more-hint }
help-also = Adónde puede ir mi caballo. Silencio. Avisos no. Código para el rival, dirección: su página web. { more-hint }
help-clock = Tablas, reclamo tablas, abandono. Iniciar reloj, parar reloj, seguir. Terminar partida sin resultado. { more-hint }
help-clock-arbiter = Tablas, reclamo tablas, abandono. El reloj lo maneja el árbitro; él también termina la partida. { more-hint }
help-card = Para leer: el resumen en braille, para imprimir. ansage help dice dónde está.
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
}{ $black }{ $running ->
    [none] {" "}reloj parado
   *[other] {""}
}
# The clocks alone, for the status cells beside the board or the pieces on the display.
status-clocks = B{ $running ->
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
take-back-nothing = Todavía no se ha hecho ninguna jugada; no se anula nada.
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

## The console of `ansage play`: its own lines (a line not understood, the records written)
console-not-understood = Línea no entendida: { $line }
console-pgn = Partida en PGN: { $path }
console-brf = Planilla en braille (BRF): { $path }
console-wav = Grabación de la partida: { $path }, marcas de las jugadas en { $marks }

## The journal: every input is written to disk before it is acted on (ansage play --resume)
journal-where = La partida se registra en { $path }
journal-damaged = Diario dañado desde el byte { $offset } (registro { $record }, { $reason }): { $dropped } bytes descartados; conservado: { $moves ->
    [0] ninguna jugada
   *[other] hasta la jugada { $number } de { $side }
}.
journal-damaged-braille = Diario dañado desde el byte { $offset }: { $dropped } bytes descartados, { $moves ->
    [0] ninguna jugada conservada
   *[other] conservado hasta { $last }
}
journal-reason-torn = último registro incompleto
journal-reason-frame = registro no válido
journal-reason-length = longitud incorrecta
journal-reason-checksum = suma de control incorrecta
journal-reason-utf8 = texto no válido
journal-reason-record = registro ilegible
journal-reason-no-setup = falta la configuración de la partida
journal-reason-time = el tiempo va hacia atrás
journal-resumed = Reanudada en la jugada { $next }, juegan { $turn }.
journal-resumed-braille = Reanudada: { $moves ->
    [0] sin jugadas
   *[other] { $last }
}, juegan { $turn }
journal-resumed-over = { $moves ->
    [0] Reanudada, sin jugadas
   *[other] Reanudada tras la jugada { $number } de { $side }
}.
journal-resumed-over-braille = Reanudada: { $moves ->
    [0] sin jugadas
   *[other] { $last }
}
journal-over = La partida ha terminado.
journal-over-braille = Partida terminada
journal-review = Estaba repasando la partida; sigue en el mismo punto.
journal-review-braille = Repaso
journal-clocks = Reloj parado: blancas { $white }, negras { $black }.
journal-clocks-braille = Reloj parado B{ $white-clock } N{ $black-clock }
journal-clocks-minutes = Reloj parado: blancas { $white }, negras { $black } minutos.
journal-clocks-minutes-braille = Reloj parado B{ $white-clock } N{ $black-clock }
journal-restart = Sigue cuando el árbitro pone el reloj en marcha.
journal-restart-braille = Sigue: iniciar reloj
journal-restart-players = Siga con iniciar reloj.
journal-restart-players-braille = Sigue: iniciar reloj
journal-mismatch = Atención, árbitro: el diario no coincide con su repetición. Registrado: { $expected }. Repetido: { $got }.
journal-write-failed = Atención: no se puede escribir el diario ({ $error }). La entrada no se ha ejecutado.

## The microphone (hearing): told once when it fails, once when it is back
microphone-lost = El micrófono ha fallado ({ $error }). Teclee las jugadas hasta que vuelva.
microphone-lost-braille = micro falla: teclee
microphone-back = El micrófono ha vuelto.
microphone-back-braille = micro vuelve
speech-failed = Sin voz: speech-dispatcher no responde. Todo lo dicho está en la consola.
speech-failed-braille = falta la voz
speech-own-failed = Sin voz: espeak-ng de la estación no arranca. Todo lo dicho está en la consola.
speech-own-failed-braille = falta la voz

## The station's start: said at once on the console, by voice and on the display as each opens
station-starting = La estación se está iniciando.
station-starting-braille = Estación iniciando
## A failure to start: said, shown and printed, with what to do (issue 31.2; `app::failure`)
start-failed = La estación no arranca: { $why }
start-failed-todo = La estación no arranca: { $why } Qué hacer: { $todo }
start-failed-online = La partida en línea no empieza: { $why }
start-failed-online-todo = La partida en línea no empieza: { $why } Qué hacer: { $todo }
start-error = { $error }.
start-online-game-id = el identificador de una partida son letras y cifras: la parte de su dirección tras lichess.org/.
start-online-variant = la partida es { $variant }, una variante de ajedrez que la estación no juega.
start-online-no-game = lichess no tiene ninguna partida { $game } para esta cuenta.
start-online-refused = lichess rechaza la partida { $game }: { online-reason }
start-online-not-yours = { $name } no juega en la partida { $game }.
start-settings = la configuración tiene un error: { $error }.
start-settings-todo = corrija ese punto; ansage config comprueba la configuración.
start-tc-minutes = --tc { $tc }: un número sin unidad son minutos, y { $amount } minutos son más de dos horas.
start-tc-minutes-todo = para { $amount } segundos escriba { $seconds }; para { $amount } minutos, { $minutes }.
start-tc-seconds = --tc { $tc }: en la forma PGN, con / o :, un número sin unidad son segundos, tras las jugadas, y { $amount } segundos son menos de un minuto.
start-tc-seconds-todo = para 90 minutos por 40 jugadas y luego 30, escriba 90/40+30+30; para { $amount } segundos, { $amount }s.
start-online-in-play = ansage play no juega partidas en línea (game.online).
start-online-in-play-todo = inicie las partidas en línea con ansage online; quite game.online del archivo de configuración y de las opciones.
start-resume-options = --resume toma la partida y su configuración del diario.
start-resume-options-todo = quite las demás opciones de partida: ansage play --resume ARCHIVO.
start-resume-journal = el diario { $path } no se puede continuar ({ $error }).
start-resume-journal-todo = compruebe la ruta; cada diario está en la carpeta de su partida, en ~/.local/share/ansage/games.
start-no-model = Sin reconocimiento de voz: falta el modelo de voz. Qué hacer: ansage models install { $lang } lo descarga. Mientras tanto, teclee las jugadas.
station-ready = Lista.
station-ready-braille = Lista
station-ready-without = Lista. Sin { $devices }.
station-ready-without-braille = Lista. Sin { $devices }
missing-and = { $first } y sin { $next }

## The devices, as `ansage play` and `ansage doctor` report them: a line each, then what to do
device-microphone = micrófono
device-vosk = reconocimiento de voz (vosk)
device-speech = voz
device-earcons = señales sonoras
device-display = línea braille
device-recording = grabación de la partida
device-espeak = espeak-ng
device-engine = motor de ajedrez
device-eboard = tablero electrónico
device-other = { $name }
device-line-there = { $device }: { $state }
device-line-missing = { $device }: falta: { $state }
device-line-missing-unneeded = { $device }: falta, no hace falta con esta configuración: { $state }
device-todo = Qué hacer: { $todo }
device-off = sin usar según la configuración.
device-braille-only = sin usar, solo braille (braille.braille_only).
device-not-built = falta en esta compilación.
device-build = compilar ansage con cargo build --features { $feature }.
device-mic-unused = no hace falta, nadie anuncia jugadas con la voz.
device-mic-found = { $count ->
    [one] 1 dispositivo de entrada
   *[other] { $count } dispositivos de entrada
}, en uso: { $device }.
device-mic-default = el dispositivo predeterminado
device-mic-none = ningún dispositivo de entrada.
device-mic-todo = conecte un micrófono, compruebe con arecord -l. Mientras tanto, teclee las jugadas.
device-mic-unknown = { $device } no es un dispositivo de entrada.
device-mic-unknown-todo = deje voice.input_device vacío o elija un dispositivo de arecord -L.
device-vosk-there = modelo en { $path }, las { $checked } palabras se oyen.
device-vosk-missing = ningún modelo en { $path }.
device-vosk-todo = ansage models install es lo descarga allí, o configure voice.model. Mientras tanto, teclee las jugadas.
device-vosk-words = modelo en { $path }, no conoce estas palabras: { $words }.
device-vosk-words-todo = use un modelo que las conozca o asócielas a palabras conocidas en voice.word_map.
device-vosk-lib = falta libvosk.
device-vosk-lib-todo = bash .ci/setup.sh trae libvosk; después compile con cargo build --features vosk,audio. Mientras tanto, teclee las jugadas.
device-speech-there = speech-dispatcher, { $count ->
    [one] 1 voz
   *[other] { $count } voces
} para este idioma, por ejemplo { $voices }.
device-speech-open = speech-dispatcher, { $voice ->
    [none] la voz de este idioma
   *[other] la voz { $voice }
}. Todas las voces: ansage doctor.
device-speech-other-language = la voz { $voice } habla otro idioma ({ $language }).
device-speech-missing = speech-dispatcher no responde.
device-speech-own = espeak-ng de la estación, por PulseAudio, { $voice ->
    [none] la voz de este idioma
   *[other] la voz { $voice }
}.
device-speech-own-missing = espeak-ng de la estación no arranca: falta PulseAudio o espeak-ng.
device-speech-own-todo = revise PulseAudio, o ponga speech.engine = "speech-dispatcher". Mientras tanto, todo lo dicho aparece en la consola.
device-speech-todo = instale y arranque speech-dispatcher y speech-dispatcher-espeak-ng. Mientras tanto, todo lo dicho aparece en la consola.
device-speech-no-voice = speech-dispatcher no tiene voz para este idioma.
device-speech-no-voice-todo = instale espeak-ng y speech-dispatcher-espeak-ng.
device-speech-unknown-voice = la voz { $voice } no existe.
device-speech-unknown-voice-todo = deje speech.voice vacío o elija una voz de spd-say -L.
device-earcons-there = por { $device }.
device-earcons-missing = ninguna salida de sonido.
device-earcons-todo = compruebe ALSA o PulseAudio; la voz sigue igual.
device-braille-there = { $width } celdas.
device-braille-missing = sin conexión con BRLTTY.
device-braille-todo = instale brltty y conecte la línea (o configure BRLAPI_HOST); la estación lo sigue intentando. Para jugar sin línea: ansage play --set braille.enabled=false.
device-espeak-there = { $version }, para la planilla hablada.
device-espeak-missing = no encontrado.
device-espeak-todo = instale espeak-ng, para ansage export --audio.
device-engine-there = { $name } ({ $path }), el rival de entrenamiento.
device-engine-missing = no encontrado.
device-engine-todo = instale el paquete stockfish (sudo apt install stockfish), para entrenar contra el motor; o ponga engine.path.
device-engine-broken = { $path } no responde como un motor UCI.
device-engine-broken-todo = revise engine.path, o instale de nuevo el paquete stockfish.
device-eboard-there = tablero { $kind } en { $port }.
device-eboard-there-clock = tablero { $kind } en { $port }, con reloj DGT 3000.
device-eboard-there-no-clock = tablero { $kind } en { $port }, ningún reloj responde.
device-eboard-none = ningún tablero en { $ports }.
device-eboard-none-todo = conectar y encender el tablero (o fijar eboard.port); la estación sigue buscando cada pocos segundos. Mientras tanto, escribir o decir las jugadas.
device-eboard-denied = sin permiso para abrir { $port }.
device-eboard-denied-todo = añadir el usuario al grupo dialout: sudo adduser $USER dialout, y volver a iniciar sesión.
doctor-all-there = Está todo.
doctor-missing = Falta lo que necesita esta configuración: { $devices }.
doctor-missing-unneeded = Está todo lo que necesita esta configuración. Solo falta: { $devices }.

# La página web (docs/web-protocol.md): el jugador vidente dice que la jugada del jugador
# ciego está en su tablero (Leyes FIDE D.2.1).
executed-noted = Ejecutada.
executed-nothing = Ninguna jugada del jugador ciego espera ser ejecutada.
executed-not-yours = Eso lo dice el jugador vidente cuando ha ejecutado su jugada en su tablero.
access-arbiter-only = Solo el árbitro da el acceso del árbitro.
web-off = La página web de la estación está apagada. Se enciende con ansage play --web.
## The station's web page (issue 21; `src/web/`, `src/app/web.rs`)
web-where = Página web: { $host }, puerto { $port }.
web-where-braille = Página web: { $url }
web-address = Dirección: { $host }, puerto { $port }.
web-address-braille = Dirección: { $url }
web-address-dot = punto
web-failed = La página web no funciona: { $error }
web-not-built = La página web no está incluida (compilar ansage con cargo build --features web).
web-access-code = Código para { $role ->
        [opponent] el rival
        [player] el jugador
        [arbiter] el árbitro
       *[other] espectadores
    }: { $code }. Válido dos minutos.
web-access-code-braille = Código { $role ->
        [opponent] rival
        [player] jugador
        [arbiter] árbitro
       *[other] espectadores
    }: { $digits }, 2 min
web-access-code-again = Código para { $role ->
        [opponent] el rival
        [player] el jugador
        [arbiter] el árbitro
       *[other] espectadores
    }: { $code }. Sigue válido { $seconds ->
        [one] un segundo
       *[other] { $seconds } segundos
    }.
web-access-code-again-braille = Código { $role ->
        [opponent] rival
        [player] jugador
        [arbiter] árbitro
       *[other] espectadores
    }: { $digits }, quedan { $seconds } s
web-access-revoked = Se ha terminado todo acceso a la página web.
web-error-malformed = La estación no entiende esta petición.
web-error-forbidden = Su papel no permite hacer eso.
web-error-no-role = Usted solo está mirando. Para jugar o arbitrar, entre primero con un código de acceso.
web-error-foreign = Esta petición no viene de la página de la estación.
web-error-not-your-move = No le toca mover.
web-error-wrong-code = Este código de acceso no vale (erróneo, caducado o ya usado).
web-error-guarded = Llegaron demasiados intentos erróneos para este código, también desde este aparato. Pida un código nuevo a la estación, por favor.
web-error-not-found = Esta página no existe.
web-error-stale = La partida ha cambiado entretanto. Compruébelo otra vez, por favor.
web-error-too-big = La petición es demasiado grande.
web-error-locked = Desde este aparato llegaron demasiados códigos de acceso erróneos. Espere un minuto, por favor.
web-error-unavailable = La estación no puede responder ahora. Inténtelo de nuevo enseguida.
device-web = página web
device-web-free = { $listen } está libre.
device-web-taken = { $listen } está ocupado: { $holder }.
device-web-taken-todo = cerrar el otro programa o poner web.listen en un puerto libre, p. ej. ansage play --web 127.0.0.1:8433.
device-web-bad-address = { $listen } no es una dirección.
device-web-bad-address-todo = poner web.listen como DIRECCIÓN:PUERTO, p. ej. 127.0.0.1:8432.
device-web-taken-unknown = { $listen } está ocupado.
# `ansage doctor`: el juego en línea (issue 24.4, src/doctor/online.rs); nunca la clave, solo de dónde viene.
device-online = juego en línea (lichess)
device-online-there = cuenta { $name } en { $server }, la clave de acceso (de { $path }) tiene el permiso board:play.
device-online-bad-server = { $server } no es una dirección para el juego en línea: solo https://, http:// solo hacia este equipo.
device-online-bad-server-todo = revisar online.server: lichess es https://lichess.org, el valor por defecto.
device-online-no-token = no hay clave de acceso de lichess.
device-online-no-token-todo = solo para partidas en línea: crear una clave con el permiso board:play en https://lichess.org/account/oauth/token/create?scopes[]=board:play&description=ansage y guardarla con ansage online login (o poner ANSAGE_LICHESS_TOKEN).
device-online-token-invalid = la clave de { $path } no es una clave de lichess (letras, cifras y _).
device-online-new-token-todo = crear una clave con el permiso board:play en https://lichess.org/account/oauth/token/create?scopes[]=board:play&description=ansage y { $from ->
    [env] ponerla en ANSAGE_LICHESS_TOKEN.
   *[file] guardarla con ansage online login.
}
device-online-token-readable = otros pueden leer el archivo { $path } (modo { $mode }), y la clave es una contraseña.
device-online-token-readable-todo = que solo usted pueda leerlo: chmod 600 { $path }
device-online-token-unreadable = no se puede leer la clave de { $path }.
device-online-token-unreadable-todo = comprobar que el archivo es suyo (ls -l), o guardar la clave de nuevo con ansage online login.
device-online-refused = { $server } no conoce la clave de { $path }: es errónea, caducó o fue revocada.
device-online-scope-of = a la clave de { $name } le falta el permiso board:play.
device-online-scope = a la clave le falta el permiso board:play.
device-online-no-answer = { $server } no responde.
device-online-no-answer-todo = revisar la conexión de red y online.server ({ $server }; lichess es https://lichess.org). Las partidas en el tablero no necesitan servidor.
device-online-rate-limited = { $server } dice: demasiadas peticiones.
device-online-rate-limited-todo = esperar un minuto y volver a comprobar con ansage doctor.
device-online-strange = { $server } no responde como lichess.
# Said and brailled to all on `quit`, before the station stops.
station-quit = La estación se cierra.
# At the start of a game without a clock: how to get help.
start-help-hint = Sin reloj. Para ayuda, diga ayuda o pulse la tecla de ayuda.
start-help-hint-typed = Sin reloj. Para ayuda, escriba ayuda o pulse HELP.

## Online play (issue 24): lichess through its Board API
online-start = Partida en línea contra { $opponent }. Usted juega con { $side }. El eco y su confirmación gastan su propio tiempo.
online-start-braille = En línea contra { $opponent }, usted: { $side }. Eco y confirmación gastan su tiempo.
online-not-online = Esta no es una partida en línea.
online-remote-move = Su rival juega en línea; sus jugadas llegan del servidor.
online-move-unreadable = Desde la media jugada { $ply }, el servidor indica una jugada que aquí no es posible. Llame al árbitro, por favor.
online-opponent-gone = Su rival dejó la partida. Puede reclamar la victoria o tablas en { $seconds } segundos.
online-opponent-gone-claim = Su rival dejó la partida. Puede reclamar la victoria o reclamar tablas.
online-opponent-back = Su rival ha vuelto.
online-request-sent = Enviado al servidor.
online-not-here = No es posible en línea: el servidor lleva el reloj y la partida.
online-takeback-asked = Su rival pide anular la última jugada. ¿Sí o no?
online-takeback-sent = Petición de anular la jugada enviada.
online-joined = Partida en curso: última jugada { $number }{ $dots } { $move }. Juegan { $side }.
online-move-refused = El servidor no aceptó la jugada: { online-reason } La jugada queda anulada. Juegan { $side }, anuncie de nuevo, por favor.
online-connection-lost = Se perdió la conexión con el servidor. Reintentando; su reloj sigue corriendo en el servidor.
online-connection-back = Conectado de nuevo.
online-server-fault = El servidor informa de un fallo. Reintentando; su reloj sigue corriendo en el servidor.
online-connecting = Conectando con lichess.
online-start-waiting = El servidor aún no envía la partida. Nuevo intento en { $seconds ->
    [one] un segundo
   *[other] { $seconds } segundos
}.
online-not-yet = Aún no hay conexión con lichess; espere, por favor. quit o Ctrl-C termina.
online-token-refused = El servidor rechaza la clave de acceso. Inicie sesión de nuevo con ansage online login.
online-token-scope = A la clave de acceso le falta el permiso board:play. Cree una clave nueva, por favor.
online-rate-limited = Demasiadas peticiones al servidor. Nuevo intento en un minuto.
online-game-unavailable = Esta partida no se puede jugar en el servidor.
online-request-refused = El servidor rechazó la petición: { online-reason }
online-request-unknown = El servidor no respondió; puede que la petición no haya llegado.
online-login-ask = Pegue o escriba su clave de acceso de lichess (no se muestra) y pulse Intro.
online-logged-in = Sesión iniciada como { $name }. La clave está en { $path }, legible solo por usted.
online-logged-out = Sesión cerrada: la clave está revocada y borrada.
# Issue 32.3: the server's reason for a refusal ($reason: a known error's key, or other
# with $text, the server's words; $from, $to: the squares of an illegal move).
online-reason = { $reason ->
    [no-abort] La partida ya no se puede anular.
    [no-resign] Esta partida no se puede abandonar.
    [no-claim-win] En esta partida (todavía) no se puede reclamar la victoria.
    [no-claim-draw] En esta partida (todavía) no se pueden reclamar tablas.
    [not-your-turn] No es su turno, o la partida ya terminó.
    [no-game] Esa partida no existe.
    [not-your-game] Esa partida no es suya.
    [not-board] Esta partida no se puede jugar con la interfaz de tablero.
    [scope] A la clave de acceso le falta el permiso board:play.
    [illegal] La pieza de { $from } no puede ir a { $to }.
    [invalid-move] La jugada no es válida.
   *[other] { $text }.
}
online-opponent-to-move = Le toca jugar a su rival.
online-stopped-token = El servidor rechaza la clave de acceso: el juego en línea se detiene aquí. La partida y su reloj siguen en lichess. Inicie sesión de nuevo con ansage online login y continúe la partida con ansage online.
online-stopped-token-taken = El servidor rechaza la clave de acceso: el juego en línea se detiene aquí, y su última jugada queda anulada, porque el servidor no la tiene. La partida y su reloj siguen en lichess. Inicie sesión de nuevo con ansage online login y continúe la partida con ansage online.
online-stopped = El juego en línea está detenido, porque el servidor rechaza la clave de acceso. Inicie sesión de nuevo con ansage online login y continúe con ansage online. quit cierra la estación.
online-moved-elsewhere = Jugado en lichess: { $move }.
online-takeback-declined = Su rival rechazó su petición de deshacer la jugada.
online-quit-ask = La partida sigue en lichess, y el reloj también. ¿Salir de verdad? Sí o no.
online-quit-goes-on = La estación sigue; la partida continúa.
online-first-move = Su primera jugada debe llegar en { $seconds } segundos, o lichess anula la partida.
online-first-move-half = Quedan { $seconds } segundos para su primera jugada, o lichess anula la partida.
online-chat = Chat de { $name }: { $text }
online-chat-sent = Chat enviado.

# The online menu (`ansage online`, issue 24): before a game, one short sentence each.
lobby-welcome = En lichess como { $name }.
lobby-menu = Diga o escriba: buscar y un ritmo, por ejemplo buscar 15 más 10; desafiar, un nombre y un ritmo; aceptar o rechazar; continuar; salir. { $challenges ->
    [0] Ningún desafío
    [1] Un desafío
   *[other] { $challenges } desafíos
}, { $games ->
    [0] ninguna partida en curso.
    [1] una partida en curso.
   *[other] { $games } partidas en curso.
}
lobby-not-understood = No entendido. Menú dice lo que se puede hacer.
lobby-busy = Ya se está buscando o esperando. Cancele primero.
lobby-seek-which = ¿Con qué ritmo? Por ejemplo buscar 15 más 10.
lobby-challenge-which = ¿Con qué ritmo? Por ejemplo desafiar a { $name } 10 más 5.
lobby-seeking = Buscando rival para { $minutes } más { $increment }, { $rated ->
    [yes] valorada.
   *[no] amistosa.
} Cancelar termina la búsqueda.
lobby-challenging = Desafío enviado a { $name }, { $minutes } más { $increment }, { $rated ->
    [yes] valorada.
   *[no] amistosa.
} Esperando respuesta.
lobby-seek-too-fast = { $minutes } más { $increment } es demasiado rápido para buscar: por esta interfaz lichess juega desde rápidas, minutos más 40 veces los segundos de incremento al menos 8 minutos, por ejemplo 10 más 0 o 15 más 10. Blitz solo desafiando a un amigo.
lobby-challenge-too-fast = { $minutes } más { $increment } es demasiado rápido: un desafío necesita blitz o más lento, minutos más 40 veces los segundos de incremento al menos 3 minutos, por ejemplo 3 más 2 o 5 más 0.
lobby-tc-unsupported = El servidor no acepta { $minutes } más { $increment }: minutos enteros hasta 180, incremento hasta 60 segundos.
lobby-none = No hay ninguno.
lobby-which = ¿Cuál? Hay { $count }; diga su número.
lobby-accepting = Aceptando el desafío de { $name }.
lobby-declined = Desafío de { $name } rechazado.
lobby-seek-cancelled = Búsqueda cancelada.
lobby-challenge-cancelled = Desafío retirado.
lobby-nothing-to-cancel = No hay búsqueda ni desafío que cancelar.
lobby-challenge-withdrawn = { $name } retiró el desafío.
lobby-challenge-refused = Desafío de { $name } rechazado: { $reason ->
    [variant] una variante que la estación no juega.
    [timeControl] sin reloj; la estación juega partidas con reloj.
   *[tooFast] demasiado rápido para la interfaz de tableros de lichess, que juega desde blitz.
}
lobby-challenge = Desafío { $number } de { $name }, elo { $rating }: { $minutes } más { $increment }, { $rated ->
    [yes] valorada
   *[no] amistosa
}, { $color ->
    [white] usted juega con blancas
    [black] usted juega con negras
   *[random] color por sorteo
}. ¿Aceptar o rechazar?
lobby-challenge-declined = { $name } rechazó{ $reason ->
    [later] : ahora no.
    [tooFast] : demasiado rápido.
    [tooSlow] : demasiado lento.
    [timeControl] : quiere otro ritmo.
    [rated] : prefiere valorada.
    [casual] : prefiere amistosa.
   *[other] .
}
lobby-challenge-ended = lichess terminó el desafío a { $name }; no hay partida. De vuelta en el menú.
lobby-refused = El servidor lo rechazó: { online-reason }
lobby-running = Partida en curso { $number } contra { $name }{ $turn ->
    [yes] , le toca a usted.
   *[no] .
} Continuar la juega.
lobby-connection-lost = Conexión con lichess perdida. Reintentando.
lobby-connection-back = Conectado de nuevo.
lobby-stream-taken = Otro programa está usando esta cuenta de lichess; ansage la deja y se detiene. Cierre el otro programa y vuelva a empezar.
lobby-server-fault = lichess informa de un fallo. Reintentando.
lobby-server-refuses = El servidor no ofrece los eventos de esta cuenta; el menú en línea se detiene. Compruebe online.server.
lobby-bye = Menú en línea cerrado.
lobby-after-game = ¿Revancha contra { $name }, repasar la partida, menú o salir?
lobby-after-game-alone = ¿Repasar la partida, menú o salir?
lobby-no-review = Aún no hay ninguna partida terminada que repasar.

# `ansage models install`, `ansage models list`: one line each, for a screen reader.
models-download = Descargando { $model }, { $megabytes } MB, de { $url }.
models-progress = { $percent } por ciento descargado.
models-unpack = Descargado. Desempaquetando y comprobando el modelo.
models-done = Listo: { $model } está instalado en { $path }. La estación lo encuentra allí.
models-already = { $model } ya está instalado en { $path }. No se ha descargado nada.
models-network = La descarga ha fallado: { $detail }. Compruebe la conexión a internet y repita la orden. No se ha instalado nada.
models-http = El servidor responde con el error { $status } a { $url }. Compruebe el ajuste models.url. No se ha instalado nada.
models-size = El archivo tiene { $got } bytes en lugar de { $expected }: cortado o no es el esperado. Repita la orden. No se ha instalado nada.
models-checksum = La suma de comprobación del archivo no coincide: está dañado o es otro. Repita la orden. No se ha instalado nada.
models-disk-full = No queda espacio en el disco de { $path }. El modelo necesita unos { $megabytes } MB; libere espacio y repita la orden. No se ha instalado nada.
models-disk = No se puede escribir: { $path }: { $detail }. No se ha instalado nada.
models-archive = El archivo no se puede desempaquetar: { $detail }. No se ha instalado nada.
models-not-a-model = El archivo desempaquetado no es un modelo que vosk cargue: { $detail }. No se ha instalado nada.
models-list-there = { $lang }: { $model } en { $path }.
models-list-missing = { $lang }: falta { $model }. Para instalarlo: ansage models install { $lang }

## Training against the engine (issue 34.1)
training-start = Entrenamiento contra el motor, nivel { $level }. Usted juega con { $side }.
training-not-training = Esta no es una partida de entrenamiento.
training-engine-to-move = Le toca jugar al motor.
training-engine-moves = El motor hace sus propias jugadas.
training-engine-crashed = El motor se cerró y se ha vuelto a iniciar. La partida sigue.
training-engine-timeout = El motor no respondió a tiempo y se ha vuelto a iniciar. La partida sigue.
training-engine-nonsense = El motor respondió algo sin sentido y se ha vuelto a iniciar. La partida sigue.
training-engine-failed = El motor no responde. La estación lo sigue intentando; la partida se conserva.
training-engine-missing = No se encontró ningún motor de ajedrez. Instale el paquete { $package }.
training-level = Nivel { $level }.
training-level-range = Los niveles van de { $min } a { $max }.

## The trainer's help in a training game (issue 34.2)
training-take-back-nothing = Todavía no hay jugada suya; nada anulado.
training-hint-piece = Pista: { $piece } en { $square }.
training-hint-move = Pista: { $move }.
training-warnings = { $on ->
    [on] Alertas activadas: antes de una jugada que pierde unos dos peones la estación pregunta.
   *[off] Alertas desactivadas.
}
training-warn-checking = Un momento, la estación comprueba la jugada.
training-warn-ask = { $kind ->
    [mate] { $move }: esta jugada permite mate. ¿Jugarla de todos modos?
   *[pawns] { $move }: esta jugada pierde unos { $pawns } { $pawns ->
        [one] peón
       *[other] peones
    }. ¿Jugarla de todos modos?
}
training-warn-other = Bien, elija otra jugada.
training-warn-unchecked = No se pudo comprobar la alerta; la jugada está hecha.
training-note-take-back = Anulado: { $moves }
training-note-hint = Pista
training-note-hint-move = Pista: la jugada
training-note-evaluation = Valoración: { $eval }
training-note-warning = Alerta: { $move } { $eval }

## Going through a game (issue 34).
review-started = Repaso: { $moves ->
    [one] 1 jugada
   *[other] { $moves } jugadas
}. { $result } Diga adelante, atrás, principio, final, o jugada y un número.
review-started-braille = Repaso: { $moves ->
    [one] 1 jugada
   *[other] { $moves } jugadas
}. { $result }
review-result = { $result ->
    [white] Ganan las blancas.
    [black] Ganan las negras.
    [draw] Tablas.
   *[none] Sin resultado.
}
review-start-position = Posición inicial, juegan { $side }.
review-start-position-braille = Inicio, juegan { $side }
review-move = Jugada { $number }, { $side }: { $move }.
review-move-braille = { $list }
review-at-end = Esa fue la última jugada. { $result }
review-at-start = Esta es la posición inicial.
review-no-such-move = Esta partida no tiene jugada { $number } de { $side }.
review-what = En el repaso: adelante, atrás, principio, final, jugada y un número, o una pregunta como dónde están mis piezas.
review-not-over = El repaso es posible cuando la partida ha terminado.
review-partly = El archivo se lee solo en parte: { $why } Se repasa lo que se lee.
review-how = Para repasar la partida, diga: repasar partida.

## The engine's analysis while going through (issue 34.4).
analysis-not-review = El motor analiza durante el repaso de una partida. Diga: repasar partida.
analysis-busy = El motor sigue calculando. Para detenerlo: parar análisis.
analysis-idle = No hay ningún análisis en curso.
analysis-stopped = Análisis detenido.
analysis-failed = El motor no responde. El análisis se ha detenido; inténtelo de nuevo.
analysis-no-engine = No se encuentra ningún motor. Instale el paquete stockfish o ajuste engine.path.
analysis-verdict = { $kind ->
    [equal] La posición está igualada.
    [slightly] Las { $side } están algo mejor.
    [better] Las { $side } están mejor.
    [clearly] Las { $side } están claramente mejor.
    [winning] Las { $side } ganan.
   *[mates] Las { $side } dan mate en { $n }.
}
analysis-number = Para las blancas: { $sign ->
    [minus] menos
   *[plus] más
} { $pawns },{ $hundredths }.
analysis-best = Mejor jugada: { $move }.
analysis-line = Después: { $moves }.
analysis-no-move = Aquí no hay ninguna jugada.
analysis-started = Analizando { $moves } jugadas. Para detener: parar análisis.
analysis-progress = Análisis: { $quarter ->
    [1] un cuarto.
    [2] la mitad.
   *[3] tres cuartos.
}
analysis-count = Las { $side }: { $inaccuracies } { $inaccuracies ->
    [one] imprecisión
   *[other] imprecisiones
}, { $mistakes } { $mistakes ->
    [one] error
   *[other] errores
}, { $blunders } { $blunders ->
    [one] error grave
   *[other] errores graves
}.
analysis-done = Análisis terminado. { $white } { $black } Sus errores uno a uno: errores.
mistake = Jugada { $number }, { $move }: { $kind ->
    [inaccuracy] una imprecisión
    [mistake] un error
   *[blunder] un error grave
}. Mejor: { $best }.
mistake-braille = { $number }.{ $san }{ $mark } mejor { $bestsan }
mistakes-none = En esta partida no ha cometido errores.
mistakes-end = { $count ->
    [one] Ese fue su único error.
   *[other] Esos fueron los { $count } errores.
} Desde el principio: errores.
mistakes-not-analysed = La partida aún no está analizada. Diga: analizar partida.

## Learning from the mistakes (issue 34.5).
practice-none = No hay ningún ejercicio en curso. Diga: practicar.
practice-started = Práctica: { $count ->
    [one] un ejercicio
   *[other] { $count } ejercicios
} de sus errores. Diga una jugada; pista y solución ayudan.
practice-exercise = Ejercicio { $n } de { $count }: jugada { $number }, juegan { $side }. En la partida: { $move }. Busque una jugada mejor.
practice-exercise-braille = Ejercicio { $n }/{ $count }: { $number }.{ $san }? Mejor?
practice-unclear = Esa jugada no es posible aquí. Otra vez, por favor.
practice-right = Correcto: { $move } es la jugada del motor.
practice-game-move = { $move } fue la jugada de la partida. Busque una mejor.
practice-good = Bien: { $move } es tan buena como la jugada del motor.
practice-misses = { $move } no es tan buena: la respuesta es { $answer }. Otra vez, pista o solución.
practice-hint = Pista: { $piece } en { $square }.
practice-solution = Solución: { $move }.
practice-done = Práctica terminada: { $found } de { $count } encontradas.
