//! Names in stroke order (笔画): the stroke count of each character of the
//! CJK Unified Ideographs block (U+4E00–U+9FFF, simplified and
//! traditional).
//!
//! `strokes.txt` holds one printable ASCII character per code point of the
//! block, in order, 128 to a line: the count plus 33 (`!` = 0 strokes,
//! unknown). The counts are the Unicode Character Database's Unihan
//! `kTotalStrokes` (its first value where it gives two), written from
//! Debian's `unicode-data` package by:
//!
//! ```text
//! python3 -c 'import bz2
//! c = {}
//! for l in bz2.open("/usr/share/unicode/Unihan_IRGSources.txt.bz2", "rt"):
//!     if l.startswith("U+") and l.split("\t")[1] == "kTotalStrokes":
//!         c[int(l[2:].split("\t")[0], 16)] = int(l.split("\t")[2].split()[0])
//! s = "".join(chr(33 + c.get(x, 0)) for x in range(0x4E00, 0xA000))
//! print("\n".join(s[i:i + 128] for i in range(0, len(s), 128)))' > strokes.txt
//! ```

const DATA: &str = include_str!("strokes.txt");
const FIRST: u32 = 0x4E00;
const LAST: u32 = 0x9FFF;
const PER_LINE: usize = 128;

/// The stroke count of a CJK character of the basic block, `None` for
/// anything else.
pub fn strokes(c: char) -> Option<u8> {
    let cp = c as u32;
    if !(FIRST..=LAST).contains(&cp) {
        return None;
    }
    let i = (cp - FIRST) as usize;
    // Each line of the file ends with a newline.
    let b = *DATA.as_bytes().get(i + i / PER_LINE)?;
    (b > b'!').then(|| b - b'!')
}

/// Sort key of a name in stroke order: character by character, fewer
/// strokes first; equal counts by pinyin, then the character; a character
/// without a count (Latin letters, rare ideographs) after all counted
/// ones, a run of digits by its number (`棋手2` before `棋手10`). A name
/// that begins another comes first (王 before 王天一).
pub fn stroke_key(name: &str) -> Vec<(u8, String)> {
    use pinyin::ToPinyin;
    let mut key = Vec::new();
    let mut chars = name.chars().filter(|c| !c.is_whitespace()).peekable();
    while let Some(c) = chars.next() {
        key.push(match strokes(c) {
            Some(n) => {
                let py = c.to_pinyin().map(|p| p.plain()).unwrap_or_default();
                (n, format!("{py}\u{1}{c}"))
            }
            None if c.is_ascii_digit() => {
                let mut run = String::from(c);
                while let Some(d) = chars.next_if(char::is_ascii_digit) {
                    run.push(d);
                }
                (u8::MAX, number_key(&run))
            }
            None => (u8::MAX, c.to_lowercase().collect()),
        });
    }
    key
}

/// A run of digits as text that sorts by its number: without leading
/// zeros, padded to 20 digits (a longer run keeps its length, after every
/// shorter number). `7` and `007` read alike; the names keep their order
/// by start number or id after the key.
pub fn number_key(digits: &str) -> String {
    let n = digits.trim_start_matches('0');
    format!("{n:0>20}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_of_common_surnames_simplified_and_traditional() {
        for (c, n) in [
            ('一', 1),
            ('丁', 2),
            ('王', 4),
            ('吕', 6),
            ('张', 7),
            ('張', 11),
            ('欧', 8),
            ('歐', 15),
            ('赵', 9),
            ('趙', 14),
            ('龘', 48),
        ] {
            assert_eq!(strokes(c), Some(n), "{c}");
        }
        assert_eq!(strokes('a'), None);
        assert_eq!(strokes('\u{3400}'), None);
        assert_eq!(DATA.lines().count(), (LAST - FIRST + 1) as usize / PER_LINE);
        assert!(DATA.lines().all(|l| l.len() == PER_LINE));
    }

    #[test]
    fn names_sort_by_strokes_then_pinyin_latin_last() {
        let mut names = vec![
            "赵鑫鑫",
            "王天一",
            "Li Wei",
            "丁一",
            "吕钦",
            "王",
            "许银川",
            "吴",
        ];
        names.sort_by_cached_key(|n| stroke_key(n));
        // 丁 2, 王 4 (王 before 王天一), 吕 and 许 6 (lü before xu), 吴 7, 赵 9.
        assert_eq!(
            names,
            [
                "丁一",
                "王",
                "王天一",
                "吕钦",
                "许银川",
                "吴",
                "赵鑫鑫",
                "Li Wei"
            ]
        );
    }

    #[test]
    fn numbers_in_names_sort_by_their_value() {
        let mut v = ["棋手10", "棋手2", "棋手1", "棋手02x", "棋手"];
        v.sort_by_key(|n| stroke_key(n));
        assert_eq!(v, ["棋手", "棋手1", "棋手2", "棋手02x", "棋手10"]);
        let mut v = ["Player 10", "Player 9", "Player 100", "Player 1"];
        v.sort_by_key(|n| stroke_key(n));
        assert_eq!(v, ["Player 1", "Player 9", "Player 10", "Player 100"]);
        let mut v = ["Player 10", "Player 9", "Player 100", "Player 1", "Player"];
        v.sort_by_key(|n| crate::report::name_key(n));
        assert_eq!(
            v,
            ["Player", "Player 1", "Player 9", "Player 10", "Player 100"]
        );
        let mut v = ["第10队", "第2队", "第1队"];
        v.sort_by_key(|n| crate::report::name_key(n));
        assert_eq!(v, ["第1队", "第2队", "第10队"]);
    }
}
