//! Keyed messages: a translation key with named arguments, rendered in any
//! UI language. Errors carry these instead of English text, so the CLI can
//! print the English (the table's English column) and the TUI the same
//! message in the secretary's language.

use super::{tr, Lang};
use std::fmt;

/// One argument of a message: user data inserted as-is, or another message
/// rendered in the same language (a reason inside a frame).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Arg {
    Text(String),
    Msg(Msg),
}

/// A message by key, with its `{name}` arguments.
///
/// Deliberately not `Display`: the English is `en()`, any language
/// `render(lang)`; every `Display` value (numbers, names, paths' `display()`)
/// is an argument as-is, a `Msg` argument is translated with its frame.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Msg {
    pub key: &'static str,
    pub args: Vec<(&'static str, Arg)>,
}

/// What can be an argument of a [`Msg`].
pub trait IntoArg {
    fn into_arg(self) -> Arg;
}

impl<T: fmt::Display> IntoArg for T {
    fn into_arg(self) -> Arg {
        Arg::Text(self.to_string())
    }
}

impl IntoArg for Msg {
    fn into_arg(self) -> Arg {
        Arg::Msg(self)
    }
}

impl IntoArg for &Msg {
    fn into_arg(self) -> Arg {
        Arg::Msg(self.clone())
    }
}

impl IntoArg for Arg {
    fn into_arg(self) -> Arg {
        self
    }
}

impl Msg {
    /// A message without arguments (yet).
    pub fn new(key: &'static str) -> Msg {
        Msg {
            key,
            args: Vec::new(),
        }
    }

    /// Adds the argument `name`.
    pub fn with(mut self, name: &'static str, value: impl IntoArg) -> Msg {
        self.args.push((name, value.into_arg()));
        self
    }

    /// The message in `lang`, arguments filled.
    pub fn render(&self, lang: Lang) -> String {
        fill(tr(lang, self.key), |name| {
            self.args
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, a)| match a {
                    Arg::Text(t) => t.clone(),
                    Arg::Msg(m) => m.render(lang),
                })
        })
    }

    /// The message in English: what the CLI prints.
    pub fn en(&self) -> String {
        self.render(Lang::En)
    }
}

/// Messages joined by `; ` (`None` for none), each rendered in the
/// language of the whole.
pub fn join_msgs(msgs: Vec<Msg>) -> Option<Msg> {
    msgs.into_iter()
        .reduce(|a, b| Msg::new("cl.join").with("a", a).with("b", b))
}

/// An IO error as a message: the common kinds by key, so that the TUI says
/// "file not found" in its language; the English column is the system's
/// own text (`{os}`), as the CLI has always printed it.
pub fn io_msg(e: &std::io::Error) -> Msg {
    use std::io::ErrorKind;
    let key = match e.kind() {
        ErrorKind::NotFound => "err.io.not_found",
        ErrorKind::PermissionDenied => "err.io.permission_denied",
        ErrorKind::IsADirectory => "err.io.is_a_directory",
        ErrorKind::AlreadyExists => "err.io.already_exists",
        ErrorKind::InvalidData => "err.io.invalid_data",
        _ => "err.io.other",
    };
    Msg::new(key).with("os", e)
}

/// `template` with each `{name}` replaced by `value(name)`, in one pass (an
/// argument's own braces are never read as placeholders). A placeholder
/// without a value stays as it is.
pub fn fill(template: &str, value: impl Fn(&str) -> Option<String>) -> String {
    let mut out = String::with_capacity(template.len() + 16);
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let name_len = placeholder_len(after);
        match name_len.and_then(|n| value(&after[..n]).map(|v| (n, v))) {
            Some((n, v)) => {
                out.push_str(&v);
                rest = &after[n + 1..];
            }
            None => {
                out.push('{');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// The length of `name` when `s` starts with `name}` (a placeholder's name:
/// lowercase ASCII letters, digits and underscores).
fn placeholder_len(s: &str) -> Option<usize> {
    let n = s
        .bytes()
        .take_while(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || *b == b'_')
        .count();
    (n > 0 && s.as_bytes().get(n) == Some(&b'}')).then_some(n)
}

/// The placeholder names of a template, sorted, each once.
pub fn placeholders(template: &str) -> Vec<&str> {
    let mut names = Vec::new();
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        let after = &rest[open + 1..];
        if let Some(n) = placeholder_len(after) {
            names.push(&after[..n]);
            rest = &after[n + 1..];
        } else {
            rest = after;
        }
    }
    names.sort_unstable();
    names.dedup();
    names
}

/// Builds a [`Msg`]: `msg!("err.app.no_board", round, board = b.number)`; a bare name
/// is both the argument's name and its value.
macro_rules! msg {
    (@val $name:ident) => {
        $name
    };
    (@val $name:ident $val:expr) => {
        $val
    };
    ($key:expr $(, $name:ident $(= $val:expr)?)* $(,)?) => {
        $crate::i18n::Msg::new($key)
            $(.with(stringify!($name), $crate::i18n::msg!(@val $name $($val)?)))*
    };
}
pub(crate) use msg;

/// `Display` for an error type as the English of its keyed message
/// (`fn msg(&self) -> Msg`): every error's text is written once, in the
/// translation table.
macro_rules! english_display {
    ($($t:ty),+ $(,)?) => {
        $(impl std::fmt::Display for $t {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(&self.msg().en())
            }
        })+
    };
}
pub(crate) use english_display;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fill_replaces_known_names_once_and_keeps_the_rest() {
        let v = |n: &str| match n {
            "a" => Some("{b}".to_string()),
            "b" => Some("2".to_string()),
            _ => None,
        };
        assert_eq!(fill("{a}-{b}-{c}-{}-{B}", v), "{b}-2-{c}-{}-{B}");
        assert_eq!(fill("no braces", v), "no braces");
        assert_eq!(fill("{a", v), "{a");
    }

    #[test]
    fn placeholders_are_listed_once() {
        assert_eq!(placeholders("{x} {y} {x} {} {Z}"), vec!["x", "y"]);
    }
}
