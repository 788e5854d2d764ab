//! FIDE Laws D.2.6: what the display's keys mean (BrlAPI key codes).

use crate::core::display::DisplayKey;
use crate::core::input::Key;
use crate::core::scoresheet::braille::Cell;

/// BrlAPI key code layout (`brlapi_keycodes.h`; the sys crate does not export these).
pub(super) mod code {
    pub const TYPE_MASK: u64 = 0xE000_0000;
    pub const TYPE_CMD: u64 = 0x2000_0000;
    pub const CODE_MASK: u64 = 0x1FFF_FFFF;
    pub const BLK_MASK: u64 = 0x1FFF_0000;
    pub const ARG_MASK: u64 = 0x0000_FFFF;
    pub const SYM_UNICODE: u64 = 0x0100_0000;
    pub const fn blk(n: u64) -> u64 {
        n << 16
    }
    pub const ROUTE: u64 = blk(1);
    pub const PASSDOTS: u64 = blk(34);
    pub const LNUP: u64 = 1;
    pub const LNDN: u64 = 2;
    pub const WINUP: u64 = 3;
    pub const WINDN: u64 = 4;
    pub const TOP: u64 = 9;
    pub const BOT: u64 = 10;
    pub const TOP_LEFT: u64 = 11;
    pub const BOT_LEFT: u64 = 12;
    pub const CHRLT: u64 = 19;
    pub const CHRRT: u64 = 20;
    pub const HWINLT: u64 = 21;
    pub const HWINRT: u64 = 22;
    pub const FWINLT: u64 = 23;
    pub const FWINRT: u64 = 24;
    pub const HOME: u64 = 29;
    pub const RETURN: u64 = 31;
    pub const DISPMD: u64 = 33;
    pub const CSRTRK: u64 = 40;
    pub const HELP: u64 = 49;
    pub const INFO: u64 = 50;
    pub const SYM_BACKSPACE: u64 = 0xFF08;
    pub const SYM_TAB: u64 = 0xFF09;
    pub const SYM_LINEFEED: u64 = 0xFF0D;
    pub const SYM_ESCAPE: u64 = 0xFF1B;
}

/// FIDE Laws D.2.6: what a BrlAPI key code means on the display (see the display's keys in
/// docs/user-guide.md): the line and panning commands move the window, a routing key is
/// [`DisplayKey::Route`], a dot chord (BrlAPI's PASSDOTS, with the retain-dots parameter
/// set) is [`DisplayKey::Char`] of its Unicode braille pattern, read back by the model
/// through the display's table, a typed character (a PC keyboard) is [`DisplayKey::Char`]
/// of itself, RETURN/Enter confirms or sends, Backspace and Escape cancel, HOME
/// repeats, INFO says the time, HELP helps, DISPMD switches to the next mode, CSRTRK back
/// to the game. `None` for keys that mean nothing here.
pub fn decode_key(keycode: u64) -> Option<DisplayKey> {
    let code = keycode & code::CODE_MASK;
    if keycode & code::TYPE_MASK == code::TYPE_CMD {
        let arg = code & code::ARG_MASK;
        return match code & code::BLK_MASK {
            0 => Some(match arg {
                code::LNUP | code::WINUP => DisplayKey::LineUp,
                code::LNDN | code::WINDN => DisplayKey::LineDown,
                code::TOP | code::TOP_LEFT => DisplayKey::Top,
                code::BOT | code::BOT_LEFT => DisplayKey::Bottom,
                code::FWINLT | code::HWINLT | code::CHRLT => DisplayKey::PanLeft,
                code::FWINRT | code::HWINRT | code::CHRRT => DisplayKey::PanRight,
                code::HOME => DisplayKey::Key(Key::Repeat),
                code::RETURN => DisplayKey::Enter,
                code::DISPMD => DisplayKey::NextMode,
                code::CSRTRK => DisplayKey::GameMode,
                code::HELP => DisplayKey::Key(Key::Help),
                code::INFO => DisplayKey::Key(Key::Time),
                _ => return None,
            }),
            code::ROUTE => Some(DisplayKey::Route(usize::try_from(arg).ok()?)),
            code::PASSDOTS => {
                let dots = u8::try_from(arg & 0xFF).ok()?;
                Some(DisplayKey::Char(Cell(dots).to_char()))
            }
            _ => None,
        };
    }
    if keycode & code::TYPE_MASK != 0 {
        return None;
    }
    match code {
        code::SYM_BACKSPACE => Some(DisplayKey::Backspace),
        code::SYM_LINEFEED => Some(DisplayKey::Enter),
        code::SYM_ESCAPE => Some(DisplayKey::Escape),
        code::SYM_TAB => Some(DisplayKey::NextMode),
        c if c & code::SYM_UNICODE != 0 || c < 0x100 => {
            let ch = char::from_u32(u32::try_from(c & 0x00FF_FFFF).ok()?)?;
            (ch != char::REPLACEMENT_CHARACTER && !ch.is_control()).then_some(DisplayKey::Char(ch))
        }
        _ => None,
    }
}
