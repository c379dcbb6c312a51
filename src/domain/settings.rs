//! An event's typed settings kept in its `pairing_settings` column: the
//! pairing options ([`PairingOptions`]: how its rounds are paired and how
//! a round-robin's sitting out scores) and what the event keeps beside
//! them ([`EventExtras`]: the reporting PIN, how it was last served, the
//! round schedule, its own identity, how a TRF's byes were written).
//!
//! The column is one flat JSON object, as it always was; every key has a
//! typed field, so a setting that does not exist cannot be held: reading
//! an object with a key neither struct knows is refused with the key's
//! name ([`SettingsError`]), never dropped.

use super::{Colour, Identity, PairingSystem, Points};
use crate::i18n::{msg, Msg};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::collections::BTreeMap;

/// How the Dutch system keeps clubmates apart (stored by its code).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ClubApart {
    #[default]
    Off,
    /// Clubmates never meet: a round without such a pairing is not paired.
    Absolute,
    /// Clubmates do not meet unless no pairing keeps them all apart; then
    /// the round is paired without the rule, with a note for the arbiter.
    Relaxed,
}

impl ClubApart {
    pub const CODES: [&'static str; 3] = ["off", "absolute", "relaxed"];

    pub fn from_code(s: &str) -> Option<ClubApart> {
        match s.trim() {
            "off" | "none" | "" => Some(ClubApart::Off),
            "absolute" => Some(ClubApart::Absolute),
            "relaxed" => Some(ClubApart::Relaxed),
            _ => None,
        }
    }

    pub fn code(self) -> &'static str {
        match self {
            ClubApart::Off => "off",
            ClubApart::Absolute => "absolute",
            ClubApart::Relaxed => "relaxed",
        }
    }
}

impl Serialize for ClubApart {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.code())
    }
}

impl<'de> Deserialize<'de> for ClubApart {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        ClubApart::from_code(&s).ok_or_else(|| {
            serde::de::Error::custom(format!(
                "\"{s}\" is none of {}",
                ClubApart::CODES.join(", ")
            ))
        })
    }
}

/// An acceleration method (FIDE's Baku rule is the one there is).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Acceleration {
    Baku,
}

/// How an imported TRF's byes for the round to pair were written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum TrfByes {
    /// As `240` records (TRF-2026), not in the players' lines.
    #[serde(rename = "240")]
    Records240,
}

/// Declares the pairing options once: each line gives the key's variant,
/// its field (which is its stored name), its type and the systems that
/// read it (`None`: every system). From that one list come the struct
/// [`PairingOptions`], the typed key [`PairingKey`] with its name and
/// systems, and each key's field access, so a new option is one line.
macro_rules! pairing_options {
    ($(
        $(#[doc = $doc:literal])*
        $key:ident $field:ident: $ty:ty => $systems:expr;
    )*) => {
        /// How an event's rounds are paired: the system-wide options, the
        /// Chinese method's overrides of its defaults (`pairing::CxaOptions`),
        /// and the acceleration. Each is absent unless set (absent = the
        /// default), so an event's stored object stays as small as before.
        /// Once a round is paired these stay as they are.
        #[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
        #[serde(deny_unknown_fields)]
        pub struct PairingOptions {
            $(
                $(#[doc = $doc])*
                #[serde(skip_serializing_if = "Option::is_none")]
                pub $field: Option<$ty>,
            )*
        }

        /// One pairing option, by key.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum PairingKey {
            $($key,)*
        }

        impl PairingKey {
            /// Every option, in the stored object's order.
            pub const ALL: [PairingKey; [$(stringify!($key)),*].len()] =
                [$(PairingKey::$key),*];

            /// The key as stored and as `[event.pairing]` in config.toml
            /// takes it.
            pub fn name(self) -> &'static str {
                match self {
                    $(PairingKey::$key => stringify!($field),)*
                }
            }

            /// The systems that read the option; `None`: every system.
            pub fn systems(self) -> Option<&'static [PairingSystem]> {
                #[allow(unused_imports)]
                use PairingSystem::*;
                match self {
                    $(PairingKey::$key => $systems,)*
                }
            }
        }

        impl PairingOptions {
            /// The option `key` is set (the stored object holds it).
            pub fn is_set(&self, key: PairingKey) -> bool {
                match key {
                    $(PairingKey::$key => self.$field.is_some(),)*
                }
            }

            /// Unsets the option `key` (back to its default).
            pub fn clear(&mut self, key: PairingKey) {
                match key {
                    $(PairingKey::$key => self.$field = None,)*
                }
            }
        }
    };
}

