//! The game as a page shows it ([`GameView`]): built from the session's state, never
//! from anything the session has not decided.

use shakmaty::{Color, Position};

use crate::core::clock::Clock;
use crate::core::setup::Impaired;
use crate::core::time::Timestamp;
use crate::core::view::{
    BoardView, ClockView, GameView, MoveView, Names, PendingView, ResultView, Side,
};

use super::Session;
use super::adjournment::Adjournment;
use super::pending::Pending;

impl Session {
    /// The game as a page shows it after the last step (the web page's state). It
    /// changes only when the game does: a running clock is given at the start of its
    /// stretch, for the page to count down by itself.
    pub fn view(&self) -> GameView {
        GameView {
            lang: self.setup.lang.code(),
            impaired: impaired_sides(self.setup.impaired),
            names: Names {
                white: self.setup.info.white.clone(),
                black: self.setup.info.black.clone(),
            },
            board: self.position().board().to_string(),
            turn: self.position().turn().into(),
            moves: self.history.iter().map(move_view).collect(),
            pending: self.pending_view(),
            settled: self.settled.clone(),
            executed: self.executed_view(),
            eboard: self.eboard.as_ref().map(|w| BoardView {
                side: w.side.into(),
                connected: w.connected,
                differs: w.diverged,
            }),
            clock: self
                .clock
                .as_ref()
                .map(|c| clock_view(c, self.clock_started)),
            draw_offer: self.draw_offer.map(Side::from),
            result: self.result.as_ref().map(|r| ResultView {
                pgn: r.pgn(),
                reason: r.reason.name(),
                winner: r.winner.map(Side::from),
            }),
            adjourned: self.adjournment != Adjournment::None,
        }
    }

    fn pending_view(&self) -> Option<PendingView> {
        let sealing = self.adjournment != Adjournment::None;
        let (stage, side, rendered) = match &self.pending {
            Pending::None => return None,
            Pending::Echoed { side, rendered, .. } => ("echoed", *side, Some(rendered)),
            Pending::Which { side, .. } => ("which", *side, None),
            Pending::Resign { side } => ("resign", *side, None),
        };
        // Appendix E.1: a sealed move is shown to nobody.
        let rendered = rendered.filter(|_| !sealing);
        Some(PendingView {
            stage,
            side: side.into(),
            words: rendered.map(|r| r.phrase.clone()),
            san: rendered.map(|r| r.san.clone()),
            local: rendered.map(|r| r.san_local.clone()),
            uci: rendered.map(|r| r.uci.clone()),
        })
    }

    /// FIDE Laws D.2.1: the visually impaired player's last move on the sighted player's
    /// board: from the electronic board when one reports, else from the sighted player's
    /// word ([`crate::core::input::Command::Executed`]).
    fn executed_view(&self) -> Option<bool> {
        let last = self.history.last()?;
        let mover = last.made.side;
        if !self.setup.impaired.includes(mover) || self.setup.impaired.includes(!mover) {
            return None;
        }
        match &self.eboard {
            Some(watch) if watch.connected => Some(!watch.awaiting_execution),
            _ => Some(self.executed >= self.history.len()),
        }
    }
}

fn impaired_sides(impaired: Impaired) -> Vec<Side> {
    [Color::White, Color::Black]
        .into_iter()
        .filter(|c| impaired.includes(*c))
        .map(Side::from)
        .collect()
}

fn move_view(ply: &crate::core::ply::Ply) -> MoveView {
    MoveView {
        number: ply.made.number,
        side: ply.made.side.into(),
        san: ply.made.san.clone(),
        local: ply.san_local.clone(),
        uci: ply.made.uci.clone(),
        words: ply.made.phrase.clone(),
        clock_ms: ply.made.clock.map(millis),
    }
}

