//! Names in either script: a club keeps a member's name as it was typed,
//! in 简体 or 繁體, and a secretary searches in the script of their own
//! keyboard. Two names are the same name when they read the same once every
//! traditional character is taken to its simplified form (陳磊 is 陈磊).

/// `text` with every traditional character in its simplified form, trimmed
/// and lowercased (Latin names compare without case); the key two names are
/// compared by.
pub fn fold_script(text: &str) -> String {
    fast2s::convert(text.trim()).to_lowercase()
}

/// Whether `a` and `b` are one name written in either script.
pub fn same_name(a: &str, b: &str) -> bool {
    a.trim() == b.trim() || fold_script(a) == fold_script(b)
}

/// The one item whose name is `key` in the other script, when exactly one
/// is (none or several: `None`, and the caller says what it says for an
/// unknown name). For lookups that found no exact name first.
pub fn one_in_other_script<'a, T>(
    items: impl IntoIterator<Item = &'a T>,
    name: impl Fn(&T) -> &str,
    key: &str,
) -> Option<&'a T> {
    let wanted = fold_script(key);
    let mut same = items.into_iter().filter(|t| fold_script(name(t)) == wanted);
    match (same.next(), same.next()) {
        (Some(t), None) => Some(t),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_traditional_name_is_its_simplified_name() {
        assert!(same_name("陳磊", "陈磊"));
        assert!(same_name("何曉東", "何晓东"));
        assert!(same_name(" 錢塘象棋隊", "钱塘象棋队"));
        assert!(same_name("冬季積分賽", "冬季积分赛"));
        assert!(same_name("Wang Lei", "wang lei"));
        assert!(
            !same_name("陈磊", "陈雷"),
            "another character is another name"
        );
        assert!(!same_name("陈磊", "陈磊磊"));
        assert_eq!(fold_script("郭佳琪"), "郭佳琪", "a simplified name stays");
    }

    #[test]
    fn one_in_other_script_wants_exactly_one() {
        let names = ["陈磊", "劉芳", "刘芳", "何晓东"];
        let one = |k| one_in_other_script(&names, |n| n, k).copied();
        assert_eq!(one("陳磊"), Some("陈磊"));
        assert_eq!(one("何曉東"), Some("何晓东"));
        assert_eq!(one("劉芳"), None, "two names fold to it");
        assert_eq!(one("王五"), None);
    }
}
