//! Drawing helpers that know about double-width (CJK) characters: a pop-up
//! that really clears what is under it, and text cut to a display width
//! with an ellipsis.

use super::keymap::{Action, Ctx, Keymap};
use crate::i18n::{tr, Lang};
use ratatui::layout::{Constraint, Rect};
use ratatui::style::{Style, Stylize};
use ratatui::widgets::{Block, Borders, Clear, Row, Table, TableState};
use ratatui::Frame;
use unicode_width::UnicodeWidthStr;

/// Clears `area` for a pop-up. A double-width character that starts just
/// left of the area would still be drawn over the pop-up's left border
/// (the terminal paints both its cells), and one cut by the right edge
/// would leave half a character: both are blanked.
/// The TUI's side of the one terminal sanitiser
/// (`formats::safe::cell_symbol`): every cell of the frame about to be
/// sent loses its control characters and escape sequences, whatever drew
/// it (a member's name, a club, a game header, a file name).
pub fn clean_controls(buf: &mut ratatui::buffer::Buffer) {
    for cell in buf.content.iter_mut() {
        if let Some(clean) = crate::formats::safe::cell_symbol(cell.symbol()) {
            cell.set_symbol(&clean);
        }
    }
}

pub fn clear(f: &mut Frame, area: Rect) {
    let buf = f.buffer_mut();
    let full = buf.area;
    for y in area.top()..area.bottom() {
        if area.left() > full.left() {
            let x = area.left() - 1;
            if buf[(x, y)].symbol().width() > 1 {
                buf[(x, y)].set_symbol(" ");
            }
        }
        // The right neighbour: the second half of a character the pop-up's
        // last column cut.
        let x = area.right();
        if x < full.right() && area.right() > area.left() {
            let last = area.right() - 1;
            if buf[(last, y)].symbol().width() > 1 {
                buf[(x, y)].set_symbol(" ");
            }
        }
    }
    f.render_widget(Clear, area);
}

/// `text` cut to at most `width` display columns, with an ellipsis where
/// cut: the report layer's one copy.
pub use crate::report::fit;

/// The bottom bar's (keys, text) pairs for `ctxs`, fitted to `width`
/// columns (two spaces between pairs): when they do not all fit, pairs are
/// dropped from the end (the shared keys come last) but `? help` stays, so
/// the bar never ends in a cut word and every key can still be found.
pub fn key_bar(keys: &Keymap, ctxs: &[Ctx], lang: Lang, width: usize) -> Vec<(String, String)> {
    let mut items: Vec<(String, String, Action)> = keys
        .help_entries(ctxs, true)
        .into_iter()
        .map(|(keys, a)| (keys, tr(lang, &a.help_key()).to_string(), a))
        .collect();
    let total = |items: &[(String, String, Action)]| {
        items
            .iter()
            .map(|(k, t, _)| k.width() + 1 + t.width())
            .sum::<usize>()
            + 2 * items.len().saturating_sub(1)
    };
    while total(&items) > width {
        match items.iter().rposition(|(_, _, a)| *a != Action::Help) {
            Some(i) => {
                items.remove(i);
            }
            None => break,
        }
    }
    items.into_iter().map(|(k, t, _)| (k, t)).collect()
}

/// `s` padded with spaces to `w` display columns (CJK counts two).
pub fn pad(s: &str, w: usize) -> String {
    let n = unicode_width::UnicodeWidthStr::width(s);
    format!("{s}{}", " ".repeat(w.saturating_sub(n)))
}

/// A list table that scrolls by pages; used by every tab.
pub fn table<'a>(
    f: &mut Frame,
    area: Rect,
    title: String,
    header: Vec<String>,
    widths: Vec<Constraint>,
    rows: Vec<Row<'a>>,
    selected: Option<usize>,
) {
    let t = Table::new(rows, widths)
        .header(Row::new(header).bold().underlined())
        .row_highlight_style(Style::new().reversed())
        .block(Block::new().borders(Borders::TOP).title(title));
    // Lists scroll by pages (the page holding the selection), so the view
    // needs no scroll state and a click finds the row it was drawn on.
    let visible = area.height.saturating_sub(2).max(1) as usize;
    let offset = selected.map_or(0, |s| s - s % visible);
    let mut st = TableState::default()
        .with_offset(offset)
        .with_selected(selected);
    f.render_stateful_widget(t, area, &mut st);
}

