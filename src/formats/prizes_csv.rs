//! The prize list CSV (`qishe event prizes`): header
//! `category,place,value`, one row per prize (prizes.md §1). Any text
//! encoding the one decoder reads. One bad row refuses the whole file;
//! the error names the file, the line (the header is line 1) and the
//! reason, as a keyed message.

use crate::domain::{Category, Prize, PrizeValue};
use crate::i18n::{msg, Msg};
use std::collections::HashMap;

const COLUMNS: [&str; 3] = ["category", "place", "value"];

/// A refused prize list: file, line and the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PrizesCsvError {
    pub file: String,
    pub line: u64,
    pub message: Msg,
}

impl PrizesCsvError {
    /// The error as a keyed message: `file:line: reason`.
    pub fn msg(&self) -> Msg {
        msg!(
            "err.prizes_csv.at",
            file = &self.file,
            line = self.line,
            why = self.message.clone()
        )
    }
}

crate::i18n::english_display!(PrizesCsvError);

impl std::error::Error for PrizesCsvError {}

/// Is `c` a digit, ASCII or full width?
fn digit(c: char) -> bool {
    c.is_ascii_digit() || ('０'..='９').contains(&c)
}

/// Made of digits, signs, points, commas and spaces, with a digit: a value
/// meant as an amount (`12.5`, `-300`, `1,000`, `1 000`).
fn number_like(s: &str) -> bool {
    s.chars().any(digit)
        && s.chars().all(|c| {
            digit(c)
                || matches!(
                    c,
                    '+' | '-' | '−' | '＋' | '－' | '.' | '．' | ',' | '，' | ' ' | '\u{3000}'
                )
        })
}

