//! Drawing helpers that know about double-width (CJK) characters: a pop-up
//! that really clears what is under it, and text cut to a display width
//! with an ellipsis.

use ratatui::layout::Rect;
use ratatui::widgets::Clear;
use ratatui::Frame;
use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

/// Clears `area` for a pop-up. A double-width character that starts just
/// left of the area would still be drawn over the pop-up's left border
/// (the terminal paints both its cells), and one cut by the right edge
/// would leave half a character: both are blanked.
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

/// `text` cut to `width` display columns, with `…` when cut.
pub fn fit(text: &str, width: usize) -> String {
    if text.width() <= width {
        return text.to_string();
    }
    if width == 0 {
        return String::new();
    }
    let mut out = String::new();
    let mut w = 0;
    for c in text.chars() {
        let cw = c.width().unwrap_or(0);
        if w + cw + 1 > width {
            break;
        }
        out.push(c);
        w += cw;
    }
    out.push('…');
    out
}

#[cfg(test)]
mod tests {
    use super::*;
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
