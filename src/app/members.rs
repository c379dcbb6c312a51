//! Members in and out: the one duplicate rule (same name and club as a
//! member or an earlier row, in either script, or a member id already in
//! use) for adding, editing, importing and previewing an import.

use super::{invalid, App, ImportPreview, ImportReport, Result};
use crate::domain::Member;
use crate::formats::members_csv::{read_members, MemberRow};
use crate::i18n::{msg, Msg};
use std::collections::HashMap;

/// Why a row of a member list is a duplicate.
enum Why {
    /// Its member id is used by `by` (member #3, line 4).
    IdUsed { id: String, by: Msg },
    /// Same name and club as `of`.
    Same { of: Msg },
}

struct Duplicate {
    line: u64,
    /// `name (club)`.
    who: String,
    why: Why,
}

fn who(name: &str, club: Option<&str>) -> String {
    match club {
        Some(c) => format!("{name} ({c})"),
        None => name.to_string(),
    }
}

/// What two members share when one may be the other: the name and the
/// club, each folded by script (陳磊 of 棋會 is 陈磊 of 棋会).
fn dup_key(name: &str, club: Option<&str>) -> (String, String) {
    (
        crate::i18n::fold_script(name),
        crate::i18n::fold_script(club.unwrap_or("")),
    )
}

/// Whether a member named `name` of `club` may be the member `m` entered
/// twice: the same name and club, in either script. The one duplicate
/// rule of adding a member (CLI and TUI) and of an import.
pub fn may_duplicate(m: &Member, name: &str, club: Option<&str>) -> bool {
    dup_key(&m.name, m.club.as_deref()) == dup_key(name, club)
}

/// Splits rows into those to add and the duplicates, judged against the
/// club's members and the rows before them.
fn split_duplicates(existing: &[Member], rows: Vec<MemberRow>) -> (Vec<MemberRow>, Vec<Duplicate>) {
    let member = |id: i64| msg!("err.app.dup_member", id);
    let mut seen: HashMap<(String, String), Msg> = existing
        .iter()
        .map(|m| (dup_key(&m.name, m.club.as_deref()), member(m.id)))
        .collect();
    let mut ids: HashMap<String, Msg> = existing
        .iter()
        .filter_map(|m| m.ext_id.clone().map(|x| (x, member(m.id))))
        .collect();
    let mut keep = Vec::with_capacity(rows.len());
    let mut dups = Vec::new();
    for r in rows {
        let m = &r.member;
        let who = who(&m.name, m.club.as_deref());
        if let Some((id, by)) = m
            .ext_id
            .as_ref()
            .and_then(|x| ids.get(x).map(|by| (x.clone(), by.clone())))
        {
            dups.push(Duplicate {
                line: r.line,
                who,
                why: Why::IdUsed { id, by },
            });
            continue;
        }
        let key = dup_key(&m.name, m.club.as_deref());
        if let Some(of) = seen.get(&key) {
            dups.push(Duplicate {
                line: r.line,
                who,
                why: Why::Same { of: of.clone() },
            });
            continue;
        }
        seen.insert(key, msg!("err.app.dup_line", line = r.line));
        if let Some(x) = &m.ext_id {
            ids.insert(x.clone(), msg!("err.app.dup_line", line = r.line));
        }
        keep.push(r);
    }
    (keep, dups)
}

impl App {
    /// The members a new member `m` may duplicate ([`may_duplicate`]),
    /// retired ones too.
    pub fn possible_duplicates(&self, m: &crate::domain::NewMember) -> Result<Vec<Member>> {
        Ok(self
            .store
            .members(true)?
            .into_iter()
            .filter(|x| may_duplicate(x, &m.name, m.club.as_deref()))
            .collect())
    }

    /// Refuses a member id that another member already uses (the store's
    /// rule, said with a key before SQLite says `UNIQUE constraint failed`).
    pub(super) fn check_member_id_free(
        &self,
        ext_id: Option<&str>,
        except: Option<i64>,
    ) -> Result<()> {
        let Some(x) = ext_id.filter(|x| !x.is_empty()) else {
            return Ok(());
        };
        let taken = self
            .store
            .members(true)?
            .into_iter()
            .any(|m| Some(m.id) != except && m.ext_id.as_deref() == Some(x));
        if taken {
            return Err(invalid!("err.store.member_id_taken", id = x));
        }
        Ok(())
    }

