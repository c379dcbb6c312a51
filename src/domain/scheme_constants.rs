//! An event's scheme constants as its settings hold them: the constants
//! that override its scoring scheme's defaults (`draw = 0.8`,
//! `values = "2:1:0:2:1:0"`), each by a name some scheme has and with its
//! value already read as points. The schemes themselves are the scoring
//! layer's: `scoring::read_scheme_constants` reads what a user wrote
//! against the event's scheme (a constant of another scheme is refused by
//! name), and `scoring::Scheme::from_id` applies them (and refuses a
//! constant the scheme has not, as a stored row of another scheme could
//! hold). The database column, an archive and a backup keep one JSON
//! object, as always; each value is written back as it was written (a
//! number as a number, `"0.8"` as text), so a row reads and writes back
//! byte for byte.

use super::Points;
use crate::i18n::{msg, Msg};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::collections::BTreeMap;

/// Every constant of every scheme, by the name config.toml and the column
/// use; `values` is the six-value schemes' shorthand for their six. The
/// first six are those six in the CXA order (`scoring` reads them so).
pub const CONSTANT_NAMES: [&str; 33] = [
    "red_win",
    "red_draw",
    "red_loss",
    "black_win",
    "black_draw",
    "black_loss",
    "unrated_rating",
    "win",
    "draw",
    "loss",
    "red_deduction",
    "residual_factor",
    "residual_cap",
    "chariot",
    "cannon",
    "horse",
    "elephant",
    "advisor",
    "pawn",
    "crossed_pawn",
    "defender_draw",
    "attacker_draw",
    "strike_limit",
    "round_win",
    "round_draw",
    "round_loss",
    "game_win_small",
    "game_draw_small",
    "game_loss_small",
    "bye_points",
    "bye_small",
    "target",
    "values",
];

/// The name of a scheme constant: one of [`CONSTANT_NAMES`], so a name no
/// scheme has cannot be held.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ConstantName(&'static str);

impl ConstantName {
    /// The six-value shorthand.
    pub const VALUES: ConstantName = ConstantName("values");

    pub fn from_name(name: &str) -> Option<ConstantName> {
        CONSTANT_NAMES
            .iter()
            .find(|n| **n == name.trim())
            .map(|n| ConstantName(n))
    }

    pub fn as_str(self) -> &'static str {
        self.0
    }
}

/// A constant's value: points, or the six values of `values` (red win,
/// draw, loss, black win, draw, loss).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ConstantValue {
    Points(Points),
    Six([Points; 6]),
}

/// One constant: its name, its value, and how it was written (the text,
/// and whether as a JSON/TOML string or a number), which is what the
/// column keeps.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Constant {
    name: ConstantName,
    value: ConstantValue,
    text: String,
    quoted: bool,
}

impl Constant {
    /// The constant `name` written as `text` (`quoted`: as a string, else
    /// as a number). A wrong value names the constant and what it should be.
    pub fn parse(name: ConstantName, text: &str, quoted: bool) -> Result<Constant, ConstantError> {
        let bad = |expected| ConstantError::Value {
            key: name.as_str().to_string(),
            value: text.to_string(),
            expected,
        };
        let value = if name == ConstantName::VALUES {
            let parsed: Vec<Points> = text
                .split([':', ',', ';'])
                .map(|p| p.trim().parse::<Points>())
                .collect::<Result<_, _>>()
                .map_err(|_| bad("err.scoring.expected.six_points"))?;
            match parsed[..] {
                [a, b, c, d, e, f] => ConstantValue::Six([a, b, c, d, e, f]),
                // win : red draw : black draw : loss
                [win, red_draw, black_draw, loss] => {
                    ConstantValue::Six([win, red_draw, loss, win, black_draw, loss])
                }
                _ => return Err(bad("err.scoring.expected.six_points")),
            }
        } else {
            ConstantValue::Points(
                text.trim()
                    .parse()
                    .map_err(|_| bad("err.scoring.expected.points"))?,
            )
        };
        Ok(Constant {
            name,
            value,
            text: text.to_string(),
            quoted,
        })
    }

