//! The table of commands: every group of phrases in `assets/<lang>/commands.toml`, in the
//! order they are tried, with the [`Command`](crate::core::input::Command) each makes;
//! for a command without arguments also its variant and its script verb (`do VERB`).
//!
//! From this one table come: the unit variants of `Command` with their documentation and
//! their script verbs ([`Command::verb`](crate::core::input::Command::verb),
//! [`Command::from_verb`](crate::core::input::Command::from_verb), which the script's
//! `do` lines and the web page's posted commands use); the phrase groups a command file
//! must have, the order in which they are tried, and what each makes of the slots its
//! phrase filled; and which groups a one-letter console command may name (`[letters]`).
//!
//! # Adding a command
//!
//! A command without arguments (`Stop`, `Executed`, `RevokeAccess`):
//!
//! 1. One row below, `/// doc` then `group => Variant "verb";`: its variant of `Command`,
//!    its script verb, and the name of its phrase group. Where the row stands is where
//!    its phrases are tried. `group => Variant "verb", letter;` lets a console letter
//!    name it (`[letters]`).
//! 2. Its handler: a method of the session and its arm in `Session::command`
//!    (`src/core/session/mod.rs`; the match is exhaustive, the compiler asks for it).
//! 3. Its words: the group's phrases in `assets/{de,es,en}/commands.toml`, and whatever
//!    the handler says in `assets/{de,es,en}/messages.ftl`.
//!
//! A further phrase group for an existing command or question is one row
//! `group => EXPRESSION;` (or `group => |s| EXPRESSION;`, where `s` holds the slots the
//! phrase filled; a `?` on an empty slot makes the phrase not match); add `, letter` when
//! a console letter may name it (a question that takes no slot). A command with arguments
//! is a variant in `command_enum!` (`src/core/input.rs`), its row here, and its script
//! form in `command_text` and `parse_command` (`src/core/script.rs`).

