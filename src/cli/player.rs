//! `qishe player …`: the club's members.

use super::output::{opt, Format, Table};
use super::{CliResult, Ctx};
use crate::domain::{NewMember, Sex};
use crate::i18n::tr;
use clap::{Args, Subcommand};
use std::path::PathBuf;

#[derive(Debug, Subcommand)]
pub enum PlayerCmd {
    Add(AddArgs),
    List {
        #[arg(long)]
        all: bool,
        #[arg(long, value_enum, default_value_t)]
        format: Format,
    },
    Show {
        player: String,
        #[arg(long, value_enum, default_value_t)]
        format: Format,
    },
    Vs {
        a: String,
        b: String,
        #[arg(long, value_enum, default_value_t)]
        format: Format,
    },
    Edit(EditArgs),
    Retire {
        player: String,
    },
    Import {
        #[arg(value_parser = crate::cli::path_arg())]
        file: PathBuf,
        #[arg(long)]
        skip_duplicates: bool,
    },
    Export {
        #[arg(short, long)]
        #[arg(value_parser = crate::cli::path_arg())]
        output: Option<PathBuf>,
        #[arg(long)]
        force: bool,
        #[arg(long)]
        all: bool,
    },
}

#[derive(Debug, Args)]
pub struct AddArgs {
    pub name: String,
    #[arg(long, value_parser = super::typed::whole::<i32>())]
    pub rating: Option<i32>,
    #[arg(long)]
    pub club: Option<String>,
    #[arg(long)]
    pub id: Option<String>,
    #[arg(long, value_parser = super::typed::whole::<i32>())]
    pub born: Option<i32>,
    #[arg(long, value_parser = parse_sex)]
    pub sex: Option<Sex>,
}

#[derive(Debug, Args)]
pub struct EditArgs {
    pub player: String,
    #[arg(long)]
    pub name: Option<String>,
    #[arg(long, value_parser = super::typed::whole::<i32>())]
    pub rating: Option<i32>,
    #[arg(long)]
    pub club: Option<String>,
    #[arg(long)]
    pub id: Option<String>,
    #[arg(long, value_parser = super::typed::whole::<i32>())]
    pub born: Option<i32>,
    #[arg(long, value_parser = parse_sex)]
    pub sex: Option<Sex>,
    #[arg(long)]
    pub reactivate: bool,
}

fn parse_sex(s: &str) -> Result<Sex, super::parse_error::ValueError> {
    Sex::from_code(s).ok_or_else(|| {
        super::parse_error::ValueError(crate::i18n::msg!("cli.err.not_sex", value = s))
    })
}

fn member_table(ctx: &Ctx, members: &[crate::domain::Member]) -> Table {
    let l = ctx.lang;
    let mut t = Table::new(&[
        ("id", tr(l, "col.id").into(), true),
        ("name", tr(l, "col.name").into(), false),
        ("rating", tr(l, "col.rating").into(), true),
        ("club", tr(l, "col.club").into(), false),
        ("member_id", tr(l, "col.ext_id").into(), false),
        ("born", tr(l, "col.born").into(), true),
        ("sex", tr(l, "col.sex").into(), false),
        ("status", tr(l, "col.status").into(), false),
    ]);
    for m in members {
        t.push(vec![
            m.id.to_string(),
            m.name.clone(),
            opt(&m.rating),
            opt(&m.club),
            opt(&m.ext_id),
            opt(&m.born),
            m.sex.map(|s| s.code().to_string()).unwrap_or_default(),
            tr(
                l,
                if m.retired {
                    "status.retired"
                } else {
                    "status.active"
                },
            )
            .into(),
        ]);
    }
    t
}

pub fn run(ctx: &Ctx, cmd: PlayerCmd) -> CliResult {
    let mut app = ctx.open()?;
    match cmd {
        PlayerCmd::Add(a) => {
            let new = NewMember {
                name: a.name,
                rating: a.rating,
                club: a.club,
                ext_id: a.id,
                born: a.born,
                sex: a.sex,
            };
            // Added all the same (a namesake may be another person), but
            // said: the same name and club, in either script.
            let namesakes = app.possible_duplicates(&new)?;
            let m = app.add_member(&new)?;
            say!("{}\t{}", m.id, m.name);
            for x in namesakes {
                let line =
                    crate::i18n::msg!("note.member.may_duplicate", name = &x.name, id = x.id);
                note!("{}", line.render(ctx.lang));
            }
        }
        PlayerCmd::List { all, format } => {
            let ms = app.members(all)?;
            say_raw!("{}", member_table(ctx, &ms).render(format));
        }
        PlayerCmd::Show { player, format } => {
            let m = app.find_member(&player)?;
            say_raw!(
                "{}",
                member_table(ctx, std::slice::from_ref(&m)).render(format)
            );
            if format == Format::Text {
                let h = app.member_history(m.key())?;
                say_raw!("{}", super::history::render_member_history(&h, ctx.lang));
                // The member's openings from the game archive, if any.
                let rep = app.opening_stats(crate::app::MemberId(m.id))?;
                if !rep.as_red.is_empty() || !rep.as_black.is_empty() {
                    say_raw!("\n{}", super::archive::openings_text(&rep, ctx.lang));
                }
            }
        }
        PlayerCmd::Vs { a, b, format } => {
            super::history::run_vs(&app, &a, &b, format)?;
        }
        PlayerCmd::Edit(e) => {
            let mut m = app.find_member(&e.player)?;
            if let Some(v) = e.name {
                m.name = v;
            }
            if e.rating.is_some() {
                m.rating = e.rating;
            }
            if let Some(v) = e.club {
                m.club = if v.is_empty() { None } else { Some(v) };
            }
            if let Some(v) = e.id {
                m.ext_id = if v.is_empty() { None } else { Some(v) };
            }
            if e.born.is_some() {
                m.born = e.born;
            }
            if e.sex.is_some() {
                m.sex = e.sex;
            }
            if e.reactivate {
                m.retired = false;
            }
            app.edit_member(&m)?;
            say!("{}\t{}", m.id, m.name);
        }
        PlayerCmd::Retire { player } => {
            let id = app.find_member(&player)?.key();
            let m = app.retire_member(id)?;
            say!("{}\t{}", m.id, m.name);
        }
        PlayerCmd::Import {
            file,
            skip_duplicates,
        } => {
            let (bytes, name) = super::read_input(&file, crate::app::InputKind::Members)?;
            let r = app.import_members(&bytes, &name, skip_duplicates)?;
            for d in &r.duplicates {
                note!(
                    "{}",
                    crate::i18n::msg!("cli.out.skipped", what = d.clone()).render(ctx.lang)
                );
            }
            let line = crate::i18n::msg!("cli.out.imported_members", n = r.added);
            say!("{}", line.render(ctx.lang));
        }
        PlayerCmd::Export { output, all, force } => {
            let ms = app.members(all)?;
            let text = crate::formats::members_csv::write_members_with(
                &ms,
                super::output::csv_formulas_allowed(),
            );
            match output {
                Some(p) => app.write_output(&p, text.as_bytes(), force, &[])?,
                None => say_raw!("{text}"),
            }
        }
    }
    Ok(())
}
