//! The pop-ups drawn over a screen: message boxes (questions, notes),
//! forms, the entry picker and help.

use super::*;

/// A box over the screen with a titled message and its keys: tall enough
/// for the wrapped message (a rule check or pairing notes can be long), up
/// to ten lines; the keys stay on the box's last line.
pub(super) fn draw_message_box(m: &Model, f: &mut Frame, title: &str, message: &str, keys: &str) {
    let lines: usize = message
        .lines()
        .map(|l| unicode_width::UnicodeWidthStr::width(l).div_ceil(56).max(1))
        .sum();
    let area = centered(f.area(), 60, 4 + lines.clamp(1, 10) as u16);
    super::super::draw::clear(f, area);
    let block = Block::bordered().title(format!(" {} ", m.t(title)));
    let inner = block.inner(area);
    f.render_widget(block, area);
    let [text, _, keys_area] = Layout::vertical([
        Constraint::Min(1),
        Constraint::Length(1),
        Constraint::Length(1),
    ])
    .areas(inner);
    f.render_widget(
        Paragraph::new(message.to_string()).wrap(Wrap { trim: true }),
        text,
    );
    f.render_widget(Paragraph::new(m.t(keys)).bold(), keys_area);
}

/// Lines under the new-event form for the list of tie-breaks.
const CHOICE_LINES: u16 = 5;

/// A form's fields, one line each, the focused one reversed; the field a
/// refused submit named in red, its reason on the line under it.
fn field_lines<'a>(
    m: &Model,
    form: &super::super::model::Form,
    error: Option<(&'static str, &str)>,
) -> Vec<Line<'a>> {
    let mut lines = Vec::new();
    for (i, fl) in form.fields.iter().enumerate() {
        let focus = i == form.focus;
        let value = if fl.choices.is_empty() {
            format!("{}{}", fl.value, if focus { "▏" } else { "" })
        } else {
            let key = format!("tui.choice.{}", fl.value);
            if crate::i18n::has(&key) {
                format!("‹ {} ({}) ›", m.t(&key), fl.value)
            } else {
                format!("‹ {} ›", fl.value)
            }
        };
        let line = Line::from(vec![
            Span::raw(if focus { "▶ " } else { "  " }),
            Span::raw(format!("{:<1}", m.t(fl.label))).bold(),
            Span::raw(": "),
            Span::raw(value),
        ]);
        let named = error.filter(|e| e.0 == fl.label);
        let line = if named.is_some() {
            line.red().bold()
        } else {
            line
        };
        lines.push(if focus { line.reversed() } else { line });
        if let Some((_, why)) = named {
            for (k, part) in reason_lines(why).into_iter().enumerate() {
                let lead = if k == 0 { "    ↳ " } else { "      " };
                lines.push(Line::from(format!("{lead}{part}")).red());
            }
        }
    }
    lines
}

/// A refused submit's reason as it stands under its field: wrapped to the
/// form's width, at most three lines (the status line keeps it whole).
fn reason_lines(why: &str) -> Vec<String> {
    let mut parts = crate::report::wrapped(why, 56);
    if parts.len() > 3 {
        parts.truncate(3);
        parts[2] = crate::report::fit(&format!("{}…", parts[2]), 56);
    }
    parts
}

