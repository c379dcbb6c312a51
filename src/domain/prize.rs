//! An event's prize list (奖金 / 奖品分配): prizes by category and place,
//! money or items, and how tied players share the overall money.
//! The rules are `../shared/specs/prizes.md`; the allocation is
//! `scoring::prizes`, the CSV reader `formats::prizes_csv`.

use super::Sex;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Who a prize is for (组别).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Category {
    /// 总名次: everyone.
    Overall,
    /// 女子 / 男子.
    Sex(Sex),
    /// 少年: born in this year or later.
    BornFrom(i32),
    /// 老年: born in this year or earlier.
    BornUpTo(i32),
    /// 等级分组: rated, rating below this.
    RatingBelow(i64),
    /// 等级分段: rated, rating in this range (both ends included).
    RatingBand(i64, i64),
    /// 无等级分: no rating, or rating 0.
    Unrated,
    /// 单位: exactly this club.
    Club(String),
}

/// What the allocation reads of a player to decide a category.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PrizeFacts {
    pub sex: Option<Sex>,
    pub born: Option<i32>,
    /// The rating on the start list (`None` or 0: unrated).
    pub rating: Option<i32>,
    pub club: Option<String>,
}

impl Category {
    /// The category as written in a prize list (`sex=f`, `born>=2010`, …).
    pub fn code(&self) -> String {
        match self {
            Category::Overall => "overall".into(),
            Category::Sex(s) => format!("sex={}", s.code()),
            Category::BornFrom(y) => format!("born>={y}"),
            Category::BornUpTo(y) => format!("born<={y}"),
            Category::RatingBelow(n) => format!("rating<{n}"),
            Category::RatingBand(lo, hi) => format!("rating={lo}..{hi}"),
            Category::Unrated => "unrated".into(),
            Category::Club(c) => format!("club={c}"),
        }
    }

    /// Reads a category as written in a prize list: keywords in lower case
    /// without spaces, years of four digits, whole numbers; `None` for
    /// anything else.
    pub fn parse(s: &str) -> Option<Category> {
        let whole = |t: &str| -> Option<i64> {
            (!t.is_empty() && t.len() <= 9 && t.bytes().all(|b| b.is_ascii_digit()))
                .then(|| t.parse().ok())
                .flatten()
        };
        let year = |t: &str| -> Option<i32> {
            (t.len() == 4 && t.bytes().all(|b| b.is_ascii_digit()))
                .then(|| t.parse().ok())
                .flatten()
        };
        let s = s.trim();
        if s == "overall" {
            return Some(Category::Overall);
        }
        if s == "unrated" {
            return Some(Category::Unrated);
        }
        if let Some(v) = s.strip_prefix("sex=") {
            return match v {
                "f" => Some(Category::Sex(Sex::F)),
                "m" => Some(Category::Sex(Sex::M)),
                _ => None,
            };
        }
        if let Some(v) = s.strip_prefix("born>=") {
            return year(v).map(Category::BornFrom);
        }
        if let Some(v) = s.strip_prefix("born<=") {
            return year(v).map(Category::BornUpTo);
        }
        if let Some(v) = s.strip_prefix("rating<") {
            return whole(v).map(Category::RatingBelow);
        }
        if let Some(v) = s.strip_prefix("rating=") {
            let (lo, hi) = v.split_once("..")?;
            let (lo, hi) = (whole(lo)?, whole(hi)?);
            return (lo <= hi).then_some(Category::RatingBand(lo, hi));
        }
        if let Some(v) = s.strip_prefix("club=") {
            let name = v.trim();
            return (!name.is_empty()).then(|| Category::Club(name.to_string()));
        }
        None
    }

    /// Is a player with these facts in this category (prizes.md 1.3)?
    pub fn admits(&self, p: &PrizeFacts) -> bool {
        let rated = p.rating.filter(|r| *r > 0).map(i64::from);
        match self {
            Category::Overall => true,
            Category::Sex(s) => p.sex == Some(*s),
            Category::BornFrom(y) => p.born.is_some_and(|b| b >= *y),
            Category::BornUpTo(y) => p.born.is_some_and(|b| b <= *y),
            Category::RatingBelow(n) => rated.is_some_and(|r| r < *n),
            Category::RatingBand(lo, hi) => rated.is_some_and(|r| *lo <= r && r <= *hi),
            Category::Unrated => rated.is_none(),
            Category::Club(c) => p.club.as_deref().map(str::trim) == Some(c.as_str()),
        }
    }
}

impl fmt::Display for Category {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.code())
    }
}

impl Serialize for Category {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.code())
    }
}

impl<'de> Deserialize<'de> for Category {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        Category::parse(&s)
            .ok_or_else(|| serde::de::Error::custom(format!("unknown prize category {s:?}")))
    }
}

/// What a prize is: whole money (元) or an item (a cup, a certificate).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PrizeValue {
    Money(u64),
    Item(String),
}

impl PrizeValue {
    /// The value as written in a prize list (`1500`, `奖杯`).
    pub fn text(&self) -> String {
        match self {
            PrizeValue::Money(m) => m.to_string(),
            PrizeValue::Item(t) => t.clone(),
        }
    }

