//! Prize lists on paper and screen: the prizes' names (总名次第3名,
//! 女子第1名 …), amounts with their shares explained, why a prize went to
//! nobody or to someone else, and the prize sheet (奖金分配表) the
//! arbiter reads out and the treasurer pays from, with a signature for
//! each winner.

use super::docs::EventInfo;
use super::{ColKind, Column, Doc, Part, Table};
use crate::domain::{Category, PrizeList, Sex};
use crate::i18n::{msg, tr, Lang, Msg};
use crate::scoring::prizes::{Allocation, Award, Contender, Given, Unawarded, Why};

/// A prize's name in `lang` (in English, the Chinese name first: the names
/// the arbiter reads out are Chinese).
pub fn prize_name(lang: Lang, cat: &Category, place: u32) -> String {
    name_msg(cat, place).render(lang)
}

/// The name as a list shows it: Chinese, and in English with the English
/// after it (`总名次第3名 (Overall, place 3)`).
pub fn prize_label(lang: Lang, cat: &Category, place: u32) -> String {
    let m = name_msg(cat, place);
    let zh = m.render(if lang == Lang::ZhHant {
        Lang::ZhHant
    } else {
        Lang::ZhHans
    });
    match lang {
        Lang::En => format!("{zh} ({})", m.render(Lang::En)),
        _ => zh,
    }
}

fn name_msg(cat: &Category, place: u32) -> Msg {
    match cat {
        Category::Overall => msg!("prize.name.overall", place),
        Category::Sex(Sex::F) => msg!("prize.name.women", place),
        Category::Sex(Sex::M) => msg!("prize.name.men", place),
        Category::BornFrom(year) => msg!("prize.name.born_from", year, place),
        Category::BornUpTo(year) => msg!("prize.name.born_upto", year, place),
        Category::RatingBelow(n) => msg!("prize.name.rating_below", n, place),
        Category::RatingBand(lo, hi) => msg!("prize.name.rating_band", lo, hi, place),
        Category::Unrated => msg!("prize.name.unrated", place),
        Category::Club(club) => msg!("prize.name.club", club, place),
    }
}

/// The sharing mode's name (同分均分, Hort制, 每人只得一项).
pub fn sharing_name(lang: Lang, s: crate::domain::Sharing) -> String {
    tr(lang, &format!("prize.sharing.{}", s.code())).to_string()
}

/// What an award gives, as printed: the amount (with its exact share
/// when shared: `267 (800 ÷ 3, 同分均分)`) or the item.
pub fn award_value(lang: Lang, a: &Award) -> String {
    match (&a.given, &a.share) {
        (Given::Item(t), _) => t.clone(),
        (Given::Money(m), None) => m.to_string(),
        (Given::Money(m), Some(s)) => {
            let base = match s.sharing {
                crate::domain::Sharing::Hort => msg!(
                    "prize.share.hort",
                    amount = m,
                    own = s.own,
                    pool = s.pool,
                    double = 2 * s.size
                ),
                _ => msg!(
                    "prize.share.equal",
                    amount = m,
                    pool = s.pool,
                    size = s.size
                ),
            };
            base.render(lang)
        }
    }
}

/// Why a prize went to nobody.
pub fn unawarded_reason(lang: Lang, why: Unawarded) -> String {
    tr(
        lang,
        match why {
            Unawarded::NobodyEligible => "prize.unawarded.nobody",
            Unawarded::AllHavePrizes => "prize.unawarded.all_have",
            Unawarded::NoPlayerAtPlace => "prize.unawarded.no_place",
        },
    )
    .to_string()
}

/// The better-ranked players an award passed over (they already had a
/// prize), as a short note; empty when none.
pub fn passed_over_note(lang: Lang, field: &[Contender], a: &Award) -> String {
    if a.passed_over.is_empty() {
        return String::new();
    }
    let names: Vec<&str> = a
        .passed_over
        .iter()
        .map(|(p, _)| field[*p].name.as_str())
        .collect();
    if names.len() > PASSED_NAMES {
        return msg!(
            "prize.passed_over_more",
            names = names[..PASSED_NAMES].join(", "),
            more = names.len() - PASSED_NAMES
        )
        .render(lang);
    }
    msg!("prize.passed_over", names = names.join(", ")).render(lang)
}

/// The passed-over players a note names before it counts the rest.
const PASSED_NAMES: usize = 3;