/// The title of a Standings tab: " 名次 · 第2轮后 · 第3轮进行中 (未计入) ",
/// or "尚无完成的轮次" before any round is complete.
pub fn standings_title(lang: crate::i18n::Lang, after: u32, in_progress: Option<u32>) -> String {
    use crate::i18n::{msg, tr};
    let after_text =
        crate::report::cli_after_round_msg(crate::domain::AfterRound::counting(after)).render(lang);
    match in_progress {
        Some(n) => format!(
            " {} · {} · {} ",
            tr(lang, "tui.standings.heading"),
            after_text,
            msg!("rep.in_progress", n).render(lang)
        ),
        None => format!(" {} · {} ", tr(lang, "tui.standings.heading"), after_text),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_key_bar_fits_80_columns_and_keeps_help() {
        use Ctx::*;
        let tabs = [
            Players, Round, Results, Standings, Crosstable, Print, Teams, Bracket,
        ];
        let mut sets: Vec<Vec<Ctx>> = tabs.iter().map(|t| vec![*t, Event, Global]).collect();
        sets.push(vec![Club, List, Global]);
        sets.push(vec![Events, List, Global]);
        sets.push(vec![Move, Global]);
        sets.push(vec![Log, Global]);
        sets.push(vec![CheckIn, Global]);
        sets.push(vec![Member, Page]);
        sets.push(vec![Stats, Page]);
        sets.push(vec![Archive, Page]);
        sets.push(vec![ArchiveGame, Page]);
        for lang in [Lang::En, Lang::ZhHans, Lang::ZhHant] {
            for ctxs in &sets {
                let bar = key_bar(&Keymap::default(), ctxs, lang, 80);
                let w: usize = bar.iter().map(|(k, t)| k.width() + t.width() + 3).sum();
                assert!(w - 2 <= 80, "{lang:?} {ctxs:?}: {bar:?}");
                assert!(bar.iter().any(|(k, _)| k == "?"), "{lang:?} {ctxs:?}");
            }
        }
        // Nothing is dropped when there is room.
        let wide = key_bar(&Keymap::default(), &[Players, Event, Global], Lang::En, 200);
        assert_eq!(
            wide.len(),
            super::super::keymap::help_entries(&[Players, Event, Global], true).len()
        );
        // The check-in keeps its own keys at 80 columns.
        let checkin = key_bar(&Keymap::default(), &[CheckIn, Global], Lang::En, 80);
        for key in ["Space", "a", "Enter", "p"] {
            assert!(checkin.iter().any(|(k, _)| k == key), "{checkin:?}");
        }
    }
    use ratatui::backend::TestBackend;
    use ratatui::widgets::{Block, Paragraph};
    use ratatui::Terminal;

    #[test]
    fn fit_cuts_by_display_width_with_an_ellipsis() {
        assert_eq!(fit("王天一", 6), "王天一");
        assert_eq!(fit("王天一", 5), "王天…");
        assert_eq!(fit("王天一", 4), "王…");
        assert_eq!(fit("finished", 7), "finish…");
        assert_eq!(fit("abc", 0), "");
    }

    #[test]
    fn a_pop_up_over_wide_characters_keeps_its_left_border() {
        let mut t = Terminal::new(TestBackend::new(12, 3)).unwrap();
        t.draw(|f| {
            // 象 starts at column 2 and covers column 3, where the box starts.
            f.render_widget(Paragraph::new("..象棋象棋象棋"), f.area());
            let area = Rect::new(3, 0, 5, 3);
            clear(f, area);
            f.render_widget(Block::bordered(), area);
        })
        .unwrap();
        let buf = t.backend().buffer();
        assert_eq!(buf[(2, 0)].symbol(), " ", "the cut character is blanked");
        assert_eq!(buf[(3, 0)].symbol(), "┌");
    }
}