// The Chinese method's options are its own (see `pairing::CxaOptions`);
// the forfeit limit is the round-robin's too.
pairing_options! {
    /// A round-robin played twice (colours swapped).
    DoubleRoundRobin double_round_robin: bool => Some(&[Berger]);
    /// The colour of the first board's top player in round 1 (red unless set).
    FirstColour first_colour: Colour => None;
    /// The Dutch system's clubmates-apart rule.
    Clubmates clubmates: ClubApart => Some(&[Dutch]);
    /// A round-robin's player who sits out scores a win.
    RoundRobinByeScores round_robin_bye_scores: bool => Some(&[Berger]);
    /// The acceleration method.
    Acceleration acceleration: Acceleration => Some(&[Dutch]);
    /// Explicit virtual points (a TRF's `250` / `XXA`), by entry id: one
    /// value per round.
    VirtualPoints virtual_points: BTreeMap<i64, Vec<Points>> => Some(&[Dutch]);
    Round1Method round1_method: u8 => Some(&[Cxa]);
    Round1Colour round1_colour: u8 => Some(&[Cxa]);
    NoThreeInRow no_three_in_row: bool => Some(&[Cxa]);
    AvoidSameClub avoid_same_club: bool => Some(&[Cxa]);
    FloatBalance float_balance: bool => Some(&[Cxa]);
    IdenticalColourOption identical_colour_option: u8 => Some(&[Cxa]);
    LastRoundsThreshold last_rounds_threshold: Points => Some(&[Cxa]);
    LastRoundsFromEnd last_rounds_from_end: u32 => Some(&[Cxa]);
    ByeMode bye_mode: u8 => Some(&[Cxa]);
    RandomSeed random_seed: u64 => Some(&[Cxa]);
    ForfeitLimit forfeit_limit: u32 => Some(&[Cxa, Berger]);
    UpperHalf upper_half: Vec<u32> => Some(&[Cxa]);
    LowerHalf lower_half: Vec<u32> => Some(&[Cxa]);
    QualifiedAfter qualified_after: (u32, Points) => Some(&[Cxa]);
    EliminatedAfter eliminated_after: (u32, Points) => Some(&[Cxa]);
    ExhaustiveCap exhaustive_cap: usize => Some(&[Cxa]);
}

impl PairingKey {
    /// The option stored as `name`, if there is one.
    pub fn from_name(name: &str) -> Option<PairingKey> {
        PairingKey::ALL.into_iter().find(|k| k.name() == name)
    }

    /// Every option's name, in the stored object's order.
    pub fn names() -> impl Iterator<Item = &'static str> {
        PairingKey::ALL.into_iter().map(PairingKey::name)
    }

    /// The option is read by `system`.
    pub fn read_by(self, system: PairingSystem) -> bool {
        self.systems().is_none_or(|s| s.contains(&system))
    }
}

impl PairingOptions {
    /// The options set (those the stored object holds).
    pub fn set_keys(&self) -> Vec<PairingKey> {
        PairingKey::ALL
            .into_iter()
            .filter(|&k| self.is_set(k))
            .collect()
    }

    /// The first option set that `system` does not read.
    pub fn foreign_to(&self, system: PairingSystem) -> Option<PairingKey> {
        self.set_keys().into_iter().find(|k| !k.read_by(system))
    }

    /// These options without those `system` does not read.
    pub fn only_for(&self, system: PairingSystem) -> PairingOptions {
        let mut kept = self.clone();
        for key in PairingKey::ALL {
            if !key.read_by(system) {
                kept.clear(key);
            }
        }
        kept
    }

