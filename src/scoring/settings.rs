//! Scheme constants as named settings, overridable from a JSON or TOML map.

use super::ScoringError;
use crate::domain::Points;

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

    /// Applies overrides from a JSON map (numbers or strings such as `"0.8"`).
    /// Six-value schemes also take `values = "2:1:0:2:1:0"` (red win, draw,
    /// loss, black win, draw, loss; or the 4-value form win:red draw:black
    /// draw:loss).
    pub fn apply_json(
        &mut self,
        map: &serde_json::Map<String, serde_json::Value>,
    ) -> Result<(), ScoringError> {
        // The six-value shorthand first, so single keys can refine it.
        let mut entries: Vec<_> = map.iter().collect();
        entries.sort_by_key(|(k, _)| k.as_str() != "values");
        for (k, v) in entries {
            let text = match v {
                serde_json::Value::Number(n) => n.to_string(),
                serde_json::Value::String(s) => s.clone(),
                other => {
                    return Err(ScoringError::BadSettingValue {
                        key: k.clone(),
                        value: other.to_string(),
                        expected: "err.scoring.expected.number",
                    })
                }
            };
            self.apply_text(k, &text)?;
        }
        Ok(())
    }

    /// Applies overrides from a TOML table.
    pub fn apply_toml(&mut self, table: &toml::Table) -> Result<(), ScoringError> {
        let mut entries: Vec<_> = table.iter().collect();
        entries.sort_by_key(|(k, _)| k.as_str() != "values");
        for (k, v) in entries {
            let text = match v {
                toml::Value::Integer(i) => i.to_string(),
                toml::Value::Float(f) => f.to_string(),
                toml::Value::String(s) => s.clone(),
                other => {
                    return Err(ScoringError::BadSettingValue {
                        key: k.clone(),
                        value: other.to_string(),
                        expected: "err.scoring.expected.number",
                    })
                }
            };
            self.apply_text(k, &text)?;
        }
        Ok(())
    }

    /// Applies one override given as text.
    pub fn apply_text(&mut self, key: &str, text: &str) -> Result<(), ScoringError> {
        if key == "values" && self.has_six_values() {
            let parts: Vec<&str> = text.split([':', ',', ';']).collect();
            let parsed: Vec<Points> = parts
                .iter()
                .map(|p| p.trim().parse::<Points>())
                .collect::<Result<_, _>>()
                .map_err(|_| ScoringError::BadSettingValue {
                    key: key.to_string(),
                    value: text.to_string(),
                    expected: "err.scoring.expected.six_points",
                })?;
            let six = match parsed.len() {
                6 => parsed,
                // win : red draw : black draw : loss
                4 => vec![
                    parsed[0], parsed[1], parsed[3], parsed[0], parsed[2], parsed[3],
                ],
                _ => {
                    return Err(ScoringError::BadSettingValue {
                        key: key.to_string(),
                        value: text.to_string(),
                        expected: "err.scoring.expected.six_points",
                    })
                }
            };
            for (k, v) in SIX.iter().zip(six) {
                self.set(k, v)?;
            }
            return Ok(());
        }
        // Check the key first so that a typo is reported as such.
        if !self.values.iter().any(|(k, _)| *k == key) {
            return Err(ScoringError::UnknownSetting {
                scheme: self.scheme.to_string(),
                key: key.to_string(),
                allowed: self.allowed(),
            });
        }
        let v: Points = text
            .trim()
            .parse()
            .map_err(|_| ScoringError::BadSettingValue {
                key: key.to_string(),
                value: text.to_string(),
                expected: "err.scoring.expected.points",
            })?;
        self.set(key, v)
    }
}

/// The six values of a single-game scheme, in the CXA order.
pub(crate) const SIX: [&str; 6] = [
    "red_win",
    "red_draw",
    "red_loss",
    "black_win",
    "black_draw",
    "black_loss",
];
