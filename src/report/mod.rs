//! The `report` layer: printed documents (pairing sheet, result slips,
//! standings, crosstable, wall chart, check-in sheet) as plain data, and
//! their renderers (fixed-width text for `lp`, self-contained HTML with
//! print CSS, CSV for other programs, PNG pages for phone screens in
//! `png.rs`, drawn with glyphs the caller passes in).
//!
//! Everything here is pure: the app layer gathers the data
//! ([`PairingSheetData`], [`SlipsData`], …), a builder turns it into a
//! [`Doc`] in one language, and a renderer turns the `Doc` into a string.

pub mod bracket;
pub mod certificate;
mod csv;
mod docs;
mod explain;
mod html;
pub mod paperwork;
pub mod pdf;
pub mod png;
pub mod prizes;
pub mod qr;
pub mod site;
mod strokes;
pub mod team;
mod text;

/// What heads standings after `after`: "after round n", or, before any
/// round is complete, "no round complete yet" (not "after round 0").
pub fn after_round_msg(after: AfterRound) -> Msg {
    match after.last() {
        None => Msg::new("rep.no_round_done"),
        Some(r) => Msg::new("rep.after_round").with("n", r),
    }
}

/// [`after_round_msg`] for the command line's lower-case heading.
pub fn cli_after_round_msg(after: AfterRound) -> Msg {
    match after.last() {
        None => Msg::new("cli.no_round_done"),
        Some(r) => Msg::new("cli.after_round").with("n", r),
    }
}

use crate::domain::AfterRound;
use crate::i18n::Msg;

pub use self::csv::{render_csv, CsvError, CsvOptions};
pub(crate) use docs::game_slip;
pub(crate) use docs::result_word;
pub use docs::{
    checkin_sheet, crosstable, pairing_sheet, result_slips, short_points, standings, wall_chart,
    AbsentReason, BoardLine, CheckinData, CrossLine, CrosstableData, EventInfo, GameMark,
    PairingSheetData, PlayerLine, SlipsData, StandingLine, StandingsData, WallChartData,
};
pub use docs::{name_key, season_cells, season_table, SeasonColumn, SeasonData};
pub use explain::breakdown_text;
pub use html::{escape as escape_html, render_html, render_html_linked, CellLinks};
pub use qr::QrPart;
pub use strokes::stroke_key;
pub use text::{
    auto_width, fit, render_text, render_text_auto, render_text_width, wrapped,
    DEFAULT_LINES_PER_PAGE, DEFAULT_WIDTH, LANDSCAPE_WIDTH, MIN_WIDTH,
};

use crate::i18n::Lang;

/// A printable document: a title and a sequence of parts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Doc {
    /// The document's title (also the page footer and the HTML title).
    pub title: String,
    pub lang: Lang,
    pub parts: Vec<Part>,
    /// Print across the page (wide grids: wall charts of many players,
    /// crosstables of many rounds). HTML prints across an A4 sheet; text
    /// gets the wider landscape line ([`text::LANDSCAPE_WIDTH`]).
    pub landscape: bool,
    /// The table the CSV export writes when it is not the first printed
    /// table (the pairing sheet's CSV has every player: boards, byes and
    /// absentees in one table).
    pub csv: Option<Table>,
}

/// One part of a document, in print order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Part {
    /// A heading (the event's name and the document's kind).
    Heading(String),
    /// Label/value pairs printed on one line (round, date, time control).
    Info(Vec<(String, String)>),
    /// A line of plain text (byes, absentees, legends).
    Note(String),
    Table(Table),
    /// Result slips, `per_page` to a page, with cut lines between them.
    Slips {
        per_page: usize,
        slips: Vec<Slip>,
    },
    /// Start a new page here.
    PageBreak,
    /// A certificate (获奖证书): a page of its own, the name large and
    /// centred.
    Certificate(Certificate),
    /// A folded table card (台签): an A4 sheet folded across the middle,
    /// the upper half printed upside down so both sides read upright.
    Card(Card),
    /// A move-recording sheet (记录纸) of one game.
    ScoreSheet(ScoreSheet),
    /// Who runs the event and when the document was printed: a line
    /// where it stands (after the first heading), and the club and print
    /// date in every page's header or footer. The app layer adds it
    /// ([`Doc::stamp`]).
    Imprint(Imprint),
    /// A QR code with its caption and the address it holds (the served
    /// event's page, on the pairing sheet).
    Qr(QrPart),
}

/// A table card: a large line (the board number, or a name) and the
/// smaller lines under it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Card {
    /// Small, at the top (event, round).
    pub head: String,
    /// Large and centred.
    pub big: String,
    pub lines: Vec<String>,
}