    /// The constant as a JSON object holds it (a number or a string; any
    /// other value is refused as no number).
    pub fn from_json(name: ConstantName, v: &serde_json::Value) -> Result<Constant, ConstantError> {
        match v {
            serde_json::Value::Number(n) => Constant::parse(name, &n.to_string(), false),
            serde_json::Value::String(s) => Constant::parse(name, s, true),
            other => Err(ConstantError::Value {
                key: name.as_str().to_string(),
                value: other.to_string(),
                expected: "err.scoring.expected.number",
            }),
        }
    }

    pub fn name(&self) -> ConstantName {
        self.name
    }

    pub fn value(&self) -> ConstantValue {
        self.value
    }

    /// The value as it was written.
    pub fn text(&self) -> &str {
        &self.text
    }
}

/// The constants an event sets over its scheme's defaults, at most one per
/// name, in the order of their names (as the column's object has them).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SchemeConstants {
    constants: Vec<Constant>,
}

impl SchemeConstants {
    /// Constants already read (the last of a name wins).
    pub fn new(constants: impl IntoIterator<Item = Constant>) -> SchemeConstants {
        let by_name: BTreeMap<&'static str, Constant> = constants
            .into_iter()
            .map(|c| (c.name.as_str(), c))
            .collect();
        SchemeConstants {
            constants: by_name.into_values().collect(),
        }
    }

    /// A stored JSON object (the column, an archive, a backup): a name no
    /// scheme has, or a value that is no number, is refused by name.
    pub fn from_map(
        map: &serde_json::Map<String, serde_json::Value>,
    ) -> Result<SchemeConstants, ConstantError> {
        let mut out = Vec::new();
        for (k, v) in map {
            let name = ConstantName::from_name(k)
                .ok_or_else(|| ConstantError::Unknown { key: k.clone() })?;
            out.push(Constant::from_json(name, v)?);
        }
        Ok(SchemeConstants::new(out))
    }

    pub fn is_empty(&self) -> bool {
        self.constants.is_empty()
    }

    pub fn iter(&self) -> impl Iterator<Item = &Constant> {
        self.constants.iter()
    }

    /// The constant `name`, if set.
    pub fn get(&self, name: &str) -> Option<&Constant> {
        self.constants.iter().find(|c| c.name.as_str() == name)
    }
}

impl Serialize for SchemeConstants {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut m = s.serialize_map(Some(self.constants.len()))?;
        for c in &self.constants {
            m.serialize_entry(c.name.as_str(), &Written(c))?;
        }
        m.end()
    }
}

/// A constant's value as it was written: a string, or a number with the
/// same text (an integer as one, else the shortest float).
struct Written<'a>(&'a Constant);

impl Serialize for Written<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let t = self.0.text.as_str();
        if self.0.quoted {
            return s.serialize_str(t);
        }
        if let Ok(i) = t.parse::<i64>() {
            s.serialize_i64(i)
        } else if let Ok(u) = t.parse::<u64>() {
            s.serialize_u64(u)
        } else if let Ok(f) = t.parse::<f64>() {
            s.serialize_f64(f)
        } else {
            s.serialize_str(t)
        }
    }
}

impl<'de> Deserialize<'de> for SchemeConstants {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let map = serde_json::Map::deserialize(d)?;
        SchemeConstants::from_map(&map).map_err(serde::de::Error::custom)
    }
}

/// A scheme constant that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ConstantError {
    /// A name no scheme has.
    Unknown { key: String },
    /// A value that is not what the constant takes (`expected`: the i18n
    /// key of what it should be).
    Value {
        key: String,
        value: String,
        expected: &'static str,
    },
}

impl ConstantError {
    pub fn msg(&self) -> Msg {
        match self {
            ConstantError::Unknown { key } => msg!(
                "err.settings.unknown_key",
                key,
                allowed = CONSTANT_NAMES.join(", ")
            ),
            ConstantError::Value {
                key,
                value,
                expected,
            } => msg!(
                "err.scoring.bad_setting_value",
                key,
                value,
                expected = Msg::new(expected)
            ),
        }
    }
}

