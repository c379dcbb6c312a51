//! The dates of a TRF file as other programs write them, read into
//! dates (`042`, `052`; a `132`'s round dates are the reader's).

/// A TRF date: `YYYY/MM/DD` (TRF-2026), also with `-` or `.`; the older
/// forms other programs write, `DD.MM.YYYY` (also `DD. MM. YYYY`),
/// `DD/MM/YYYY` and `YY/MM/DD` (TRF-16's round dates), read by where the
/// separators stand; and lichess's `May 29, 2020`.
pub(super) fn parse_trf_date(s: &str) -> Option<chrono::NaiveDate> {
    if let Some(d) = month_name_date(s) {
        return Some(d);
    }
    // `28. 07. 2005`: German programs put a blank after each dot.
    let s: String = s.split_whitespace().collect();
    let s = s.as_str();
    let sep = |i: usize| matches!(s.as_bytes().get(i), Some(b'/' | b'-' | b'.'));
    let num = |a: usize, b: usize| -> Option<u32> {
        let t = s.get(a..b)?;
        t.bytes()
            .all(|c| c.is_ascii_digit())
            .then(|| t.parse().ok())?
    };
    let (y, m, d) = match s.len() {
        10 if sep(4) && sep(7) => (num(0, 4)?, num(5, 7)?, num(8, 10)?),
        10 if sep(2) && sep(5) => (num(6, 10)?, num(3, 5)?, num(0, 2)?),
        8 if sep(2) && sep(5) => (2000 + num(0, 2)?, num(3, 5)?, num(6, 8)?),
        _ => return None,
    };
    chrono::NaiveDate::from_ymd_opt(y as i32, m, d)
}

/// `May 29, 2020`, as lichess's Swiss export writes its dates: an
/// English month (its first three letters), the day, the year.
fn month_name_date(s: &str) -> Option<chrono::NaiveDate> {
    const MONTHS: [&str; 12] = [
        "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
    ];
    let words: Vec<&str> = s.split_whitespace().collect();
    let [month, day, year] = words[..] else {
        return None;
    };
    let month = month.trim_end_matches('.').to_ascii_lowercase();
    if !month.chars().all(|c| c.is_ascii_alphabetic()) {
        return None;
    }
    let m = MONTHS.iter().position(|n| month.get(..3) == Some(n))? as u32 + 1;
    let d: u32 = day.trim_end_matches(',').parse().ok()?;
    let y: i32 = year.parse().ok().filter(|_| year.len() == 4)?;
    chrono::NaiveDate::from_ymd_opt(y, m, d)
}

/// A `042` / `052` line in TRF-2026's form (`YYYY/MM/DD`) when its date
/// is read, else as it was written.
pub(super) fn date_line(line: &str) -> String {
    match parse_trf_date(line.get(3..).unwrap_or("").trim()) {
        Some(d) => format!("{} {}", &line[..3], d.format("%Y/%m/%d")),
        None => line.to_string(),
    }
}
