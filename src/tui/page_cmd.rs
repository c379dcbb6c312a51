//! What the full-screen pages and the ruling dialog ask of the app layer
//! (their own module, so that the pages and their container `pages.rs`
//! both use it without importing each other).

use crate::app::{BoardNo, EventId, MemberId, RoundNo, StatsFilter};
use crate::domain::Colour;

/// What the pages ask of the app layer.
#[derive(Clone, Debug, PartialEq)]
pub enum PageCmd {
    /// Store a repetition ruling (`App::apply_ruling`).
    ApplyRuling {
        event: EventId,
        round: RoundNo,
        board: BoardNo,
        game_no: u32,
        must_change: Option<Colour>,
    },
    /// Open a member's page.
    OpenMember(MemberId),
    /// Head-to-head of the page's member (`a`) against `b`.
    HeadToHead { a: MemberId, b: MemberId },
    /// Open (or refilter) the statistics screen; `fields` are the filter
    /// texts as typed (from, to, time control, scheme).
    Stats {
        filter: StatsFilter,
        fields: [String; 4],
    },
    /// The archive screen's commands.
    Archive(super::archive::ArchiveCmd),
    /// The Season screen's commands.
    Season(super::season::SeasonCmd),
}
