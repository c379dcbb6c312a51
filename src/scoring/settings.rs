//! Scheme constants, typed per scheme: a scheme's constants are the fields
//! of its own struct ([`SixValues`], [`Draw08Values`], …), held by the one
//! [`SchemeSettings`] variant of that scheme, so scoring reads fields and a
//! constant of another scheme has no place to be. Text becomes constants
//! where it enters: config.toml through `read_scheme_constants`, the
//! column, an archive and a backup through the domain's
//! [`SchemeConstants`] (kept as written, so they write back byte for byte);
//! [`SchemeSettings::apply`] lays those over the scheme's defaults and
//! refuses by name one the scheme has not.

use super::ScoringError;
use crate::domain::{ConstantName, ConstantValue, Material, Points, SchemeConstants};
use serde::{Serialize, Serializer};

/// What every scheme's struct of constants answers: its names and a slot
/// by name, the one place a name is matched to a field.
trait Named {
    fn names(&self) -> &'static [&'static str];
    fn slot(&mut self, name: &str) -> Option<&mut Points>;
    fn values(&self) -> Vec<Points>;
}

/// A struct of named constants (each a `Points` field named as config.toml
/// and the column name it), with its names in the spec's order.
macro_rules! constants {
    ($(#[$doc:meta])* $name:ident { $($(#[$fdoc:meta])* $field:ident),+ $(,)? }) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct $name {
            $($(#[$fdoc])* pub $field: Points,)+
        }

        impl $name {
            /// The constants' names, in the order error messages list them.
            pub const NAMES: &'static [&'static str] = &[$(stringify!($field)),+];
        }

        impl Named for $name {
            fn names(&self) -> &'static [&'static str] {
                Self::NAMES
            }

            fn slot(&mut self, name: &str) -> Option<&mut Points> {
                match name {
                    $(stringify!($field) => Some(&mut self.$field),)+
                    _ => None,
                }
            }

            fn values(&self) -> Vec<Points> {
                vec![$(self.$field),+]
            }
        }
    };
}

constants! {
    /// The six values of a single-game scheme (standard, three-point,
    /// red-draw-penalty, custom), in the CXA order.
    SixValues { red_win, red_draw, red_loss, black_win, black_draw, black_loss }
}

constants! {
    /// chess: the six values, and the rating an unrated player counts with
    /// in ARO and TPR (0: unrated opponents are left out).
    ChessValues { red_win, red_draw, red_loss, black_win, black_draw, black_loss, unrated_rating }
}

constants! {
    /// armageddon: a draw is a black win, so there are no draw values.
    ArmageddonValues { red_win, red_loss, black_win, black_loss }
}

constants! {
    /// draw-0.8: the game values, and the residual-material score of a draw.
    Draw08Values {
        win, draw, loss, red_deduction, residual_factor, residual_cap,
        chariot, cannon, horse, elephant, advisor, pawn, crossed_pawn,
    }
}

constants! {
    /// attacker-defender: a draw splits between defender and attacker; the
    /// attacker is who captures first within `strike_limit` moves.
    AttackerDefenderValues { win, loss, defender_draw, attacker_draw, strike_limit }
}

constants! {
    /// two-game: the round's big points, each game's small points, a bye's.
    TwoGameValues {
        round_win, round_draw, round_loss,
        game_win_small, game_draw_small, game_loss_small,
        bye_points, bye_small,
    }
}

constants! {
    /// hu-two-game: game points by colour up to `target`, then the round's.
    HuTwoGameValues {
        red_win, red_draw, black_draw, black_win, loss, target,
        round_win, round_draw, round_loss, bye_points, bye_small,
    }
}

impl SixValues {
    /// The six values in the CXA order.
    pub fn six(&self) -> [Points; 6] {
        [
            self.red_win,
            self.red_draw,
            self.red_loss,
            self.black_win,
            self.black_draw,
            self.black_loss,
        ]
    }

    fn set_six(&mut self, [a, b, c, d, e, f]: [Points; 6]) {
        *self = SixValues {
            red_win: a,
            red_draw: b,
            red_loss: c,
            black_win: d,
            black_draw: e,
            black_loss: f,
        };
    }
}

impl ChessValues {
    /// The six values, as a single-game scheme's.
    pub fn six_values(&self) -> SixValues {
        SixValues {
            red_win: self.red_win,
            red_draw: self.red_draw,
            red_loss: self.red_loss,
            black_win: self.black_win,
            black_draw: self.black_draw,
            black_loss: self.black_loss,
        }
    }