    /// The refusal of the option `key` on an event paired by `system`.
    pub fn foreign_msg(key: PairingKey, system: PairingSystem) -> Msg {
        msg!(
            "err.settings.option_system",
            key = key.name(),
            systems = systems_msg(key).unwrap_or_else(|| system_msg(system)),
            system = system_msg(system)
        )
    }

    /// The refusal of the option `key` on a knockout, whose bracket reads
    /// no pairing option.
    pub fn knockout_msg(key: PairingKey) -> Msg {
        msg!(
            "err.settings.option_knockout",
            key = key.name(),
            systems = systems_msg(key).unwrap_or_else(|| system_msg(PairingSystem::Dutch))
        )
    }

    pub fn double_round_robin(&self) -> bool {
        self.double_round_robin == Some(true)
    }

    pub fn first_colour(&self) -> Colour {
        self.first_colour.unwrap_or(Colour::Red)
    }

    pub fn clubmates(&self) -> ClubApart {
        self.clubmates.unwrap_or_default()
    }

    pub fn round_robin_bye_scores(&self) -> bool {
        self.round_robin_bye_scores == Some(true)
    }

    /// Reads a JSON object of options (config.toml's `[event.pairing]`),
    /// refusing an unknown key or a value of the wrong type by its key.
    pub fn from_map(
        map: serde_json::Map<String, serde_json::Value>,
    ) -> Result<Self, SettingsError> {
        if let Some(k) = map.keys().find(|k| PairingKey::from_name(k).is_none()) {
            return Err(SettingsError::Unknown {
                key: k.clone(),
                allowed: PairingKey::names().collect::<Vec<_>>().join(", "),
            });
        }
        typed(map)
    }
}

/// A pairing system's name, keyed.
fn system_msg(s: PairingSystem) -> Msg {
    Msg::new(match s {
        PairingSystem::Dutch => "tui.system.dutch",
        PairingSystem::Cxa => "tui.system.cxa",
        PairingSystem::Berger => "tui.system.berger",
    })
}

/// The systems that read the option `key`, named and joined.
fn systems_msg(key: PairingKey) -> Option<Msg> {
    let systems = key
        .systems()
        .unwrap_or(&PairingSystem::ALL)
        .iter()
        .map(|&s| system_msg(s))
        .collect();
    crate::i18n::join_msgs(systems)
}

/// What an event keeps beside its pairing options, in the same column:
/// each may change at any time (none changes how a round is paired).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EventExtras {
    /// The event's own reporting PIN (`qishe event pin`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub entry_pin: Option<String>,
    /// How the event was last served from the TUI: on the club's network
    /// (else this computer only), and the port.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub serve_lan: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub serve_port: Option<u16>,
    /// When rounds start, by round number (stored `YYYY-MM-DDTHH:MM`).
    #[serde(
        default,
        skip_serializing_if = "BTreeMap::is_empty",
        with = "round_starts"
    )]
    pub round_starts: BTreeMap<u32, chrono::NaiveDateTime>,
    /// The event's own identity (over the club's).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub identity: Option<Identity>,
    /// How an imported TRF wrote the byes of the round to pair.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub trf_byes: Option<TrfByes>,
    /// The header records (`192`, `222`) an imported TRF file did not
    /// have and `export trf` does not add of its own, until the event's
    /// system or time control is set by hand.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub trf_absent: Vec<String>,
    /// An imported TRF file is a round robin, as FIDE's tie-break checker
    /// tells one (its `092` names one, or its players and rounds say so):
    /// C.07 counts its unplayed games as played.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub trf_round_robin: bool,
}

impl EventExtras {
    pub const KEYS: [&'static str; 8] = [
        "entry_pin",
        "serve_lan",
        "serve_port",
        "round_starts",
        "identity",
        "trf_byes",
        "trf_absent",
        "trf_round_robin",
    ];
}