crate::i18n::english_display!(ConstantError);
impl std::error::Error for ConstantError {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;

    fn read(text: &str) -> Result<SchemeConstants, ConstantError> {
        SchemeConstants::from_map(&serde_json::from_str(text).unwrap())
    }

    #[test]
    fn a_stored_object_reads_typed_and_writes_back_byte_for_byte() {
        for text in [
            "{}",
            r#"{"draw":"0.8"}"#,
            r#"{"draw":0.7,"residual_cap":"0.5"}"#,
            r#"{"black_loss":-1,"values":"3:1:2:0"}"#,
            r#"{"unrated_rating":1400}"#,
            r#"{"red_win":2.0,"strike_limit":30}"#,
        ] {
            let c = read(text).unwrap();
            assert_eq!(serde_json::to_string(&c).unwrap(), text);
            let again: SchemeConstants = serde_json::from_str(text).unwrap();
            assert_eq!(again, c);
        }
        let c = read(r#"{"black_loss":-1,"draw":0.7,"values":"3:1:2:0"}"#).unwrap();
        let p = |x: i64| Points::new(x);
        assert_eq!(
            c.get("values").unwrap().value(),
            ConstantValue::Six([p(3), p(1), p(0), p(3), p(2), p(0)])
        );
        assert_eq!(
            c.get("black_loss").unwrap().value(),
            ConstantValue::Points(p(-1))
        );
        assert_eq!(
            c.get("draw").unwrap().value(),
            ConstantValue::Points(Points::from_hundredths(70))
        );
        let names: Vec<&str> = c.iter().map(|c| c.name().as_str()).collect();
        assert_eq!(names, ["black_loss", "draw", "values"]);
    }

    #[test]
    fn a_name_no_scheme_has_is_refused_by_name_in_three_languages() {
        let e = read(r#"{"draw":"0.8","drawn":1}"#).unwrap_err();
        assert_eq!(
            e,
            ConstantError::Unknown {
                key: "drawn".into()
            }
        );
        let m = e.msg();
        assert!(m.render(Lang::ZhHans).contains("未知的设置项 \"drawn\""));
        assert!(m.render(Lang::ZhHant).contains("未知的設定項 \"drawn\""));
        assert!(m.en().contains("unknown setting \"drawn\""), "{}", m.en());
        assert!(m.en().contains("crossed_pawn"), "{}", m.en());
        // Through serde too (an archive's or a backup's JSON).
        let e = serde_json::from_str::<SchemeConstants>(r#"{"blak_win":2}"#).unwrap_err();
        assert!(e.to_string().contains("blak_win"), "{e}");
    }

    #[test]
    fn a_wrong_value_names_the_constant_and_what_it_takes() {
        for (text, key, expected) in [
            (
                r#"{"black_win":"abc"}"#,
                "black_win",
                "err.scoring.expected.points",
            ),
            (r#"{"draw":0.125}"#, "draw", "err.scoring.expected.points"),
            (
                r#"{"values":"1:2:3"}"#,
                "values",
                "err.scoring.expected.six_points",
            ),
            (
                r#"{"values":"a:b:c:d"}"#,
                "values",
                "err.scoring.expected.six_points",
            ),
            (r#"{"win":true}"#, "win", "err.scoring.expected.number"),
        ] {
            match read(text) {
                Err(ConstantError::Value {
                    key: k,
                    expected: x,
                    ..
                }) => assert_eq!((k.as_str(), x), (key, expected), "{text}"),
                other => panic!("{text}: {other:?}"),
            }
        }
        let e = read(r#"{"black_win":"abc"}"#).unwrap_err().msg();
        assert!(e.render(Lang::ZhHans).contains("abc"));
        assert!(e.en().contains("black_win"), "{}", e.en());
    }
}