    /// Imports a member CSV. Duplicates (same name and club as a member or as
    /// an earlier row, or a known member id) are reported; with
    /// `skip_duplicates` false they stop the import and nothing is written.
    pub fn import_members(
        &mut self,
        bytes: &[u8],
        file: &str,
        skip_duplicates: bool,
    ) -> Result<ImportReport> {
        self.import_members_with(bytes, file, skip_duplicates, &|_, _| {})
    }

    /// As [`App::import_members`], calling `progress(rows written, rows to
    /// write)` as the rows go in.
    pub fn import_members_with(
        &mut self,
        bytes: &[u8],
        file: &str,
        skip_duplicates: bool,
        progress: &dyn Fn(usize, usize),
    ) -> Result<ImportReport> {
        let rows = read_members(bytes, file)?;
        let (keep, dups) = split_duplicates(&self.store.members(true)?, rows);
        let dups: Vec<Msg> = dups
            .into_iter()
            .map(|d| match d.why {
                Why::IdUsed { id, by } => msg!(
                    "err.app.dup_id_used",
                    file,
                    line = d.line,
                    who = d.who,
                    id,
                    by
                ),
                Why::Same { of } => {
                    msg!("err.app.dup_same", file, line = d.line, who = d.who, of)
                }
            })
            .collect();
        if !skip_duplicates {
            let count = dups.len();
            let rows = dups
                .iter()
                .cloned()
                .reduce(|a, b| msg!("err.app.dup_next", a, b));
            if let Some(rows) = rows {
                return Err(invalid!("err.app.duplicate_rows", count, rows));
            }
        }
        let keep: Vec<_> = keep.into_iter().map(|r| r.member).collect();
        let added = if keep.is_empty() {
            0
        } else {
            let total = keep.len();
            progress(0, total);
            self.store
                .import_members_with(&keep, file, &|n| progress(n, total))?
                .len()
        };
        Ok(ImportReport {
            added,
            duplicates: dups,
        })
    }

    /// Reads a member CSV and says what importing it (skipping duplicates)
    /// would change, without writing anything. Duplicates are judged as
    /// [`App::import_members`] judges them.
    pub fn preview_member_import(&self, bytes: &[u8], file: &str) -> Result<ImportPreview> {
        let rows = read_members(bytes, file)?;
        let (keep, dups) = split_duplicates(&self.store.members(true)?, rows);
        Ok(ImportPreview {
            added: keep
                .iter()
                .map(|r| who(&r.member.name, r.member.club.as_deref()))
                .collect(),
            duplicates: dups
                .into_iter()
                .map(|d| format!("{file}:{}: {}", d.line, d.who))
                .collect(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Config;
    use crate::domain::NewMember;

    #[test]
    fn the_preview_and_the_import_judge_duplicates_alike() {
        let mut app = App::in_memory(Config::default()).unwrap();
        app.add_member(&NewMember {
            name: "王天一".into(),
            club: Some("杭州".into()),
            ext_id: Some("A1".into()),
            ..Default::default()
        })
        .unwrap();
        let csv = "姓名,单位,编号\n王天一,杭州,\n郑惟桐,四川,A1\n许银川,广东,B2\n\
                   许银川,广东,\n吕钦,广东,B2\n赵鑫鑫,浙江,C3\n";
        let p = app.preview_member_import(csv.as_bytes(), "m.csv").unwrap();
        assert_eq!(p.added, ["许银川 (广东)", "赵鑫鑫 (浙江)"]);
        let r = app.import_members(csv.as_bytes(), "m.csv", true).unwrap();
        assert_eq!(r.added, p.added.len());
        assert_eq!(r.duplicates.len(), p.duplicates.len());
        for (said, listed) in r.duplicates.iter().zip(&p.duplicates) {
            assert!(
                said.en().starts_with(listed.as_str()),
                "{} / {listed}",
                said.en()
            );
        }
        assert_eq!(
            r.duplicates.iter().map(Msg::en).collect::<Vec<_>>(),
            [
                "m.csv:2: 王天一 (杭州) duplicates member #1",
                "m.csv:3: 郑惟桐 (四川): id A1 is already used by member #1",
                "m.csv:5: 许银川 (广东) duplicates line 4",
                "m.csv:6: 吕钦 (广东): id B2 is already used by line 4",
            ]
        );
    }
}
