//! "Did you mean …": the allowed name nearest to a mistyped one.

use super::{msg, Msg};

/// The allowed name the reader most likely meant: the nearest by edit
/// distance, ignoring case, script (繁/简) and the separators `-`, `_` and space, when it is
/// near enough to be a slip (about one letter in three).
pub fn closest<'a>(name: &str, allowed: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let plain = |s: &str| super::fold_script(s).replace(['-', '_', ' '], "");
    let wanted = plain(name);
    let (best, distance) = allowed
        .into_iter()
        .map(|a| (a, strsim::levenshtein(&wanted, &plain(a))))
        .min_by_key(|(_, d)| *d)?;
    let limit = (wanted.chars().count() / 3).max(1);
    (distance <= limit).then_some(best)
}

/// `why` followed by "did you mean \"near\"?" when one allowed name is near
/// `name`; `why` alone otherwise.
pub fn with_near<'a>(why: Msg, name: &str, allowed: impl IntoIterator<Item = &'a str>) -> Msg {
    match closest(name, allowed) {
        Some(near) => msg!("err.did_you_mean", why, near),
        None => why,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;

    #[test]
    fn closest_forgives_case_separators_and_a_slip() {
        let allowed = ["chief_arbiter", "deputy_arbiters", "venue"];
        assert_eq!(closest("chief-arbiter", allowed), Some("chief_arbiter"));
        assert_eq!(closest("Venu", allowed), Some("venue"));
        assert_eq!(closest("paper", allowed), None);
        assert_eq!(closest("x", allowed), None);
        assert_eq!(closest("anything", []), None);
    }

    #[test]
    fn with_near_adds_the_suggestion_in_the_readers_language() {
        let why = msg!(
            "err.cli.unknown_system",
            value = "swis",
            allowed = "dutch, swiss"
        );
        let m = with_near(why.clone(), "swis", ["dutch", "swiss"]);
        assert!(
            m.render(Lang::ZhHans).contains("是否要写 \"swiss\""),
            "{}",
            m.render(Lang::ZhHans)
        );
        assert!(m.render(Lang::En).contains("did you mean \"swiss\"?"));
        assert_eq!(with_near(why.clone(), "zzzz", ["dutch"]), why);
    }
}