/// The groups that shared overall money, each explained once.
pub fn share_notes(lang: Lang, field: &[Contender], alloc: &Allocation) -> Vec<String> {
    let mut seen = Vec::new();
    let mut out = Vec::new();
    for a in &alloc.awards {
        let Some(s) = &a.share else { continue };
        if seen.contains(&(s.first, s.last)) {
            continue;
        }
        seen.push((s.first, s.last));
        let names: Vec<&str> = (s.first..=s.last)
            .filter_map(|k| field.get(k as usize - 1))
            .map(|c| c.name.as_str())
            .collect();
        let how = match s.sharing {
            crate::domain::Sharing::Hort => msg!("prize.share.how.hort"),
            _ => msg!("prize.share.how.equal"),
        };
        out.push(
            msg!(
                "prize.share.group",
                first = s.first,
                last = s.last,
                names = names.join(", "),
                pool = s.pool,
                size = s.size,
                how
            )
            .render(lang),
        );
    }
    out
}

/// What a player's facts say for a category he is not in.
fn facts_text(lang: Lang, cat: &Category, c: &Contender) -> String {
    let unknown = || tr(lang, "prize.fact.unknown").to_string();
    let (key, value) = match cat {
        Category::Sex(_) => (
            "prize.fact.sex",
            c.facts
                .sex
                .map(|s| s.code().to_string())
                .unwrap_or_else(unknown),
        ),
        Category::BornFrom(_) | Category::BornUpTo(_) => (
            "prize.fact.born",
            c.facts.born.map(|b| b.to_string()).unwrap_or_else(unknown),
        ),
        Category::RatingBelow(_) | Category::RatingBand(_, _) | Category::Unrated => (
            "prize.fact.rating",
            c.facts
                .rating
                .filter(|r| *r > 0)
                .map(|r| r.to_string())
                .unwrap_or_else(unknown),
        ),
        Category::Club(_) => (
            "prize.fact.club",
            c.facts.club.clone().unwrap_or_else(unknown),
        ),
        Category::Overall => ("prize.fact.unknown", String::new()),
    };
    crate::i18n::fill(tr(lang, key), |n| (n == "value").then(|| value.clone()))
}

/// One line of a player's explanation.
pub fn why_text(
    lang: Lang,
    list: &PrizeList,
    field: &[Contender],
    alloc: &Allocation,
    player: usize,
    why: &Why,
) -> String {
    let nobody = || tr(lang, "prize.why.nobody").to_string();
    let name_of = |k: Option<usize>| {
        k.and_then(|k| field.get(k))
            .map(|c| c.name.clone())
            .unwrap_or_else(nobody)
    };
    let prize = |i: usize| {
        let p = &list.prizes[i];
        (prize_name(lang, &p.category, p.place), p.value.text())
    };
    match why {
        Why::Won { award } => {
            let a = &alloc.awards[*award];
            let name = prize_name(lang, &a.category, a.place);
            let value = award_value(lang, a);
            if a.passed_over.is_empty() {
                msg!("prize.why.won", prize = name, value).render(lang)
            } else {
                let names: Vec<&str> = a
                    .passed_over
                    .iter()
                    .map(|(p, _)| field[*p].name.as_str())
                    .collect();
                msg!(
                    "prize.why.won_passed",
                    prize = name,
                    value,
                    names = names.join(", ")
                )
                .render(lang)
            }
        }
        Why::BetterRanked { prize: i, winner } => {
            let (p, value) = prize(*i);
            msg!(
                "prize.why.better",
                prize = p,
                value,
                winner = name_of(Some(*winner))
            )
            .render(lang)
        }
        Why::AlreadyHad {
            prize: i,
            held,
            winner,
        } => {
            let (p, value) = prize(*i);
            let h = &alloc.awards[*held];
            let held = format!(
                "{} ({})",
                prize_name(lang, &h.category, h.place),
                award_value(lang, h)
            );
            msg!(
                "prize.why.had",
                prize = p,
                value,
                held,
                winner = name_of(*winner)
            )
            .render(lang)
        }
        Why::ByPosition { prize: i, winner } => {
            let (p, value) = prize(*i);
            msg!(
                "prize.why.position",
                prize = p,
                value,
                place = list.prizes[*i].place,
                winner = name_of(*winner)
            )
            .render(lang)
        }
        Why::NotEligible { prize: i } => {
            let (p, value) = prize(*i);
            let facts = field
                .get(player)
                .map(|c| facts_text(lang, &list.prizes[*i].category, c))
                .unwrap_or_default();
            msg!("prize.why.not_eligible", prize = p, value, facts).render(lang)
        }
    }
}

/// Everything the prize sheet shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PrizeData {
    pub event: EventInfo,
    pub list: PrizeList,
    /// The standings, best first.
    pub field: Vec<Contender>,
    /// Each player's club on the start list (same order as `field`).
    pub clubs: Vec<Option<String>>,
    pub alloc: Allocation,
    pub finished: bool,
    pub after_round: u32,
}