/// Reads a prize list. `file` names the file in error messages. Returns
/// the prizes in file order with the line of each.
pub fn read_prizes_csv(bytes: &[u8], file: &str) -> Result<Vec<(u64, Prize)>, PrizesCsvError> {
    let err = |line: u64, message: Msg| PrizesCsvError {
        file: file.to_string(),
        line,
        message,
    };
    if let Some(message) = super::text::not_csv(bytes) {
        return Err(err(1, message));
    }
    let (text, _) = super::text::decode_text(bytes);
    let lines = super::csv_header::Lines::new(&text);
    let mut rdr = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .from_reader(text.as_bytes());
    let mut records = rdr.records();
    let header = match records.next() {
        Some(Ok(h)) => h,
        Some(Err(e)) => {
            let line = lines.of(e.position(), 1);
            return Err(err(line, msg!("err.csv.reader", why = e.to_string())));
        }
        None => return Err(err(1, msg!("err.prizes_csv.header", found = ""))),
    };
    let names: Vec<String> = header
        .iter()
        .map(|h| {
            h.trim()
                .trim_start_matches('\u{feff}')
                .trim()
                .to_ascii_lowercase()
        })
        .collect();
    let mut sorted = names.clone();
    sorted.sort();
    let mut want: Vec<String> = COLUMNS.iter().map(|c| c.to_string()).collect();
    want.sort();
    if sorted != want {
        let found = header.iter().collect::<Vec<_>>().join(",");
        let line = lines.of(header.position(), 1);
        return Err(err(line, msg!("err.prizes_csv.header", found)));
    }
    let at = |name: &str| names.iter().position(|n| n == name).unwrap_or(0);
    let (ci, pi, vi) = (at("category"), at("place"), at("value"));
    // Per category: the last place and its value.
    let mut last: HashMap<Category, (u32, PrizeValue)> = HashMap::new();
    let mut out = Vec::new();
    for rec in records {
        let rec = rec.map_err(|e| {
            let line = lines.of(e.position(), 0);
            err(line, msg!("err.csv.reader", why = e.to_string()))
        })?;
        let line = lines.of(rec.position(), 0);
        if rec.iter().all(|c| c.trim().is_empty()) {
            continue;
        }
        if rec.len() != COLUMNS.len() {
            return Err(err(line, msg!("err.prizes_csv.fields", found = rec.len())));
        }
        let (cat, place, value) = (rec[ci].trim(), rec[pi].trim(), rec[vi].trim());
        let category = Category::parse(cat)
            .ok_or_else(|| err(line, msg!("err.prizes_csv.category", value = cat)))?;
        let place: u32 = place
            .bytes()
            .all(|b| b.is_ascii_digit())
            .then(|| place.parse::<u32>().ok())
            .flatten()
            .filter(|p| *p >= 1)
            .ok_or_else(|| err(line, msg!("err.prizes_csv.place", value = place)))?;
        let expected = last.get(&category).map_or(1, |l| l.0 + 1);
        if place != expected {
            return Err(err(
                line,
                msg!(
                    "err.prizes_csv.order",
                    place,
                    category = category.code(),
                    expected
                ),
            ));
        }
        if value.is_empty() {
            return Err(err(line, msg!("err.prizes_csv.empty_value")));
        }
        let value = if value.bytes().all(|b| b.is_ascii_digit()) {
            match value.parse::<u64>() {
                Ok(0) => return Err(err(line, msg!("err.prizes_csv.zero"))),
                Ok(m) if m <= 1_000_000_000_000 => PrizeValue::Money(m),
                _ => return Err(err(line, msg!("err.prizes_csv.unclear", value))),
            }
        } else if number_like(value) {
            return Err(err(line, msg!("err.prizes_csv.unclear", value)));
        } else {
            PrizeValue::Item(value.to_string())
        };
        if let Some((prev_place, prev)) = last.get(&category) {
            match (prev, &value) {
                (PrizeValue::Money(a), PrizeValue::Money(b)) if b > a => {
                    return Err(err(
                        line,
                        msg!(
                            "err.prizes_csv.grows",
                            place,
                            category = category.code(),
                            amount = b,
                            prev_place,
                            prev = a
                        ),
                    ))
                }
                (PrizeValue::Item(item), PrizeValue::Money(_)) => {
                    return Err(err(
                        line,
                        msg!(
                            "err.prizes_csv.after_item",
                            place,
                            category = category.code(),
                            prev_place,
                            item
                        ),
                    ))
                }
                _ => {}
            }
        }
        last.insert(category.clone(), (place, value.clone()));
        out.push((
            line,
            Prize {
                category,
                place,
                value,
            },
        ));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::Sex;

    fn read(text: &str) -> Result<Vec<Prize>, String> {
        read_prizes_csv(text.as_bytes(), "prizes.csv")
            .map(|v| v.into_iter().map(|(_, p)| p).collect())
            .map_err(|e| e.to_string())
    }

    #[test]
    fn reads_the_list_of_example_1() {
        let t = "category,place,value\r\noverall,1,2000\r\nsex=f,1,1500\r\n\r\n  club=红星 , 1 , 奖杯 \r\noverall,2,1000元\r\n";
        let v = read(t).unwrap();
        assert_eq!(v.len(), 4);
        assert_eq!(v[0].value, PrizeValue::Money(2000));
        assert_eq!(v[1].category, Category::Sex(Sex::F));
        assert_eq!(v[2].category, Category::Club("红星".into()));
        assert_eq!(v[2].value, PrizeValue::Item("奖杯".into()));
        // `1000元` has other characters: an item.
        assert_eq!(v[3].value, PrizeValue::Item("1000元".into()));
    }

    #[test]
    fn gbk_and_a_bom_read_like_utf8() {
        let t = "category,place,value\nclub=红星,1,奖杯\n";
        let (gbk, _, bad) = encoding_rs::GBK.encode(t);
        assert!(!bad);
        assert_eq!(
            read_prizes_csv(&gbk, "p.csv"),
            read_prizes_csv(t.as_bytes(), "p.csv")
        );
        let bom = format!("\u{feff}{t}");
        assert_eq!(read(&bom).unwrap(), read(t).unwrap());
    }

    #[test]
    fn every_refusal_names_file_line_and_reason() {
        let h = "category,place,value\n";
        let cases: Vec<(String, &str)> = vec![
            ("cat,place,value\n".into(), "prizes.csv:1: the header must be category,place,value"),
            ("category,place\n".into(), "prizes.csv:1: the header must be category,place,value"),
            ("".into(), "prizes.csv:1: the header must be category,place,value"),
            (format!("{h}overall,1\n"), "prizes.csv:2: 2 fields; a row has 3: category,place,value"),
            (format!("{h}overall,1,1,000\n"), "prizes.csv:2: 4 fields; a row has 3: category,place,value"),
            (format!("{h}women,1,100\n"), "prizes.csv:2: unknown category \"women\""),
            (format!("{h}born>=10,1,100\n"), "prizes.csv:2: unknown category \"born>=10\""),
            (format!("{h}overall,0,100\n"), "prizes.csv:2: place \"0\" is not a whole number of 1 or more"),
            (format!("{h}overall,1.5,100\n"), "prizes.csv:2: place \"1.5\" is not a whole number of 1 or more"),
            (format!("{h}overall,first,100\n"), "prizes.csv:2: place \"first\" is not a whole number of 1 or more"),
            (format!("{h}overall,1,100\nsex=f,1,50\nsex=f,3,20\n"), "prizes.csv:4: place 3 of sex=f: expected place 2"),
            (format!("{h}overall,1,100\noverall,1,50\n"), "prizes.csv:3: place 1 of overall: expected place 2"),
            (format!("{h}overall,2,100\n"), "prizes.csv:2: place 2 of overall: expected place 1"),
            (format!("{h}overall,1,\n"), "prizes.csv:2: the value is empty"),
            (format!("{h}overall,1,0\n"), "prizes.csv:2: unclear amount \"0\": money is a whole amount of at least 1"),
            (format!("{h}overall,1,12.5\n"), "prizes.csv:2: unclear amount \"12.5\": write money as digits only (1000), an item as words"),
            (format!("{h}overall,1,-300\n"), "prizes.csv:2: unclear amount \"-300\": write money as digits only (1000), an item as words"),
            (format!("{h}overall,1,\"1,000\"\n"), "prizes.csv:2: unclear amount \"1,000\": write money as digits only (1000), an item as words"),
            (format!("{h}overall,1,1 000\n"), "prizes.csv:2: unclear amount \"1 000\": write money as digits only (1000), an item as words"),
            (format!("{h}overall,1,１０００\n"), "prizes.csv:2: unclear amount \"１０００\": write money as digits only (1000), an item as words"),
            (format!("{h}sex=f,1,300\nsex=f,2,500\n"), "prizes.csv:3: place 2 of sex=f is 500, more than place 1 (300): money never grows"),
            (format!("{h}sex=f,1,奖杯\nsex=f,2,100\n"), "prizes.csv:3: place 2 of sex=f is money after an item (place 1: 奖杯): items come last"),
        ];
        for (text, want) in cases {
            let got = read(&text).unwrap_err();
            assert!(got.starts_with(want), "{text:?}\n got: {got}\nwant: {want}");
        }
    }

    #[test]
    fn lines_are_the_files_lines_blank_ones_and_quoted_breaks_counted() {
        let cases = [
            (
                "category,place,value\n\noverall,1,100\n\n\noverall,3,50\n",
                "prizes.csv:6: place 3 of overall",
            ),
            (
                "category,place,value\r\n\r\noverall,1,100\r\n  \r\noverall,3,50\r\n",
                "prizes.csv:5: place 3 of overall",
            ),
            (
                "\ncat,place,value\noverall,1,100\n",
                "prizes.csv:2: the header must be",
            ),
            (
                "category,place,value\noverall,1,\"a\nb\"\n\noverall,1,5\n",
                "prizes.csv:5: place 1 of overall",
            ),
        ];
        for (text, want) in cases {
            let got = read(text).unwrap_err();
            assert!(got.starts_with(want), "{text:?}\n got: {got}\nwant: {want}");
        }
    }

    #[test]
    fn equal_money_and_interleaved_categories_are_fine() {
        let t = "category,place,value\nsex=f,1,1000\noverall,1,3000\nsex=f,2,600\nsex=f,3,600\noverall,2,证书\nsex=f,4,300\nsex=f,5,证书\nsex=f,6,奖杯\n";
        assert_eq!(read(t).unwrap().len(), 8);
        // Columns in another order and case.
        let t = "Value, Category ,PLACE\n2000,overall,1\n";
        assert_eq!(read(t).unwrap()[0].value, PrizeValue::Money(2000));
    }
}