/// Calls the macro `$then` with the table, normalised:
/// `groups [(group, |slots| Option<Command>, letter?) …] units [(#[doc] Variant "verb") …]`.
/// The rows' names (`Command`, `Question`, `AccessRole`) resolve where `$then` expands.
macro_rules! command_table {
    ($then:ident) => {
        $crate::core::command_table::command_rows! { @ $then [] []
            /// Yes: confirm what was echoed or asked.
            yes => Yes "yes";
            /// No: reject what was echoed (D.2.7) or asked.
            no => No "no";
            /// "zurück" (issue 34.2): "nein" while something is open (a move echoed, a
            /// question asked); else the move before while going through a game, the
            /// trainer's takeback in a training game, and "nein" in any other game.
            undo => Undo "undo", letter;
            /// Offer a draw (Art. 9.1.b), recorded as (=) (C.12).
            offer_draw => OfferDraw "offer-draw";
            /// Accept the opponent's draw offer.
            accept_draw => AcceptDraw "accept-draw";
            /// Decline the opponent's draw offer.
            decline_draw => DeclineDraw "decline-draw";
            /// Resign (asks to confirm first).
            resign => Resign "resign";
            /// End the game unfinished, without a result (PGN `*`), and close the station
            /// ("Partie beenden"; asks to confirm first, like a resignation); once the game
            /// is over, close the station at once.
            end => End "end";
            /// Online (issue 24): claim the win, the opponent having left the game.
            claim_victory => ClaimVictory "claim-victory";
            /// Claim a draw by repetition or the fifty-move rule (Art. 9.2, 9.3).
            claim_draw => ClaimDraw "claim-draw";
            /// Say the last utterance again.
            repeat => Repeat "repeat";
            /// Start the clock (arbiter).
            start => Start "start";
            /// Stop the clocks (arbiter).
            pause => Pause "pause";
            /// Restart the clocks (arbiter).
            resume => Resume "resume";
            whose_move => Command::Ask(Question::WhoseMove), letter;
            move_number => Command::Ask(Question::MoveNumber), letter;
            last_move => Command::Ask(Question::LastMoves(1)), letter;
            last_moves => |s| Command::Ask(Question::LastMoves(s.number?.max(1)));
            my_pieces => |s| Command::Ask(Question::Pieces { mine: true, role: s.piece });
            their_pieces => |s| Command::Ask(Question::Pieces { mine: false, role: s.piece });
            square => |s| Command::Ask(Question::Square(s.square?));
            file => |s| Command::Ask(Question::File(s.file?));
            rank => |s| Command::Ask(Question::Rank(s.rank?));
            material => Command::Ask(Question::Material), letter;
            position => Command::Ask(Question::Position), letter;
            time => Command::Ask(Question::Time), letter;
            help => Command::Ask(Question::Help), letter;
            more => Command::Ask(Question::More), letter;
            own_time => Command::Ask(Question::OwnTime), letter;
            time_used => Command::Ask(Question::TimeUsed);
            moves_made => Command::Ask(Question::MovesMade);
            set_clock => |s| Command::SetClock { side: s.side?, time: s.time? };
            set_moves => |s| Command::SetMoves { side: s.side?, moves: s.number? };
            add_time => |s| Command::AddTime { side: s.side?, time: s.time? };
            penalty => |s| Command::Penalty { offender: s.side? };
            alarms_off => Command::Alarms(false);
            alarms_on => Command::Alarms(true);
            /// FIDE Laws 7.5.a: take back the last move (an illegal move completed); the
            /// position and both clocks return to what they were before it (arbiter).
            take_back => TakeBack "take-back";
            take_back_to => |s| Command::TakeBackTo { number: s.number?, side: s.side? };
            /// FIDE Laws Appendix E.1: the player to move seals the next move; it is not
            /// spoken or shown to the opponent, and the clocks stop (arbiter).
            adjourn => Adjourn "adjourn";
            /// FIDE Laws Appendix E: the adjourned game resumes; the sealed move is
            /// revealed and made (arbiter).
            resume_adjourned => ResumeAdjourned "resume-adjourned";
            /// FIDE Laws D.2.1: the sighted player says that the visually impaired
            /// player's last move now stands on his own board (executed), when no
            /// electronic board tells it.
            executed => Executed "executed";
            access_spectator => Command::AccessCode(AccessRole::Spectator);
            access_opponent => Command::AccessCode(AccessRole::Opponent);
            access_player => Command::AccessCode(AccessRole::Player);
            access_arbiter => Command::AccessCode(AccessRole::Arbiter);
            /// The station's web page's address, to the asker ("Adresse?"): said in words a
            /// speech synthesizer reads right, shown in full on the display.
            address => Address "address";
            /// End every access to the station's web page at once (every role's browser
            /// must ask for a new code).
            revoke_access => RevokeAccess "revoke-access";
            targets_kind => |s| Command::Ask(Question::Targets {
                role: Some(s.piece?),
                from: None,
            });
            targets_from => |s| Command::Ask(Question::Targets {
                role: s.piece,
                from: Some(s.square?),
            });
            /// The stop word ("still", "stop"): as the `stop` key, silences what is said to
            /// the speaker now and what waits ([`crate::core::output::Output::Hush`]).
            stop => Stop "stop";
            // A training game (issue 34.1): the engine's level ("Stufe fünf").
            level => |s| Command::Level(s.number?);
            /// A training game: this game ends unfinished and a new one starts, the
            /// player keeping his colour ("Neue Partie").
            new_game => NewGame "new-game";
            /// A training game: this game ends unfinished and a new one starts, the
            /// player taking the other colour ("Farbe wechseln").
            switch_colour => SwitchColour "switch-colour";
            /// A training game (issue 34.2): before a confirmed move that loses more than
            /// about two pawns the station asks back once ("Warnen ein").
            warnings_on => WarningsOn "warnings-on";
            /// A training game: no warning before a losing move ("Warnen aus").
            warnings_off => WarningsOff "warnings-off";
            /// Issue 34: go through the game (at its end, or a game read from a file): the
            /// moves one by one, each position asked about as in the game.
            review => Review "review";
            /// Going through a game: the next move.
            forward => Forward "forward";
            /// Going through a game: the move before ("zurück" says it too while going
            /// through).
            back => Back "back";
            /// Going through a game: the starting position.
            first => First "first";
            /// Going through a game: the last move.
            last => Last "last";
            go_to => |s| Command::GoTo { number: s.number?, side: None };
            go_to_side => |s| Command::GoTo { number: s.number?, side: Some(s.side?) };
            /// Going through a game (issue 34.4): the engine's evaluation of the position
            /// reached, in words (the number on "mehr").
            evaluation => Evaluation "evaluation", letter;
            /// Going through a game: the engine's best move there (its line on "mehr").
            best_move => BestMove "best-move";
            /// Going through a game: the engine analyses every move, each judged as an
            /// inaccuracy, a mistake or a blunder.
            analyse => Analyse "analyse";
            /// Going through a game: the analysis stopped.
            stop_analysis => StopAnalysis "stop-analysis";
            /// Going through an analysed game: the asker's next fault, at its point.
            mistakes => Mistakes "mistakes";
            /// Going through an analysed game (issue 34.5): the asker's mistakes as
            /// exercises, each position set for a better move.
            practice => Practice "practice";
            /// In an exercise: the piece and square of the engine's move; again, the move.
            hint => Hint "hint", letter;
            /// In an exercise: the engine's move, then the next exercise.
            solution => Solution "solution";
        }
    };
}

