//! What the CSV readers share: the bytes decoded by the
//! one text decoder ([`super::text::decode_text`]), the header read, each
//! known column found, the required ones checked. Reasons are keyed
//! messages that the callers' errors carry beside the file and line.

use crate::i18n::{msg, Msg};
use std::io::Cursor;

/// A CSV reader over a file's decoded text.
pub(crate) type Reader = csv::Reader<Cursor<Vec<u8>>>;

/// A CSV reader over the decoded text, its header row, and the text's
/// lines to name a record's line by.
pub(crate) fn open(bytes: &[u8]) -> Result<(Reader, csv::StringRecord, Lines), Msg> {
    if let Some(why) = super::text::not_csv(bytes) {
        return Err(why);
    }
    let (text, _) = super::text::decode_text(bytes);
    let lines = Lines::new(&text);
    let mut rdr = csv::ReaderBuilder::new()
        .has_headers(true)
        .flexible(false)
        .from_reader(Cursor::new(text.into_bytes()));
    let headers = rdr
        .headers()
        .map_err(|e| msg!("err.csv.header", why = e.to_string()))?
        .clone();
    Ok((rdr, headers, lines))
}

/// The lines of a CSV text, to say on which line (from 1) a record the
/// csv reader gives begins. The reader's own line count is not it: a
/// record's position is where the reader began reading it, which is
/// before the `\n` of a CRLF line end (every line of a Windows file would
/// be one too low) and before the blank lines it skips.
pub(crate) struct Lines {
    bytes: Vec<u8>,
    /// The byte offset of every `\n`, in order.
    newlines: Vec<usize>,
}

impl Lines {
    pub(crate) fn new(text: &str) -> Lines {
        let bytes = text.as_bytes().to_vec();
        let newlines = newline_offsets(&bytes);
        Lines { bytes, newlines }
    }

    /// The line of the record the reader started reading at byte `offset`:
    /// the line ends and blank lines there are stepped over first.
    pub(crate) fn at(&self, offset: u64) -> u64 {
        let mut end = usize::try_from(offset)
            .unwrap_or(usize::MAX)
            .min(self.bytes.len());
        while end < self.bytes.len() && matches!(self.bytes[end], b'\r' | b'\n') {
            end += 1;
        }
        self.newlines.partition_point(|&n| n < end) as u64 + 1
    }

    /// The line of a record, `or` when the reader gave no position.
    pub(crate) fn of(&self, position: Option<&csv::Position>, or: u64) -> u64 {
        position.map_or(or, |p| self.at(p.byte()))
    }
}

fn newline_offsets(bytes: &[u8]) -> Vec<usize> {
    bytes
        .iter()
        .enumerate()
        .filter(|(_, b)| **b == b'\n')
        .map(|(i, _)| i)
        .collect()
}

/// Where each known column stands: `found[g][k]` is the index of the
/// header cell named `known[g][k]` (names compared trimmed and in lower
/// case). A name in no group, or twice, is refused; the message lists the
/// first group (the others are optional sets the caller asked for).
pub(crate) fn find_columns(
    headers: &csv::StringRecord,
    known: &[&[&str]],
) -> Result<Vec<Vec<Option<usize>>>, Msg> {
    let mut found: Vec<Vec<Option<usize>>> = known.iter().map(|k| vec![None; k.len()]).collect();
    for (i, h) in headers.iter().enumerate() {
        let name = h.trim().trim_start_matches('\u{feff}').to_ascii_lowercase();
        let Some((g, k)) = known
            .iter()
            .enumerate()
            .find_map(|(g, names)| names.iter().position(|c| *c == name).map(|k| (g, k)))
        else {
            return Err(msg!(
                "err.csv.unknown_column",
                name = h.trim(),
                allowed = known[0].join(", ")
            ));
        };
        if found[g][k].replace(i).is_some() {
            return Err(msg!("err.csv.column_twice", name));
        }
    }
    Ok(found)
}

/// The first of `required` (names among `known`) with no column, as the
/// reason; the message keyed `why` ends it.
pub(crate) fn check_required(
    found: &[Option<usize>],
    known: &[&str],
    required: &[&str],
    why: &'static str,
) -> Result<(), Msg> {
    for r in required {
        let k = known.iter().position(|c| c == r);
        if k.and_then(|k| found[k]).is_none() {
            return Err(msg!("err.csv.required_missing", name = r, why = msg!(why)));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const KNOWN: [&str; 3] = ["team", "board", "name"];

    fn columns(text: &str) -> Result<Vec<Vec<Option<usize>>>, String> {
        let en = |m: Msg| m.render(crate::i18n::Lang::En);
        let (_, h, _) = open(text.as_bytes()).map_err(en)?;
        find_columns(&h, &[&KNOWN, &["home"]]).map_err(en)
    }

    #[test]
    fn a_records_line_is_counted_alike_with_crlf_lf_and_blank_lines() {
        for text in [
            "a,b\n1,2\n\n3,4\n",
            "a,b\r\n1,2\r\n\r\n3,4\r\n",
            "\u{feff}a,b\r\n1,2\r\n\r\n3,4",
        ] {
            let lines = Lines::new(text);
            let mut rdr = csv::ReaderBuilder::new().from_reader(text.as_bytes());
            let got: Vec<u64> = rdr
                .records()
                .map(|r| lines.of(r.unwrap().position(), 0))
                .collect();
            assert_eq!(got, [2, 4], "{text:?}");
        }
    }

    #[test]
    fn columns_are_found_in_any_order_and_case_from_any_encoding() {
        assert_eq!(
            columns(" Name ,TEAM,home\n").unwrap(),
            [vec![Some(1), None, Some(0)], vec![Some(2)]]
        );
        // GBK bytes and a BOM decode through the one text decoder.
        let (gbk, _, _) = encoding_rs::GBK.encode("team,board,name\n王,1,李\n");
        let (mut rdr, h, _) = open(&gbk).unwrap();
        assert_eq!(
            find_columns(&h, &[&KNOWN]).unwrap()[0],
            [Some(0), Some(1), Some(2)]
        );
        assert_eq!(&rdr.records().next().unwrap().unwrap()[2], "李");
        let (_, h, _) = open("\u{feff}team,board\n".as_bytes()).unwrap();
        assert_eq!(
            find_columns(&h, &[&KNOWN]).unwrap()[0],
            [Some(0), Some(1), None]
        );
    }

    #[test]
    fn unknown_twice_and_missing_columns_are_named() {
        let e = columns("team,bord\n").unwrap_err();
        assert_eq!(e, "unknown column \"bord\"; allowed: team, board, name");
        assert_eq!(
            columns("team,Team\n").unwrap_err(),
            "column \"team\" appears twice"
        );
        let found = columns("team,name\n").unwrap();
        let e = check_required(&found[0], &KNOWN, &["team", "board"], "err.csv.need.teams");
        assert_eq!(
            e.unwrap_err().render(crate::i18n::Lang::En),
            "the required column \"board\" is missing (required: team, board, name)"
        );
        assert!(check_required(&found[0], &KNOWN, &["name"], "x").is_ok());
    }
}