    fn set_six(&mut self, six: [Points; 6]) {
        let mut v = self.six_values();
        v.set_six(six);
        *self = ChessValues {
            red_win: v.red_win,
            red_draw: v.red_draw,
            red_loss: v.red_loss,
            black_win: v.black_win,
            black_draw: v.black_draw,
            black_loss: v.black_loss,
            unrated_rating: self.unrated_rating,
        };
    }
}

impl Draw08Values {
    /// The material value of one side's residual pieces.
    pub fn material_value(&self, m: &Material) -> Points {
        self.chariot * m.chariots as i64
            + self.cannon * m.cannons as i64
            + self.horse * m.horses as i64
            + self.elephant * m.elephants as i64
            + self.advisor * m.advisors as i64
            + self.pawn * m.pawns_uncrossed as i64
            + self.crossed_pawn * m.pawns_crossed as i64
    }

    /// Red's residual score in a drawn game (black's is its negative).
    pub fn residual_score(&self, red: &Material, black: &Material) -> Points {
        let d = self.material_value(red) - self.red_deduction - self.material_value(black);
        // A side without attackers cannot profit from its material lead.
        let red_bare = !red.has_attacker() && black.has_attacker();
        let black_bare = !black.has_attacker() && red.has_attacker();
        if (red_bare && d.hundredths() > 0) || (black_bare && d.hundredths() < 0) {
            return Points::ZERO;
        }
        // factor × D, with D in hundredths: exact as long as the factor has
        // at most two decimals and D is a whole number of material units.
        let raw = Points(d.hundredths() * self.residual_factor.hundredths() / 100);
        raw.clamp_to(-self.residual_cap, self.residual_cap)
    }
}

/// The constants of one scheme, typed: one variant per scheme (in the
/// order of `SchemeKind`), each with its own struct. Made only from the
/// scheme's defaults (`SchemeSettings::defaults`), changed only by
/// [`SchemeSettings::apply`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SchemeSettings {
    Standard(SixValues),
    ThreePoint(SixValues),
    RedDrawPenalty(SixValues),
    Armageddon(ArmageddonValues),
    Draw08(Draw08Values),
    AttackerDefender(AttackerDefenderValues),
    TwoGame(TwoGameValues),
    HuTwoGame(HuTwoGameValues),
    Chess(ChessValues),
    Custom(SixValues),
}

impl SchemeSettings {
    fn named(&self) -> &dyn Named {
        use SchemeSettings::*;
        match self {
            Standard(v) | ThreePoint(v) | RedDrawPenalty(v) | Custom(v) => v,
            Chess(v) => v,
            Armageddon(v) => v,
            Draw08(v) => v,
            AttackerDefender(v) => v,
            TwoGame(v) => v,
            HuTwoGame(v) => v,
        }
    }

    fn named_mut(&mut self) -> &mut dyn Named {
        use SchemeSettings::*;
        match self {
            Standard(v) | ThreePoint(v) | RedDrawPenalty(v) | Custom(v) => v,
            Chess(v) => v,
            Armageddon(v) => v,
            Draw08(v) => v,
            AttackerDefender(v) => v,
            TwoGame(v) => v,
            HuTwoGame(v) => v,
        }
    }

    /// The six values of a six-value scheme (chess's too); `None` for the
    /// schemes that have other constants.
    pub fn six_values(&self) -> Option<SixValues> {
        use SchemeSettings::*;
        match self {
            Standard(v) | ThreePoint(v) | RedDrawPenalty(v) | Custom(v) => Some(*v),
            Chess(v) => Some(v.six_values()),
            _ => None,
        }
    }

    /// Sets the six values where the scheme has them (`values`).
    fn set_six(&mut self, six: [Points; 6]) -> bool {
        use SchemeSettings::*;
        match self {
            Standard(v) | ThreePoint(v) | RedDrawPenalty(v) | Custom(v) => v.set_six(six),
            Chess(v) => v.set_six(six),
            _ => return false,
        }
        true
    }

    /// Every constant with its value, in the scheme's order.
    pub fn iter(&self) -> impl Iterator<Item = (&'static str, Points)> {
        let n = self.named();
        n.names().iter().copied().zip(n.values())
    }