pub(super) fn draw_form(m: &Model, f: &mut Frame, main: Rect) {
    let Some(form) = m.form() else { return };
    let event_form = matches!(
        form.kind,
        super::super::model::FormKind::NewEvent | super::super::model::FormKind::EditEvent(_)
    );
    // The notes under an event form: the scheme in words and the choices
    // one may type; on a short screen the lines that fit (the choices first).
    // A refused submit's reason under the field it names, one line more.
    let error = m.form_error();
    let error_lines = error.map_or(0, |(_, why)| reason_lines(why).len() as u16);
    let room = main
        .height
        .saturating_sub(form.fields.len() as u16 + 2 + error_lines);
    let extra = if event_form {
        (3 + CHOICE_LINES).min(room)
    } else {
        0
    };
    let area = centered(main, 64, form.fields.len() as u16 + 3 + extra + error_lines);
    super::super::draw::clear(f, area);
    let mut lines = field_lines(m, form, error);
    let mut title = format!(" {} ", m.t(form.title_key()));
    if let super::super::model::FormKind::Result {
        board,
        outcome,
        replaces,
        place,
        sides,
        ..
    } = &form.kind
    {
        let was = replaces
            .filter(|o| o != outcome)
            .map(|o| format!(" ← {}", super::super::component::outcome_text(m.lang(), o)))
            .unwrap_or_default();
        let at = match place {
            Some(p) => p.clone(),
            None => format!("{} {board}", m.t("tui.round.board")),
        };
        // The game the form holds, with its own red and black under the
        // fields: they may be the row's swapped (game 2 of 分先, a
        // knockout's games), and r/b mean that game's red and black.
        let game = crate::domain::typed::number::<u32>(form.value("tui.field.game"));
        if let Some((n, red, black)) = sides.iter().find(|s| Some(s.0) == game) {
            lines.push(
                Line::from(
                    crate::i18n::msg!("tui.form.game_sides", game = n, red, black).render(m.lang()),
                )
                .italic(),
            );
        }
        title = format!(
            " {} {at}: {}{was} ",
            m.t(form.title_key()),
            super::super::component::outcome_text(m.lang(), *outcome)
        );
    }
    if let super::super::model::FormKind::Forbid { a, b, .. } = &form.kind {
        // The pair the form acts on, as the Players tab lists it.
        let name = |id: &crate::app::EntryId| {
            m.ev()
                .entries()
                .iter()
                .find(|e| e.key() == *id)
                .map_or("?", |e| e.name.as_str())
        };
        title = format!(" {}: {} / {} ", m.t(form.title_key()), name(a), name(b));
    }
    if extra > 0 {
        let scheme = form.value("col.scheme");
        let tight = extra < 3 + CHOICE_LINES;
        if !tight {
            lines.push(Line::from(""));
        }
        lines
            .push(Line::from(tr(m.lang(), &format!("tui.scheme.{scheme}.1")).to_string()).italic());
        if !tight {
            lines.push(
                Line::from(tr(m.lang(), &format!("tui.scheme.{scheme}.2")).to_string()).italic(),
            );
        }
        // The tie-breaks one may type (code or name) for the kind of
        // event, a page at a time; a knockout's play-off steps instead.
        let all: Vec<String> = match form.value("tui.field.kind") {
            "knockout" => ["games:2", "sudden-death:3", "residual", "armageddon", "lot"]
                .iter()
                .map(|c| format!("{c} {}", crate::tui::bracket::step_text(m.lang(), c)))
                .collect(),
            "team" => crate::scoring::team::TeamTieBreak::ALL
                .iter()
                .map(|t| format!("{} {}", t.code(), m.t(&format!("tb.team.{}", t.code()))))
                .collect(),
            // FIDE's modifiers after the codes, by example: any n of
            // Cut-n and Median-n, the Koya limit.
            _ => crate::config::TIEBREAKS
                .iter()
                .chain(&["BH/C3", "TPR/M1", "PS/C1", "KS/L60"])
                .map(|c| format!("{c} {}", tb_label(m, c)))
                .collect(),
        };
        // A knockout's steps are said in words: two to a line, whole.
        let per_line = if form.value("tui.field.kind") == "knockout" {
            2
        } else {
            3
        };
        let col = 60 / per_line;
        let rows: Vec<String> = all
            .chunks(per_line)
            .map(|ch| {
                ch.iter()
                    .map(|x| format!("{:<col$}", fit(x, col - 1)))
                    .collect::<String>()
            })
            .collect();
        let list_lines = if tight {
            (extra as usize).saturating_sub(2)
        } else {
            CHOICE_LINES as usize - 1
        };
        let max = rows.len().saturating_sub(list_lines);
        let first = m.form_state.scroll.min(max);
        lines.push(Line::from(m.t("tui.form.choices")).dim());
        for r in rows.iter().skip(first).take(list_lines) {
            lines.push(Line::from(r.clone()).dim());
        }
    }
    // Esc on a form that holds what was typed: the question on its last
    // line, over the notes if the form has no room for one more.
    let mut area = area;
    if m.discarding() {
        let question = Line::from(m.t("tui.form.discard")).bold().reversed();
        let inner = area.height.saturating_sub(2) as usize;
        if lines.len() >= inner && area.height < main.height {
            area = centered(main, 64, area.height + 1);
            super::super::draw::clear(f, area);
        }
        let inner = area.height.saturating_sub(2) as usize;
        lines.truncate(inner.saturating_sub(1));
        lines.push(question);
    }
    f.render_widget(
        Paragraph::new(lines).block(Block::bordered().title(title)),
        area,
    );
}

pub(super) fn draw_help(m: &Model, f: &mut Frame) {
    let mut ctxs = m.contexts();
    if m.help() {
        // Help shows the keys of the screen under it.
        ctxs.retain(|c| *c != super::super::keymap::Ctx::Form);
    }
    let entries = m.keymap().help_entries(&ctxs, false);
    // Two columns when one does not fit the screen (80×24 and the club's
    // list), so no key drops off the bottom.
    let fits = (f.area().height as usize).saturating_sub(3);
    let cols = if entries.len() > fits { 2 } else { 1 };
    let per_col = entries.len().div_ceil(cols).max(1);
    let (width, key_w) = if cols == 1 { (56, 14) } else { (80, 11) };
    let area = centered(f.area(), width, per_col as u16 + 5 - cols as u16);
    super::super::draw::clear(f, area);
    let block = Block::bordered().title(format!(" {} ", m.t("tui.help.title")));
    let inner = block.inner(area);
    f.render_widget(block, area);
    let parts = Layout::horizontal(vec![Constraint::Ratio(1, cols as u32); cols]).split(inner);
    for (chunk, part) in entries.chunks(per_col).zip(parts.iter()) {
        let lines: Vec<Line> = chunk
            .iter()
            .map(|(k, a)| {
                Line::from(vec![
                    Span::raw(format!(" {k:<key_w$}")).bold(),
                    Span::raw(tr(m.lang(), &a.help_key()).to_string()),
                ])
            })
            .collect();
        f.render_widget(Paragraph::new(lines), *part);
    }
}

