//! Member lists as CSV: header-driven (columns in any order, Chinese or
//! English headers), UTF-8 or GBK, every bad cell reported with its line.

use super::text::decode_text;
use crate::domain::{NewMember, Sex};
use crate::i18n::{msg, Msg};

/// A bad member file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MembersCsvError {
    /// A cell that does not hold what its column needs (`expected` is the
    /// i18n key of what it should be).
    BadCell {
        file: String,
        line: u64,
        column: String,
        value: String,
        expected: &'static str,
    },
    /// A row that cannot be read.
    BadRow {
        file: String,
        line: u64,
        message: Msg,
    },
    /// The header has no name column.
    NoNameColumn { file: String },
    /// A header the reader does not know.
    UnknownColumn { file: String, column: String },
}

impl MembersCsvError {
    /// The error as a keyed message, file and line included.
    pub fn msg(&self) -> Msg {
        use MembersCsvError::*;
        match self {
            BadCell {
                file,
                line,
                column,
                value,
                expected,
            } => msg!(
                "err.members.bad_cell",
                file,
                line,
                column,
                value,
                expected = Msg::new(expected)
            ),
            BadRow {
                file,
                line,
                message,
            } => msg!("err.members.bad_row", file, line, why = message.clone()),
            NoNameColumn { file } => msg!("err.members.no_name_column", file),
            UnknownColumn { file, column } => msg!("err.members.unknown_column", file, column),
        }
    }
}

crate::i18n::english_display!(MembersCsvError);

impl std::error::Error for MembersCsvError {}

/// One member read from the file, with its line (for duplicate reports).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MemberRow {
    pub line: u64,
    pub member: NewMember,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Field {
    Name,
    Rating,
    Club,
    Id,
    Born,
    Sex,
}

fn field_of(header: &str) -> Option<Field> {
    let h = header.trim().trim_start_matches('\u{feff}').to_lowercase();
    Some(match h.as_str() {
        "姓名" | "名字" | "name" | "player" | "棋手" => Field::Name,
        "等级分" | "等級分" | "rating" | "elo" | "分数" => Field::Rating,
        "单位" | "單位" | "俱乐部" | "俱樂部" | "club" | "team" | "队" | "隊" => {
            Field::Club
        }
        "编号" | "編號" | "会员号" | "會員號" | "id" | "ext_id" | "member id" => {
            Field::Id
        }
        "出生" | "出生年份" | "生年" | "born" | "birth" | "year of birth" => Field::Born,
        "性别" | "性別" | "sex" | "gender" => Field::Sex,
        _ => return None,
    })
}

/// Reads a member CSV. `file` names it in messages.
pub fn read_members(bytes: &[u8], file: &str) -> Result<Vec<MemberRow>, MembersCsvError> {
    if let Some(message) = super::text::not_csv(bytes) {
        return Err(MembersCsvError::BadRow {
            file: file.into(),
            line: 1,
            message,
        });
    }
    let (text, _) = decode_text(bytes);
    if let Some(line) = crate::formats::safe::unterminated_quote(&text) {
        return Err(MembersCsvError::BadRow {
            file: file.into(),
            line,
            message: msg!("err.csv.unterminated_quote"),
        });
    }
    let lines = super::csv_header::Lines::new(&text);
    let mut rdr = csv::ReaderBuilder::new()
        .flexible(true)
        .trim(csv::Trim::All)
        .from_reader(text.as_bytes());
    let headers = rdr
        .headers()
        .map_err(|e| MembersCsvError::BadRow {
            file: file.into(),
            line: 1,
            message: msg!("err.csv.reader", why = e),
        })?
        .clone();
    let mut cols: Vec<Option<Field>> = Vec::new();
    for h in headers.iter() {
        if h.trim().is_empty() {
            cols.push(None);
            continue;
        }
        match field_of(h) {
            Some(f) => cols.push(Some(f)),
            None => {
                return Err(MembersCsvError::UnknownColumn {
                    file: file.into(),
                    column: h.to_string(),
                })
            }
        }
    }
    if !cols.contains(&Some(Field::Name)) {
        return Err(MembersCsvError::NoNameColumn { file: file.into() });
    }
    let mut out = Vec::new();
    for rec in rdr.records() {
        let rec = rec.map_err(|e| MembersCsvError::BadRow {
            file: file.into(),
            line: lines.of(e.position(), 0),
            message: msg!("err.csv.reader", why = e),
        })?;
        let line = lines.of(rec.position(), 0);
        if rec.iter().all(|c| c.trim().is_empty()) {
            continue;
        }
        if rec.len() > cols.len() {
            return Err(MembersCsvError::BadRow {
                file: file.into(),
                line,
                message: msg!(
                    "err.members.too_many_cells",
                    cells = rec.len(),
                    columns = cols.len()
                ),
            });
        }
        let mut m = NewMember::default();
        for (i, cell) in rec.iter().enumerate() {
            let Some(field) = cols[i] else { continue };
            let cell = cell.trim();
            if cell.is_empty() {
                continue;
            }
            let bad = |expected: &'static str| MembersCsvError::BadCell {
                file: file.into(),
                line,
                column: headers[i].trim().to_string(),
                value: cell.to_string(),
                expected,
            };
            match field {
                Field::Name => m.name = cell.to_string(),
                Field::Rating => {
                    m.rating = Some(
                        crate::domain::typed::number(cell)
                            .ok_or_else(|| bad("err.members.expected.number"))?,
                    )
                }
                Field::Club => m.club = Some(cell.to_string()),
                Field::Id => m.ext_id = Some(cell.to_string()),
                Field::Born => {
                    let y: i32 = crate::domain::typed::number(cell)
                        .ok_or_else(|| bad("err.members.expected.year"))?;
                    if !(1900..=2100).contains(&y) {
                        return Err(bad("err.members.expected.year"));
                    }
                    m.born = Some(y)
                }
                Field::Sex => {
                    m.sex =
                        Some(Sex::from_code(cell).ok_or_else(|| bad("err.members.expected.sex"))?)
                }
            }
        }
        if m.name.is_empty() {
            return Err(MembersCsvError::BadRow {
                file: file.into(),
                line,
                message: msg!("err.members.empty_name"),
            });
        }
        // The store's limits, here with the row's line.
        crate::domain::limits::member(&m).map_err(|message| MembersCsvError::BadRow {
            file: file.into(),
            line,
            message,
        })?;
        out.push(MemberRow { line, member: m });
    }
    Ok(out)
}