impl PrizeData {
    /// The awards a certificate is printed for, in list order: one per
    /// player and place, though a player may hold two prizes of one place
    /// (a share of the overall money and the place's item, prizes.md §5).
    pub fn certificate_awards(&self) -> Vec<&Award> {
        let mut seen: Vec<(usize, &Category, u32)> = Vec::new();
        self.awards_in_list_order()
            .into_iter()
            .filter(|a| {
                let key = (a.player, &a.category, a.place);
                let first = !seen.contains(&key);
                seen.push(key);
                first
            })
            .collect()
    }

    /// The awards in the order of the list: each prize's award, a share of
    /// a place without a prize of its own after the overall prize before
    /// it.
    pub fn awards_in_list_order(&self) -> Vec<&Award> {
        let overall_before = |place: u32| {
            self.list
                .prizes
                .iter()
                .enumerate()
                .filter(|(_, p)| p.category == Category::Overall && p.place < place)
                .max_by_key(|(_, p)| p.place)
                .map_or(0, |(i, _)| i)
        };
        type Key = (usize, u32, u32, usize);
        let mut v: Vec<(Key, &Award)> = self
            .alloc
            .awards
            .iter()
            .enumerate()
            .map(|(n, a)| {
                let key = match a.prize {
                    Some(i) => (i, 0, a.place, n),
                    None => (overall_before(a.place), 1, a.place, n),
                };
                (key, a)
            })
            .collect();
        v.sort_by_key(|(k, _)| *k);
        v.into_iter().map(|(_, a)| a).collect()
    }
}

/// The prize sheet (奖金分配表): event, date, sharing mode, one line per
/// prize given in list order (prize, winner, club, amount or item, a box
/// for the winner's signature), the shared groups explained, the prizes
/// not awarded, the totals and the arbiter's signature.
pub fn prize_sheet(d: &PrizeData, lang: Lang) -> Doc {
    let title_word = tr(lang, "prize.title.sheet");
    let title = format!("{} · {}", d.event.name, title_word);
    let mut parts = vec![Part::Heading(title.clone())];
    let mut info = Vec::new();
    if let Some(date) = d.event.date {
        info.push((tr(lang, "prize.label.date").to_string(), date.to_string()));
    }
    info.push((
        tr(lang, "prize.label.sharing").to_string(),
        sharing_name(lang, d.list.sharing),
    ));
    info.push((
        String::new(),
        msg!("prize.after_round", round = d.after_round).render(lang),
    ));
    parts.push(Part::Info(info));
    if !d.finished {
        parts.push(Part::Note(tr(lang, "prize.preview").to_string()));
    }
    let mut t = Table::new(vec![
        Column::new("prize", tr(lang, "prize.col.prize"), ColKind::Text),
        Column::new("rank", tr(lang, "prize.col.rank"), ColKind::Number),
        Column::new("name", tr(lang, "prize.col.winner"), ColKind::Text),
        Column::new("club", tr(lang, "col.club"), ColKind::Text),
        Column::new("value", tr(lang, "prize.col.value"), ColKind::Text),
        Column::new(
            "signature",
            tr(lang, "prize.col.signature"),
            ColKind::WriteIn(14),
        ),
    ]);
    for a in d.awards_in_list_order() {
        let c = &d.field[a.player];
        t.rows.push(vec![
            prize_label(lang, &a.category, a.place),
            c.rank.to_string(),
            c.name.clone(),
            d.clubs.get(a.player).cloned().flatten().unwrap_or_default(),
            award_value(lang, a),
            String::new(),
        ]);
    }
    if t.rows.is_empty() {
        parts.push(Part::Note(tr(lang, "prize.none_given").to_string()));
    } else {
        parts.push(Part::Table(t));
    }
    for n in share_notes(lang, &d.field, &d.alloc) {
        parts.push(Part::Note(n));
    }
    if !d.alloc.not_awarded.is_empty() {
        parts.push(Part::Note(String::new()));
        parts.push(Part::Note(format!("{}:", tr(lang, "prize.not_awarded"))));
        for n in &d.alloc.not_awarded {
            let p = &d.list.prizes[n.prize];
            parts.push(Part::Note(
                msg!(
                    "prize.not_awarded.line",
                    prize = prize_label(lang, &p.category, p.place),
                    value = p.value.text(),
                    why = unawarded_reason(lang, n.why)
                )
                .render(lang),
            ));
        }
    }
    parts.push(Part::Note(String::new()));
    parts.push(Part::Note(
        msg!(
            "prize.total",
            given = d.alloc.money_given(),
            total = d.list.total_money()
        )
        .render(lang),
    ));
    parts.push(Part::Note(String::new()));
    parts.push(Part::Note(
        tr(lang, "prize.treasurer_signature").to_string(),
    ));
    parts.push(Part::Note(String::new()));
    parts.push(Part::Note(tr(lang, "prize.arbiter_signature").to_string()));
    Doc {
        title,
        lang,
        parts,
        landscape: false,
        csv: None,
    }
}
