# English phrases of ansage (FIDE Laws Appendix D). Every sentence spoken or brailled is
# here; code only names a message id and its arguments. A message `foo-braille` is the
# shorter form for the Braille display.

## The move protocol (D.2.1, D.2.3, D.2.7)
echo = { $move }.
echo-braille = { $san }
echo-confirm = { $move }?
echo-confirm-braille = { $san }?
echo-unsure = Did you mean { $move }?
echo-unsure-braille = { $san }??
opponent-move = { $move }.
opponent-move-braille = { $san }
move-cancelled = Cancelled. { $side } to move, please announce again.
move-cancelled-braille = Cancelled. { $side } to move.
nothing-to-confirm = There is nothing to confirm.
nothing-to-cancel = There is nothing to cancel.
not-your-move = { $side } to move.
not-understood = Not understood, please repeat.
illegal-move = Impossible move: { $heard }. { $reason }
illegal-move-braille = Impossible: { $shown }. { $reason_braille }
which-piece = Which { $piece }: { $options }?
which-move = Which move: { $options }?
which-role = Which piece: { $options }?
which-promotion = Which new piece: { $options }?
which-many = { $count } moves fit, please say more.
which-none = None of those. { $question }
option-from = from { $square }
option-to = to { $square }
word-or = or
none = none

## Why a move is impossible
reason-no-piece-reaches = No { $piece } can move to { $square }.
reason-no-such-piece = You have no { $piece }.
reason-no-piece-on = None of your pieces stands on { $square }.
reason-own-piece-on-target = One of your own pieces stands on { $square }.
reason-king-in-check = Your king is in check and the move does not parry it.
reason-king-into-check = Your own king would be in check.
reason-castling-not-allowed = Castling is not allowed now.
reason-promotion-missing = Promoting on { $square }: please name the new piece.
reason-not-a-promotion = The move to { $square } is no promotion.
reason-invalid-promotion = A pawn promotes only to a queen, rook, bishop or knight.
reason-no-piece-file = No { $piece } can move to the { $file } file.
reason-no-piece-rank = No { $piece } can move to rank { $rank }.
reason-no-piece-moves = No { $piece } can move.
reason-no-move-file = No move fits the { $file } file.
reason-no-move-rank = No move fits rank { $rank }.
reason-no-move-square = No move fits { $square }.
reason-no-piece-reaches-braille = No { $letter } to { $sq }
reason-no-such-piece-braille = No { $letter }
reason-no-piece-on-braille = { $sq }: none of yours
reason-own-piece-on-target-braille = { $sq }: your own piece
reason-king-in-check-braille = King in check
reason-king-into-check-braille = King would be in check
reason-castling-not-allowed-braille = Castling not allowed
reason-promotion-missing-braille = { $sq }: name the piece
reason-not-a-promotion-braille = { $sq }: no promotion
reason-invalid-promotion-braille = Promote to Q R B N
reason-no-piece-file-braille = No { $letter } to { $f } file
reason-no-piece-rank-braille = No { $letter } to rank { $r }
reason-no-piece-moves-braille = No { $letter } can move
reason-no-move-file-braille = No move on { $f } file
reason-no-move-rank-braille = No move on rank { $r }
reason-no-move-square-braille = No move to { $sq }

## The sighted player's electronic board (D.1, D.2.1, D.2.9)
board-lost = The electronic board is no longer connected. Play goes on by keyboard and voice.
board-back = The electronic board is connected again.
board-matches = The board matches.
board-matches-again = The board matches again.
board-move-withdrawn = Move withdrawn.
board-differs-theirs = On the opponent's board { $list }.
board-differs-theirs-braille = Opponent's board: { $brief }
board-differs-yours = On your board { $list }.
board-differs-yours-braille = Your board: { $brief }
board-misplaced = the { $piece } stands on { $square } instead of { $expected }
board-misplaced-braille = { $letter }{ $sq } instead of { $expected_sq }
board-missing = a { $colored } is missing on { $square }
board-missing-braille = { $sq } missing { $letter }
board-extra = there is an extra { $colored } on { $square }
board-extra-braille = { $sq } extra { $letter }
board-differs-more = and { $n ->
    [one] one more square
   *[other] { $n } more squares
}
board-earlier = Possible take-back: { $side }'s board shows the position after move { $number } of { $mover }, { $plies ->
    [one] one half-move
   *[other] { $plies } half-moves
} back.
board-earlier-start = Possible take-back: { $side }'s board shows the starting position, { $plies ->
    [one] one half-move
   *[other] { $plies } half-moves
} back.

## Draw offers, claims, resignation (Art. 9)
draw-offered = { $side } offers a draw.
draw-offered-ack = Draw offered.
draw-declined = Draw declined.
draw-declined-by = { $side } declines the draw.
no-draw-offer = There is no draw offer.
claim-not-on-move = Only the player to move can claim a draw.
claim-move-unclear = To claim, name one clear move: { $heard } is not.
claim-refused = Claim refused: no threefold repetition and no fifty moves without a pawn move or capture.
time-added = { $side } gets { $time } more.
resign-confirm = Really resign? Confirm with yes.
resign-cancelled = Not resigned, the game goes on.
end-confirm = End the game without a result? Confirm with yes.
end-cancelled = Not ended, the game goes on.
station-closing = The station is closing.

## The end of the game
game-end = { $result }
game-over = The game is over. { $result }
game-over-after = The game ended at move { $number }. { $result }
end-checkmate = Checkmate. { $winner } wins.
end-resignation = { $loser } resigns. { $winner } wins.
end-stalemate = Stalemate. Draw.
end-dead-position = Draw: neither side can checkmate.
end-agreement = Draw agreed.
end-threefold = Draw by threefold repetition.
end-fifty-moves = Draw by the fifty-move rule.
end-fivefold = Draw by fivefold repetition.
end-seventy-five-moves = Draw by the seventy-five-move rule.
end-flag = Time forfeit: { $loser }. { $winner } wins.
end-flag-insufficient = Time forfeit: { $loser }. { $winner } cannot checkmate: draw.
end-unfinished = Game ended without a result.
end-aborted = Game aborted, no result.
end-abandoned = { $loser } left the game. { $winner } wins.
end-drawn = Draw.
end-adjudicated = Decided by the server: { $winner } wins.

