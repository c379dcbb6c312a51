//! The command line's help in the user's language. The clap derive in this
//! folder gives the shape of the commands; their texts come from the i18n
//! tables alone (`i18n/cli_help.rs`): a command's about by its path
//! (`cli.about`, `cli.about.print`, `cli.about.event.new`), an argument's
//! help by its command's path and its id (`cli.arg.print.round`), and the
//! headings, usage line and built-in flags of clap's help. A text not in
//! the tables keeps the derive's own, and value names (`<EVENT>`) are
//! translated too (`i18n/cli_value_names.rs`). clap's parse errors are
//! said in the reader's language by `parse_error.rs` (English keeps
//! clap's words), followed by a hint that names the help to read.

use super::Cli;
use crate::i18n::{self, tr, Lang};
use clap::{Arg, ArgAction, Command, CommandFactory, FromArgMatches, Parser};
use std::ffi::OsString;

/// Where clap's own flags (-h, -V) are listed: after the command's own.
const LAST: usize = 9_999;

/// The key of the about of the command at `path` (empty: qishe itself).
pub fn about_key(path: &[&str]) -> String {
    path.iter()
        .fold("cli.about".to_string(), |k, p| format!("{k}.{p}"))
}

/// The key of the help of argument `id` of the command at `path`.
pub fn arg_key(path: &[&str], id: &str) -> String {
    format!(
        "{}.{id}",
        about_key(path).replacen("cli.about", "cli.arg", 1)
    )
}

/// The command tree with every text in `lang`.
pub fn command(lang: Lang) -> Command {
    let cmd = Cli::command().disable_version_flag(true).arg(
        Arg::new("version")
            .short('V')
            .long("version")
            .action(ArgAction::Version)
            .help(tr(lang, "cli.help.version"))
            .display_order(LAST),
    );
    let mut cmd = localize(cmd, lang, &mut Vec::new());
    // clap's own `help` subcommands exist once the tree is built.
    cmd.build();
    let mut cmd = help_commands(cmd, lang);
    usages(&mut cmd, lang);
    cmd
}

/// Each command's usage line with clap's `[OPTIONS]` in `lang` (clap
/// writes the word itself; the rest of the line is names).
fn usages(cmd: &mut Command, lang: Lang) {
    if lang != Lang::En {
        let usage = cmd.render_usage().to_string();
        let usage = usage
            .lines()
            .map(|l| l.trim_start_matches("Usage:").trim())
            .collect::<Vec<_>>()
            .join("\n       ")
            .replace(
                "[OPTIONS]",
                &format!("[{}]", tr(lang, "cli.help.options_word")),
            );
        *cmd = std::mem::take(cmd).override_usage(usage);
    }
    for s in cmd.get_subcommands_mut() {
        usages(s, lang);
    }
}

/// An argument's default and its possible values written by qishe after
/// its help, headed in `lang`, where clap would write them headed in
/// English (`[default: text]`, `[possible values: …]`). (An alias is not
/// shown by clap either: the derive's are hidden, named in the help's
/// text where one is worth knowing.)
fn notes(mut a: Arg, lang: Lang) -> Arg {
    let mut notes = Vec::new();
    let takes = a.get_action().takes_values();
    let defaults: Vec<String> = a
        .get_default_values()
        .iter()
        .map(|v| v.to_string_lossy().into_owned())
        .collect();
    if takes && !a.is_hide_default_value_set() && !defaults.is_empty() {
        notes.push(format!(
            "[{}: {}]",
            tr(lang, "cli.help.default"),
            defaults.join(", ")
        ));
        a = a.hide_default_value(true);
    }
    let values: Vec<String> = a
        .get_possible_values()
        .iter()
        .filter(|v| !v.is_hide_set())
        .map(|v| v.get_name().to_string())
        .collect();
    if takes && !a.is_hide_possible_values_set() && !values.is_empty() {
        notes.push(format!(
            "[{}: {}]",
            tr(lang, "cli.help.possible_values"),
            values.join(", ")
        ));
        a = a.hide_possible_values(true);
    }
    if notes.is_empty() {
        return a;
    }
    let notes = notes.join(" ");
    let help = a.get_help().map(|h| h.to_string()).unwrap_or_default();
    let long = a.get_long_help().map(|h| h.to_string());
    a = a.help(format!("{help} {notes}").trim().to_string());
    if let Some(l) = long {
        a = a.long_help(format!("{l}\n\n{notes}"));
    }
    a
}

