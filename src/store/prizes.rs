//! An event's prize list and sharing mode (migration 11, `prize_list`): one
//! row per event, the prizes as JSON in list order. Replacing the list is
//! one change of the action log; the capture triggers keep the old row,
//! so undo brings back the earlier list, or none.

use super::log::record;
use super::{Result, Store, StoreError};
use crate::domain::{PrizeList, Sharing};
use crate::i18n::{msg, Msg};
use rusqlite::{params, OptionalExtension};

impl Store {
    /// The prize list of event `event_id`, if one is stored.
    pub fn prize_list(&self, event_id: i64) -> Result<Option<PrizeList>> {
        let row: Option<(String, String)> = self
            .conn
            .query_row(
                "SELECT sharing, prizes FROM prize_list WHERE event_id=?1",
                [event_id],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .optional()?;
        let Some((sharing, prizes)) = row else {
            return Ok(None);
        };
        let sharing = Sharing::from_code(&sharing).ok_or_else(|| {
            StoreError::Invalid(msg!("err.prizes.unknown_sharing", value = &sharing))
        })?;
        Ok(Some(PrizeList {
            sharing,
            prizes: serde_json::from_str(&prizes)?,
        }))
    }

    /// Stores `list` as the prize list of `event_id`, replacing any
    /// earlier one, as one change logged with `summary`.
    pub fn set_prize_list(&mut self, event_id: i64, list: &PrizeList, summary: Msg) -> Result<()> {
        let prizes = serde_json::to_string(&list.prizes)?;
        let tx = super::log::begin_write(&mut self.conn)?;
        tx.execute(
            "INSERT INTO prize_list(event_id, sharing, prizes) VALUES (?1, ?2, ?3)
             ON CONFLICT(event_id) DO UPDATE SET sharing=excluded.sharing, prizes=excluded.prizes",
            params![event_id, list.sharing.code(), prizes],
        )?;
        record(&tx, "prizes", summary, None)?;
        tx.commit()?;
        Ok(())
    }

    /// Removes the prize list of `event_id` (one change); false when there
    /// was none.
    pub fn clear_prize_list(&mut self, event_id: i64, summary: Msg) -> Result<bool> {
        let tx = super::log::begin_write(&mut self.conn)?;
        let n = tx.execute("DELETE FROM prize_list WHERE event_id=?1", [event_id])?;
        if n == 0 {
            return Ok(false);
        }
        record(&tx, "prizes", summary, None)?;
        tx.commit()?;
        Ok(true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::{Category, Prize, PrizeValue};

    #[test]
    fn a_list_is_replaced_and_undone_to_the_one_before() {
        let mut s = Store::open_in_memory().unwrap();
        let ev = s
            .create_event("春季赛", None, &Default::default())
            .unwrap()
            .id;
        assert_eq!(s.prize_list(ev).unwrap(), None);
        let one = PrizeList {
            sharing: Sharing::None,
            prizes: vec![Prize {
                category: Category::Overall,
                place: 1,
                value: PrizeValue::Money(500),
            }],
        };
        let two = PrizeList {
            sharing: Sharing::Hort,
            prizes: vec![Prize {
                category: Category::Club("红星".into()),
                place: 1,
                value: PrizeValue::Item("奖杯".into()),
            }],
        };
        s.set_prize_list(ev, &one, msg!("log.text", text = "1"))
            .unwrap();
        s.set_prize_list(ev, &two, msg!("log.text", text = "2"))
            .unwrap();
        assert_eq!(s.prize_list(ev).unwrap().as_ref(), Some(&two));
        s.undo_last().unwrap();
        assert_eq!(s.prize_list(ev).unwrap().as_ref(), Some(&one));
        s.undo_last().unwrap();
        assert_eq!(s.prize_list(ev).unwrap(), None);
        s.redo_last().unwrap();
        assert_eq!(s.prize_list(ev).unwrap().as_ref(), Some(&one));
        assert!(s
            .clear_prize_list(ev, msg!("log.text", text = "x"))
            .unwrap());
        assert_eq!(s.prize_list(ev).unwrap(), None);
        assert!(!s
            .clear_prize_list(ev, msg!("log.text", text = "x"))
            .unwrap());
    }
}