/// Writes members as CSV with English headers (which `read_members` reads
/// back); a cell a spreadsheet would run as a formula gets a leading `'`.
pub fn write_members(members: &[crate::domain::Member]) -> String {
    write_members_with(members, false)
}

/// As [`write_members`]; `allow_formulas` writes every cell as it is
/// (`--csv-formulas`).
pub fn write_members_with(members: &[crate::domain::Member], allow_formulas: bool) -> String {
    let mut w = csv::Writer::from_writer(Vec::new());
    let _ = w.write_record(["id", "name", "rating", "club", "born", "sex"]);
    let cell = |c: String| {
        if allow_formulas {
            c
        } else {
            super::safe::csv_cell(&c).into_owned()
        }
    };
    for m in members {
        let _ = w.write_record(
            [
                m.ext_id.clone().unwrap_or_default(),
                m.name.clone(),
                m.rating.map(|r| r.to_string()).unwrap_or_default(),
                m.club.clone().unwrap_or_default(),
                m.born.map(|r| r.to_string()).unwrap_or_default(),
                m.sex.map(|s| s.code().to_string()).unwrap_or_default(),
            ]
            .map(cell),
        );
    }
    String::from_utf8(w.into_inner().unwrap_or_default()).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn written_cells_that_start_a_formula_are_neutralised() {
        let m = crate::domain::Member {
            id: 1,
            name: "=HYPERLINK(\"http://x\")".into(),
            rating: Some(1500),
            club: Some("@club".into()),
            ext_id: Some("-3".into()),
            born: None,
            sex: None,
            retired: false,
        };
        let safe = write_members(std::slice::from_ref(&m));
        assert!(safe.contains("'=HYPERLINK"), "{safe}");
        assert!(safe.contains("'@club"), "{safe}");
        assert!(
            safe.contains(",-3") || safe.starts_with("-3") || safe.contains("\n-3,"),
            "{safe}"
        );
        let raw = write_members_with(&[m], true);
        assert!(raw.contains("\"=HYPERLINK") && !raw.contains('\''), "{raw}");
    }

    #[test]
    fn chinese_headers_in_any_order() {
        let csv = "等级分,姓名,单位,性别\n2650,王天一,杭州,男\n,谢靖,上海,\n";
        let rows = read_members(csv.as_bytes(), "m.csv").unwrap();
        assert_eq!(rows.len(), 2);
        assert_eq!(rows[0].member.name, "王天一");
        assert_eq!(rows[0].member.rating, Some(2650));
        assert_eq!(rows[0].member.sex, Some(Sex::M));
        assert_eq!(rows[1].member.rating, None);
        assert_eq!(rows[1].line, 3);
    }

    #[test]
    fn a_bad_cell_names_file_line_and_column() {
        let mut csv = String::from("name,rating\n");
        for i in 0..15 {
            csv.push_str(&format!("P{i},{}\n", 1500 + i));
        }
        csv.push_str("坏人,abc\n");
        let e = read_members(csv.as_bytes(), "members.csv").unwrap_err();
        assert_eq!(
            e.to_string(),
            "members.csv:17: column rating: \"abc\" is not a number"
        );
        let e = read_members("姓名,等级分\n甲,abc\n".as_bytes(), "m.csv").unwrap_err();
        assert_eq!(
            e.to_string(),
            "m.csv:2: column 等级分: \"abc\" is not a number"
        );
    }

    #[test]
    fn gbk_files_are_read() {
        let (gbk, _, _) = encoding_rs::GBK.encode("姓名,等级分,单位\n吕钦,2600,广东\n");
        let rows = read_members(&gbk, "m.csv").unwrap();
        assert_eq!(rows[0].member.name, "吕钦");
        assert_eq!(rows[0].member.club.as_deref(), Some("广东"));
    }

    #[test]
    fn header_problems() {
        assert!(matches!(
            read_members(b"rating\n1\n", "m.csv"),
            Err(MembersCsvError::NoNameColumn { .. })
        ));
        assert!(matches!(
            read_members(b"name,colour\nx,red\n", "m.csv"),
            Err(MembersCsvError::UnknownColumn { .. })
        ));
    }

    #[test]
    fn export_reads_back() {
        let m = crate::domain::Member {
            id: 1,
            name: "赵, 国荣".into(),
            rating: Some(2500),
            club: Some("黑龙江".into()),
            ext_id: Some("7".into()),
            born: Some(1961),
            sex: Some(Sex::M),
            retired: false,
        };
        let text = write_members(std::slice::from_ref(&m));
        let back = read_members(text.as_bytes(), "x.csv").unwrap();
        assert_eq!(back[0].member.name, m.name);
        assert_eq!(back[0].member.ext_id, m.ext_id);
        assert_eq!(back[0].member.born, m.born);
    }
}