/// `cmd` with the about of clap's `help` subcommand, its own and its
/// subcommands', in `lang`.
fn help_commands(mut cmd: Command, lang: Lang) -> Command {
    let names: Vec<String> = cmd
        .get_subcommands()
        .map(|s| s.get_name().to_string())
        .collect();
    for n in names {
        cmd = match n.as_str() {
            "help" => cmd.mut_subcommand(&n, |h| {
                let h = h
                    .about(tr(lang, "cli.help.help_command"))
                    .help_template(template(lang))
                    .subcommand_help_heading(tr(lang, "cli.help.commands"))
                    .subcommand_value_name(tr(lang, "cli.help.command_name"))
                    .mut_args(|a| a.help_heading(tr(lang, "cli.help.arguments")));
                help_commands(h, lang)
            }),
            // Below `help`: the commands it names, whose help is the usage line.
            _ if cmd.get_name() == "help" || cmd.is_disable_help_subcommand_set() => {
                cmd.mut_subcommand(&n, |s| {
                    let s = s
                        .help_template(template(lang))
                        .subcommand_help_heading(tr(lang, "cli.help.commands"))
                        .subcommand_value_name(tr(lang, "cli.help.command_name"))
                        // Marks the tree below `help` for its own subcommands.
                        .disable_help_subcommand(true);
                    help_commands(s, lang)
                })
            }
            _ => cmd.mut_subcommand(&n, |s| help_commands(s, lang)),
        };
    }
    cmd
}

/// The help layout of clap's default with the usage heading translated.
fn template(lang: Lang) -> String {
    format!(
        "{{before-help}}{{about-with-newline}}\n{} {{usage}}\n\n{{all-args}}{{after-help}}",
        tr(lang, "cli.help.usage")
    )
}

fn localize(mut cmd: Command, lang: Lang, path: &mut Vec<String>) -> Command {
    let here: Vec<&str> = path.iter().map(String::as_str).collect();
    if let Some(k) = i18n::key(&about_key(&here)) {
        cmd = cmd.about(tr(lang, k));
    }
    let (options, arguments) = (tr(lang, "cli.help.options"), tr(lang, "cli.help.arguments"));
    // The positional arguments in the derive's order, kept across the
    // headings set here.
    let mut order = 0;
    cmd = cmd
        .mut_args(|a| {
            let a = match a.is_positional() {
                true => {
                    order += 1;
                    a.display_order(order)
                }
                false => a,
            };
            let a = match i18n::key(&arg_key(&here, a.get_id().as_str())) {
                Some(k) => values(a.help(tr(lang, k)), &here, tr(lang, k), lang),
                None => a,
            };
            let a = notes(a, lang);
            let a = value_names(a, lang);
            let heading = if a.is_positional() {
                arguments
            } else {
                options
            };
            a.help_heading(heading)
        })
        .disable_help_flag(true)
        .arg(
            Arg::new("help")
                .short('h')
                .long("help")
                .action(ArgAction::Help)
                .help(tr(lang, "cli.help.help"))
                .help_heading(options)
                .display_order(LAST),
        )
        .subcommand_help_heading(tr(lang, "cli.help.commands"))
        .subcommand_value_name(tr(lang, "cli.help.command_name"))
        .help_template(template(lang));
    let names: Vec<String> = cmd
        .get_subcommands()
        .map(|s| s.get_name().to_string())
        .collect();
    for n in names {
        path.push(n.clone());
        cmd = cmd.mut_subcommand(&n, |s| localize(s, lang, path));
        path.pop();
    }
    cmd
}

/// An argument's placeholders (`<EVENT>`, `<ROUND>`) in `lang`, by the
/// tables' `cli.value_name.{NAME}`; English, and a name the tables do not
/// have (one letter: `<N>`), keep clap's. clap counts a Chinese character
/// one column wide, so a translated argument's text goes on the line under
/// its name, where nothing needs to line up.
fn value_names(a: Arg, lang: Lang) -> Arg {
    if lang == Lang::En {
        return a;
    }
    let Some(names) = a.get_value_names() else {
        return a;
    };
    let names: Vec<clap::builder::Str> = names
        .iter()
        .map(|n| match i18n::key(&format!("cli.value_name.{n}")) {
            Some(k) => tr(lang, k).into(),
            None => n.clone(),
        })
        .collect();
    a.value_names(names).next_line_help(true)
}

/// The key of what `value`, one of argument `id`'s possible values, means.
pub fn value_key(path: &[&str], id: &str, value: &str) -> String {
    format!(
        "{}.{value}",
        arg_key(path, id).replacen("cli.arg", "cli.value", 1)
    )
}

