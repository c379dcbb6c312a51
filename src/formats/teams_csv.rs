//! The teams CSV (`qishe import teams`): one row per roster member, header
//! `team,board,name,club,rating` (`board` = roster position 1, 2, …; club
//! and rating optional). UTF-8 (with or without BOM) or GBK.

use super::games_csv::GamesCsvError;

/// One roster row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamRow {
    pub line: u64,
    pub team: String,
    pub board: u32,
    pub name: String,
    pub club: Option<String>,
    pub rating: Option<i32>,
}

const COLUMNS: [&str; 5] = ["team", "board", "name", "club", "rating"];

/// Reads a teams CSV. `file` names the file in error messages.
pub fn read_teams_csv(bytes: &[u8], file: &str) -> Result<Vec<TeamRow>, GamesCsvError> {
    let err = |line: u64, column: Option<&str>, message: String| GamesCsvError {
        file: file.to_string(),
        line,
        column: column.map(str::to_string),
        message,
    };
    let b = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let text = match std::str::from_utf8(b) {
        Ok(t) => t.to_string(),
        Err(_) => {
            let (t, bad) = encoding_rs::GBK.decode_without_bom_handling(b);
            if bad {
                return Err(err(
                    1,
                    None,
                    "the file is neither UTF-8 nor GBK text".into(),
                ));
            }
            t.into_owned()
        }
    };
    let mut rdr = csv::ReaderBuilder::new()
        .has_headers(true)
        .flexible(false)
        .from_reader(text.as_bytes());
    let headers = rdr
        .headers()
        .map_err(|e| err(1, None, format!("cannot read the header: {e}")))?
        .clone();
    let mut col: [Option<usize>; 5] = [None; 5];
    for (i, h) in headers.iter().enumerate() {
        let name = h.trim().to_ascii_lowercase();
        let Some(k) = COLUMNS.iter().position(|c| *c == name) else {
            return Err(err(
                1,
                None,
                format!(
                    "unknown column \"{}\"; allowed: {}",
                    h.trim(),
                    COLUMNS.join(", ")
                ),
            ));
        };
        if col[k].is_some() {
            return Err(err(1, None, format!("column \"{name}\" appears twice")));
        }
        col[k] = Some(i);
    }
    for (k, c) in COLUMNS.iter().enumerate().take(3) {
        if col[k].is_none() {
            return Err(err(
                1,
                None,
                format!("the required column \"{c}\" is missing (required: team, board, name)"),
            ));
        }
    }
    let mut rows = Vec::new();
    for rec in rdr.records() {
        let rec = rec.map_err(|e| {
            let (line, msg) = super::games_csv::record_problem(&e);
            err(line, None, msg)
        })?;
        let line = rec.position().map(|p| p.line()).unwrap_or(0);
        if rec.iter().all(|c| c.trim().is_empty()) {
            continue;
        }
        let cell = |k: usize| col[k].and_then(|i| rec.get(i)).map(str::trim).unwrap_or("");
        let team = cell(0).to_string();
        if team.is_empty() {
            return Err(err(line, Some("team"), "is empty".into()));
        }
        let board = cell(1)
            .parse::<u32>()
            .ok()
            .filter(|b| *b >= 1)
            .ok_or_else(|| {
                err(
                    line,
                    Some("board"),
                    format!("\"{}\" is not a roster position (1 or more)", cell(1)),
                )
            })?;
        let name = cell(2).to_string();
        if name.is_empty() {
            return Err(err(line, Some("name"), "is empty".into()));
        }
        let club = Some(cell(3).to_string()).filter(|c| !c.is_empty());
        let rating = match cell(4) {
            "" => None,
            r => Some(
                r.parse::<i32>()
                    .map_err(|_| err(line, Some("rating"), format!("\"{r}\" is not a rating")))?,
            ),
        };
        rows.push(TeamRow {
            line,
            team,
            board,
            name,
            club,
            rating,
        });
    }
    Ok(rows)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_rows_and_names_the_bad_line() {
        let t = "team,board,name,club,rating\n火车头,1,王天一,,2700\n火车头,2,郑惟桐,四川,\n";
        let rows = read_teams_csv(t.as_bytes(), "t.csv").unwrap();
        assert_eq!(rows.len(), 2);
        assert_eq!(
            (rows[0].line, rows[0].board, rows[0].rating),
            (2, 1, Some(2700))
        );
        assert_eq!(rows[1].club.as_deref(), Some("四川"));
        let bad = "team,board,name\nA,x,王\n";
        let e = read_teams_csv(bad.as_bytes(), "t.csv").unwrap_err();
        assert_eq!(
            e.to_string(),
            "t.csv:2: column board: \"x\" is not a roster position (1 or more)"
        );
        assert!(read_teams_csv(b"team,name\nA,B\n", "t.csv").is_err());
    }
}