fn millis(d: std::time::Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

/// The clocks at the start of the running stretch; when none runs, what they show (the
/// same at any instant: `at_ms` is then 0).
fn clock_view(clock: &Clock, started: bool) -> ClockView {
    let (at, delay) = clock
        .stretch_start()
        .unwrap_or((Timestamp::ZERO, std::time::Duration::ZERO));
    let remaining = |side: Color| {
        let r = clock.remaining(side, at);
        (r != std::time::Duration::MAX).then(|| millis(r))
    };
    ClockView {
        white_ms: remaining(Color::White),
        black_ms: remaining(Color::Black),
        running: clock.running().map(Side::from),
        to_move: clock.to_move().map(Side::from),
        started,
        paused: clock.is_paused(),
        at_ms: at.as_millis(),
        delay_ms: millis(delay),
        white_moves: clock.moves_completed(Color::White),
        black_moves: clock.moves_completed(Color::Black),
    }
}

#[cfg(test)]
mod tests {
    use shakmaty::Color;

    use crate::core::clock::{ClockSetup, TimeControl};
    use crate::core::input::{Actor, Command, Event, Input, Key};
    use crate::core::session::Session;
    use crate::core::setup::{Impaired, SessionSetup};
    use crate::core::time::Timestamp;
    use crate::core::view::Side;

    const BLACK: Actor = Actor::Player(Color::Black);
    const WHITE: Actor = Actor::Player(Color::White);

    fn session(clock: bool) -> Session {
        let control: Option<TimeControl> = clock.then(|| "15+10".parse().unwrap());
        Session::new(SessionSetup {
            impaired: Impaired::Black,
            clock: control.map(ClockSetup::same),
            ..SessionSetup::default()
        })
        .unwrap()
    }

    fn at(s: u64) -> Timestamp {
        Timestamp::from_millis(s * 1000)
    }

    fn command(s: &mut Session, by: Actor, c: Command, t: Timestamp) {
        s.handle(
            Input::Act {
                by,
                event: Event::Command(c),
            },
            t,
        );
    }

    /// FIDE Laws D.2.3: the blind player's move is shown echoed, not made, until he
    /// confirms; then it is a move with its words and the echo is gone.
    #[test]
    fn an_echoed_move_is_pending_until_confirmed() {
        let mut s = session(false);
        s.handle(Input::typed(WHITE, "e4"), at(1));
        s.handle(Input::typed(BLACK, "Springer Felix sechs"), at(2));
        let v = s.view();
        let pending = v.pending.expect("echoed");
        assert_eq!(
            (pending.stage, pending.side, pending.uci.as_deref()),
            ("echoed", Side::Black, Some("g8f6"))
        );
        assert_eq!(pending.words.as_deref(), Some("Springer Felix sechs"));
        assert_eq!(v.moves.len(), 1);
        s.handle(Input::key(BLACK, Key::Confirm), at(3));
        let v = s.view();
        assert_eq!(v.pending, None);
        assert_eq!(v.moves.len(), 2);
        assert_eq!(v.moves[1].words, "Springer Felix sechs");
        assert_eq!(
            (v.moves[1].san.as_str(), v.moves[1].local.as_str()),
            ("Nf6", "Sf6")
        );
        assert_eq!(v.turn, Side::White);
        assert_eq!(v.board, "rnbqkb1r/pppppppp/5n2/8/4P3/8/PPPP1PPP/RNBQKBNR");
    }

    /// A running clock is given at the start of its stretch: the view does not change
    /// while it runs, only when something happens.
    #[test]
    fn the_view_stands_still_while_a_clock_runs() {
        let mut s = session(true);
        command(&mut s, WHITE, Command::Start, at(1));
        let first = s.view();
        s.handle(Input::Timeout, at(30));
        assert_eq!(s.view(), first);
        let clock = first.clock.expect("a clock");
        assert_eq!(
            (clock.running, clock.at_ms, clock.white_ms),
            (Some(Side::White), 1000, Some(900_000))
        );
        s.handle(Input::typed(WHITE, "e4"), at(31));
        let clock = s.view().clock.expect("a clock");
        assert_eq!((clock.running, clock.at_ms), (Some(Side::Black), 31_000));
        assert_eq!(clock.white_ms, Some(900_000 - 30_000 + 10_000));
    }

    /// FIDE Laws D.2.1: the sighted player's word that the blind player's move stands on
    /// his board; the blind player cannot say it for him; a take-back forgets it.
    #[test]
    fn executed_follows_the_sighted_players_word() {
        let mut s = session(false);
        s.handle(Input::typed(WHITE, "e4"), at(1));
        assert_eq!(
            s.view().executed,
            None,
            "White's own move: nothing to execute"
        );
        s.handle(Input::typed(BLACK, "e5"), at(2));
        s.handle(Input::key(BLACK, Key::Confirm), at(3));
        assert_eq!(s.view().executed, Some(false));
        command(&mut s, BLACK, Command::Executed, at(4));
        assert_eq!(
            s.view().executed,
            Some(false),
            "not the blind player's word"
        );
        command(&mut s, WHITE, Command::Executed, at(5));
        assert_eq!(s.view().executed, Some(true));
        command(&mut s, Actor::Arbiter, Command::TakeBack, at(6));
        s.handle(Input::typed(BLACK, "d5"), at(7));
        s.handle(Input::key(BLACK, Key::Confirm), at(8));
        assert_eq!(s.view().executed, Some(false), "a new move waits again");
    }

    /// Appendix E.1: a move being sealed is shown to nobody.
    #[test]
    fn a_sealed_move_is_not_shown() {
        let mut s = session(true);
        command(&mut s, WHITE, Command::Start, at(1));
        s.handle(Input::typed(WHITE, "e4"), at(2));
        command(&mut s, Actor::Arbiter, Command::Adjourn, at(3));
        s.handle(Input::typed(BLACK, "e5"), at(4));
        let v = s.view();
        assert!(v.adjourned);
        let p = v.pending.expect("Black's sealed move, echoed to him");
        assert_eq!((p.stage, p.side), ("echoed", Side::Black));
        assert_eq!((p.words, p.san, p.uci), (None, None, None));
        // Sealed (or taken back while sealing): still nothing of it is shown.
        s.handle(Input::key(BLACK, Key::Confirm), at(5));
        assert_eq!(s.view().settled, None);
    }
}