/// The round schedule as stored: round number → `YYYY-MM-DDTHH:MM`.
mod round_starts {
    use chrono::NaiveDateTime;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};
    use std::collections::BTreeMap;

    pub const STORED: &str = "%Y-%m-%dT%H:%M";

    pub fn serialize<S: Serializer>(
        v: &BTreeMap<u32, NaiveDateTime>,
        s: S,
    ) -> Result<S::Ok, S::Error> {
        v.iter()
            .map(|(k, t)| (*k, t.format(STORED).to_string()))
            .collect::<BTreeMap<u32, String>>()
            .serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(
        d: D,
    ) -> Result<BTreeMap<u32, NaiveDateTime>, D::Error> {
        BTreeMap::<u32, String>::deserialize(d)?
            .into_iter()
            .map(|(k, t)| {
                ["%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M", "%Y-%m-%dT%H:%M:%S"]
                    .iter()
                    .find_map(|f| NaiveDateTime::parse_from_str(t.trim(), f).ok())
                    .map(|t| (k, t))
                    .ok_or_else(|| {
                        serde::de::Error::custom(format!("\"{t}\" is no YYYY-MM-DDTHH:MM"))
                    })
            })
            .collect()
    }
}

/// The event's `pairing_settings` column, typed: its pairing options and
/// what it keeps beside them, one flat JSON object in the database.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PairingSettings {
    pub options: PairingOptions,
    pub extras: EventExtras,
}

impl PairingSettings {
    /// Reads the stored object: each key to its struct, an unknown key (an
    /// older or a newer qishe's, or a hand edit) refused by name.
    pub fn from_map(
        map: serde_json::Map<String, serde_json::Value>,
    ) -> Result<Self, SettingsError> {
        let mut options = serde_json::Map::new();
        let mut extras = serde_json::Map::new();
        for (k, v) in map {
            if PairingKey::from_name(&k).is_some() {
                options.insert(k, v);
            } else if EventExtras::KEYS.contains(&k.as_str()) {
                extras.insert(k, v);
            } else {
                return Err(SettingsError::Unknown {
                    key: k,
                    allowed: PairingKey::names()
                        .chain(EventExtras::KEYS)
                        .collect::<Vec<_>>()
                        .join(", "),
                });
            }
        }
        Ok(PairingSettings {
            options: typed(options)?,
            extras: typed(extras)?,
        })
    }

    /// The stored object.
    pub fn to_map(&self) -> serde_json::Map<String, serde_json::Value> {
        match serde_json::to_value(self) {
            Ok(serde_json::Value::Object(m)) => m,
            _ => serde_json::Map::new(),
        }
    }

    /// The stored text (the column's JSON).
    pub fn from_json(text: &str) -> Result<Self, SettingsError> {
        let map = serde_json::from_str(text).map_err(|e| SettingsError::Value {
            key: String::new(),
            why: e.to_string(),
        })?;
        Self::from_map(map)
    }
}

/// `map` as `T`; a value of the wrong type names its key.
fn typed<T: serde::de::DeserializeOwned>(
    map: serde_json::Map<String, serde_json::Value>,
) -> Result<T, SettingsError> {
    for (k, v) in &map {
        let one: serde_json::Map<_, _> = [(k.clone(), v.clone())].into_iter().collect();
        if let Err(e) = serde_json::from_value::<T>(serde_json::Value::Object(one)) {
            return Err(SettingsError::Value {
                key: k.clone(),
                why: e.to_string(),
            });
        }
    }
    serde_json::from_value(serde_json::Value::Object(map)).map_err(|e| SettingsError::Value {
        key: String::new(),
        why: e.to_string(),
    })
}

impl Serialize for PairingSettings {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct Flat<'a> {
            #[serde(flatten)]
            options: &'a PairingOptions,
            #[serde(flatten)]
            extras: &'a EventExtras,
        }
        Flat {
            options: &self.options,
            extras: &self.extras,
        }
        .serialize(s)
    }
}

impl<'de> Deserialize<'de> for PairingSettings {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let map = serde_json::Map::deserialize(d)?;
        PairingSettings::from_map(map).map_err(serde::de::Error::custom)
    }
}

