//! Members (会员).

use super::log::{record, UndoStep};
use super::{Result, Store, StoreError};
use crate::domain::{Member, NewMember, Sex};
use crate::i18n::msg;
use rusqlite::{params, OptionalExtension, Row};
use serde_json::json;

const MEMBER_COLS: &str = "id, name, rating, club, ext_id, born, sex, retired";

fn member_from_row(r: &Row<'_>) -> rusqlite::Result<Member> {
    let sex: Option<String> = r.get(6)?;
    Ok(Member {
        id: r.get(0)?,
        name: r.get(1)?,
        rating: r.get(2)?,
        club: r.get(3)?,
        ext_id: r.get(4)?,
        born: r.get(5)?,
        sex: sex.as_deref().and_then(Sex::from_code),
        retired: r.get(7)?,
    })
}

fn member_undo_restore(m: &Member) -> UndoStep {
    UndoStep::new(
        "UPDATE member SET name=?2, rating=?3, club=?4, ext_id=?5, born=?6, sex=?7, retired=?8 WHERE id=?1",
        vec![
            json!(m.id),
            json!(m.name),
            json!(m.rating),
            json!(m.club),
            json!(m.ext_id),
            json!(m.born),
            json!(m.sex.map(|s| s.code())),
            json!(m.retired as i64),
        ],
    )
}

fn validate(m: &NewMember) -> Result<()> {
    if m.name.trim().is_empty() {
        return Err(StoreError::Invalid(msg!("err.store.member_needs_name")));
    }
    super::limits::member(m)
}

/// An edited member checked as a new one would be (name, club, id,
/// rating, birth year).
fn validate_edit(m: &Member) -> Result<()> {
    validate(&NewMember {
        name: m.name.clone(),
        rating: m.rating,
        club: m.club.clone(),
        ext_id: m.ext_id.clone(),
        born: m.born,
        sex: m.sex,
    })
}

pub(super) fn insert(tx: &rusqlite::Transaction<'_>, m: &NewMember) -> Result<i64> {
    validate(m)?;
    tx.prepare_cached(
        "INSERT INTO member(name, rating, club, ext_id, born, sex) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
    )
    .and_then(|mut st| {
        st.execute(params![
            m.name.trim(),
            m.rating,
            m.club,
            m.ext_id,
            m.born,
            m.sex.map(|s| s.code())
        ])
    })
    .map_err(|e| match e {
        rusqlite::Error::SqliteFailure(f, _)
            if f.extended_code == rusqlite::ffi::SQLITE_CONSTRAINT_UNIQUE =>
        {
            StoreError::Invalid(msg!(
                "err.store.member_id_taken",
                id = m.ext_id.as_deref().unwrap_or("?")
            ))
        }
        other => other.into(),
    })?;
    Ok(tx.last_insert_rowid())
}

impl Store {
    /// Adds one member.
    pub fn add_member(&mut self, m: &NewMember) -> Result<Member> {
        let tx = super::log::begin_write(&mut self.conn)?;
        let id = insert(&tx, m)?;
        record(
            &tx,
            "member-add",
            msg!("log.member_add", name = m.name.trim(), id),
            Some(&[UndoStep::new(
                "DELETE FROM member WHERE id=?1",
                vec![json!(id)],
            )]),
        )?;
        tx.commit()?;
        self.member(id)
    }

    /// Adds many members in one transaction: all or none.
    pub fn import_members(&mut self, members: &[NewMember], source: &str) -> Result<Vec<i64>> {
        self.import_members_with(members, source, &|_| {})
    }

    /// As [`Store::import_members`], calling `progress` with the number of
    /// rows written so far (a screen shows it while the import runs).
    pub fn import_members_with(
        &mut self,
        members: &[NewMember],
        source: &str,
        progress: &dyn Fn(usize),
    ) -> Result<Vec<i64>> {
        let tx = super::log::begin_write(&mut self.conn)?;
        let mut ids = Vec::with_capacity(members.len());
        for m in members {
            ids.push(insert(&tx, m)?);
            progress(ids.len());
        }
        let undo = match (ids.first(), ids.last()) {
            (Some(a), Some(b)) => Some(vec![UndoStep::new(
                "DELETE FROM member WHERE id BETWEEN ?1 AND ?2",
                vec![json!(a), json!(b)],
            )]),
            _ => None,
        };
        record(
            &tx,
            "member-import",
            msg!("log.member_import", count = ids.len(), source),
            undo.as_deref(),
        )?;
        tx.commit()?;
        Ok(ids)
    }

    /// One member by id.
    pub fn member(&self, id: i64) -> Result<Member> {
        self.conn
            .query_row(
                &format!("SELECT {MEMBER_COLS} FROM member WHERE id=?1"),
                [id],
                member_from_row,
            )
            .optional()?
            .ok_or_else(|| StoreError::NotFound(msg!("err.store.no_member_id", id)))
    }

    /// All members by name (retired ones only when asked).
    pub fn members(&self, include_retired: bool) -> Result<Vec<Member>> {
        let mut stmt = self.conn.prepare(&format!(
            "SELECT {MEMBER_COLS} FROM member WHERE retired = 0 OR ?1 ORDER BY name, id"
        ))?;
        let rows = stmt
            .query_map([include_retired], member_from_row)?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        Ok(rows)
    }