## Clock
no-clock = No time control is set.
clock-started = The clock is running. { $side } to move.
clock-resumed = The clock runs again. { $side } to move.
clock-paused = The clock is stopped.
clock-already-running = The clock is already running.
clock-not-running = The clock is not running.
arbiter-only = Only the arbiter may do that.
clock-start-how = The clock is stopped. To start it, say or type start clock, or press the start key.
clock-start-how-typed = The clock is stopped. To start it, type start clock, or press the start key.
clock-start-by-arbiter = The clock is stopped. The arbiter starts it.
clock-start-training = The clock is stopped. It starts by itself once both sides have made their first move. To start it sooner, say start clock.
clock-stands = The clock is stopped.
clock-stands-braille = Clock stopped
time-short = { $a } { $a_left }, { $b } { $b_left }.
time-short-braille = { $a } { $a_clock }, { $b } { $b_clock }
time-own = Your time: { $a_left }.
time-own-braille = Your time { $a_clock }
time-own-side = { $a }: { $a_left }.
time-own-side-braille = { $a } { $a_clock }
time-used = Used: { $a } { $a_used }, { $b } { $b_used }.
time-used-braille = Used: { $a } { $a_clock }, { $b } { $b_clock }
time-moves = Moves: { $a } { $a_moves }, { $b } { $b_moves }.
time-detail = { $used } { $moves }
time-detail-braille = { $used_braille }. { $moves_braille }
time-stands = { $time } The clock is stopped.
time-stands-braille = { $time_braille }, clock stopped
label-you = You
label-opponent = opponent
duration-and = { $big } { $small }
duration-clock = { $m } { $s }
duration-hours = { $n ->
    [one] one hour
   *[other] { $n } hours
}
duration-minutes = { $n ->
    [one] one minute
   *[other] { $n } minutes
}
duration-seconds = { $n ->
    [one] one second
   *[other] { $n } seconds
}

## Questions (D.2.9.d)
whose-move = { $side } to move.
move-number = Move { $number }, { $side } to move.
no-moves-yet = No move has been made yet.
last-moves = { $list }.
last-moves-braille = { $list }
move-entry = { $number }. { $side }: { $move }
move-entry-braille = { $color ->
    [white] { $number }.
   *[black] { $number }...
} { $san }
pieces-mine = Your pieces: { $list }.
pieces-mine-braille = Yours: { $list }
pieces-theirs = Opponent's pieces: { $list }.
pieces-theirs-braille = Opponent: { $list }
pieces-mine-kind = Your { $pieces }: { $list }.
pieces-mine-kind-braille = Your { $pieces }: { $list }
pieces-theirs-kind = Opponent's { $pieces }: { $list }.
pieces-theirs-kind-braille = Opponent's { $pieces }: { $list }
# Where a piece can go: the piece, its square, its legal targets (in words); on the
# display in notation ("Ng1: f3 h3").
targets-piece = { $piece } { $square }: { $list }.
targets-piece-braille = { $notation }: { $list }
targets-nowhere = no move
colored-piece = { $color ->
    [white] white
   *[black] black
} { $piece }
square-piece = { $square }: { $piece }.
square-piece-braille = { $sq }: { $piece }
square-empty = { $square }: empty.
square-empty-braille = { $sq }: empty
file-content = File { $file }: { $list }.
file-content-braille = File { $letter }: { $list }
rank-content = Rank { $rank }: { $list }.
rank-content-braille = Rank { $digit }: { $list }
piece-count = { $n ->
    [one] { $one }
   *[other] { $n } { $many }
}
material-equal = Equal material, { $points } points each: { $list }.
material-side = { $side }, { $points } points: { $list }.
position-side = { $side }: { $list }.
position-side-braille = { $side }: { $list }
position-offer = { $side } to move, { $white } against { $black } pieces. By kind: more. By rank: rank one to eight.
position-offer-braille = { $side } to move, W{ $white } B{ $black }. Kind: more. Rank 1-8
kind-squares = { $piece } { $squares }
rank-group = { $files } { $rank }
square-range = { $from } to { $to }
colored-pieces = { $color ->
    [white] white
   *[black] black
} { $pieces }
line-group = { $pieces } { $squares }
line-group-braille = { $color ->
    [white] W
   *[black] B
} { $notation }
position-start = Starting position. { $side } to move.
answer-part = { $speech }
answer-part-braille = { $braille }
answer-part-more = { $speech } { more-hint }
answer-part-more-braille = { $braille } (more)
more-hint = More?
more-nothing = There is no more.
help = Say your move, like knight f three. Yes confirms, no corrects. Time, repeat. { more-hint }
help-typing = Type your move, like Nf3; Enter sends, empty: yes. Backspace, empty: no. { more-hint }
help-keys = Type questions and commands too. Keys: HOME repeats, INFO time, HELP help. { more-hint }
help-keys-more = DISPMD: board, pieces; CSRTRK: game. Routing key: square, move. { more-hint }
help-questions = Questions: whose move, last move, position, my pieces, e four, file e, rank 1. { more-hint }
help-more = Material, last 3 moves, my pawns. Clock: my time, time used, how many moves. { more-hint }
help-also = Where can my knight go. Stop: silence. Announcements off. Code for the opponent, address: his web page. { more-hint }
help-clock = Draw, claim draw, resign. Start clock, stop clock, continue. End game: no result. { more-hint }
help-clock-arbiter = Draw, claim draw, resign. The arbiter runs the clock and ends the game unfinished. { more-hint }
help-card = To read: the quick reference card in Braille, to emboss. ansage help names the file.
help-pending = Yes confirms the announced move, no cancels it.
repeat-nothing = Nothing has been said yet.