/// The served pages' box: where phones open them, and the QR code of
/// the event's address, drawn line for line (no wrapping, no trimming: a
/// cut code does not scan) in black on white whatever the terminal's
/// colours, so dark modules are dark and the quiet zone light. Beside the
/// words when the screen is wide enough, else under them.
pub(super) fn draw_served(m: &Model, f: &mut Frame, lines: &[String], qr: &[String]) {
    let width = |s: &String| unicode_width::UnicodeWidthStr::width(s.as_str()) as u16;
    let keys = m.t("tui.notice.keys");
    let text_w = lines
        .iter()
        .chain(std::iter::once(&keys))
        .map(width)
        .max()
        .unwrap_or(20)
        .max(20);
    let qr_w = qr.iter().map(width).max().unwrap_or(0);
    let qr_h = qr.len() as u16;
    let screen = f.area();
    let text_h = lines.len() as u16 + 2;
    // Beside: the words wrap in what is left of the screen's width.
    let beside = qr_w > 0 && screen.width >= qr_w + 2 + 24 + 2 && screen.height >= qr_h + 2;
    let (w, h) = if beside {
        let room = screen.width - qr_w - 4;
        let tw = text_w.min(room);
        let wrapped: u16 = lines
            .iter()
            .map(|l| width(l).div_ceil(tw.max(1)).max(1))
            .sum::<u16>()
            + 2;
        (qr_w + 2 + tw + 2, qr_h.max(wrapped) + 2)
    } else {
        (text_w.max(qr_w) + 2, text_h + qr_h + 2)
    };
    let area = centered(screen, w, h);
    super::super::draw::clear(f, area);
    let block = Block::bordered().title(format!(" {} ", m.t("tui.serve.title")));
    let inner = block.inner(area);
    f.render_widget(block, area);
    let mut text: Vec<Line> = lines.iter().map(|l| Line::from(l.clone())).collect();
    text.push(Line::from(""));
    text.push(Line::from(keys).bold());
    let code: Vec<Line> = qr
        .iter()
        .map(|l| {
            Line::from(l.clone()).style(
                Style::new()
                    .fg(ratatui::style::Color::Black)
                    .bg(ratatui::style::Color::White),
            )
        })
        .collect();
    if beside {
        let [left, _, right] = Layout::horizontal([
            Constraint::Length(qr_w),
            Constraint::Length(1),
            Constraint::Min(1),
        ])
        .areas(inner);
        f.render_widget(Paragraph::new(code), left);
        f.render_widget(Paragraph::new(text).wrap(Wrap { trim: false }), right);
    } else {
        let [top, bottom] =
            Layout::vertical([Constraint::Length(text_h), Constraint::Min(0)]).areas(inner);
        f.render_widget(Paragraph::new(text), top);
        f.render_widget(Paragraph::new(code), bottom);
    }
}

/// The pop-up of a board whose reports disagree: the board, then one row
/// per result reported with who reported it and when (the chosen row
/// marked), then the keys: Enter takes the chosen result, a result key
/// stands for the arbiter's own.
pub(super) fn draw_reports(m: &Model, f: &mut Frame, rc: &super::super::model::ReportChoice) {
    let mut text: Vec<Line> = vec![Line::from(rc.place.clone()), Line::from("")];
    for (i, (code, who)) in rc.choices.iter().enumerate() {
        let mark = if i == rc.sel { "▶ " } else { "  " };
        let head = format!(
            "{mark}{} ({code})",
            super::super::component::code_text(m.lang(), code)
        );
        let line = Line::from(head);
        text.push(if i == rc.sel { line.reversed() } else { line });
        for w in who {
            text.push(Line::from(format!("     ← {w}")));
        }
    }
    text.push(Line::from(""));
    text.push(Line::from(m.t("tui.report.conflict_keys")).bold());
    let width = text
        .iter()
        .map(|l| l.width())
        .max()
        .unwrap_or(20)
        .clamp(40, 76) as u16
        + 4;
    let area = centered(f.area(), width, text.len() as u16 + 2);
    super::super::draw::clear(f, area);
    let block = Block::bordered().title(format!(" {} ", m.t("tui.report.conflict_title")));
    let inner = block.inner(area);
    f.render_widget(block, area);
    f.render_widget(Paragraph::new(text).wrap(Wrap { trim: false }), inner);
}