/// Reads the rows of [`command_table!`] one by one into its two lists, then calls `$then`.
macro_rules! command_rows {
    // A command without arguments: its variant and its script verb.
    (@ $then:ident [$($groups:tt)*] [$($units:tt)*]
        $(#[doc = $doc:literal])* $group:ident => $unit:ident $verb:literal; $($rest:tt)*) => {
        $crate::core::command_table::command_rows! { @ $then
            [$($groups)* ($group, |_| Some(Command::$unit), false)]
            [$($units)* ($(#[doc = $doc])* $unit $verb)]
            $($rest)*
        }
    };
    // A command without arguments that a console letter may name (`letter`).
    (@ $then:ident [$($groups:tt)*] [$($units:tt)*]
        $(#[doc = $doc:literal])* $group:ident => $unit:ident $verb:literal, letter; $($rest:tt)*) => {
        $crate::core::command_table::command_rows! { @ $then
            [$($groups)* ($group, |_| Some(Command::$unit), true)]
            [$($units)* ($(#[doc = $doc])* $unit $verb)]
            $($rest)*
        }
    };
    // A group whose command takes the phrase's slots `$s`.
    (@ $then:ident [$($groups:tt)*] [$($units:tt)*]
        $group:ident => |$s:ident| $make:expr; $($rest:tt)*) => {
        $crate::core::command_table::command_rows! { @ $then
            [$($groups)* ($group, |$s| Some($make), false)]
            [$($units)*]
            $($rest)*
        }
    };
    // A group whose command takes no slot; a console letter may name it (`letter`).
    (@ $then:ident [$($groups:tt)*] [$($units:tt)*]
        $group:ident => $make:expr $(, $letter:ident)?; $($rest:tt)*) => {
        $crate::core::command_table::command_rows! { @ $then
            [$($groups)* (
                $group,
                |_| Some($make),
                $crate::core::command_table::command_rows!(@letter $($letter)?)
            )]
            [$($units)*]
            $($rest)*
        }
    };
    (@letter) => { false };
    (@letter letter) => { true };
    (@ $then:ident [$($groups:tt)*] [$($units:tt)*]) => {
        $then! { groups [$($groups)*] units [$($units)*] }
    };
}

pub(crate) use {command_rows, command_table};