## Clock announcements (D.2.5.c) and the arbiter (6.10, 6.11, 7.5)
clock-reminder = { $time } left.
clock-countdown = { $n ->
    [1] one
    [2] two
    [3] three
    [4] four
    [5] five
    [6] six
    [7] seven
    [8] eight
    [9] nine
   *[other] ten
}
clock-countdown-braille = Clock { $clock }
clock-reminder-braille = Clock { $clock }
clock-low-time = Careful, only { $time } left.
clock-low-time-braille = Careful { $clock }
clock-control-passed = { $moves } moves played, { $added } added.
move-count = Move { $number }.
arbiter-clock-set = Arbiter: { $side } clock set to { $time }.
arbiter-clock-set-braille = Clock { $side } { $clock }
arbiter-moves-set = Arbiter: { $side } move counter set to { $moves }.
penalty-illegal-move = Illegal move by { $side }: { $opponent } gets { $time } more.
alarms-off = Time announcements off.
alarms-on = Time announcements on.
status-line = { $last } W{ $running ->
    [white] *
   *[other] {""}
}{ $white } B{ $running ->
    [black] *
   *[other] {""}
}{ $black }{ $running ->
    [none] {" "}clock stopped
   *[other] {""}
}
# The clocks alone, for the status cells beside the board or the pieces on the display.
status-clocks = W{ $running ->
    [white] *
   *[other] {""}
}{ $white } B{ $running ->
    [black] *
   *[other] {""}
}{ $black }
status-line-no-clock = { $last } { $side } to move
# The Braille display's piece list (board reading): the side, then its pieces.
display-pieces = { $side }:

## Take-backs (7.5, D.2.8) and adjournment (Appendix E)
taken-back = Taken back to { $number }{ $dots } { $move }. { $side } to move.
taken-back-to-start = All moves taken back. { $side } to move.
take-back-nothing = No move made yet; nothing taken back.
take-back-impossible = There is no such move; nothing taken back.
seal-please = Adjournment: { $side } seals the next move.
echo-seal = Seal { $move }? Please confirm.
echo-seal-braille = Seal { $san }?
sealed-own = Move sealed.
game-adjourned-now = The game is adjourned, { $side } has sealed. The clock is stopped.
game-adjourned = The game is adjourned; it goes on when the arbiter resumes it.
sealed-revealed = Resumption. Sealed move of { $side }: { $move }.
adjournment-cancelled = No adjournment, the game goes on.
adjournment-impossible = That is not possible now.

## The scoresheet (D.2.6) and comparing two scoresheets (D.2.8)
sheet-white = White
sheet-black = Black
sheet-event = Event
sheet-site = Site
sheet-round = Round
sheet-date = Date
sheet-time-control = Time control
sheet-result = Result
sheet-start = Position
scoresheets-agree = The scoresheets agree.
scoresheets-agree-until = The scoresheets agree up to and including { $move }.
scoresheets-differ-from-start = The scoresheets differ from the first move.
scoresheets-then = Then, { $move }: { $a } against { $b }.
scoresheets-unreadable = { $token } ({ $problem })
scoresheets-broken = unreadable ({ $why })
scoresheets-ends = nothing, the scoresheet ends there
scoresheets-clocks = Clocks at that point: White { $white }, Black { $black }.
scoresheets-different-starts = The two scoresheets start from different positions.
sheet-move-of = { $side ->
    [white] White's
   *[black] Black's
} move { $number }
sheet-problem-illegal = illegal in this position
sheet-problem-ambiguous = ambiguous: { $options }
sheet-problem-not-a-move = not a move
sheet-at-line = Game { $game }, line { $line }
sheet-at-page = Page { $page }, line { $line }
sheet-refused-move = { $at }, { $move }: { $token } is { $problem }.
sheet-refused-fen = { $at }: the position { $fen } is invalid ({ $detail }).
sheet-refused-variant = { $at }: { $variant } is not chess.
sheet-refused-draw-offer = { $at }: (=) before any move.
sheet-refused-syntax = Game { $game }: PGN unreadable ({ $detail }).
sheet-refused-number = { $at }: move number { $found }, expected { $expected }.
sheet-refused-cells = { $at }: not Braille of this code ({ $detail }).
sheet-refused-phrases = The language files are broken ({ $detail }).
sheet-no-game = No game in it.
sheet-file = { $path }: { $what }
sheet-file-error = { $path }: { $error }
sheet-not-text = { $path }: neither a journal nor text.
sheet-unreadable = { $path }: no readable scoresheet.
sheet-journal-error = { $path }: the journal cannot be replayed ({ $error }).
export-games = { $n ->
    [one] One game
   *[other] { $n } games
} in { $path }.
export-wrote = Written: { $path }
export-audio = Spoken scoresheet: { $path } ({ $moves } moves marked)
export-refused = Not exported: { $why }
export-no-such-game = { $path } has { $n ->
    [one] one game
   *[other] { $n } games
}; there is no game { $game }.
export-is-input = { $path } is the input; choose another output.

## The console of `ansage play`: its own lines (a line not understood, the records written)
console-not-understood = Line not understood: { $line }
console-pgn = PGN: { $path }
console-brf = BRF: { $path }
console-wav = WAV: { $path } (marks: { $marks })