    /// Finds a member by id or exact name; an ambiguous name lists the candidates.
    pub fn resolve_member(&self, key: &str) -> Result<Member> {
        let key = key.trim();
        if let Ok(id) = key.parse::<i64>() {
            if let Ok(m) = self.member(id) {
                return Ok(m);
            }
        }
        let mut stmt = self.conn.prepare(&format!(
            "SELECT {MEMBER_COLS} FROM member WHERE name=?1 OR ext_id=?1 ORDER BY id"
        ))?;
        let mut found = stmt
            .query_map([key], member_from_row)?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        if found.is_empty() {
            // The name typed in the other script (陳磊 for 陈磊).
            for id in self.ids_in_other_script("SELECT id, name FROM member ORDER BY id", key)? {
                found.push(self.member(id)?);
            }
        }
        match found.len() {
            0 => Err(self.not_found_near(
                "SELECT name FROM member",
                msg!("err.store.no_member", name = key),
                key,
            )?),
            1 => Ok(found.into_iter().next().expect("one row")),
            _ => Err(StoreError::Ambiguous {
                what: "member",
                name: key.to_string(),
                candidates: found
                    .iter()
                    .map(|m| match &m.club {
                        Some(c) => format!("#{} {} ({c})", m.id, m.name),
                        None => format!("#{} {}", m.id, m.name),
                    })
                    .collect::<Vec<_>>()
                    .join(", "),
            }),
        }
    }

    /// Replaces a member's details (the log keeps the old ones).
    pub fn update_member(&mut self, m: &Member) -> Result<()> {
        let old = self.member(m.id)?;
        validate_edit(m)?;
        let tx = super::log::begin_write(&mut self.conn)?;
        tx.execute(
            "UPDATE member SET name=?2, rating=?3, club=?4, ext_id=?5, born=?6, sex=?7, retired=?8 WHERE id=?1",
            params![
                m.id,
                m.name.trim(),
                m.rating,
                m.club,
                m.ext_id,
                m.born,
                m.sex.map(|s| s.code()),
                m.retired
            ],
        )?;
        record(
            &tx,
            if m.retired != old.retired {
                "member-retire"
            } else {
                "member-edit"
            },
            msg!("log.member_edit", name = &m.name, id = m.id),
            Some(&[member_undo_restore(&old)]),
        )?;
        tx.commit()?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn nm(name: &str, rating: Option<i32>, club: Option<&str>) -> NewMember {
        NewMember {
            name: name.into(),
            rating,
            club: club.map(Into::into),
            ..Default::default()
        }
    }

    #[test]
    fn member_round_trips_with_every_field() {
        let mut s = Store::open_in_memory().unwrap();
        let m = s
            .add_member(&NewMember {
                name: "王天一".into(),
                rating: Some(2650),
                club: Some("杭州".into()),
                ext_id: Some("CXA-001".into()),
                born: Some(1989),
                sex: Some(Sex::M),
            })
            .unwrap();
        let back = s.member(m.id).unwrap();
        assert_eq!(back, m);
        assert_eq!(back.club.as_deref(), Some("杭州"));
        assert_eq!(back.sex, Some(Sex::M));
        assert!(!back.retired);
        let mut edited = back.clone();
        edited.rating = Some(2700);
        edited.retired = true;
        s.update_member(&edited).unwrap();
        assert_eq!(s.member(m.id).unwrap(), edited);
        assert!(s.members(false).unwrap().is_empty());
        assert_eq!(s.members(true).unwrap().len(), 1);
        // undo restores the old row
        s.undo_last().unwrap();
        assert_eq!(s.member(m.id).unwrap(), m);
    }

    #[test]
    fn resolve_by_id_name_and_ambiguity() {
        let mut s = Store::open_in_memory().unwrap();
        let a = s.add_member(&nm("张强", Some(2500), Some("北京"))).unwrap();
        s.add_member(&nm("张强", Some(2400), Some("上海"))).unwrap();
        let c = s.add_member(&nm("谢靖", None, None)).unwrap();
        assert_eq!(s.resolve_member(&a.id.to_string()).unwrap().id, a.id);
        assert_eq!(s.resolve_member("谢靖").unwrap().id, c.id);
        match s.resolve_member("张强") {
            Err(StoreError::Ambiguous { candidates, .. }) => {
                assert!(candidates.contains("北京") && candidates.contains("上海"))
            }
            other => panic!("{other:?}"),
        }
        assert!(matches!(
            s.resolve_member("无名"),
            Err(StoreError::NotFound(_))
        ));
    }

    #[test]
    fn import_is_all_or_nothing() {
        let mut s = Store::open_in_memory().unwrap();
        let good = vec![nm("甲", None, None), nm("乙", None, None)];
        s.import_members(&good, "t.csv").unwrap();
        let bad = vec![nm("丙", None, None), nm("  ", None, None)];
        assert!(s.import_members(&bad, "t.csv").is_err());
        assert_eq!(s.members(true).unwrap().len(), 2);
        s.undo_last().unwrap();
        assert!(s.members(true).unwrap().is_empty());
    }

    #[test]
    fn blank_name_is_refused() {
        let mut s = Store::open_in_memory().unwrap();
        assert!(matches!(
            s.add_member(&nm(" ", None, None)),
            Err(StoreError::Invalid(_))
        ));
    }
}
