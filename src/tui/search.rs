//! Search-as-you-type over names: a name matches its characters, its
//! pinyin initials (`zhq` finds 张华强) and its full pinyin (`zhang`,
//! `zhanghq`), in any letter case. A polyphonic character matches every
//! reading the `pinyin` crate knows (曾 is both zeng and ceng). The readings
//! are looked up once per name, when the members load, not on every key.

use pinyin::ToPinyinMulti;
use std::collections::HashMap;

/// The readings of a name, one list per character: pinyin syllables (plain,
/// no tones) for a hanzi, the lowercased character itself otherwise.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Readings(Vec<Vec<String>>);

impl Readings {
    /// Looks up the readings of `text`.
    pub fn of(text: &str) -> Readings {
        Readings(
            text.chars()
                .filter(|c| !c.is_whitespace())
                .map(|c| match c.to_pinyin_multi() {
                    Some(multi) => {
                        let mut v: Vec<String> = Vec::new();
                        for p in multi {
                            // ü is typed as v (the IME convention) or u.
                            let plain = p.plain();
                            for s in [plain.replace('ü', "v"), plain.replace('ü', "u")] {
                                if !v.contains(&s) {
                                    v.push(s);
                                }
                            }
                        }
                        v
                    }
                    None => vec![c.to_lowercase().collect()],
                })
                .collect(),
        )
    }

    /// Whether `query` (lowercase letters, no spaces) reads a run of the
    /// name's characters: each character given by its initial or its full
    /// syllable, the last one possibly only begun.
    pub fn matches(&self, query: &str) -> bool {
        self.find(query, false)
    }

    /// As [`Readings::matches`], reading from the first character only
    /// (`wty` and `wang` start 王天一; `ty` only matches it).
    pub fn starts(&self, query: &str) -> bool {
        self.find(query, true)
    }

    fn find(&self, query: &str, from_start: bool) -> bool {
        if query.is_empty() {
            return true;
        }
        // A search over (character, bytes of the query read) states, each
        // visited once: polyphonic characters cannot make it exponential.
        let n = self.0.len();
        let width = query.len() + 1;
        let mut seen = vec![false; (n + 1) * width];
        let starts = if from_start { n.min(1) } else { n };
        let mut todo: Vec<(usize, usize)> = (0..starts).map(|i| (i, 0)).collect();
        while let Some((i, pos)) = todo.pop() {
            let rest = &query[pos..];
            if rest.is_empty() {
                return true;
            }
            let Some(readings) = self.0.get(i) else {
                continue;
            };
            let mut push = |state: (usize, usize)| {
                let k = state.0 * width + state.1;
                if !seen[k] {
                    seen[k] = true;
                    todo.push(state);
                }
            };
            let first = rest.chars().next().map_or(0, char::len_utf8);
            for r in readings {
                if r.starts_with(rest) {
                    return true;
                }
                if rest.starts_with(r.as_str()) {
                    push((i + 1, pos + r.len()));
                }
                if r.chars().next() == rest.chars().next() {
                    push((i + 1, pos + first));
                }
            }
        }
        false
    }
}

/// The readings of every name and club of the club's members, by text.
#[derive(Clone, Debug, Default)]
pub struct PinyinIndex(HashMap<String, Readings>);

impl PinyinIndex {
    /// Indexes the given texts (names, clubs).
    pub fn build<'a>(texts: impl IntoIterator<Item = &'a str>) -> PinyinIndex {
        let mut map = HashMap::new();
        for t in texts {
            if !map.contains_key(t) {
                map.insert(t.to_string(), Readings::of(t));
            }
        }
        PinyinIndex(map)
    }

    /// Whether `text` starts with the normalised `query` (read as pinyin).
    pub fn starts(&self, text: &str, query: &str) -> bool {
        match self.0.get(text) {
            Some(r) => r.starts(query),
            None => Readings::of(text).starts(query),
        }
    }

    /// Whether `text` matches the normalised `query` (see [`normalise`]);
    /// a text not indexed is read on the spot.
    pub fn matches(&self, text: &str, query: &str) -> bool {
        match self.0.get(text) {
            Some(r) => r.matches(query),
            None => Readings::of(text).matches(query),
        }
    }
}