    pub fn money(&self) -> Option<u64> {
        match self {
            PrizeValue::Money(m) => Some(*m),
            PrizeValue::Item(_) => None,
        }
    }
}

/// One prize of the list: a category's place and its value.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Prize {
    pub category: Category,
    pub place: u32,
    pub value: PrizeValue,
}

/// How players level on points share the overall money prizes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Sharing {
    /// One prize each, the bigger one (每人只得一项，取高者).
    #[default]
    None,
    /// 同分均分: the group's pool in equal shares.
    Equal,
    /// Hort 制: half one's own place's prize plus half of an equal share.
    Hort,
}

impl Sharing {
    pub const ALL: [Sharing; 3] = [Sharing::None, Sharing::Equal, Sharing::Hort];

    pub fn code(self) -> &'static str {
        match self {
            Sharing::None => "none",
            Sharing::Equal => "equal",
            Sharing::Hort => "hort",
        }
    }

    pub fn from_code(s: &str) -> Option<Sharing> {
        Self::ALL.into_iter().find(|m| m.code() == s.trim())
    }
}

/// An event's prize list, in the order of its file, and its sharing mode.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PrizeList {
    pub sharing: Sharing,
    pub prizes: Vec<Prize>,
}

impl PrizeList {
    /// The money of the whole list.
    pub fn total_money(&self) -> u128 {
        self.prizes
            .iter()
            .filter_map(|p| p.value.money())
            .map(u128::from)
            .sum()
    }
}

/// The certificate (获奖证书) printed for each prize given, as the club
/// writes it (a TOML file, `certificate_template` in config.toml): texts
/// with `{field}` placeholders ([`CERTIFICATE_FIELDS`]). What is left out
/// takes the default of the document's language.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CertificateTemplate {
    /// The heading (荣誉证书).
    pub title: Option<String>,
    /// The line printed large and centred (default `{name}`).
    pub name: Option<String>,
    /// The lines under it, centred.
    pub lines: Option<Vec<String>>,
    /// The lines at the foot, right-aligned (organiser, date).
    pub footer: Option<Vec<String>>,
    /// The organiser's line (default: the club's name).
    pub organiser: Option<String>,
}

/// The placeholders a certificate template may use.
pub const CERTIFICATE_FIELDS: &[&str] = &[
    "name",
    "event",
    "prize",
    "category",
    "place",
    "rank",
    "date",
    "organiser",
    "club",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn categories_read_as_written_and_nothing_else() {
        for code in [
            "overall",
            "sex=f",
            "sex=m",
            "born>=2010",
            "born<=1965",
            "rating<1800",
            "rating=1600..1799",
            "rating=1600..1600",
            "unrated",
            "club=红星",
        ] {
            assert_eq!(Category::parse(code).unwrap().code(), code);
        }
        assert_eq!(
            Category::parse("club= 红星 "),
            Some(Category::Club("红星".into()))
        );
        for bad in [
            "Overall",
            "sex=F",
            "sex=x",
            "born>=10",
            "born>= 2010",
            "born>2010",
            "rating<",
            "rating<-5",
            "rating<1.5",
            "rating=1800..1600",
            "rating=1600-1799",
            "club=",
            "club= ",
            "women",
            "",
        ] {
            assert_eq!(Category::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn eligibility_follows_the_members_and_the_start_list() {
        let p = PrizeFacts {
            sex: Some(Sex::F),
            born: Some(2010),
            rating: Some(1650),
            club: Some("蓝天".into()),
        };
        let yes = [
            "overall",
            "sex=f",
            "born>=2010",
            "born<=2010",
            "rating<1651",
            "rating=1650..1650",
            "club=蓝天",
        ];
        for c in yes {
            assert!(Category::parse(c).unwrap().admits(&p), "{c}");
        }
        let no = [
            "sex=m",
            "born>=2011",
            "born<=2009",
            "rating<1650",
            "unrated",
            "club=红星",
        ];
        for c in no {
            assert!(!Category::parse(c).unwrap().admits(&p), "{c}");
        }
        // Rating 0 is unrated: in `unrated`, in no rating category.
        let zero = PrizeFacts {
            rating: Some(0),
            ..Default::default()
        };
        assert!(Category::Unrated.admits(&zero));
        assert!(!Category::RatingBelow(5000).admits(&zero));
        assert!(!Category::RatingBand(0, 5000).admits(&zero));
        // Nothing recorded: no sex, born or club category.
        let blank = PrizeFacts::default();
        for c in ["sex=f", "sex=m", "born>=1900", "born<=2100", "club=红星"] {
            assert!(!Category::parse(c).unwrap().admits(&blank), "{c}");
        }
    }

    #[test]
    fn a_list_stores_as_json_and_reads_back() {
        let l = PrizeList {
            sharing: Sharing::Hort,
            prizes: vec![
                Prize {
                    category: Category::RatingBand(1600, 1799),
                    place: 1,
                    value: PrizeValue::Money(300),
                },
                Prize {
                    category: Category::Club("红星".into()),
                    place: 1,
                    value: PrizeValue::Item("奖杯".into()),
                },
            ],
        };
        let j = serde_json::to_string(&l).unwrap();
        assert_eq!(serde_json::from_str::<PrizeList>(&j).unwrap(), l);
    }
}
