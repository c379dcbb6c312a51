//! Scheme constants as named settings, overridden by an event's
//! [`SchemeConstants`] (read where they are typed: [`read_scheme_constants`]).

use super::ScoringError;
use crate::domain::{Constant, ConstantName, ConstantValue, Points, SchemeConstants};

/// The constants of one scheme, by name. Every constant of the spec is here
/// with its default; a club overrides some of them by name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SchemeSettings {
    scheme: &'static str,
    values: Vec<(&'static str, Points)>,
}

impl SchemeSettings {
    /// Settings with the given defaults (name, value).
    pub(crate) fn new(scheme: &'static str, defaults: &[(&'static str, Points)]) -> Self {
        SchemeSettings {
            scheme,
            values: defaults.to_vec(),
        }
    }

    /// The value of a setting. Panics only on a programming error (a name
    /// that the scheme's own code never declared).
    pub fn get(&self, key: &str) -> Points {
        match self.values.iter().find(|(k, _)| *k == key) {
            Some((_, v)) => *v,
            None => unreachable!("scheme {} has no setting {key}", self.scheme),
        }
    }

    /// A setting read as a whole number (move limits, counts).
    pub fn get_whole(&self, key: &str) -> i64 {
        self.get(key).hundredths() / 100
    }

    /// The names of all settings, in declaration order.
    pub fn keys(&self) -> Vec<&'static str> {
        self.values.iter().map(|(k, _)| *k).collect()
    }

    /// All settings with their values.
    pub fn iter(&self) -> impl Iterator<Item = (&'static str, Points)> + '_ {
        self.values.iter().copied()
    }

    /// Sets one value; an unknown key is an error listing the allowed ones.
    pub fn set(&mut self, key: &str, value: Points) -> Result<(), ScoringError> {
        let allowed = self.allowed();
        match self.values.iter_mut().find(|(k, _)| *k == key) {
            Some(slot) => {
                slot.1 = value;
                Ok(())
            }
            None => Err(ScoringError::UnknownSetting {
                scheme: self.scheme.to_string(),
                key: key.to_string(),
                allowed,
            }),
        }
    }

    fn allowed(&self) -> String {
        let mut keys = self.keys().join(", ");
        if self.has_six_values() {
            keys.push_str(", values");
        }
        keys
    }

    fn has_six_values(&self) -> bool {
        SIX.iter()
            .all(|k| self.values.iter().any(|(name, _)| name == k))
    }

    /// Takes an event's constants over these values: `values` first (a
    /// six-value scheme's six), so single constants refine it. A constant
    /// this scheme has not (a stored row of another scheme, or `values` on
    /// a scheme without six values) is refused by name with the scheme's
    /// own constants.
    pub fn apply(&mut self, constants: &SchemeConstants) -> Result<(), ScoringError> {
        let mut all: Vec<&Constant> = constants.iter().collect();
        all.sort_by_key(|c| c.name() != ConstantName::VALUES);
        for c in all {
            self.check(c.name().as_str())?;
            match c.value() {
                ConstantValue::Six(six) => {
                    for (k, v) in SIX.iter().zip(six) {
                        self.set(k, v)?;
                    }
                }
                ConstantValue::Points(v) => self.set(c.name().as_str(), v)?,
            }
        }
        Ok(())
    }

    /// Does this scheme have the constant `key`? (`values` when it has
    /// the six values.) Refused by name, with the scheme's constants.
    pub fn check(&self, key: &str) -> Result<(), ScoringError> {
        let has = if key == "values" {
            self.has_six_values()
        } else {
            self.values.iter().any(|(k, _)| *k == key)
        };
        if has {
            Ok(())
        } else {
            Err(ScoringError::UnknownSetting {
                scheme: self.scheme.to_string(),
                key: key.to_string(),
                allowed: self.allowed(),
            })
        }
    }
}

/// The six values of a single-game scheme, in the CXA order: the first
/// six of the domain's constant names.
pub(crate) const SIX: [&str; 6] = {
    let n = crate::domain::CONSTANT_NAMES;
    [n[0], n[1], n[2], n[3], n[4], n[5]]
};