/// A stored or configured setting that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SettingsError {
    /// A key no setting has.
    Unknown { key: String, allowed: String },
    /// A known key with a value of the wrong type.
    Value { key: String, why: String },
}

impl SettingsError {
    pub fn msg(&self) -> Msg {
        match self {
            SettingsError::Unknown { key, allowed } => {
                msg!("err.settings.unknown_key", key, allowed)
            }
            SettingsError::Value { key, why } => msg!("err.settings.bad_value", key, why),
        }
    }
}

crate::i18n::english_display!(SettingsError);
impl std::error::Error for SettingsError {}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(keys: Vec<PairingKey>) -> Vec<&'static str> {
        keys.into_iter().map(PairingKey::name).collect()
    }

    #[test]
    fn each_option_names_the_systems_that_read_it() {
        use PairingSystem::*;
        let o = PairingOptions {
            round1_method: Some(2),
            first_colour: Some(Colour::Black),
            forfeit_limit: Some(3),
            ..Default::default()
        };
        assert_eq!(
            names(o.set_keys()),
            ["first_colour", "round1_method", "forfeit_limit"]
        );
        assert_eq!(o.foreign_to(Cxa), None);
        assert_eq!(o.foreign_to(Dutch), Some(PairingKey::Round1Method));
        assert_eq!(o.foreign_to(Berger), Some(PairingKey::Round1Method));
        let b = o.only_for(Berger);
        assert_eq!(names(b.set_keys()), ["first_colour", "forfeit_limit"]);
        assert_eq!(names(o.only_for(Dutch).set_keys()), ["first_colour"]);
        // Every key is some system's: none is refused everywhere.
        for k in PairingKey::ALL {
            assert!(k.systems().is_none_or(|s| !s.is_empty()), "{k:?}");
        }
        let m = PairingOptions::foreign_msg(PairingKey::ForfeitLimit, Dutch);
        assert!(
            m.en().contains("forfeit_limit") && m.en().contains("round-robin"),
            "{}",
            m.en()
        );
    }

    #[test]
    fn every_key_is_set_and_cleared_by_its_own_field() {
        let full = PairingSettings::from_map(map(every_key())).unwrap().options;
        for k in PairingKey::ALL {
            assert_eq!(PairingKey::from_name(k.name()), Some(k));
            assert!(full.is_set(k), "{k:?}");
            assert!(!PairingOptions::default().is_set(k), "{k:?}");
            // Clearing a key takes exactly that key out of the stored object.
            let mut one = full.clone();
            one.clear(k);
            let mut want = serde_json::to_value(&full).unwrap();
            want.as_object_mut().unwrap().remove(k.name());
            assert_eq!(serde_json::to_value(&one).unwrap(), want, "{k:?}");
            assert!(!one.is_set(k));
        }
        assert_eq!(full.set_keys(), PairingKey::ALL);
        assert_eq!(PairingKey::from_name("doubel_round_robin"), None);
    }

    #[test]
    fn every_key_round_trips_alone_through_the_stored_column() {
        // Each option set on its own writes an object of just its key,
        // with the value as earlier versions stored it, and reads back the
        // same options.
        let every = map(every_key());
        for k in PairingKey::ALL {
            let value = every[k.name()].clone();
            let one: serde_json::Map<_, _> = [(k.name().to_string(), value)].into_iter().collect();
            let s = PairingSettings::from_map(one.clone()).unwrap();
            assert_eq!(s.options.set_keys(), [k], "{k:?}");
            assert_eq!(s.to_map(), one, "{k:?}");
            let text = serde_json::to_string(&s).unwrap();
            assert_eq!(PairingSettings::from_json(&text).unwrap(), s, "{k:?}");
        }
        // The column's text, byte for byte, as the options were written
        // before their keys were declared in one list.
        let full = PairingSettings::from_map(every).unwrap().options;
        assert_eq!(serde_json::to_string(&full).unwrap(), GOLDEN);
    }

    const GOLDEN: &str = r#"{"double_round_robin":true,"first_colour":"black","clubmates":"relaxed","round_robin_bye_scores":true,"acceleration":"baku","virtual_points":{"7":[100,50],"12":[0]},"round1_method":5,"round1_colour":3,"no_three_in_row":false,"avoid_same_club":false,"float_balance":false,"identical_colour_option":1,"last_rounds_threshold":100,"last_rounds_from_end":3,"bye_mode":1,"random_seed":42,"forfeit_limit":0,"upper_half":[1,2],"lower_half":[9],"qualified_after":[3,500],"eliminated_after":[2,100],"exhaustive_cap":20}"#;

    #[test]
    fn only_for_keeps_the_options_each_system_reads() {
        use PairingSystem::*;
        let full = PairingSettings::from_map(map(every_key())).unwrap().options;
        for system in PairingSystem::ALL {
            let kept = full.only_for(system);
            assert_eq!(kept.foreign_to(system), None, "{system:?}");
            for k in PairingKey::ALL {
                let reads = k.systems().is_none_or(|s| s.contains(&system));
                assert_eq!(kept.is_set(k), reads, "{system:?} {k:?}");
            }
        }
        assert_eq!(
            names(full.only_for(Berger).set_keys()),
            [
                "double_round_robin",
                "first_colour",
                "round_robin_bye_scores",
                "forfeit_limit"
            ]
        );
        assert_eq!(
            names(full.only_for(Dutch).set_keys()),
            [
                "first_colour",
                "clubmates",
                "acceleration",
                "virtual_points"
            ]
        );
        // Values are kept as they were, not re-read.
        assert_eq!(full.only_for(Cxa).round1_method, Some(5));
        assert_eq!(
            full.only_for(Dutch).virtual_points,
            full.virtual_points.clone()
        );
    }

    use serde_json::json;

    fn map(v: serde_json::Value) -> serde_json::Map<String, serde_json::Value> {
        v.as_object().cloned().unwrap()
    }

    /// Every key of the two structs, with a value of its type, as the
    /// writers of earlier versions stored them.
    fn every_key() -> serde_json::Value {
        json!({
            "double_round_robin": true,
            "first_colour": "black",
            "clubmates": "relaxed",
            "round_robin_bye_scores": true,
            "acceleration": "baku",
            "virtual_points": {"7": [100, 50], "12": [0]},
            "round1_method": 5,
            "round1_colour": 3,
            "no_three_in_row": false,
            "avoid_same_club": false,
            "float_balance": false,
            "identical_colour_option": 1,
            "last_rounds_threshold": 100,
            "last_rounds_from_end": 3,
            "bye_mode": 1,
            "random_seed": 42,
            "forfeit_limit": 0,
            "upper_half": [1, 2],
            "lower_half": [9],
            "qualified_after": [3, 500],
            "eliminated_after": [2, 100],
            "exhaustive_cap": 20,
            "entry_pin": "4711",
            "serve_lan": true,
            "serve_port": 8081,
            "round_starts": {"1": "2026-12-05T14:00", "3": "2026-12-06T09:30"},
            "identity": {"venue": "文化宫", "deputy_arbiters": ["李"]},
            "trf_byes": "240",
            "trf_absent": ["192", "222"],
            "trf_round_robin": true
        })
    }

    #[test]
    fn every_stored_key_reads_typed_and_writes_back_the_same_object() {
        let stored = map(every_key());
        let s = PairingSettings::from_map(stored.clone()).unwrap();
        assert!(s.options.double_round_robin());
        assert_eq!(s.options.first_colour(), Colour::Black);
        assert_eq!(s.options.clubmates(), ClubApart::Relaxed);
        assert_eq!(s.options.acceleration, Some(Acceleration::Baku));
        assert_eq!(
            s.options.virtual_points.as_ref().unwrap()[&7],
            vec![Points(100), Points(50)]
        );
        assert_eq!(s.options.qualified_after, Some((3, Points(500))));
        assert_eq!(s.extras.serve_port, Some(8081));
        assert_eq!(s.extras.round_starts[&3].to_string(), "2026-12-06 09:30:00");
        assert_eq!(
            s.extras.identity.as_ref().unwrap().venue.as_deref(),
            Some("文化宫")
        );
        assert_eq!(s.extras.trf_byes, Some(TrfByes::Records240));
        assert_eq!(s.to_map(), stored);
        // Through the column's text too.
        let text = serde_json::to_string(&s).unwrap();
        assert_eq!(PairingSettings::from_json(&text).unwrap(), s);
        assert_eq!(serde_json::from_str::<PairingSettings>(&text).unwrap(), s);
    }

    #[test]
    fn the_key_lists_are_the_structs_fields() {
        let s = PairingSettings::from_map(map(every_key())).unwrap();
        let mut opts: Vec<String> = match serde_json::to_value(&s.options).unwrap() {
            serde_json::Value::Object(m) => m.keys().cloned().collect(),
            _ => unreachable!(),
        };
        let mut want: Vec<String> = PairingKey::names().map(|k| k.to_string()).collect();
        opts.sort();
        want.sort();
        assert_eq!(opts, want);
        let mut extras: Vec<String> = match serde_json::to_value(&s.extras).unwrap() {
            serde_json::Value::Object(m) => m.keys().cloned().collect(),
            _ => unreachable!(),
        };
        let mut want: Vec<String> = EventExtras::KEYS.iter().map(|k| k.to_string()).collect();
        extras.sort();
        want.sort();
        assert_eq!(extras, want);
    }

    #[test]
    fn an_empty_object_is_the_default_and_stays_empty() {
        let s = PairingSettings::from_json("{}").unwrap();
        assert_eq!(s, PairingSettings::default());
        assert_eq!(serde_json::to_string(&s).unwrap(), "{}");
        assert_eq!(s.options.first_colour(), Colour::Red);
        assert!(!s.options.double_round_robin());
    }

    #[test]
    fn an_unknown_key_is_refused_by_name() {
        let e =
            PairingSettings::from_json(r#"{"round1_method": 2, "serve_prot": 80}"#).unwrap_err();
        assert!(matches!(&e, SettingsError::Unknown { key, .. } if key == "serve_prot"));
        assert!(e.to_string().contains("serve_prot"), "{e}");
        assert!(e
            .msg()
            .render(crate::i18n::Lang::ZhHans)
            .contains("未知的设置项 \"serve_prot\""));
        // Through serde too (a backup's or an archive's JSON).
        let e =
            serde_json::from_str::<PairingSettings>(r#"{"doubel_round_robin": true}"#).unwrap_err();
        assert!(e.to_string().contains("doubel_round_robin"), "{e}");
    }

    #[test]
    fn an_event_level_key_is_no_pairing_option() {
        let e = PairingOptions::from_map(map(json!({"serve_port": 80}))).unwrap_err();
        assert!(matches!(e, SettingsError::Unknown { key, .. } if key == "serve_port"));
    }

    #[test]
    fn a_wrong_value_names_its_key() {
        for (text, key) in [
            (r#"{"first_colour": "green"}"#, "first_colour"),
            (r#"{"clubmates": "always"}"#, "clubmates"),
            (r#"{"acceleration": "swiss"}"#, "acceleration"),
            (
                r#"{"round1_method": "two", "bye_mode": 1}"#,
                "round1_method",
            ),
            (r#"{"serve_port": 70000}"#, "serve_port"),
            (r#"{"round_starts": {"1": "noon"}}"#, "round_starts"),
            (r#"{"trf_byes": "241"}"#, "trf_byes"),
        ] {
            match PairingSettings::from_json(text) {
                Err(SettingsError::Value { key: k, .. }) => assert_eq!(k, key, "{text}"),
                other => panic!("{text}: {other:?}"),
            }
        }
    }

    #[test]
    fn clubmates_none_reads_as_off() {
        let s = PairingSettings::from_json(r#"{"clubmates": "none"}"#).unwrap();
        assert_eq!(s.options.clubmates, Some(ClubApart::Off));
    }
}