## The journal: every input is written to disk before it is acted on (ansage play --resume)
journal-where = The game is recorded in { $path }
journal-damaged = Journal damaged from byte { $offset } (record { $record }, { $reason }): { $dropped } bytes dropped; kept: { $moves ->
    [0] no move yet
   *[other] up to move { $number } by { $side }
}.
journal-damaged-braille = Journal damaged from byte { $offset }: { $dropped } bytes dropped, { $moves ->
    [0] no move kept
   *[other] kept up to { $last }
}
journal-reason-torn = last record incomplete
journal-reason-frame = not a valid record
journal-reason-length = wrong length
journal-reason-checksum = wrong checksum
journal-reason-utf8 = not valid text
journal-reason-record = unreadable record
journal-reason-no-setup = the game's setup is missing
journal-reason-time = time runs backwards
journal-resumed = Resumed at move { $next }, { $turn } to move.
journal-resumed-braille = Resumed: { $moves ->
    [0] no move
   *[other] { $last }
}, { $turn } to move
journal-resumed-over = { $moves ->
    [0] Resumed, no move yet
   *[other] Resumed after move { $number } by { $side }
}.
journal-resumed-over-braille = Resumed: { $moves ->
    [0] no move
   *[other] { $last }
}
journal-over = The game is over.
journal-over-braille = Game over
journal-review = You were going through the game; it goes on at the same point.
journal-review-braille = Review
journal-clocks = Clock stopped: White { $white }, Black { $black }.
journal-clocks-braille = Clock stopped W{ $white-clock } B{ $black-clock }
journal-clocks-minutes = Clock stopped: White { $white }, Black { $black } minutes.
journal-clocks-minutes-braille = Clock stopped W{ $white-clock } B{ $black-clock }
journal-restart = It goes on when the arbiter starts the clock.
journal-restart-braille = Go on: start clock
journal-restart-players = Go on with start clock.
journal-restart-players-braille = Go on: start clock
journal-mismatch = Attention, arbiter: the journal differs from its replay. Recorded: { $expected }. Replayed: { $got }.
journal-write-failed = Attention: the journal cannot be written ({ $error }). The input was not carried out.

## The microphone (hearing): told once when it fails, once when it is back
microphone-lost = The microphone has failed ({ $error }). Please type moves until it is back.
microphone-lost-braille = mic failed: type
microphone-back = The microphone is back.
microphone-back-braille = mic back
speech-failed = No speech: speech-dispatcher does not answer. Everything said is on the console.
speech-failed-braille = speech missing
speech-own-failed = No speech: espeak-ng in the station does not start. Everything said is on the console.
speech-own-failed-braille = speech missing

## The station's start: said at once on the console, by voice and on the display as each opens
station-starting = The station is starting.
station-starting-braille = Station starting
## A failure to start: said, shown and printed, with what to do (issue 31.2; `app::failure`)
start-failed = The station does not start: { $why }
start-failed-todo = The station does not start: { $why } To do: { $todo }
start-failed-online = The online game does not start: { $why }
start-failed-online-todo = The online game does not start: { $why } To do: { $todo }
start-error = { $error }.
start-online-game-id = a game's id is letters and digits: the part of its address after lichess.org/.
start-online-variant = the game is { $variant }, a chess variant the station does not play.
start-online-no-game = lichess has no game { $game } for this account.
start-online-refused = lichess refuses the game { $game }: { online-reason }
start-online-not-yours = { $name } does not play in the game { $game }.
start-settings = the settings have an error: { $error }.
start-settings-todo = correct it there; ansage config checks the settings.
start-tc-minutes = --tc { $tc }: a number without a unit is minutes, and { $amount } minutes is more than two hours.
start-tc-minutes-todo = for { $amount } seconds write { $seconds }; for { $amount } minutes, { $minutes }.
start-tc-seconds = --tc { $tc }: in the PGN form, with / or :, a number without a unit is seconds, after the moves, and { $amount } seconds is less than a minute.
start-tc-seconds-todo = for 90 minutes for 40 moves, then 30, write 90/40+30+30; for { $amount } seconds, { $amount }s.
start-online-in-play = ansage play does not play online games (game.online).
start-online-in-play-todo = start online games with ansage online; remove game.online from the settings file and the options.
start-resume-options = --resume takes the game and its settings from the journal.
start-resume-options-todo = leave out the other game options: ansage play --resume FILE.
start-resume-journal = the journal { $path } cannot be resumed ({ $error }).
start-resume-journal-todo = check the path; each journal is in its game's folder under ~/.local/share/ansage/games.
start-no-model = No speech recognition: the speech model is missing. To do: ansage models install { $lang } downloads it. Until then, type the moves.
station-ready = Ready.
station-ready-braille = Ready
station-ready-without = Ready. Without { $devices }.
station-ready-without-braille = Ready. Without { $devices }
missing-and = { $first } and without { $next }