/// Reads constants as a user or a file wrote them (config.toml's
/// `[event.scheme_settings]`, any JSON object) against the scheme `id`:
/// a constant the scheme has not is refused by name with the scheme's
/// own constants (first, so a typo reads as such), a wrong value by its
/// name and what it takes. `values` is read first, as it is applied.
pub fn read_scheme_constants(
    id: &str,
    map: &serde_json::Map<String, serde_json::Value>,
) -> Result<SchemeConstants, ScoringError> {
    let scheme = super::Scheme::new(super::SchemeKind::from_id(id)?);
    let mut entries: Vec<_> = map.iter().collect();
    entries.sort_by_key(|(k, _)| k.as_str() != "values");
    let mut out = Vec::new();
    for (k, v) in entries {
        scheme.settings.check(k)?;
        // Every scheme's constant is a domain name (a test holds them so).
        let name = ConstantName::from_name(k).ok_or_else(|| ScoringError::UnknownSetting {
            scheme: id.to_string(),
            key: k.clone(),
            allowed: scheme.settings.allowed(),
        })?;
        out.push(Constant::from_json(name, v).map_err(bad_value)?);
    }
    Ok(SchemeConstants::new(out))
}

/// A domain value error as the scoring layer's.
fn bad_value(e: crate::domain::ConstantError) -> ScoringError {
    match e {
        crate::domain::ConstantError::Value {
            key,
            value,
            expected,
        } => ScoringError::BadSettingValue {
            key,
            value,
            expected,
        },
        crate::domain::ConstantError::Unknown { key } => ScoringError::BadSettingValue {
            value: key.clone(),
            key,
            expected: "err.scoring.expected.number",
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::CONSTANT_NAMES;
    use crate::i18n::Lang;
    use crate::scoring::{Scheme, SchemeKind};
    use serde_json::json;

    fn map(v: serde_json::Value) -> serde_json::Map<String, serde_json::Value> {
        v.as_object().cloned().unwrap()
    }

    /// The domain's names are every scheme's constants and no more, so a
    /// constant a scheme reads can always be held.
    #[test]
    fn the_domain_names_every_constant_of_every_scheme() {
        let mut all: Vec<&str> = SchemeKind::ALL
            .iter()
            .flat_map(|k| Scheme::new(*k).settings.keys())
            .chain(["values"])
            .collect();
        all.sort();
        all.dedup();
        let mut names = CONSTANT_NAMES.to_vec();
        names.sort();
        assert_eq!(all, names);
    }

    #[test]
    fn a_constant_of_another_scheme_is_refused_by_name_with_the_schemes_own() {
        // `draw` is draw-0.8's, not the standard scheme's.
        let e = read_scheme_constants("standard", &map(json!({"draw": "0.8"}))).unwrap_err();
        assert!(
            matches!(&e, ScoringError::UnknownSetting { key, .. } if key == "draw"),
            "{e:?}"
        );
        let m = e.msg();
        assert!(
            m.en().contains("scheme standard has no setting \"draw\""),
            "{}",
            m.en()
        );
        assert!(m.en().contains("black_loss, values"), "{}", m.en());
        assert!(m.render(Lang::ZhHans).contains("没有设置 \"draw\""));
        assert!(m.render(Lang::ZhHant).contains("沒有設定 \"draw\""));
        // `values` on a scheme without six values.
        let e = read_scheme_constants("draw-0.8", &map(json!({"values": "2:1:0:2:1:0"})));
        assert!(
            matches!(e, Err(ScoringError::UnknownSetting { .. })),
            "{e:?}"
        );
        // The same constants stored on a row and applied: refused too.
        let stored = read_scheme_constants("draw-0.8", &map(json!({"draw": 0.7}))).unwrap();
        assert!(Scheme::from_id("draw-0.8", &stored).is_ok());
        let e = Scheme::from_id("three-point", &stored).unwrap_err();
        assert!(
            matches!(&e, ScoringError::UnknownSetting { key, scheme, .. } if key == "draw" && scheme == "three-point"),
            "{e:?}"
        );
    }

    #[test]
    fn read_constants_are_applied_values_first() {
        let c = read_scheme_constants(
            "custom",
            &map(json!({"black_loss": -1, "values": "3:1:2:0"})),
        )
        .unwrap();
        let s = Scheme::from_id("custom", &c).unwrap();
        let v: Vec<i64> = SIX.iter().map(|k| s.settings.get(k).hundredths()).collect();
        assert_eq!(v, [300, 100, 0, 300, 200, -100]);
        // A typo is reported as such, before a wrong value.
        let e = read_scheme_constants("custom", &map(json!({"black_wim": "x", "red_win": "y"})))
            .unwrap_err();
        assert!(matches!(e, ScoringError::UnknownSetting { .. }), "{e:?}");
    }
}
