//! The teams CSV (`qishe import teams`): one row per roster member, header
//! `team,board,name,club,rating` (`board` = roster position 1, 2, …; club
//! and rating optional). Any text encoding the one decoder reads
//! (`text::decode_text`: UTF-8, GB18030/GBK, Big5, UTF-16).

use super::games_csv::GamesCsvError;
use crate::i18n::{msg, Msg};

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
    let err = |line: u64, column: Option<&str>, message: Msg| GamesCsvError {
        file: file.to_string(),
        line,
        column: column.map(str::to_string),
        message,
    };
    let (mut rdr, headers, lines) = super::csv_header::open(bytes).map_err(|m| err(1, None, m))?;
    let found =
        super::csv_header::find_columns(&headers, &[&COLUMNS]).map_err(|m| err(1, None, m))?;
    let col = &found[0];
    super::csv_header::check_required(col, &COLUMNS, &COLUMNS[..3], "err.csv.need.teams")
        .map_err(|m| err(1, None, m))?;
    let mut rows = Vec::new();
    for rec in rdr.records() {
        let rec = rec.map_err(|e| {
            let (line, msg) = super::games_csv::record_problem(&e, &lines);
            err(line, None, msg)
        })?;
        let line = lines.of(rec.position(), 0);
        if rec.iter().all(|c| c.trim().is_empty()) {
            continue;
        }
        let cell = |k: usize| col[k].and_then(|i| rec.get(i)).map(str::trim).unwrap_or("");
        let team = cell(0).to_string();
        if team.is_empty() {
            return Err(err(line, Some("team"), msg!("err.csv.empty")));
        }
        let board = crate::domain::typed::number::<u32>(cell(1))
            .filter(|b| *b >= 1)
            .ok_or_else(|| {
                err(
                    line,
                    Some("board"),
                    msg!(
                        "err.csv.is_not",
                        value = cell(1),
                        what = msg!("err.csv.what.roster")
                    ),
                )
            })?;
        let name = cell(2).to_string();
        if name.is_empty() {
            return Err(err(line, Some("name"), msg!("err.csv.empty")));
        }
        let club = Some(cell(3).to_string()).filter(|c| !c.is_empty());
        let rating = match cell(4) {
            "" => None,
            r => Some(crate::domain::typed::number::<i32>(r).ok_or_else(|| {
                err(
                    line,
                    Some("rating"),
                    msg!(
                        "err.csv.is_not",
                        value = r,
                        what = msg!("err.csv.what.rating")
                    ),
                )
            })?),
        };
        // The store's limits, here with the row's line.
        use crate::domain::limits;
        limits::team(&team, None, None).map_err(|m| err(line, Some("team"), m))?;
        limits::name("name", &name).map_err(|m| err(line, Some("name"), m))?;
        if let Some(c) = &club {
            limits::text("club", c).map_err(|m| err(line, Some("club"), m))?;
        }
        if let Some(r) = rating {
            limits::range("rating", r as i64, limits::RATING.0, limits::RATING.1)
                .map_err(|m| err(line, Some("rating"), m))?;
        }
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
    fn a_big5_roster_reads_like_a_utf8_one() {
        let t = "team,board,name,club\n臺北隊,1,吳貴臨,臺北市\n臺北隊,2,劉國華,\n";
        let (big5, _, bad) = encoding_rs::BIG5.encode(t);
        assert!(!bad);
        assert_eq!(
            read_teams_csv(&big5, "t.csv").unwrap(),
            read_teams_csv(t.as_bytes(), "t.csv").unwrap()
        );
    }

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