## The devices, as `ansage play` and `ansage doctor` report them: a line each, then what to do
device-microphone = microphone
device-vosk = speech recognition (vosk)
device-speech = speech
device-earcons = earcons
device-display = Braille display
device-recording = game recording
device-espeak = espeak-ng
device-engine = chess engine
device-eboard = electronic board
device-other = { $name }
device-line-there = { $device }: { $state }
device-line-missing = { $device }: missing: { $state }
device-line-missing-unneeded = { $device }: missing, not needed with these settings: { $state }
device-todo = To do: { $todo }
device-off = off in the settings.
device-braille-only = off, Braille only (braille.braille_only).
device-not-built = not built in.
device-build = build ansage with cargo build --features { $feature }.
device-mic-unused = not needed, nobody enters moves by voice.
device-mic-found = { $count ->
    [one] 1 input device
   *[other] { $count } input devices
}, using { $device }.
device-mic-default = the default device
device-mic-none = no input device found.
device-mic-todo = connect a microphone, check with arecord -l. Type moves meanwhile.
device-mic-unknown = { $device } is not an input device.
device-mic-unknown-todo = leave voice.input_device empty or pick a device from arecord -L.
device-vosk-there = model in { $path }, all { $checked } words hearable.
device-vosk-missing = no model in { $path }.
device-vosk-todo = ansage models install en puts it there, or set voice.model. Type moves meanwhile.
device-vosk-words = model in { $path }, it does not know these words: { $words }.
device-vosk-words-todo = use a model that knows them, or map them to known words in voice.word_map.
device-vosk-lib = libvosk is missing.
device-vosk-lib-todo = bash .ci/setup.sh fetches libvosk, then build with cargo build --features vosk,audio. Type moves meanwhile.
device-speech-there = speech-dispatcher, { $count ->
    [one] 1 voice
   *[other] { $count } voices
} for this language, e.g. { $voices }.
device-speech-open = speech-dispatcher, { $voice ->
    [none] the voice of this language
   *[other] the voice { $voice }
}. All voices: ansage doctor.
device-speech-other-language = the voice { $voice } speaks another language ({ $language }).
device-speech-missing = speech-dispatcher does not answer.
device-speech-own = espeak-ng in the station, through PulseAudio, { $voice ->
    [none] the voice for this language
   *[other] the voice { $voice }
}.
device-speech-own-missing = espeak-ng in the station does not start: PulseAudio or espeak-ng is missing.
device-speech-own-todo = check PulseAudio, or set speech.engine = "speech-dispatcher". Meanwhile everything said is on the console.
device-speech-todo = install and start speech-dispatcher and speech-dispatcher-espeak-ng. Meanwhile everything said is on the console.
device-speech-no-voice = speech-dispatcher has no voice for this language.
device-speech-no-voice-todo = install espeak-ng and speech-dispatcher-espeak-ng.
device-speech-unknown-voice = there is no voice { $voice }.
device-speech-unknown-voice-todo = leave speech.voice empty or pick a voice from spd-say -L.
device-earcons-there = through { $device }.
device-earcons-missing = no sound output.
device-earcons-todo = check ALSA or PulseAudio; speech goes on.
device-braille-there = { $width } cells.
device-braille-missing = no connection to BRLTTY.
device-braille-todo = install brltty and connect the display (or set BRLAPI_HOST); the station keeps trying. To play without a display: ansage play --set braille.enabled=false.
device-espeak-there = { $version }, for the spoken scoresheet.
device-espeak-missing = not found.
device-espeak-todo = install espeak-ng, for ansage export --audio.
device-engine-there = { $name } ({ $path }), the training opponent.
device-engine-missing = not found.
device-engine-todo = install the package stockfish (sudo apt install stockfish), for training against the engine; or set engine.path.
device-engine-broken = { $path } does not answer as a UCI engine.
device-engine-broken-todo = check engine.path, or install the package stockfish again.
device-eboard-there = { $kind } board on { $port }.
device-eboard-there-clock = { $kind } board on { $port }, with a DGT 3000 clock.
device-eboard-there-no-clock = { $kind } board on { $port }, no clock answers.
device-eboard-none = no board found on { $ports }.
device-eboard-none-todo = plug in and switch on the board (or set eboard.port); the station keeps looking every few seconds. Until then type or say the moves.
device-eboard-denied = no permission to open { $port }.
device-eboard-denied-todo = add the user to the dialout group: sudo adduser $USER dialout, then log in again.
doctor-all-there = Everything is there.
doctor-missing = Missing what these settings need: { $devices }.
doctor-missing-unneeded = Everything these settings need is there. Missing only: { $devices }.

# The web page (docs/web-protocol.md): the sighted player's word that the blind player's
# move stands on his board (FIDE Laws D.2.1).
executed-noted = Executed.
executed-nothing = No move of the blind player waits to be executed.
executed-not-yours = The sighted player says this once he has executed your move on his board.
access-arbiter-only = Only the arbiter gives the arbiter's access.
web-off = The station's web page is off. Switch it on with ansage play --web.
## The station's web page (issue 21; `src/web/`, `src/app/web.rs`)
web-where = Web page: { $host }, port { $port }.
web-where-braille = Web page: { $url }
web-address = Address: { $host }, port { $port }.
web-address-braille = Address: { $url }
web-address-dot = dot
web-failed = The web page is not running: { $error }
web-not-built = The web page is not built in (build ansage with cargo build --features web).
web-access-code = Code for { $role ->
        [opponent] the opponent
        [player] the player
        [arbiter] the arbiter
       *[other] spectators
    }: { $code }. Valid for two minutes.
web-access-code-braille = Code { $role ->
        [opponent] opponent
        [player] player
        [arbiter] arbiter
       *[other] spectators
    }: { $digits }, 2 min
web-access-code-again = Code for { $role ->
        [opponent] the opponent
        [player] the player
        [arbiter] the arbiter
       *[other] spectators
    }: { $code }. Still valid for { $seconds ->
        [one] one second
       *[other] { $seconds } seconds
    }.
web-access-code-again-braille = Code { $role ->
        [opponent] opponent
        [player] player
        [arbiter] arbiter
       *[other] spectators
    }: { $digits }, { $seconds } s left