/// A move-recording sheet: the game's particulars filled in, numbered
/// move rows in two columns, the clock and signature boxes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScoreSheet {
    pub title: String,
    /// Label/value pairs of the head (event, round, board, date).
    pub info: Vec<(String, String)>,
    /// The two sides: (heading, name) for red and black.
    pub sides: [(String, String); 2],
    /// Numbered move rows (回合), split over two columns.
    pub moves: u32,
    /// The headings of a move row: move number, red's move, black's move.
    pub columns: [String; 3],
    /// The boxes under the grid (result, time used, signatures).
    pub boxes: Vec<String>,
}

/// A certificate's texts, filled in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Certificate {
    pub title: String,
    /// Printed large and centred.
    pub name: String,
    /// Centred under the name.
    pub lines: Vec<String>,
    /// At the foot, right-aligned (organiser, date).
    pub footer: Vec<String>,
}

/// The club's identity on a document, in the document's language.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Imprint {
    /// The label/value pairs that are set (棋社, 主办单位, 比赛地点, 裁判长,
    /// 副裁判长), printed as a line.
    pub pairs: Vec<(String, String)>,
    /// The name in every page's header or footer (the club, else the
    /// organiser).
    pub club: Option<String>,
    /// `打印日期: 2026-12-03`, in every page's footer.
    pub printed: String,
}

impl Imprint {
    /// The footer's text: the club and the print date.
    pub fn footer(&self) -> String {
        match &self.club {
            Some(c) => format!("{c} · {}", self.printed),
            None => self.printed.clone(),
        }
    }
}

impl Doc {
    /// The document's imprint, if it has one.
    pub fn imprint(&self) -> Option<&Imprint> {
        self.parts.iter().find_map(|p| match p {
            Part::Imprint(i) => Some(i),
            _ => None,
        })
    }

    /// Whether the document is result slips (which fill their pages: the
    /// imprint goes only in the pages' header and footer).
    pub fn has_slips(&self) -> bool {
        self.parts.iter().any(|p| matches!(p, Part::Slips { .. }))
    }

    /// Puts `imprint` on the document (replacing one it had): after the
    /// first heading, else first.
    pub fn stamp(&mut self, imprint: Imprint) {
        self.parts.retain(|p| !matches!(p, Part::Imprint(_)));
        let at = self
            .parts
            .iter()
            .position(|p| matches!(p, Part::Heading(_)))
            .map_or(0, |i| i + 1);
        self.parts.insert(at, Part::Imprint(imprint));
    }
}

/// A table with typed columns; every row has one cell per column.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    pub columns: Vec<Column>,
    pub rows: Vec<Vec<String>>,
}

/// A column: a stable key (CSV), a translated heading and how it prints.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Column {
    pub key: String,
    pub heading: String,
    pub kind: ColKind,
    /// A shorter heading (台 for 台次) the text renderer prints, with a
    /// line under the table that spells it out, when the full headings
    /// would not fit the line; never cut.
    pub short: Option<String>,
    /// Columns of one group (the tie-breaks, the rounds) switch to their
    /// short headings together, so a table never mixes 比1 with 累进分.
    pub group: Option<&'static str>,
}

/// How a column prints.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColKind {
    /// Left-aligned text.
    Text,
    /// Right-aligned numbers.
    Number,
    /// Centred short marks (results, crosstable cells).
    Mark,
    /// A column left empty for writing in by hand, at least this many
    /// display columns wide.
    WriteIn(usize),
}

impl Column {
    pub fn new(key: &str, heading: impl Into<String>, kind: ColKind) -> Column {
        Column {
            key: key.to_string(),
            heading: heading.into(),
            kind,
            short: None,
            group: None,
        }
    }

    /// The column as one of `group`, whose headings shorten together.
    pub fn in_group(mut self, group: &'static str) -> Column {
        self.group = Some(group);
        self
    }

    /// The column with a short heading for narrow text lines.
    pub fn with_short(mut self, short: Option<String>) -> Column {
        self.short = short;
        self
    }
}

/// A result slip (记分单) for one board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Slip {
    /// `event · round · board`.
    pub title: String,
    /// The two sides' headings (红方 / 黑方).
    pub sides: [String; 2],
    pub rows: Vec<SlipRow>,
}

/// A line of a slip.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SlipRow {
    /// One value per side (name, clock reading, fouls, signature).
    Sides {
        label: String,
        red: SlipCell,
        black: SlipCell,
    },
    /// One value for the board (result boxes, moves).
    Span { label: String, cell: SlipCell },
}

/// What a slip cell holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SlipCell {
    Text(String),
    /// Space to write in.
    Blank,
    /// Space to sign in (a taller row than [`SlipCell::Blank`]).
    Sign,
    /// Tick boxes with their labels.
    Boxes(Vec<String>),
}

impl Table {
    pub fn new(columns: Vec<Column>) -> Table {
        Table {
            columns,
            rows: Vec::new(),
        }
    }
}
