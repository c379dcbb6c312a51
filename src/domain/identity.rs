//! Who runs the club's events, printed on every document (the club, the
//! organiser, the venue, the arbiters), and the paper documents are laid
//! out on.

use serde::{Deserialize, Serialize};

/// The club's identity on paper. config.toml holds the club's; an event
/// may hold its own, whose values override the club's ([`Identity::over`]).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Identity {
    /// The club (棋社); in config.toml it is `club`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub club: Option<String>,
    /// 主办单位.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub organiser: Option<String>,
    /// 比赛地点.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub venue: Option<String>,
    /// 裁判长.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub chief_arbiter: Option<String>,
    /// 副裁判长.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub deputy_arbiters: Vec<String>,
}

impl Identity {
    /// These values where set, else `base`'s.
    pub fn over(&self, base: &Identity) -> Identity {
        let pick = |a: &Option<String>, b: &Option<String>| a.clone().or_else(|| b.clone());
        Identity {
            club: pick(&self.club, &base.club),
            organiser: pick(&self.organiser, &base.organiser),
            venue: pick(&self.venue, &base.venue),
            chief_arbiter: pick(&self.chief_arbiter, &base.chief_arbiter),
            deputy_arbiters: match self.deputy_arbiters.is_empty() {
                true => base.deputy_arbiters.clone(),
                false => self.deputy_arbiters.clone(),
            },
        }
    }

    /// Whether nothing is set.
    pub fn is_empty(&self) -> bool {
        *self == Identity::default()
    }

    /// Blank values count as unset; names are trimmed.
    pub fn normalized(mut self) -> Identity {
        let clean = |v: &mut Option<String>| {
            *v = v
                .take()
                .map(|s| s.trim().to_string())
                .filter(|s| !s.is_empty());
        };
        clean(&mut self.club);
        clean(&mut self.organiser);
        clean(&mut self.venue);
        clean(&mut self.chief_arbiter);
        self.deputy_arbiters = self
            .deputy_arbiters
            .iter()
            .map(|s| s.trim().to_string())
            .filter(|s| !s.is_empty())
            .collect();
        self
    }
}

/// The paper documents are laid out on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Paper {
    #[default]
    A4,
    Letter,
}

impl Paper {
    /// Width and height in points (1/72 inch), portrait; A4's 210 × 297
    /// mm to the hundredth of a point, as PDF files write it.
    pub fn size(self) -> (f32, f32) {
        match self {
            Paper::A4 => (595.28, 841.89),
            Paper::Letter => (612.0, 792.0),
        }
    }

    /// The setting's name (`a4`, `letter`).
    pub fn code(self) -> &'static str {
        match self {
            Paper::A4 => "a4",
            Paper::Letter => "letter",
        }
    }

    pub fn from_code(s: &str) -> Option<Paper> {
        match s.trim().to_ascii_lowercase().as_str() {
            "a4" => Some(Paper::A4),
            "letter" => Some(Paper::Letter),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_events_values_override_the_clubs() {
        let club = Identity {
            club: Some("东城象棋社".into()),
            organiser: Some("东城区体育局".into()),
            chief_arbiter: Some("张三".into()),
            deputy_arbiters: vec!["李四".into()],
            ..Default::default()
        };
        let ev = Identity {
            venue: Some("文化宫".into()),
            chief_arbiter: Some("王五".into()),
            ..Default::default()
        };
        let m = ev.over(&club);
        assert_eq!(m.club.as_deref(), Some("东城象棋社"));
        assert_eq!(m.organiser.as_deref(), Some("东城区体育局"));
        assert_eq!(m.venue.as_deref(), Some("文化宫"));
        assert_eq!(m.chief_arbiter.as_deref(), Some("王五"));
        assert_eq!(m.deputy_arbiters, ["李四"]);
        assert!(Identity {
            venue: Some("  ".into()),
            deputy_arbiters: vec![" ".into()],
            ..Default::default()
        }
        .normalized()
        .is_empty());
    }
}