/// A name's place in a by-name list: by pinyin or by strokes (笔画), the
/// printed lists' `name_key` and `stroke_key`. One list uses one kind.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum NameKey {
    Pinyin(String),
    Strokes(Vec<(u8, String)>),
}

impl PinyinIndex {
    /// The sort key of `text` in `order` (config.toml `name_order`).
    pub fn sort_key(&self, text: &str, order: crate::domain::NameOrder) -> NameKey {
        match order {
            crate::domain::NameOrder::Pinyin => NameKey::Pinyin(crate::report::name_key(text)),
            crate::domain::NameOrder::Strokes => NameKey::Strokes(crate::report::stroke_key(text)),
        }
    }
}

/// A query as the matcher takes it: lowercase, without spaces.
pub fn normalise(query: &str) -> String {
    query
        .chars()
        .filter(|c| !c.is_whitespace())
        .flat_map(|c| c.to_lowercase())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn m(name: &str, q: &str) -> bool {
        Readings::of(name).matches(&normalise(q))
    }

    #[test]
    fn initials_in_any_case() {
        assert!(m("张华强", "zhq"));
        assert!(m("张华强", "ZHQ"));
        assert!(m("张华强", "Zhq"));
        assert!(m("张华强", "hq"), "a run inside the name");
        assert!(!m("张华强", "zqh"), "order matters");
        assert!(!m("张华强", "zhqx"), "nothing left to read");
        assert!(!m("王天一", "zhq"));
    }

    #[test]
    fn full_pinyin_and_mixtures() {
        assert!(m("张华强", "zhang"));
        assert!(m("张华强", "zhanghuaqiang"));
        assert!(m("张华强", "zhang hua"));
        assert!(m("张华强", "zhanghq"));
        assert!(m("张华强", "zhan"), "a syllable begun");
        assert!(m("张华强", "huaqiang"));
        assert!(!m("张华强", "zhangqiang"), "skips a character");
    }

    #[test]
    fn traditional_characters() {
        assert!(m("張華強", "zhq"));
        assert!(m("張華強", "zhang"));
        assert!(m("許銀川", "xyc"));
    }

    #[test]
    fn polyphonic_surnames_match_every_reading() {
        assert!(m("曾国藩", "zgf"));
        assert!(m("曾国藩", "cgf"));
        assert!(m("单雄信", "sxx"), "单 as a surname is shan");
        assert!(m("单雄信", "dxx"));
    }

    #[test]
    fn non_cjk_names_and_digits() {
        assert!(m("Lee Kong Chian", "leekong"));
        assert!(m("Lee Kong Chian", "KONG"));
        assert!(
            !m("Lee Kong Chian", "lkc"),
            "latin names are not split into initials"
        );
        assert!(m("队员2号", "dy2"));
        assert!(m("吕钦", "lvq"));
        assert!(m("吕钦", "lq"));
        assert!(m("吕钦", "lv"));
    }

    #[test]
    fn long_texts_of_polyphonic_characters_match_in_time() {
        // 60 characters of several readings each: a naive search would
        // branch on every one of them.
        let name = "长行重朝还和乐"
            .chars()
            .cycle()
            .take(60)
            .collect::<String>();
        let r = Readings::of(&name);
        assert!(!r.matches(&"z".repeat(61)));
        assert!(r.matches("zhzch"));
        assert!(!r.matches(&format!("{}q", "c".repeat(40))));
    }

    #[test]
    fn the_index_reads_unindexed_text_too() {
        let ix = PinyinIndex::build(["张华强", "西湖棋社"]);
        assert!(ix.matches("张华强", "zhq"));
        assert!(ix.matches("西湖棋社", "xhqs"));
        assert!(ix.matches("赵鑫鑫", "zxx"));
        assert!(!ix.matches("赵鑫鑫", "zhq"));
    }
}