    /// The scheme's constants, as a refusal lists them (`values` last
    /// when it has the six).
    fn allowed(&self) -> String {
        let mut keys = self.named().names().join(", ");
        if self.six_values().is_some() {
            keys.push_str(", values");
        }
        keys
    }

    /// Does the scheme `id` (whose settings these are) have the constant
    /// `key`? (`values` when it has the six values.) Refused by name, with
    /// the scheme's constants.
    pub(super) fn check(&self, id: &str, key: &str) -> Result<(), ScoringError> {
        let has = if key == ConstantName::VALUES.as_str() {
            self.six_values().is_some()
        } else {
            self.named().names().contains(&key)
        };
        if has {
            Ok(())
        } else {
            Err(self.unknown(id, key))
        }
    }

    fn unknown(&self, id: &str, key: &str) -> ScoringError {
        ScoringError::UnknownSetting {
            scheme: id.to_string(),
            key: key.to_string(),
            allowed: self.allowed(),
        }
    }

    /// Takes an event's constants over these values: `values` first (a
    /// six-value scheme's six), so single constants refine it. A constant
    /// the scheme `id` has not (a stored row of another scheme, or `values`
    /// on a scheme without six values) is refused by name with the
    /// scheme's own constants.
    pub(super) fn apply(
        &mut self,
        id: &str,
        constants: &SchemeConstants,
    ) -> Result<(), ScoringError> {
        let mut all: Vec<_> = constants.iter().collect();
        all.sort_by_key(|c| c.name() != ConstantName::VALUES);
        for c in all {
            let key = c.name().as_str();
            self.check(id, key)?;
            let done = match c.value() {
                ConstantValue::Six(six) => self.set_six(six),
                ConstantValue::Points(v) => self.named_mut().slot(key).map(|s| *s = v).is_some(),
            };
            if !done {
                return Err(self.unknown(id, key));
            }
        }
        Ok(())
    }

    /// Reads constants as a user or a file wrote them (a JSON object)
    /// against the scheme `id` whose defaults these are: a constant the
    /// scheme has not is refused by name with the scheme's own constants
    /// (first, so a typo reads as such), a wrong value by its name and
    /// what it takes. `values` is read first, as it is applied.
    pub(super) fn read(
        &self,
        id: &str,
        map: &serde_json::Map<String, serde_json::Value>,
    ) -> Result<SchemeConstants, ScoringError> {
        let mut entries: Vec<_> = map.iter().collect();
        entries.sort_by_key(|(k, _)| k.as_str() != ConstantName::VALUES.as_str());
        let mut out = Vec::new();
        for (k, v) in entries {
            self.check(id, k)?;
            // Every scheme's constant is a domain name (a test holds them so).
            let name = ConstantName::from_name(k).ok_or_else(|| self.unknown(id, k))?;
            out.push(crate::domain::Constant::from_json(name, v).map_err(bad_value)?);
        }
        Ok(SchemeConstants::new(out))
    }
}