/// An argument whose possible values have their meanings in the tables
/// (`cli.value.{path}.{id}.{value}`): the values listed after its help
/// (`-h`), and one a line with their meanings in the long help
/// (`--help`), where clap would list them from the derive.
fn values(a: Arg, path: &[&str], help: &str, lang: Lang) -> Arg {
    let id = a.get_id().as_str().to_string();
    let shown: Vec<String> = a
        .get_possible_values()
        .iter()
        .filter(|v| !v.is_hide_set())
        .map(|v| v.get_name().to_string())
        .collect();
    let meant: Vec<(&String, Option<&'static str>)> = shown
        .iter()
        .map(|v| (v, i18n::key(&value_key(path, &id, v))))
        .collect();
    if meant.iter().all(|(_, k)| k.is_none()) {
        return a;
    }
    let heading = tr(lang, "cli.help.possible_values");
    let width = shown.iter().map(|v| v.len()).max().unwrap_or(0) + 1;
    let lines: Vec<String> = meant
        .iter()
        .map(|(v, k)| match k {
            Some(k) => format!("- {:width$}  {}", format!("{v}:"), tr(lang, k)),
            None => format!("- {v}"),
        })
        .collect();
    a.hide_possible_values(true)
        .help(format!("{help} [{heading}: {}]", shown.join(", ")))
        .long_help(format!("{help}\n\n{heading}:\n{}", lines.join("\n")))
}

/// The language of the help: config.toml's `language` (the file named by
/// `--config`, else the one found as every command finds it), else the
/// locale's, as for the CLI's other messages.
fn lang_of(args: &[OsString]) -> Lang {
    let mut explicit = None;
    let mut it = args.iter().skip(1);
    while let Some(a) = it.next() {
        let a = a.to_string_lossy();
        if a == "--" {
            break;
        }
        if a == "--config" {
            explicit = it.next().map(std::path::PathBuf::from);
        } else if let Some(p) = a.strip_prefix("--config=") {
            explicit = Some(p.into());
        }
    }
    crate::config::Config::discover(explicit.as_deref())
        .ok()
        .and_then(|c| c.language)
        .unwrap_or_else(Lang::from_env)
}

/// The subcommands named on the command line, outermost first (`print`,
/// `event new`): whose help the hint after a parse error names.
fn named_path(cmd: &Command, args: &[OsString]) -> Vec<String> {
    let mut path = Vec::new();
    let mut at = cmd;
    for a in args.iter().skip(1) {
        if let Some(sub) = at.find_subcommand(a) {
            path.push(sub.get_name().to_string());
            at = sub;
        }
    }
    path
}

/// Parses `args` (the program's own, first): help and version are printed
/// in the user's language (`lang_of`) and qishe ends; a parse error is
/// printed as clap words it, with the translated hint after it, and qishe
/// ends with status 2.
///
/// A valid command line is parsed by the derive's own tree, which carries
/// no texts: building the translated tree costs more than most commands'
/// whole work (about 27 of `event list`'s 32 million instructions), so it
/// is built only for help, version and errors. Both trees have the same
/// arguments; only their texts differ.
pub fn parse(args: Vec<OsString>) -> Cli {
    if let Ok(cli) = Cli::try_parse_from(&args) {
        return cli;
    }
    let lang = lang_of(&args);
    let mut cmd = command(lang);
    let err = match cmd.try_get_matches_from_mut(&args) {
        Ok(m) => match Cli::from_arg_matches(&m) {
            Ok(cli) => return cli,
            Err(e) => e,
        },
        Err(e) => e,
    };
    use clap::error::ErrorKind;
    match err.kind() {
        ErrorKind::DisplayHelp
        | ErrorKind::DisplayVersion
        | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => err.exit(),
        _ => {
            let path = named_path(&cmd, &args);
            let help = match path.is_empty() {
                true => "qishe --help".to_string(),
                false => format!("qishe {} --help", path.join(" ")),
            };
            // clap's English as it is for English readers, and for an
            // error not said in the other languages yet.
            match super::parse_error::translate(&err).filter(|_| lang != Lang::En) {
                Some(why) => {
                    note!("qishe: {}", why.render(lang));
                    note!("{}", i18n::msg!("cli.err.usage_hint", help).render(lang));
                }
                None => {
                    let _ = err.print();
                    note!("{}", i18n::msg!("cli.help.parse_error", help).render(lang));
                }
            }
            super::exit(2)
        }
    }
}