web-access-revoked = Every access to the web page has ended.
web-error-malformed = The station does not understand this request.
web-error-forbidden = Your role cannot do that.
web-error-no-role = You are watching only. To play or to act as arbiter, join with an access code first.
web-error-foreign = This request does not come from the station's page.
web-error-not-your-move = It is not your move.
web-error-wrong-code = This access code is not valid (wrong, expired or already used).
web-error-guarded = Too many wrong tries came for this code, some from this device. Please ask the station for a new code.
web-error-not-found = There is no such page.
web-error-stale = The game has changed meanwhile. Please check again.
web-error-too-big = The request is too big.
web-error-locked = Too many wrong access codes came from this device. Please wait a minute.
web-error-unavailable = The station cannot answer right now. Please try again in a moment.
device-web = web page
device-web-free = { $listen } is free.
device-web-taken = { $listen } is taken: { $holder }.
device-web-taken-todo = stop the other program or set web.listen to a free port, e.g. ansage play --web 127.0.0.1:8433.
device-web-bad-address = { $listen } is no address.
device-web-bad-address-todo = set web.listen as ADDRESS:PORT, e.g. 127.0.0.1:8432.
device-web-taken-unknown = { $listen } is taken.
# `ansage doctor`: online play (issue 24.4, src/doctor/online.rs); never the token, only where it is.
device-online = online play (lichess)
device-online-there = account { $name } at { $server }, the token (from { $path }) has the scope board:play.
device-online-bad-server = { $server } is no address for online play: https:// only, http:// only to this computer.
device-online-bad-server-todo = check online.server: lichess is https://lichess.org, the default.
device-online-no-token = no lichess token.
device-online-no-token-todo = only for online games: create a token with the scope board:play at https://lichess.org/account/oauth/token/create?scopes[]=board:play&description=ansage, then store it with ansage online login (or set ANSAGE_LICHESS_TOKEN).
device-online-token-invalid = the token from { $path } is no lichess token (letters, digits and _).
device-online-new-token-todo = create a token with the scope board:play at https://lichess.org/account/oauth/token/create?scopes[]=board:play&description=ansage, then { $from ->
    [env] put it in ANSAGE_LICHESS_TOKEN.
   *[file] store it with ansage online login.
}
device-online-token-readable = others may read the file { $path } (mode { $mode }), and the token is a password.
device-online-token-readable-todo = make it yours alone: chmod 600 { $path }
device-online-token-unreadable = the token from { $path } cannot be read.
device-online-token-unreadable-todo = check that the file is yours (ls -l), or store the token again with ansage online login.
device-online-refused = { $server } does not know the token from { $path }: it is wrong, expired or revoked.
device-online-scope-of = the token of { $name } lacks the scope board:play.
device-online-scope = the token lacks the scope board:play.
device-online-no-answer = { $server } does not answer.
device-online-no-answer-todo = check the network connection and online.server ({ $server }; lichess is https://lichess.org). Games at the board need no server.
device-online-rate-limited = { $server } says: too many requests.
device-online-rate-limited-todo = wait a minute, then check again with ansage doctor.
device-online-strange = { $server } does not answer as lichess does.
# Said and brailled to all on `quit`, before the station stops.
station-quit = The station is shutting down.
# At the start of a game without a clock: how to get help.
start-help-hint = No clock. For help, say help or press the help key.
start-help-hint-typed = No clock. For help, type help or press HELP.

## Online play (issue 24): lichess through its Board API
online-start = Online game against { $opponent }. You play { $side }. The echo and your confirmation take your own clock time.
online-start-braille = Online vs { $opponent }, you: { $side }. Echo and confirmation take your time.
online-not-online = This is not an online game.
online-remote-move = Your opponent moves online; his moves come from the server.
online-move-unreadable = From half-move { $ply } on, the server reports a move that is not possible here. Please call the arbiter.
online-opponent-gone = Your opponent left the game. You can claim the win or a draw in { $seconds } seconds.
online-opponent-gone-claim = Your opponent left the game. You can claim victory or claim a draw.
online-opponent-back = Your opponent is back.
online-request-sent = Sent to the server.
online-not-here = Not possible online: the server keeps the clock and the game.
online-takeback-asked = Your opponent asks to take back the last move. Yes or no?
online-takeback-sent = Takeback request sent.
online-joined = Game in progress: last move { $number }{ $dots } { $move }. { $side } to move.
online-move-refused = The server did not accept the move: { online-reason } The move is taken back. { $side } to move, please announce again.
online-connection-lost = Connection to the server lost. Trying again; your clock keeps running on the server.
online-connection-back = Connected again.
online-server-fault = The server reports a fault. Trying again; your clock keeps running on the server.
online-connecting = Connecting to lichess.
online-start-waiting = No game from the server yet. Trying again in { $seconds ->
    [one] one second
   *[other] { $seconds } seconds
}.
online-not-yet = Not connected to lichess yet; please wait. quit or Ctrl-C stops.
online-token-refused = The server refuses the access token. Please log in again with ansage online login.
online-token-scope = The access token lacks the scope board:play. Please create a new token.
online-rate-limited = Too many requests to the server. Trying again in a minute.
online-game-unavailable = This game cannot be played on the server.
online-request-refused = The server refused the request: { online-reason }
online-request-unknown = No answer from the server; the request may not have arrived.
online-login-ask = Please paste or type your lichess access token (it is not shown), then Enter.
online-logged-in = Logged in as { $name }. The token is in { $path }, readable by you alone.
online-logged-out = Logged out: the token is revoked and removed.
# Issue 32.3: the server's reason for a refusal ($reason: a known error's key, or other
# with $text, the server's words; $from, $to: the squares of an illegal move).
online-reason = { $reason ->
    [no-abort] The game can no longer be aborted.
    [no-resign] This game cannot be resigned.
    [no-claim-win] The win cannot be claimed in this game (yet).
    [no-claim-draw] A draw cannot be claimed in this game (yet).
    [not-your-turn] It is not your move, or the game is already over.
    [no-game] There is no such game.
    [not-your-game] This is not your game.
    [not-board] This game cannot be played through the board interface.
    [scope] The access token lacks the scope board:play.
    [illegal] The piece on { $from } cannot move to { $to }.
    [invalid-move] The move is not valid.
   *[other] { $text }.
}
online-opponent-to-move = Your opponent is to move.
online-stopped-token = The server refuses the access token: online play has stopped here. The game and its clock go on at lichess. Please log in again with ansage online login, then resume the game with ansage online.
online-stopped-token-taken = The server refuses the access token: online play has stopped here, and your last move is taken back, for the server does not have it. The game and its clock go on at lichess. Please log in again with ansage online login, then resume the game with ansage online.
online-stopped = Online play has stopped, for the server refuses the access token. Please log in again with ansage online login, then resume with ansage online. quit closes the station.
online-moved-elsewhere = Played on lichess: { $move }.
online-takeback-declined = Your opponent declined your takeback request.
online-quit-ask = The game goes on at lichess, and so does the clock. Really quit? Yes or no.
online-quit-goes-on = The station stays on; the game goes on.
online-first-move = Your first move must come within { $seconds } seconds, or lichess aborts the game.
online-first-move-half = { $seconds } seconds left for your first move, or lichess aborts the game.
online-chat = Chat from { $name }: { $text }
online-chat-sent = Chat sent.

# The online menu (`ansage online`, issue 24): before a game, one short sentence each.
lobby-welcome = Online at lichess as { $name }.
lobby-menu = Say or type: seek and a time control, for example seek 15 plus 10; challenge, a name and a time control; accept or decline; resume; quit. { $challenges ->
    [0] No challenge
    [1] One challenge
   *[other] { $challenges } challenges
}, { $games ->
    [0] no running game.
    [1] one running game.
   *[other] { $games } running games.
}
lobby-not-understood = Not understood. Menu says what you can do.
lobby-busy = Already seeking or waiting. Cancel first.
lobby-seek-which = With which time control? For example seek 15 plus 10.
lobby-challenge-which = With which time control? For example challenge { $name } 10 plus 5.
lobby-seeking = Seeking an opponent for { $minutes } plus { $increment }, { $rated ->
    [yes] rated.
   *[no] casual.
} Cancel stops the seek.
lobby-challenging = Challenge sent to { $name }, { $minutes } plus { $increment }, { $rated ->
    [yes] rated.
   *[no] casual.
} Waiting for the answer.
lobby-seek-too-fast = { $minutes } plus { $increment } is too fast to seek: through this interface lichess plays rapid and slower, minutes plus 40 times the increment's seconds at least 8 minutes, for example 10 plus 0 or 15 plus 10. Blitz is possible only by challenging a friend.
lobby-challenge-too-fast = { $minutes } plus { $increment } is too fast: a challenge needs blitz or slower, minutes plus 40 times the increment's seconds at least 3 minutes, for example 3 plus 2 or 5 plus 0.
lobby-tc-unsupported = The server does not take { $minutes } plus { $increment }: whole minutes up to 180, an increment up to 60 seconds.
lobby-none = There is none.
lobby-which = Which one? There are { $count }; please say its number.
lobby-accepting = Accepting the challenge from { $name }.
lobby-declined = Challenge from { $name } declined.
lobby-seek-cancelled = Seek cancelled.
lobby-challenge-cancelled = Challenge withdrawn.
lobby-nothing-to-cancel = There is no seek and no challenge to cancel.
lobby-challenge-withdrawn = { $name } withdrew the challenge.
lobby-challenge-refused = Challenge from { $name } declined: { $reason ->
    [variant] a chess variant the station does not play.
    [timeControl] no clock; the station plays games with a clock.
   *[tooFast] too fast for lichess's board interface, which plays blitz and slower.
}
lobby-challenge = Challenge { $number } from { $name }, rated { $rating }: { $minutes } plus { $increment }, { $rated ->
    [yes] rated
   *[no] casual
}, { $color ->
    [white] you play white
    [black] you play black
   *[random] colours drawn by lot
}. Accept or decline?
lobby-challenge-declined = { $name } declined{ $reason ->
    [later] : not now.
    [tooFast] : too fast.
    [tooSlow] : too slow.
    [timeControl] : another time control wanted.
    [rated] : would rather play rated.
    [casual] : would rather play casual.
   *[other] .
}
lobby-challenge-ended = lichess ended the challenge to { $name }; no game. Back in the menu.
lobby-refused = The server refused: { online-reason }
lobby-running = Running game { $number } against { $name }{ $turn ->
    [yes] , your move.
   *[no] .
} Resume plays it.
lobby-connection-lost = Connection to lichess lost. Trying again.
lobby-connection-back = Connected again.
lobby-stream-taken = Another program is using this lichess account right now; ansage leaves it and stops. Close the other program and start again.
lobby-server-fault = lichess reports a fault. Trying again.
lobby-server-refuses = The server does not offer this account's events; the online menu stops. Please check online.server.
lobby-bye = Online menu closed.
lobby-after-game = Rematch against { $name }, review the game, menu or quit?
lobby-after-game-alone = Review the game, menu or quit?
lobby-no-review = There is no finished game to review yet.

# `ansage models install`, `ansage models list`: one line each, for a screen reader.
models-download = Downloading { $model }, { $megabytes } MB, from { $url }.
models-progress = { $percent } percent downloaded.
models-unpack = Downloaded. Unpacking and checking the model.
models-done = Done: { $model } is installed in { $path }. The station finds it there.
models-already = { $model } is installed already in { $path }. Nothing downloaded.
models-network = The download failed: { $detail }. Check the internet connection and give the command again. Nothing was installed.
models-http = The server answers with error { $status } for { $url }. Check the setting models.url. Nothing was installed.
models-size = The archive has { $got } bytes instead of { $expected }: cut off, or not the one expected. Give the command again. Nothing was installed.
models-checksum = The archive's checksum does not match: it is damaged or another one. Give the command again. Nothing was installed.
models-disk-full = No space left on the disk of { $path }. The model needs about { $megabytes } MB; make room and give the command again. Nothing was installed.
models-disk = Cannot write { $path }: { $detail }. Nothing was installed.
models-archive = The archive cannot be unpacked: { $detail }. Nothing was installed.
models-not-a-model = The unpacked archive is no model vosk loads: { $detail }. Nothing was installed.
models-list-there = { $lang }: { $model } in { $path }.
models-list-missing = { $lang }: { $model } is missing. To install it: ansage models install { $lang }

## Training against the engine (issue 34.1)
training-start = Training against the engine, level { $level }. You play { $side }.
training-not-training = This is not a training game.
training-engine-to-move = The engine is to move.
training-engine-moves = The engine makes its own moves.
training-engine-crashed = The engine crashed and was started again. The game goes on.
training-engine-timeout = The engine did not answer in time and was started again. The game goes on.
training-engine-nonsense = The engine answered nonsense and was started again. The game goes on.
training-engine-failed = The engine does not answer. The station keeps trying; the game is kept.
training-engine-missing = No chess engine found. Please install the package { $package }.
training-level = Level { $level }.
training-level-range = The levels go from { $min } to { $max }.

## The trainer's help in a training game (issue 34.2)
training-take-back-nothing = No move of yours yet; nothing taken back.
training-hint-piece = Hint: { $piece } on { $square }.
training-hint-move = Hint: { $move }.
training-warnings = { $on ->
    [on] Warnings on: before a move that loses about two pawns the station asks back.
   *[off] Warnings off.
}
training-warn-checking = One moment, the station checks the move.
training-warn-ask = { $kind ->
    [mate] { $move }: this move allows mate. Play it anyway?
   *[pawns] { $move }: this move loses about { $pawns } { $pawns ->
        [one] pawn
       *[other] pawns
    }. Play it anyway?
}
training-warn-other = All right, choose another move.
training-warn-unchecked = The warning could not be checked; the move is made.
training-note-take-back = Taken back: { $moves }
training-note-hint = Hint
training-note-hint-move = Hint: the move
training-note-evaluation = Evaluation: { $eval }
training-note-warning = Warning: { $move } { $eval }

## Going through a game (issue 34).
review-started = Review: { $moves ->
    [one] 1 move
   *[other] { $moves } moves
}. { $result } Say forward, back, beginning, to the end, or move and a number.
review-started-braille = Review: { $moves ->
    [one] 1 move
   *[other] { $moves } moves
}. { $result }
review-result = { $result ->
    [white] White wins.
    [black] Black wins.
    [draw] Draw.
   *[none] No result.
}
review-start-position = Starting position, { $side } to move.
review-start-position-braille = Start, { $side } to move
review-move = Move { $number }, { $side }: { $move }.
review-move-braille = { $list }
review-at-end = That was the last move. { $result }
review-at-start = This is the starting position.
review-no-such-move = This game has no move { $number } for { $side }.
review-what = In review: forward, back, beginning, to the end, move and a number, or a question like where are my pieces.
review-not-over = Review works once the game is over.
review-partly = The file reads only in part: { $why } What reads is gone through.
review-how = To go through the game, say: review game.

## The engine's analysis while going through (issue 34.4).
analysis-not-review = The engine analyses while you go through a game. Say: review game.
analysis-busy = The engine is still thinking. To stop it: stop analysis.
analysis-idle = No analysis is running.
analysis-stopped = Analysis stopped.
analysis-failed = The engine does not answer. The analysis has stopped; try again.
analysis-no-engine = No engine found. Install the package stockfish or set engine.path.
analysis-verdict = { $kind ->
    [equal] The position is level.
    [slightly] { $side } is slightly better.
    [better] { $side } is better.
    [clearly] { $side } is clearly better.
    [winning] { $side } is winning.
   *[mates] { $side } mates in { $n }.
}
analysis-number = For White: { $sign ->
    [minus] minus
   *[plus] plus
} { $pawns }.{ $hundredths }.
analysis-best = Best move: { $move }.
analysis-line = Then: { $moves }.
analysis-no-move = There is no move here.
analysis-started = Analysing { $moves } moves. To stop: stop analysis.
analysis-progress = Analysis: { $quarter ->
    [1] a quarter.
    [2] half.
   *[3] three quarters.
}
analysis-count = { $side }: { $inaccuracies } { $inaccuracies ->
    [one] inaccuracy
   *[other] inaccuracies
}, { $mistakes } { $mistakes ->
    [one] mistake
   *[other] mistakes
}, { $blunders } { $blunders ->
    [one] blunder
   *[other] blunders
}.
analysis-done = Analysis done. { $white } { $black } Your mistakes one by one: mistakes.
mistake = Move { $number }, { $move }: { $kind ->
    [inaccuracy] an inaccuracy
    [mistake] a mistake
   *[blunder] a blunder
}. Better: { $best }.
mistake-braille = { $number }.{ $san }{ $mark } better { $bestsan }
mistakes-none = You made no mistakes in this game.
mistakes-end = { $count ->
    [one] That was your only mistake.
   *[other] Those were all { $count } mistakes.
} From the start again: mistakes.
mistakes-not-analysed = The game is not analysed yet. Say: analyse game.

## Learning from the mistakes (issue 34.5).
practice-none = No exercise is running. Say: practice.
practice-started = Practice: { $count ->
    [one] one exercise
   *[other] { $count } exercises
} from your mistakes. Say a move; hint and solution help.
practice-exercise = Exercise { $n } of { $count }: move { $number }, { $side } to move. In the game: { $move }. Find a better move.
practice-exercise-braille = Exercise { $n }/{ $count }: { $number }.{ $san }? Better?
practice-unclear = That move is not possible here. Please again.
practice-right = Right: { $move } is the engine's move.
practice-game-move = { $move } was the game's move. Look for a better one.
practice-good = Good: { $move } is as good as the engine's move.
practice-misses = { $move } is not as good: it is answered by { $answer }. Again, hint or solution.
practice-hint = Hint: { $piece } on { $square }.
practice-solution = Solution: { $move }.
practice-done = Practice over: { $found } of { $count } found.