/// The settings as one JSON object of every constant, each value as text
/// (`"0.80"`), which `read_scheme_constants` reads back for the scheme.
impl Serialize for SchemeSettings {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let all: Vec<_> = self.iter().collect();
        let mut m = s.serialize_map(Some(all.len()))?;
        for (name, v) in all {
            m.serialize_entry(name, &v.to_string())?;
        }
        m.end()
    }
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
    use crate::domain::Points;
    use crate::domain::CONSTANT_NAMES;
    use crate::i18n::Lang;
    use crate::scoring::{read_scheme_constants, Scheme, SchemeKind};
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
            .flat_map(|k| SchemeSettings::defaults(*k).iter().map(|(n, _)| n))
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
        let v = s
            .settings()
            .six_values()
            .unwrap()
            .six()
            .map(Points::hundredths);
        assert_eq!(v, [300, 100, 0, 300, 200, -100]);
        assert!(matches!(s.settings(), SchemeSettings::Custom(_)));
        // A typo is reported as such, before a wrong value.
        let e = read_scheme_constants("custom", &map(json!({"black_wim": "x", "red_win": "y"})))
            .unwrap_err();
        assert!(matches!(e, ScoringError::UnknownSetting { .. }), "{e:?}");
    }

    /// The six values are the domain's first six names, in that order, and
    /// every scheme's settings are of that scheme.
    #[test]
    fn the_six_values_are_the_first_six_names_and_each_variant_its_scheme() {
        assert_eq!(SixValues::NAMES, &CONSTANT_NAMES[..6]);
        assert_eq!(&ChessValues::NAMES[..6], SixValues::NAMES);
        for k in SchemeKind::ALL {
            assert_eq!(SchemeSettings::defaults(k).kind(), k);
            assert_eq!(Scheme::new(k).kind(), k);
        }
    }

    /// A value unlike the default, written as a number or as text.
    fn other_value(name: &str, v: Points, quoted: bool) -> (serde_json::Value, Points) {
        // Move limits and ratings are whole numbers; the rest in hundredths.
        let new = if matches!(name, "strike_limit" | "unrated_rating" | "target") {
            v + Points::new(7)
        } else {
            v + Points::from_hundredths(25)
        };
        let json = if quoted {
            json!(new.to_string())
        } else {
            serde_json::from_str(&new.to_string()).unwrap()
        };
        (json, new)
    }

    /// For every scheme: each of its constants set in the column's JSON
    /// (numbers and text by turns) reads through serde into its field,
    /// writes back byte for byte, and the typed settings written through
    /// serde read back to the same settings.
    #[test]
    fn every_schemes_constants_round_trip_through_serde() {
        for kind in SchemeKind::ALL {
            let id = kind.id();
            let defaults = SchemeSettings::defaults(kind);
            let mut column = serde_json::Map::new();
            let mut expected = Vec::new();
            for (i, (name, v)) in defaults.iter().enumerate() {
                let (json, new) = other_value(name, v, i % 2 == 1);
                column.insert(name.to_string(), json);
                expected.push((name, new));
            }
            let text = serde_json::to_string(&column).unwrap();
            let constants: SchemeConstants = serde_json::from_str(&text).unwrap();
            assert_eq!(serde_json::to_string(&constants).unwrap(), text, "{id}");
            let scheme = Scheme::from_id(id, &constants).unwrap();
            let got: Vec<_> = scheme.settings().iter().collect();
            assert_eq!(got, expected, "{id}");
            assert_ne!(*scheme.settings(), defaults, "{id}");
            // The same read as a user wrote it (config.toml's way).
            assert_eq!(read_scheme_constants(id, &column).unwrap(), constants);
            // Typed → JSON → typed.
            let written = serde_json::to_value(scheme.settings()).unwrap();
            let again = read_scheme_constants(id, written.as_object().unwrap()).unwrap();
            assert_eq!(
                Scheme::from_id(id, &again).unwrap().settings(),
                scheme.settings(),
                "{id}"
            );
        }
    }

    /// Each scheme's constants as its refusal lists them, in the order the
    /// spec gives them (`values` where the six are).
    #[test]
    fn a_refusal_lists_each_schemes_constants_in_its_order() {
        let six = "red_win, red_draw, red_loss, black_win, black_draw, black_loss";
        let d08 = "win, draw, loss, red_deduction, residual_factor, residual_cap, chariot, \
                   cannon, horse, elephant, advisor, pawn, crossed_pawn";
        for (id, allowed) in [
            ("standard", format!("{six}, values")),
            ("three-point", format!("{six}, values")),
            ("red-draw-penalty", format!("{six}, values")),
            ("custom", format!("{six}, values")),
            ("chess", format!("{six}, unrated_rating, values")),
            (
                "armageddon",
                "red_win, red_loss, black_win, black_loss".into(),
            ),
            ("draw-0.8", d08.into()),
            (
                "attacker-defender",
                "win, loss, defender_draw, attacker_draw, strike_limit".into(),
            ),
            (
                "two-game",
                "round_win, round_draw, round_loss, game_win_small, game_draw_small, \
                 game_loss_small, bye_points, bye_small"
                    .into(),
            ),
            (
                "hu-two-game",
                "red_win, red_draw, black_draw, black_win, loss, target, round_win, \
                 round_draw, round_loss, bye_points, bye_small"
                    .into(),
            ),
        ] {
            let e = read_scheme_constants(id, &map(json!({"nope": 1}))).unwrap_err();
            assert_eq!(
                e.to_string(),
                format!("scheme {id} has no setting \"nope\"; allowed: {allowed}")
            );
        }
        // `values` on armageddon (four values, no draws) is refused too.
        let e = read_scheme_constants("armageddon", &map(json!({"values": "2:1:0:2:1:0"})));
        assert!(
            matches!(e, Err(ScoringError::UnknownSetting { .. })),
            "{e:?}"
        );
    }
}
