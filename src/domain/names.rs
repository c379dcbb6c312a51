//! How lists of names are ordered for people (by-name pairings, check-in).

/// The order of by-name lists: pinyin (拼音, the default) or strokes
/// (笔画, as Chinese official lists are often written).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum NameOrder {
    #[default]
    Pinyin,
    Strokes,
}

impl NameOrder {
    pub const ALL: [NameOrder; 2] = [NameOrder::Pinyin, NameOrder::Strokes];

    /// The setting's word (`config.toml`, `--order`).
    pub fn code(self) -> &'static str {
        match self {
            NameOrder::Pinyin => "pinyin",
            NameOrder::Strokes => "strokes",
        }
    }

    pub fn from_code(s: &str) -> Option<NameOrder> {
        NameOrder::ALL.into_iter().find(|o| o.code() == s.trim())
    }
}
